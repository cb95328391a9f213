/**
 * Lead magnets over real SMTP: a form with a magnet answers its submission
 * with a signed download link and sends it by e-mail in the website's
 * language, with the one-click unsubscribe of every mail; behind a double
 * opt-in the e-mail waits for the confirmation (and is sent once); uploads
 * are checked by type, size and magic bytes; the option refuses hostile values.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "#app/db.server";
import { createContact } from "#app/models/contact.server";
import { verifyMailLink } from "#app/server/mail-link-token.server";
import { confirmMembership } from "#app/models/email/double-opt-in.server";
import { magnetAnswer, releaseMagnetOnConfirm } from "#app/models/email/lead-magnet.server";
import { magnetFile, safeFileName, saveMagnetFile, sniffMagnetType } from "#app/models/email/lead-magnet-file.server";
import { leadMagnetProblem, MAX_LEAD_MAGNET_BYTES } from "#contract/schema/lead-magnet";
import { ebookPdf } from "#prisma/seed-data/ebook-pdf";
import { contactMock, formCtaMock, integrationMock, websiteMock } from "#test/support/row-factories";
import {
  closeEmailWorld,
  drainOutbox,
  mailsTo as mailsIn,
  openEmailWorld,
  TEST_LINK_ORIGIN,
  TEST_MAIL_SECRET,
  type EmailWorld,
} from "#test/support/smtp-mailbox";

let world: EmailWorld;
let db: Db;
let mailbox: EmailWorld["mailbox"];

beforeAll(async () => {
  world = await openEmailWorld();
  ({ db, mailbox } = world);
});
afterAll(() => closeEmailWorld(world));

const PDF = ebookPdf({ title: "7 steg till fler avslut", subtitle: "En gratis e-bok", lines: ["Ställ öppna frågor."] });

async function site(requireConfirmation: boolean, language = "sv") {
  const website = await websiteMock(db);
  await db.website.update({
    where: { id: website.id },
    data: { language, emailFrom: "Säljakademin <info@saljakademin.se>", name: "Säljakademin" },
  });
  const builtin = await integrationMock(db, website.id, "builtin");
  const list = await db.mailingList.create({
    data: { websiteId: website.id, integrationId: builtin.id, listId: "2", name: "E-bok", requireConfirmation },
  });
  const file = await saveMagnetFile(db, website.id, { name: "Säljteknik.pdf", type: "application/pdf", bytes: PDF });
  const magnet = { kind: "file", file_id: file.id, file_name: file.name, label: "e-boken Säljteknik" };
  const form = await formCtaMock(
    db,
    website.id,
    [{ actionType: "subscribe_list", integrationId: builtin.id, data: { list_id: "2" } }],
    { "lead-magnet": magnet },
  );
  return { website, list, form, file };
}

const drain = () => drainOutbox(world);
const mailsTo = (email: string) => mailsIn(mailbox, email);
function magnetToken(text: string): string {
  const found = new RegExp(`${TEST_LINK_ORIGIN}/mail/magnet\\?t=([^\\s]+)`).exec(text);
  if (!found) throw new Error(`no magnet link in ${text}`);
  return decodeURIComponent(found[1]);
}

describe("lead magnet delivery", () => {
  it("answers the submission with a signed link and mails it once, in Swedish, with one-click unsubscribe", async () => {
    const { website, form, file } = await site(false);
    const email = "karin.magnet@acme-sales.se";
    const contact = contactMock({ element_id: form.elementId, email, marketing_consent: true, name: "Karin" });
    const result = await createContact(db, website.id, contact);
    await createContact(db, website.id, contact);
    await drain();
    const mails = mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe("Din nedladdning från Säljakademin: e-boken Säljteknik");
    expect(mails[0].text).toContain("Länken gäller i 7 dagar");
    expect(mails[0].headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    const verdict = verifyMailLink(magnetToken(mails[0].text), "magnet", { secret: TEST_MAIL_SECRET });
    expect(verdict.ok && verdict.claim).toMatchObject({ websiteId: website.id, listRowId: form.elementId });
    // Expires after seven days, not before.
    const week = 7 * 24 * 3600 * 1000;
    expect(
      verifyMailLink(magnetToken(mails[0].text), "magnet", {
        secret: TEST_MAIL_SECRET,
        now: Date.now() + week - 60_000,
      }).ok,
    ).toBe(true);
    expect(
      verifyMailLink(magnetToken(mails[0].text), "magnet", {
        secret: TEST_MAIL_SECRET,
        now: Date.now() + week + 60_000,
      }),
    ).toMatchObject({ ok: false, reason: "expired" });
    // A magnet link is no confirm link, and the signature covers the element.
    expect(verifyMailLink(magnetToken(mails[0].text), "confirm", { secret: TEST_MAIL_SECRET }).ok).toBe(false);
    const forged = magnetToken(mails[0].text).replace(`.${form.elementId}.`, `.${form.elementId + 1}.`);
    expect(verifyMailLink(forged, "magnet", { secret: TEST_MAIL_SECRET })).toEqual({ ok: false, reason: "signature" });

    const answer = await magnetAnswer(db, {
      websiteId: website.id,
      personId: result.personId,
      elementId: form.elementId,
      origin: TEST_LINK_ORIGIN,
      secret: TEST_MAIL_SECRET,
    });
    expect(answer?.label).toBe("e-boken Säljteknik");
    expect(answer?.url).toMatch(/^http:\/\/beckon\.test\/mail\/magnet\?t=m1\.magnet\./);
    const stored = await magnetFile(db, website.id, file.id);
    expect(Buffer.from(stored!.bytes).subarray(0, 5).toString()).toBe("%PDF-");
    // Another website's id finds nothing.
    expect(await magnetFile(db, website.id + 1000, file.id)).toBeNull();
    expect(
      await magnetAnswer(db, {
        websiteId: website.id + 1000,
        personId: result.personId,
        elementId: form.elementId,
        origin: TEST_LINK_ORIGIN,
        secret: TEST_MAIL_SECRET,
      }),
    ).toBeNull();
  });

  it("behind double opt-in, sends only the confirmation until the click, then the magnet once", async () => {
    const { website, form } = await site(true);
    const email = "olle.optin@acme-sales.se";
    await createContact(db, website.id, contactMock({ element_id: form.elementId, email, marketing_consent: true }));
    await drain();
    expect(mailsTo(email).map((m) => m.subject)).toEqual(["Bekräfta din prenumeration hos Säljakademin"]);
    const token = /\/mail\/confirm\?t=([^\s]+)/.exec(mailsTo(email)[0].text)![1];
    const verdict = verifyMailLink(decodeURIComponent(token), "confirm", { secret: TEST_MAIL_SECRET });
    if (!verdict.ok) throw new Error("confirm link refused");
    // Before the click nothing releases the magnet.
    expect(await releaseMagnetOnConfirm(db, verdict.claim)).toBeNull();
    expect(await confirmMembership(db, verdict.claim, { ip: "203.0.113.9" })).toBe("confirmed");
    expect(await releaseMagnetOnConfirm(db, verdict.claim)).toBe(form.elementId);
    expect(await releaseMagnetOnConfirm(db, verdict.claim)).toBe(form.elementId);
    await drain();
    expect(mailsTo(email).map((m) => m.subject)).toEqual([
      "Bekräfta din prenumeration hos Säljakademin",
      "Din nedladdning från Säljakademin: e-boken Säljteknik",
    ]);
  });

  it("writes English for an English website", async () => {
    const { website, form } = await site(false, "en");
    const email = "eve.magnet@acme-sales.se";
    await createContact(db, website.id, contactMock({ element_id: form.elementId, email, marketing_consent: true }));
    await drain();
    expect(mailsTo(email)[0].subject).toBe("Your download from Säljakademin: e-boken Säljteknik");
  });
});

describe("magnet files", () => {
  const zip = (first: string, content = "") => {
    const bytes = Buffer.alloc(30 + first.length + content.length);
    bytes.write("PK\x03\x04", 0, "latin1");
    bytes.write(first, 30, "latin1");
    bytes.write(content, 30 + first.length, "latin1");
    return bytes;
  };

  it("knows PDF, ZIP and EPUB by their first bytes", () => {
    expect(sniffMagnetType(PDF)).toBe("application/pdf");
    expect(sniffMagnetType(zip("mimetype", "application/epub+zip"))).toBe("application/epub+zip");
    expect(sniffMagnetType(zip("chapter1.html"))).toBe("application/zip");
    expect(sniffMagnetType(Buffer.from("MZ\x90\x00 executable", "latin1"))).toBeNull();
    expect(sniffMagnetType(new Uint8Array())).toBeNull();
  });

  it("refuses empty, oversized, mislabelled and foreign files", async () => {
    const website = await websiteMock(db);
    const save = (type: string, bytes: Uint8Array, name = "file.pdf") =>
      saveMagnetFile(db, website.id, { name, type, bytes });
    await expect(save("application/pdf", new Uint8Array())).rejects.toThrow(/empty/);
    const big = Buffer.alloc(MAX_LEAD_MAGNET_BYTES + 1);
    big.write("%PDF-");
    await expect(save("application/pdf", big)).rejects.toThrow(/larger than 3 MB/);
    await expect(save("application/pdf", Buffer.from("MZ\x90\x00", "latin1"), "e-bok.pdf")).rejects.toThrow(
      /PDF, EPUB or ZIP/,
    );
    await expect(save("application/pdf", zip("x"))).rejects.toThrow(/not what its type says/);
    await expect(save("text/html", PDF)).rejects.toThrow(/PDF, EPUB or ZIP/);
    expect((await save("application/zip", zip("mimetype", "application/epub+zip"), "bok.zip")).name).toBe("bok.epub");
    expect((await save("application/octet-stream", PDF, "../../etc/passwd")).name).toBe("etc-passwd.pdf");
  });

  it("makes file names safe for a header", () => {
    expect(safeFileName('a"b\r\nContent-Type: x.pdf', "application/pdf")).toBe("a-b-Content-Type- x.pdf");
    expect(safeFileName("", "application/zip")).toBe("download.zip");
    expect(safeFileName("Säljteknik.PDF", "application/pdf")).toBe("Säljteknik.pdf");
  });
});

describe("the lead-magnet option", () => {
  it("takes a file or an https link, nothing else", () => {
    expect(leadMagnetProblem({ kind: "file", file_id: 3, label: "E-boken" })).toBeNull();
    expect(leadMagnetProblem({ kind: "link", url: "https://example.se/bok.pdf" })).toBeNull();
    for (const bad of [
      { kind: "link", url: "javascript:alert(1)" },
      { kind: "link", url: "http://example.se/bok.pdf" },
      { kind: "link", url: "https://" + "a".repeat(2000) + ".se" },
      { kind: "file", file_id: -1 },
      { kind: "file", file_id: 1.5 },
      { kind: "file", file_id: 1, extra: true },
      { kind: "file", file_id: 1, label: "x".repeat(121) },
      { kind: "script" },
      "https://example.se",
      [],
    ])
      expect(leadMagnetProblem(bad), JSON.stringify(bad).slice(0, 80)).toMatch(/^"lead-magnet"/);
  });

  it("the demo's PDF is a whole PDF file", () => {
    const text = PDF.toString("latin1");
    expect(text.startsWith("%PDF-1.4\n")).toBe(true);
    expect(text.trimEnd().endsWith("%%EOF")).toBe(true);
    const xref = Number(/startxref\n(\d+)/.exec(text)![1]);
    expect(text.slice(xref, xref + 4)).toBe("xref");
    // "ä" in WinAnsi is one byte 0xE4.
    expect(PDF.includes(Buffer.from([0x53, 0x74, 0xe4, 0x6c, 0x6c]))).toBe(true);
  });
});
