/**
 * The outbox on a real database: a submission queues jobs in its own
 * transaction, and the worker delivers them to local fakes of Klaviyo,
 * Mailchimp and ActiveCampaign, retrying failures with backoff (or recording
 * them as permanent). Time is an injected clock, never a sleep.
 */
import { describe, expect, it } from "vitest";
import { createContact } from "#app/models/contact.server";
import { CONTACT_PROCESSING_DISABLED, runOutboxOnce } from "#app/integrations/outbox.server";
import { failedSyncJobs, retryFailedSyncJob, syncStatusForPerson } from "#app/models/mailing-list.server";
import { contactMock, formCtaMock, integrationMock, websiteMock } from "#test/support/row-factories";
import {
  ac,
  advance,
  clock,
  db,
  drain,
  klaviyo,
  mailchimp,
  now,
  options,
  site,
  withOutboxDatabase,
} from "./outbox-harness";

withOutboxDatabase();

describe("enqueueing with the submission", () => {
  it("queues one job per tool action plus profile updates, applies built-in lists at once, and is idempotent", async () => {
    const s = await site();
    const contact = contactMock({ element_id: s.form.elementId });
    const first = await createContact(db, s.website.id, contact);
    const jobs = await db.syncJob.findMany({ where: { personId: first.personId }, orderBy: { id: "asc" } });
    expect(jobs.map((j) => `${j.integrationId}:${j.operation}`)).toEqual([
      `${s.k.id}:upsert_profile`,
      `${s.mc.id}:upsert_profile`,
      `${s.a.id}:upsert_profile`,
      `${s.k.id}:subscribe`,
      `${s.mc.id}:subscribe`,
      `${s.mc.id}:add_tag`,
      `${s.a.id}:subscribe`,
    ]);
    expect(jobs.every((j) => j.status === "pending")).toBe(true);
    expect(jobs[3].payload).toMatchObject({
      list_id: "1",
      contact: { email: contact.email, name: "Anna" },
      consents: { marketing: true },
    });
    expect(jobs[6].payload).toMatchObject({ list_id: "7" });

    const membership = await db.mailingListMembership.findFirstOrThrow({
      where: { personId: first.personId },
      include: { list: true },
    });
    expect(membership.list.listId).toBe("16");
    const person = await db.person.findUniqueOrThrow({ where: { id: first.personId } });
    expect((person.data as any).tags).toEqual(["lead"]);
    // Company data from the business domain, and nothing overwritten.
    expect(person.companyName).toBe("Acme Sales");
    expect(person.website).toBe("https://acme-sales.se");

    const again = await createContact(db, s.website.id, contact);
    expect(again.duplicate).toBe(true);
    expect(await db.syncJob.count({ where: { personId: first.personId } })).toBe(jobs.length);
  });

  it("ignores action groups of another website", async () => {
    const mine = await site();
    const other = await site();
    const group = await db.actionGroup.create({ data: { data: {} } });
    await db.action.create({
      data: {
        websiteId: other.website.id,
        actionType: "subscribe_list",
        contactableType: "ActionGroup",
        actionGroupId: group.id,
        integrationId: other.k.id,
        data: { list_id: "1" },
      },
    });
    const r = await createContact(db, mine.website.id, contactMock({ action_groups: [group.id] }));
    const jobs = await db.syncJob.findMany({ where: { personId: r.personId } });
    expect(jobs.every((j) => j.operation === "upsert_profile" && j.websiteId === mine.website.id)).toBe(true);
  });

  it("queues action-group actions that fired", async () => {
    const s = await site();
    const group = await db.actionGroup.create({ data: { data: {} } });
    await db.action.create({
      data: {
        websiteId: s.website.id,
        actionType: "unsubscribe_list",
        contactableType: "ActionGroup",
        actionGroupId: group.id,
        integrationId: s.a.id,
        data: { list_id: "2" },
      },
    });
    const r = await createContact(db, s.website.id, contactMock({ action_groups: [group.id] }));
    expect(await db.syncJob.count({ where: { personId: r.personId, operation: "unsubscribe" } })).toBe(1);
  });
});

describe("delivery", () => {
  it("delivers every queued job to its tool and marks it done", async () => {
    const s = await site();
    const contact = contactMock({ element_id: s.form.elementId });
    const { personId } = await createContact(db, s.website.id, contact);
    expect(await drain()).toBe(7);
    const jobs = await db.syncJob.findMany({ where: { personId } });
    expect(jobs.every((j) => j.status === "done" && j.completedAt && j.lockedUntil === null)).toBe(true);
    expect(klaviyo.members("1")).toContain(contact.email);
    expect(mailchimp.member("7", contact.email!)).toMatchObject({ status: "subscribed" });
    expect([...mailchimp.member("7", contact.email!)!.tags]).toEqual(["ebook"]);
    expect(ac.contactLists.get(`7:${ac.contactByEmail(contact.email!)!.id}`)).toBe("1");
    expect(klaviyo.profileByEmail(contact.email!)!.attributes).toMatchObject({
      first_name: "Anna",
      last_name: "Svensson",
      organization: "Acme Sales",
    });
  });

  it("honours Retry-After on 429 and delivers afterwards", async () => {
    const s = await site();
    const { personId } = await createContact(db, s.website.id, contactMock({ element_id: s.form.elementId }));
    klaviyo.server.failNext(1, { kind: "429", retryAfter: "120" });
    const start = clock;
    await runOutboxOnce(db, { ...options, concurrency: 1 });
    const job = await db.syncJob.findFirstOrThrow({
      where: { personId, integrationId: s.k.id, operation: "upsert_profile" },
    });
    expect(job).toMatchObject({ status: "pending", attempts: 1 });
    expect(job.nextAttemptAt.getTime()).toBe(start + 120_000);
    expect(job.lastError).toMatch(/429/);
    advance(60_000);
    await runOutboxOnce(db, options);
    expect(await db.syncJob.count({ where: { personId, integrationId: s.k.id, status: "done" } })).toBe(0);
    advance(61_000);
    await drain();
    expect(await db.syncJob.count({ where: { personId, status: { not: "done" } } })).toBe(0);
  });

  it("backs off exponentially after 500s and time-outs", async () => {
    const s = await site();
    const { personId } = await createContact(db, s.website.id, contactMock({ element_id: s.form.elementId }));
    await db.syncJob.updateMany({ where: { personId, NOT: { integrationId: s.a.id } }, data: { status: "done" } });
    ac.server.failNext(1, { kind: "500" }).failNext(1, { kind: "hang" });
    const shortTimeout = { ...options, registry: { ...options.registry, timeoutMs: 300 } };
    let start = clock;
    await runOutboxOnce(db, options);
    let job = await db.syncJob.findFirstOrThrow({
      where: { personId, integrationId: s.a.id, operation: "upsert_profile" },
    });
    // attempt 1: base 30 s, equal jitter with random 0.5 → 22.5 s
    expect(job.nextAttemptAt.getTime() - start).toBe(22_500);
    advance(22_500);
    start = clock;
    await runOutboxOnce(db, shortTimeout);
    job = await db.syncJob.findUniqueOrThrow({ where: { id: job.id } });
    expect(job.attempts).toBe(2);
    expect(job.lastError).toMatch(/could not be reached/);
    expect(job.nextAttemptAt.getTime() - start).toBe(45_000);
    advance(45_000);
    await drain();
    expect(await db.syncJob.count({ where: { personId, status: { not: "done" } } })).toBe(0);
  });

  it("records a permanent 4xx as failed with the tool's reason, shown to the owner", async () => {
    const s = await site();
    const { personId } = await createContact(db, s.website.id, contactMock({ element_id: s.form.elementId }));
    mailchimp.server.failNext(1, { kind: "400", detail: "Your merge fields were invalid" });
    await drain();
    const status = await syncStatusForPerson(db, personId);
    const failed = status.filter((r) => r.status === "failed");
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ integrationType: "mailchimp", attempts: 1 });
    expect(failed[0].lastError).toContain("Your merge fields were invalid");
    expect((await failedSyncJobs(db, s.website.id)).map((r) => r.id)).toEqual([failed[0].id]);
    // After the owner fixes it, the job can go again.
    expect(await retryFailedSyncJob(db, s.website.id, failed[0].id, now())).toBe(true);
    await drain();
    expect((await syncStatusForPerson(db, personId)).every((r) => r.status === "done")).toBe(true);
  });

  it("gives up after maxAttempts", async () => {
    const s = await site();
    const { personId } = await createContact(db, s.website.id, contactMock({ element_id: s.form.elementId }));
    await db.syncJob.updateMany({
      where: { personId, NOT: { integrationId: s.k.id, operation: "upsert_profile" } },
      data: { status: "done" },
    });
    klaviyo.server.failNext(3, { kind: "500" });
    for (let i = 0; i < 3; i++) {
      await runOutboxOnce(db, { ...options, maxAttempts: 3 });
      advance(60 * 60_000);
    }
    const job = await db.syncJob.findFirstOrThrow({
      where: { personId, integrationId: s.k.id, operation: "upsert_profile" },
    });
    expect(job.status).toBe("failed");
    expect(job.lastError).toMatch(/^Gave up after 3 attempts: .*500/);
  });

  it("sends nothing for a website whose contact processing was switched off", async () => {
    const s = await site();
    const { personId } = await createContact(db, s.website.id, contactMock({ element_id: s.form.elementId }));
    await db.website.update({ where: { id: s.website.id }, data: { dataSettings: { "contact-processing": false } } });
    const before = klaviyo.server.requests.length + mailchimp.server.requests.length + ac.server.requests.length;
    await drain();
    expect(klaviyo.server.requests.length + mailchimp.server.requests.length + ac.server.requests.length).toBe(before);
    const jobs = await db.syncJob.findMany({ where: { personId } });
    expect(jobs.every((j) => j.status === "failed" && j.lastError === CONTACT_PROCESSING_DISABLED)).toBe(true);
  });

  it("marks jobs of an integration without credentials failed with a reason", async () => {
    const website = await websiteMock(db);
    const k = await integrationMock(db, website.id, "klaviyo", {});
    const form = await formCtaMock(db, website.id, [
      { actionType: "subscribe_list", integrationId: k.id, data: { list_id: "1" } },
    ]);
    const { personId } = await createContact(db, website.id, contactMock({ element_id: form.elementId }));
    await drain();
    const jobs = await db.syncJob.findMany({ where: { personId } });
    expect(jobs.length).toBe(2);
    expect(jobs.every((j) => j.status === "failed" && /missing its credentials/.test(j.lastError ?? ""))).toBe(true);
  });

  it("keeps one person's jobs in one tool in order", async () => {
    const website = await websiteMock(db);
    const a = await integrationMock(db, website.id, "activecampaign", { api_key: ac.apiKey, api_url: ac.url });
    const sub = await formCtaMock(db, website.id, [
      { actionType: "subscribe_list", integrationId: a.id, data: { list_id: "1" } },
    ]);
    const unsub = await formCtaMock(db, website.id, [
      { actionType: "unsubscribe_list", integrationId: a.id, data: { list_id: "1" } },
    ]);
    const visitor = contactMock().visitor_token;
    const email = "order@acme-sales.se";
    await createContact(db, website.id, contactMock({ visitor_token: visitor, email, element_id: sub.elementId }));
    await createContact(db, website.id, contactMock({ visitor_token: visitor, email, element_id: unsub.elementId }));
    // The first job (profile) fails and waits; nothing behind it may overtake.
    ac.server.failNext(1, { kind: "500" });
    await runOutboxOnce(db, options);
    await runOutboxOnce(db, options);
    expect(ac.contactByEmail(email)).toBeUndefined();
    advance(60 * 60_000);
    await drain();
    const id = ac.contactByEmail(email)!.id;
    expect(ac.contactLists.get(`1:${id}`)).toBe("2");
  });
});
