/**
 * The demo's sign-in page in Chromium (`npm start` runs the demo; test
 * servers do too): a person trying Beckon picks a demo owner's "Use this
 * account", which fills the form in, and signs in with one more click.
 * axe-core finds no serious or critical violation on the page.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { createTestDatabase, type TestDatabase } from "#test/support/test-database";
import { startTestServer, type TestServer } from "#test/support/server";
import { launchChromium } from "#test/support/chromium";
import { seriousViolations } from "#test/support/admin-page";
import { createOwnerAccount } from "#app/models/owner.server";
import { DEMO_OWNERS, DEMO_STORE_OWNER } from "#prisma/seed-data/demo-owners";
import { en } from "#app/i18n/en";
import { sv } from "#app/i18n/sv";

let t: TestDatabase;
let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  t = await createTestDatabase();
  for (const { owner } of DEMO_OWNERS) await createOwnerAccount(t.db, owner);
  server = await startTestServer({ databaseUrl: t.url });
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await t?.drop();
});

/** Opens the sign-in page once React has attached its handlers to the demo's buttons. */
async function signInPage(locale: string, viewport = { width: 1280, height: 900 }): Promise<Page> {
  const context = await browser.newContext({ locale, viewport });
  const page = await context.newPage();
  await page.goto(`${server.origin}/owner/login`);
  await page.waitForFunction(() =>
    [...document.querySelectorAll("button")].some(
      (b) => !b.matches("[type=submit]") && Object.keys(b).some((k) => k.startsWith("__reactProps")),
    ),
  );
  return page;
}

describe("the demo's sign-in page", () => {
  it("fills the form in with the chosen account and signs in with it", async () => {
    const page = await signInPage("en-US");
    const useStore = page.getByRole("button", {
      name: en["login.demoUseLabel"].replace("{site}", "Beckon Demo Store"),
    });
    await expect(useStore.isVisible()).resolves.toBe(true);
    await useStore.click();
    expect(await page.inputValue('input[name="email"]')).toBe(DEMO_STORE_OWNER.email);
    expect(await page.inputValue('input[name="password"]')).toBe(DEMO_STORE_OWNER.password);
    await Promise.all([
      page.waitForURL((u) => u.pathname === "/owner"),
      page.getByRole("button", { name: en["login.submit"] }).click(),
    ]);
    await page.context().close();
  });

  it("reads well in Swedish on a phone, with no serious accessibility violation", async () => {
    const page = await signInPage("sv-SE", { width: 390, height: 844 });
    await expect(page.getByRole("heading", { name: sv["login.demoTitle"] }).isVisible()).resolves.toBe(true);
    for (const { site } of DEMO_OWNERS) {
      const use = page.getByRole("button", { name: sv["login.demoUseLabel"].replace("{site}", site) });
      await expect(use.isVisible()).resolves.toBe(true);
      // Inside the phone's width: nothing overflows sideways.
      const box = (await use.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });
});
