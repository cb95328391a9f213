/**
 * The built-in list's double opt-in as a newcomer meets it on the demo: they
 * subscribe in the Swedish site's footer, read the confirmation on the demo's
 * mail page (fed by a real SMTP server, as `npm start` runs it), follow the
 * link, confirm, and only then count as subscribed; the link works once.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startMailbox, type Mailbox } from "#demo/mail/mailbox";
import { browser, server, svId, tdb, withE2eStack } from "#test/support/e2e-stack";
import { subscribeInFooter } from "#test/support/demo-site";

let mailbox: Mailbox;
let mailDir: string;
// Filled before the stack's own beforeAll starts the server with it.
const env: Record<string, string> = {};

beforeAll(async () => {
  mailDir = mkdtempSync(path.join(tmpdir(), "beckon-demo-mail-"));
  mailbox = await startMailbox({ dir: mailDir });
  env.SMTP_URL = mailbox.url;
  env.BECKON_DEMO_MAILBOX = mailDir;
});
withE2eStack({ demo: true, env });
afterAll(async () => {
  await mailbox?.close();
  rmSync(mailDir, { recursive: true, force: true });
});

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
  await expect
    .poll(() => mailbox.messages().filter((m) => m.envelopeTo.includes(email)).length, { timeout: 30_000 })
    .toBe(1);
  const [mail] = mailbox.messages().filter((m) => m.envelopeTo.includes(email));
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
  expect(mailbox.messages().filter((m) => m.envelopeTo.includes(email))).toHaveLength(1);
  await context.close();
});
