/**
 * The foundation's promise, end to end in Chromium: a visitor types an e-mail
 * into the newsletter CTA on the Swedish demo page, and the site owner, after
 * logging in, sees that e-mail in the contacts list.
 */
import { expect, it } from "vitest";
import { browser, server, svId, tdb, withE2eStack } from "#test/support/e2e-stack";
import { subscribeInFooter } from "#test/support/demo-site";
import { logInAsOwner } from "#test/support/admin-page";

withE2eStack();

it("captures a newsletter e-mail on the Swedish demo page and shows it to the owner", async () => {
  const email = `lead-${Date.now()}@exempel.se`;
  const context = await browser.newContext({ locale: "sv-SE" });
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on("pageerror", (e) => pageErrors.push(e.message));

  await page.goto(`${server.origin}/demo/sv`);
  const footer = await subscribeInFooter(page, email);
  // innerText of a shadow host is empty; the confirmation is a live status region inside.
  await expect.poll(() => footer.getByRole("status").innerText(), { timeout: 10_000 }).toMatch(/Tack/);

  const person = await tdb.db.person.findFirst({ where: { websiteId: svId, email } });
  expect(person?.personType).toBe("Contact");
  expect(pageErrors).toEqual([]);

  // The owner logs in and finds the lead, newest first.
  const admin = await browser.newContext();
  const ownerPage = await admin.newPage();
  await logInAsOwner(ownerPage, server.origin);
  await ownerPage.goto(`${server.origin}/owner/websites/${svId}/contacts`);
  await expect.poll(() => ownerPage.locator("body").innerText()).toContain(email);
  await admin.close();
  await context.close();
});
