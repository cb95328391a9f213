/**
 * The built-in lists' e-mail over real SMTP: a subscription to a list that
 * requires confirmation sends one confirmation through the outbox, in the
 * website's language, with signed links that confirm once and unsubscribe
 * in one click; crashes, bounces and hostile input.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "#app/db.server";
import { createContact } from "#app/models/contact.server";
import { claimDueJobs, runOutboxOnce, type OutboxOptions } from "#app/integrations/outbox.server";
import { verifyMailLink } from "#app/server/mail-link-token.server";
import { confirmMembership } from "#app/models/email/double-opt-in.server";
import { unsubscribeByLink } from "#app/models/email/one-click-unsubscribe.server";
import { activeListIds } from "#app/models/mailing-list.server";
import { contactMock, formCtaMock, integrationMock, websiteMock } from "#test/support/row-factories";
import {
  closeEmailWorld,
  drainOutbox,
  mailsTo as mailsIn,
  openEmailWorld,
  testEmailSender,
  TEST_LINK_ORIGIN,
  TEST_MAIL_SECRET,
  type EmailWorld,
} from "#test/support/smtp-mailbox";

let world: EmailWorld;
let db: Db;
let mailbox: EmailWorld["mailbox"];
let options: OutboxOptions;
let clock = Date.now() + 60_000;
const now = () => new Date(clock);

beforeAll(async () => {
  world = await openEmailWorld(now);
  ({ db, mailbox, options } = world);
});
afterAll(() => closeEmailWorld(world));
beforeEach(() => {
  clock = Date.now() + 60_000;
  mailbox.refusals.clear();
});

async function site(language = "sv", emailFrom: string | null = "Säljakademin <info@saljakademin.se>") {
  const website = await websiteMock(db);
  await db.website.update({ where: { id: website.id }, data: { language, emailFrom, name: "Säljakademin" } });
  const builtin = await integrationMock(db, website.id, "builtin");
  const list = await db.mailingList.create({
    data: {
      websiteId: website.id,
      integrationId: builtin.id,
      listId: "1",
      name: "Nyhetsbrev",
      requireConfirmation: true,
    },
  });
  const form = await formCtaMock(db, website.id, [
    { actionType: "subscribe_list", integrationId: builtin.id, data: { list_id: "1" } },
  ]);
  return { website, list, form };
}

const drain = () => drainOutbox(world);
const mailsTo = (email: string) => mailsIn(mailbox, email);

function linkIn(text: string, path: string): string {
  const found = new RegExp(`${TEST_LINK_ORIGIN}${path}\\?t=([^\\s]+)`).exec(text);
  if (!found) throw new Error(`no ${path} link in ${text}`);
  return decodeURIComponent(found[1]);
}

async function subscribe(websiteId: number, elementId: number, email: string, extra: object = {}) {
  const contact = contactMock({ element_id: elementId, email, marketing_consent: true, ...extra });
  const result = await createContact(db, websiteId, contact);
  return { contact, result };
}

describe("double opt-in over SMTP", () => {
  it("sends one confirmation in the website's language; the member counts only after the click, once", async () => {
    const { website, form, list } = await site("sv");
    const email = "anna.optin@acme-sales.se";
    const { contact } = await subscribe(website.id, form.elementId, email);
    // The same submission again (a retried request) queues nothing new.
    await createContact(db, website.id, contact);
    const person = await db.person.findFirstOrThrow({ where: { websiteId: website.id, email } });
    expect(await activeListIds(db, person.id)).toEqual([]);
    await drain();
    const mails = mailsTo(email);
    expect(mails).toHaveLength(1);
    const mail = mails[0];
    expect(mail.subject).toBe("Bekräfta din prenumeration hos Säljakademin");
    expect(mail.text).toContain("Hej Anna,");
    expect(mail.text).toContain("Säljakademin (info@saljakademin.se)");
    expect(mail.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    expect(mail.headers["list-unsubscribe"]).toMatch(/^<http:\/\/beckon\.test\/mail\/unsubscribe\?t=/);
    expect(mail.messageId).toMatch(/^<beckon\.\d+\.\d+@saljakademin\.se>$/);

    const verdict = verifyMailLink(linkIn(mail.text, "/mail/confirm"), "confirm", { secret: TEST_MAIL_SECRET });
    expect(verdict.ok).toBe(true);
    if (!verdict.ok) return;
    expect(await confirmMembership(db, verdict.claim, { ip: "203.0.113.9" })).toBe("confirmed");
    expect(await confirmMembership(db, verdict.claim, { ip: "198.51.100.1" })).toBe("already");
    const membership = await db.mailingListMembership.findUniqueOrThrow({
      where: { listId_personId: { listId: list.id, personId: person.id } },
    });
    expect(membership).toMatchObject({ status: "confirmed", confirmedIp: "203.0.113.9" });
    expect(membership.confirmedAt).not.toBeNull();
    expect(await activeListIds(db, person.id)).toEqual(["1"]);
  });

  it("writes English for an English website", async () => {
    const { website, form } = await site("en");
    await subscribe(website.id, form.elementId, "eve.en@acme-sales.se", { name: "Eve" });
    await drain();
    const [mail] = mailsTo("eve.en@acme-sales.se");
    expect(mail.subject).toBe("Confirm your subscription to Säljakademin");
    expect(mail.text).toContain("Hello Eve,");
  });

  it("refuses expired, altered and foreign links", async () => {
    const { website, form } = await site();
    await subscribe(website.id, form.elementId, "bo.links@acme-sales.se");
    await drain();
    const token = linkIn(mailsTo("bo.links@acme-sales.se")[0].text, "/mail/confirm");
    const later = Date.now() + 8 * 24 * 3600 * 1000;
    expect(verifyMailLink(token, "confirm", { secret: TEST_MAIL_SECRET, now: later })).toMatchObject({
      ok: false,
      reason: "expired",
    });
    const parts = token.split(".");
    parts[3] = String(Number(parts[3]) + 1);
    expect(verifyMailLink(parts.join("."), "confirm", { secret: TEST_MAIL_SECRET }).ok).toBe(false);
    expect(verifyMailLink(token, "unsubscribe", { secret: TEST_MAIL_SECRET }).ok).toBe(false);
    expect(verifyMailLink(token, "confirm", { secret: "another-secret-of-another-database-0000" }).ok).toBe(false);
    for (const bad of ["", "m1", "x".repeat(5000), null, 42, "m1.confirm.1.2.3.4.5.6", "m1.confirm.a.b.c.d.e"])
      expect(verifyMailLink(bad, "confirm", { secret: TEST_MAIL_SECRET }).ok).toBe(false);
  });
});

describe("unsubscribe and suppression", () => {
  it("the one-click unsubscribe stops every further e-mail to the address", async () => {
    const { website, form } = await site();
    const email = "cleo.stop@acme-sales.se";
    await subscribe(website.id, form.elementId, email);
    await drain();
    const token = linkIn(mailsTo(email)[0].text, "/mail/unsubscribe");
    const verdict = verifyMailLink(token, "unsubscribe", { secret: TEST_MAIL_SECRET });
    if (!verdict.ok) throw new Error("unsubscribe link refused");
    expect(await unsubscribeByLink(db, verdict.claim)).toBe("unsubscribed");
    expect(await unsubscribeByLink(db, verdict.claim)).toBe("already");
    // Subscribing again (anyone can type the address) sends nothing.
    await subscribe(website.id, form.elementId, email);
    await drain();
    expect(mailsTo(email)).toHaveLength(1);
    const failed = await db.syncJob.findFirstOrThrow({ where: { websiteId: website.id, status: "failed" } });
    expect(failed.lastError).toMatch(/unsubscribed or bounced/);
  });

  it("a hard bounce (550) fails the job with the reason and suppresses the address; a 451 is retried", async () => {
    const { website, form } = await site();
    mailbox.refusals.set("gone@acme-sales.se", { code: 550, message: "No such user" });
    mailbox.refusals.set("busy@acme-sales.se", { code: 451, message: "Try again later" });
    await subscribe(website.id, form.elementId, "gone@acme-sales.se");
    await subscribe(website.id, form.elementId, "busy@acme-sales.se");
    await runOutboxOnce(db, options);
    const jobs = await db.syncJob.findMany({ where: { websiteId: website.id }, orderBy: { id: "asc" } });
    expect(jobs[0]).toMatchObject({ status: "failed" });
    expect(jobs[0].lastError).toMatch(/refused the address \(550\)/);
    expect(jobs[1]).toMatchObject({ status: "pending", attempts: 1 });
    expect(await db.emailSuppression.count({ where: { websiteId: website.id, email: "gone@acme-sales.se" } })).toBe(1);
    mailbox.refusals.clear();
    clock += 60 * 60_000;
    await drain();
    expect(mailsTo("busy@acme-sales.se")).toHaveLength(1);
  });
});

describe("crashes, rate and hostile input", () => {
  it("a worker that died after claiming the job: exactly one e-mail once the lease runs out", async () => {
    const { website, form } = await site();
    const email = "dan.crash@acme-sales.se";
    await subscribe(website.id, form.elementId, email);
    // The dying worker: it claims and is gone before SMTP.
    const claimed = await claimDueJobs(db, options);
    expect(claimed.filter((j) => j.websiteId === website.id)).toHaveLength(1);
    expect((await runOutboxOnce(db, options)).claimed).toBe(0);
    clock += 6 * 60_000;
    await drain();
    await drain();
    expect(mailsTo(email)).toHaveLength(1);
  });

  it("holds a website to its rate without counting the waits as tries", async () => {
    const { website, form } = await site();
    const limited = { ...options, sendEmail: testEmailSender(mailbox, { now, perMinute: 2 }) };
    for (let i = 0; i < 4; i++) await subscribe(website.id, form.elementId, `rate${i}@acme-sales.se`);
    await runOutboxOnce(db, limited);
    await runOutboxOnce(db, limited);
    const sent = () => mailbox.messages().filter((m) => /^rate\d@/.test(m.envelopeTo[0] ?? "")).length;
    expect(sent()).toBe(2);
    const waiting = await db.syncJob.findMany({ where: { websiteId: website.id, status: "pending" } });
    expect(waiting.map((j) => j.attempts)).toEqual([0, 0]);
    clock += 61_000;
    for (let i = 0; i < 4; i++) await runOutboxOnce(db, limited);
    expect(sent()).toBe(4);
  });

  it("a name or address that tries to add headers adds none; without a From address nothing is sent", async () => {
    const { website, form } = await site();
    await subscribe(website.id, form.elementId, "eva.hostile@acme-sales.se", {
      name: "Eva\r\nBcc: victim@example.com\r\nSubject: pwned",
    });
    await subscribe(website.id, form.elementId, "x@y.se\r\nBcc: victim@example.com");
    await drain();
    expect(mailsTo("eva.hostile@acme-sales.se")).toHaveLength(1);
    const mail = mailsTo("eva.hostile@acme-sales.se")[0];
    expect(mail.headers.bcc).toBeUndefined();
    expect(mail.subject).toBe("Bekräfta din prenumeration hos Säljakademin");
    expect(mailbox.messages().some((m) => m.envelopeTo.includes("victim@example.com"))).toBe(false);

    const silent = await site("sv", null);
    await subscribe(silent.website.id, silent.form.elementId, "nofrom@acme-sales.se");
    await drain();
    expect(mailsTo("nofrom@acme-sales.se")).toHaveLength(0);
    const job = await db.syncJob.findFirstOrThrow({ where: { websiteId: silent.website.id } });
    expect(job).toMatchObject({ status: "failed" });
    expect(job.lastError).toMatch(/From address/);
  });
});
