/**
 * The CTA editor's same-place warning, end to end in Chromium against the
 * built server and the seeded Swedish site: an exit popup built from the
 * template runs on every page, the seeded exit popup (CTA 17) on every page
 * but the checkout and the opt-out page, so both would open when a visitor
 * leaves. The new popup's editor names CTA 17 with a link to it before
 * anything is published; changing the trigger clears the warning at once;
 * once the new popup is published, CTA 17's editor names it in turn. Each
 * line says which popup opens first and why (priority, then age), a higher
 * priority set in the editor changes it, and a visitor who leaves gets the
 * higher-priority popup first and the other once it is closed. A list
 * ticked under "Where leads go" is stored on the popup's form. axe-core
 * finds no serious or critical violation with the warning shown.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { browser, server, svId as sv, tdb, withE2eStack } from "#test/support/e2e-stack";
import { hydrated, seriousViolations } from "#test/support/admin-page";
import { recordWidgetSigns, triggeredCtas, widgetReady } from "#test/support/widget-signs";

let admin: BrowserContext;
let owner: Page;

withE2eStack();

beforeAll(async () => {
  admin = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  owner = await admin.newPage();
  await owner.goto(`${server.origin}/owner/login`);
  await owner.fill('input[name="email"]', "agare@saljakademin.se");
  await owner.fill('input[name="password"]', "beckon-demo-2026");
  await Promise.all([
    owner.waitForURL((u) => !u.pathname.startsWith("/owner/login")),
    owner.click('button[type="submit"]'),
  ]);
});

afterAll(async () => {
  await admin?.close();
});

const TITLE = "Another published CTA may show in the same place at the same time";
const warning = (page: Page) => page.locator(".Polaris-Banner", { hasText: TITLE });

describe("two exit popups on the same pages", () => {
  let seededId: number;
  let newId: number;

  it("the editor of a template-built exit popup names the seeded exit popup, with a link, before publishing", async () => {
    const seeded = await tdb.db.cta.findFirstOrThrow({
      where: { websiteId: sv, name: "Exitpopup – E-bok Säljteknik" },
    });
    seededId = seeded.id;
    expect(seeded.status).toBe("published");
    expect(seededId).toBe(17);

    await owner.goto(`${server.origin}/owner/websites/${sv}/ctas/new`);
    await hydrated(owner);
    await owner.getByRole("button", { name: "Use template: Exitpopup: gratis guide" }).click();
    await Promise.all([owner.waitForURL(/\/ctas\/\d+$/), owner.getByRole("button", { name: "Create draft" }).click()]);
    newId = Number(/\/ctas\/(\d+)$/.exec(owner.url())![1]);
    await hydrated(owner);

    await warning(owner).waitFor();
    const link = warning(owner).getByRole("link", { name: "Exitpopup – E-bok Säljteknik" });
    expect(await link.getAttribute("href")).toBe(`/owner/websites/${sv}/ctas/${seededId}`);
    expect(await warning(owner).textContent()).toContain("Exit popup – alla sidor utom kassan");
    expect(await warning(owner).textContent()).toContain("open on exit intent");
    // Who opens when both could, and why: one popup at a time, the older first at equal priority.
    expect(await warning(owner).textContent()).toContain("Only one popup opens at a time");
    expect(await warning(owner).textContent()).toContain(
      "opens before this one: the same priority (0), and it is the older CTA",
    );
    expect(await seriousViolations(owner)).toEqual([]);
  });

  it("a higher priority puts the new popup first, and the warning says so before saving", async () => {
    await owner.getByLabel("Priority among popups").fill("5");
    await expect
      .poll(() => warning(owner).textContent())
      .toContain("waits for this one: its priority 0 is lower than 5");
  });

  it("changing the trigger clears the warning before saving; changing it back raises it again", async () => {
    await owner.getByLabel("Trigger", { exact: true }).selectOption("delayed");
    await warning(owner).waitFor({ state: "detached" });
    await owner.getByLabel("Trigger", { exact: true }).selectOption("exit");
    await warning(owner).waitFor();
  });

  it('a list ticked under "Where leads go" is saved on the form when publishing', async () => {
    await owner.getByRole("heading", { name: "Where leads go" }).waitFor();
    const box = owner.getByRole("checkbox", { name: "E-bok: Förhandlingsteknik" });
    await box.check({ force: true });
    expect(await box.isChecked()).toBe(true);
    expect(await owner.getByText("A visitor who declines marketing consent is not subscribed.").count()).toBe(1);
    expect(await seriousViolations(owner)).toEqual([]);
  });

  it("once the new popup is published, the seeded popup's editor names it in turn", async () => {
    await owner.getByRole("button", { name: "Publish", exact: true }).click();
    await expect
      .poll(() => owner.getByText("Published: visitors see this version").count(), { timeout: 30_000 })
      .toBe(1);
    const builtin = await tdb.db.integration.findFirstOrThrow({ where: { websiteId: sv, integrationType: "builtin" } });
    const actions = await tdb.db.action.findMany({
      where: { websiteId: sv, element: { column: { section: { step: { variant: { ctaId: newId } } } } } },
    });
    expect(actions.map((a) => [a.actionType, a.integrationId, a.data])).toContainEqual([
      "subscribe_list",
      builtin.id,
      { list_id: "7" },
    ]);
    await owner.goto(`${server.origin}/owner/websites/${sv}/ctas/${seededId}`);
    await hydrated(owner);
    await warning(owner).waitFor();
    const link = warning(owner).getByRole("link", { name: "Exitpopup: gratis guide" });
    expect(await link.getAttribute("href")).toBe(`/owner/websites/${sv}/ctas/${newId}`);
    expect(await warning(owner).textContent()).toContain("shows on every page");
    expect(await warning(owner).textContent()).toContain("opens before this one: its priority 5 is higher than 0");
    expect(await seriousViolations(owner)).toEqual([]);
  });

  it("a visitor who leaves gets the higher-priority popup, and the other one only once it is closed", async () => {
    expect(
      ((await tdb.db.cta.findUniqueOrThrow({ where: { id: newId } })).options as { priority?: number }).priority,
    ).toBe(5);
    const visitor = await browser.newContext({ locale: "sv-SE", viewport: { width: 1280, height: 800 } });
    const page = await visitor.newPage();
    await recordWidgetSigns(page);
    await page.goto(`${server.origin}/demo/sv`);
    await widgetReady(page);
    await page.mouse.move(400, 300);
    await page.mouse.move(400, 5, { steps: 4 });
    await page.mouse.move(400, -30, { steps: 2 });
    const popup = (id: number) => page.locator(`beckon-cta[data-beckon-cta="${id}"] [role=dialog]`);
    await popup(newId).waitFor({ state: "visible", timeout: 10_000 });
    // Both were triggered by the one exit; the seeded popup waits its turn, with no view counted for it.
    await expect.poll(() => triggeredCtas(page)).toEqual(expect.arrayContaining([newId, seededId]));
    expect(await popup(seededId).count()).toBe(0);
    await popup(newId).getByRole("button", { name: "Stäng" }).first().click();
    await popup(seededId).waitFor({ state: "visible", timeout: 10_000 });
    await visitor.close();
  });

  it("says nothing for a CTA that competes with no one", async () => {
    // The newsletter footer is inline: it fills its own place on the page.
    const footer = await tdb.db.cta.findFirstOrThrow({
      where: { websiteId: sv, ctaType: "inline" },
      orderBy: { id: "asc" },
    });
    await owner.goto(`${server.origin}/owner/websites/${sv}/ctas/${footer.id}`);
    await hydrated(owner);
    expect(await owner.getByText(TITLE).count()).toBe(0);
  });
});
