/**
 * The built-in list's double opt-in as a newcomer meets it on the demo: they
 * subscribe in the Swedish site's footer, read the confirmation on the demo's
 * mail page (fed by a real SMTP server, as `npm start` runs it), follow the
 * link, confirm, and only then count as subscribed; the link works once.
 */
import { expect, it } from "vitest";
import { withDemoStackAndMailbox } from "#test/support/demo-mailbox";
import { mailsTo } from "#test/support/smtp-mailbox";
import { browser, server, svId, tdb } from "#test/support/e2e-stack";
import { subscribeInFooter } from "#test/support/demo-site";

const mailbox = withDemoStackAndMailbox();

const membership = (email: string) =>
  tdb.db.mailingListMembership.findFirst({
    where: { person: { websiteId: svId, email } },
    select: { status: true, confirmedAt: true, confirmedIp: true },
  });
const memberStatus = async (email: string) => (await membership(email))?.status;

it("subscribe on /demo/sv, read the confirmation on /demo/mail, confirm once", async () => {
  const email = `prenumerant-${Date.now()}@exempel.se`;
  const context = await browser.newContext({ locale: "sv-SE", viewport: { width: 390, height: 844 } });
  const page = await context.newPage();

  await page.goto(`${server.origin}/demo/sv`);
  const footer = await subscribeInFooter(page, email);
  await expect.poll(() => footer.getByRole("status").innerText(), { timeout: 10_000 }).toMatch(/Bekräfta/);
  expect(await memberStatus(email)).toBe("pending");

  // The outbox sends the confirmation; the demo's mail page shows it.
  await expect.poll(() => mailsTo(mailbox(), email).length, { timeout: 30_000 }).toBe(1);
  const [mail] = mailsTo(mailbox(), email);
  expect(mail.subject).toMatch(/Bekräfta din prenumeration/);
  expect(mail.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");

  // A newcomer finds the mailbox from the site's footer.
  await page.getByRole("link", { name: "demons inkorg" }).click();
  await page.waitForURL(`${server.origin}/demo/mail`);
  await expect.poll(() => page.locator("body").innerText()).toContain(email);
  const confirmLink = page.locator("a[href*='/mail/confirm']").first();
  const confirmUrl = await confirmLink.getAttribute("href");
  await confirmLink.click();
  // A link scanner's GET changes nothing: the page asks first.
  await page.getByRole("button", { name: "Bekräfta" }).waitFor();
  expect(await memberStatus(email)).toBe("pending");
  await page.getByRole("button", { name: "Bekräfta" }).click();
  await expect.poll(() => page.locator("body").innerText()).toMatch(/prenumeration är bekräftad/);
  const confirmed = await membership(email);
  expect(confirmed?.status).toBe("confirmed");
  expect(confirmed?.confirmedAt).toBeInstanceOf(Date);
  expect(confirmed?.confirmedIp).toBeTruthy();

  // The same link a second time confirms nothing new: the evidence stays the first click's.
  const again = await page.request.post(confirmUrl!);
  expect(again.status()).toBe(200);
  expect(await again.text()).toMatch(/redan bekräftad/i);
  expect(await membership(email)).toEqual(confirmed);
  expect(mailsTo(mailbox(), email)).toHaveLength(1);
  await context.close();
});
