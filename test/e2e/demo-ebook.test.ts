/**
 * The e-book as a newcomer gets it on the demo: they ask for it on the
 * Swedish site's landing page, get a download button on the success step at
 * once, read the e-mail on the demo's mail page (a real SMTP server, as
 * `npm start` runs it) and download the PDF from its signed link. An altered
 * or expired link gets a clear page in Swedish instead.
 */
import { expect, it } from "vitest";
import type { APIResponse } from "playwright-core";
import { withDemoStackAndMailbox } from "#test/support/demo-mailbox";
import { mailsTo } from "#test/support/smtp-mailbox";
import { browser, server, svId, tdb } from "#test/support/e2e-stack";
import { expectResponse } from "#test/support/expect-request";
import { identityTokenSecret } from "#app/models/deployment.server";
import { signMailLink, verifyMailLink } from "#app/server/mail-link-token.server";

const mailbox = withDemoStackAndMailbox();

async function expectPdf(response: APIResponse) {
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("application/pdf");
  expect(response.headers()["content-disposition"]).toMatch(/^attachment; filename="saljakademin-saljteknik\.pdf"/);
  const body = await response.body();
  expect(body.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  expect(body.toString("latin1")).toContain("7 steg till fler avslut");
}

it("ask for the e-book on /demo/sv/e-bok-saljteknik, download it at once and from the mail on /demo/mail", async () => {
  const email = `e-bok-${Date.now()}@exempel.se`;
  const context = await browser.newContext({ locale: "sv-SE", acceptDownloads: true });
  const page = await context.newPage();
  await page.goto(`${server.origin}/demo/sv/e-bok-saljteknik`);
  // The landing page's own CTA: the one whose button asks for the e-book (the footer has a form too).
  const form = page.locator("beckon-cta", { has: page.getByRole("button", { name: "Ja, jag vill ha e-boken" }) });
  await form.locator("input[type=email]").waitFor({ state: "visible", timeout: 15_000 });
  // Held by its id: the success step has no button to find it by.
  const cta = page.locator(`beckon-cta[data-beckon-cta="${await form.getAttribute("data-beckon-cta")}"]`);
  await cta.locator('input[name="name"]').fill("Karin");
  await cta.locator("input[type=email]").fill(email);
  await cta.locator('input[name="marketing_consent"]').check();
  const submitted = expectResponse(page, { method: "POST", path: "/contacts/create" });
  await cta.locator("button[type=submit]").click();
  expect((await submitted).status()).toBe(201);

  // The success step: the promise, and the download button to keep it now.
  const status = cta.getByRole("status");
  await expect.poll(() => status.innerText(), { timeout: 10_000 }).toMatch(/E-boken är på väg/);
  const button = status.locator("a[href*='/mail/magnet']");
  expect(await button.innerText()).toContain("7 steg till fler avslut");
  await expectPdf(await page.request.get((await button.getAttribute("href"))!));

  // The same e-book by e-mail, read on the demo's mail page.
  await expect.poll(() => mailsTo(mailbox(), email).length, { timeout: 30_000 }).toBe(1);
  const [mail] = mailsTo(mailbox(), email);
  expect(mail.subject).toBe("Din nedladdning från Säljakademin: e-boken ”7 steg till fler avslut”");
  expect(mail.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
  await page.goto(`${server.origin}/demo/mail`);
  await expect.poll(() => page.locator("body").innerText()).toContain(email);
  const link = page.locator("a[href*='/mail/magnet']").first();
  const href = (await link.getAttribute("href"))!;
  const download = page.waitForEvent("download");
  await link.click();
  expect((await download).suggestedFilename()).toBe("saljakademin-saljteknik.pdf");
  await expectPdf(await page.request.get(href));

  // An altered link is refused; an expired one says why and what to do, in Swedish.
  const token = new URL(href).searchParams.get("t")!;
  const altered = await page.request.get(
    `${server.origin}/mail/magnet?t=${encodeURIComponent(token.slice(0, -2) + "AA")}`,
    { headers: { "Accept-Language": "sv-SE,sv;q=0.9" } },
  );
  expect(altered.status()).toBe(400);
  expect(await altered.text()).toMatch(/Länken är inte giltig/);
  const secret = await identityTokenSecret(tdb.db);
  const verdict = verifyMailLink(token, "magnet", { secret });
  if (!verdict.ok) throw new Error("the mail's link does not verify");
  expect(verdict.claim.websiteId).toBe(svId);
  const expired = signMailLink({ ...verdict.claim, expiresAt: Math.floor(Date.now() / 1000) - 1 }, secret);
  const old = await page.request.get(`${server.origin}/mail/magnet?t=${encodeURIComponent(expired)}`);
  expect(old.status()).toBe(410);
  expect(await old.text()).toMatch(/gäller i 7 dagar.*formuläret på webbplatsen igen/s);
  await context.close();
});

it("with double opt-in on the e-book's list: the confirmation comes first, and confirming offers the e-book and sends it", async () => {
  const list = await tdb.db.mailingList.findFirstOrThrow({
    where: { listId: "2", integration: { websiteId: svId } },
    select: { id: true },
  });
  await tdb.db.mailingList.update({ where: { id: list.id }, data: { requireConfirmation: true } });
  const context = await browser.newContext({ locale: "sv-SE" });
  try {
    const email = `e-bok-dubbel-${Date.now()}@exempel.se`;
    const mails = () => mailsTo(mailbox(), email);
    const page = await context.newPage();
    await page.goto(`${server.origin}/demo/sv/e-bok-saljteknik`);
    const form = page.locator("beckon-cta", { has: page.getByRole("button", { name: "Ja, jag vill ha e-boken" }) });
    await form.locator("input[type=email]").waitFor({ state: "visible", timeout: 15_000 });
    await form.locator('input[name="name"]').fill("Per");
    await form.locator("input[type=email]").fill(email);
    await form.locator('input[name="marketing_consent"]').check();
    const submitted = expectResponse(page, { method: "POST", path: "/contacts/create" });
    await form.locator("button[type=submit]").click();
    expect((await submitted).status()).toBe(201);

    // Only the confirmation: an unconfirmed address is sent nothing else.
    await expect.poll(() => mails().length, { timeout: 30_000 }).toBe(1);
    expect(mails()[0].subject).toMatch(/Bekräfta/);

    await page.goto(`${server.origin}/demo/mail`);
    await expect.poll(() => page.locator("body").innerText()).toContain(email);
    await page.locator("a[href*='/mail/confirm']").first().click();
    await page.getByRole("button", { name: "Bekräfta" }).click();
    // The confirmation page offers the e-book at once ...
    const offer = page.locator("a[href*='/mail/magnet']");
    await offer.waitFor({ timeout: 15_000 });
    await expectPdf(await page.request.get((await offer.getAttribute("href"))!));
    // ... and it follows by e-mail, once.
    await expect.poll(() => mails().length, { timeout: 30_000 }).toBe(2);
    expect(mails()[1].subject).toMatch(/Din nedladdning från Säljakademin/);
  } finally {
    await context.close();
    await tdb.db.mailingList.update({ where: { id: list.id }, data: { requireConfirmation: false } });
  }
});

it("without ticking the newsletter box: the e-book comes all the same, and the address joins no list", async () => {
  const context = await browser.newContext({ locale: "sv-SE" });
  try {
    const email = `e-bok-utan-samtycke-${Date.now()}@exempel.se`;
    const page = await context.newPage();
    await page.goto(`${server.origin}/demo/sv/e-bok-saljteknik`);
    const form = page.locator("beckon-cta", { has: page.getByRole("button", { name: "Ja, jag vill ha e-boken" }) });
    await form.locator("input[type=email]").waitFor({ state: "visible", timeout: 15_000 });
    const cta = page.locator(`beckon-cta[data-beckon-cta="${await form.getAttribute("data-beckon-cta")}"]`);
    await cta.locator('input[name="name"]').fill("Lena");
    await cta.locator("input[type=email]").fill(email);
    expect(await cta.locator('input[name="marketing_consent"]').isChecked()).toBe(false);
    const submitted = expectResponse(page, { method: "POST", path: "/contacts/create" });
    await cta.locator("button[type=submit]").click();
    expect((await submitted).status()).toBe(201);

    const status = cta.getByRole("status");
    await expect.poll(() => status.innerText(), { timeout: 10_000 }).toMatch(/E-boken är på väg/);
    await expectPdf(await page.request.get((await status.locator("a[href*='/mail/magnet']").getAttribute("href"))!));
    await expect.poll(() => mailsTo(mailbox(), email).length, { timeout: 30_000 }).toBe(1);
    expect(mailsTo(mailbox(), email)[0].subject).toMatch(/Din nedladdning från Säljakademin/);

    const person = await tdb.db.person.findFirstOrThrow({ where: { websiteId: svId, email } });
    expect(person.marketingConsent).toBe(false);
    expect(await tdb.db.mailingListMembership.count({ where: { personId: person.id } })).toBe(0);
  } finally {
    await context.close();
  }
});
