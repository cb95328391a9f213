/**
 * The prize wheel in Chromium against the real server: the built renderer on
 * a third-party fixture page (test/fixtures/render/harness.ts) shows a
 * published wheel CTA as GET /api/cta/{id}.json serves it (no codes); the
 * visitor enters an e-mail, accepts the privacy policy and spins; the server
 * draws; the result is announced in the live region with the code. Also with
 * reduced motion (no turning) and by keyboard alone; axe finds nothing
 * serious. Needs a build (`npm run build`).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { createTestDatabase, type TestDatabase } from "#test/support/test-database";
import { startTestServer, type TestServer } from "#test/support/server";
import { seedIfEmpty } from "#prisma/seed";
import { saveCtaDocument } from "#app/models/cta.server";
import { ctaWithElements } from "#test/support/factories";
import { fixtureConfig } from "#test/fixtures/render/ctas";
import { launchThirdPartyChromium, mountInPage, openFixture, seriousViolations } from "#test/fixtures/render/harness";
import type { CtaDocument } from "#contract/schema/cta";

let browser: Browser;
let tdb: TestDatabase;
let server: TestServer;
let cta: CtaDocument;
let sv: number;

beforeAll(async () => {
  tdb = await createTestDatabase();
  await seedIfEmpty(tdb.db);
  sv = (await tdb.db.website.findFirstOrThrow({ where: { currency: "SEK" } })).id;
  const saved = await saveCtaDocument(
    tdb.db,
    sv,
    ctaWithElements(
      [
        { element_type: "text", options: { html: "<h2>Snurra hjulet</h2>" } },
        {
          element_type: "prize_wheel",
          options: {
            "show-privacy-consent": true,
            prizes: [
              { id: "ten", label: "10 % rabatt", kind: "discount_code", code: "HJUL10", weight: 1 },
              { id: "ship", label: "Fri frakt", kind: "free_shipping", code: "HJULFRAKT", weight: 1 },
            ],
          },
        },
      ],
      { name: "Lyckohjul", status: "published" },
    ),
  );
  server = await startTestServer({ databaseUrl: tdb.url });
  const res = await fetch(`${server.origin}/api/cta/${saved.id}.json`);
  cta = ((await res.json()) as { cta: CtaDocument }).cta;
  browser = await launchThirdPartyChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await tdb?.drop();
});

async function open(reducedMotion: "reduce" | "no-preference"): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1000, height: 800 }, locale: "sv-SE", reducedMotion });
  const page = await context.newPage();
  await openFixture(page);
  await mountInPage(page, { cta, config: { ...fixtureConfig(server.origin), website_id: sv } });
  await page.getByLabel("Din e-post").waitFor();
  return page;
}

const status = (page: Page) => page.locator(".bk-prize [role=status]");

describe("prize wheel", () => {
  it("takes the e-mail and consent, spins to the server's prize and announces it with its code", async () => {
    const page = await open("no-preference");
    expect(await page.content()).not.toContain("HJUL");
    await page.getByRole("button", { name: "Snurra hjulet" }).click();
    await expect.poll(() => page.locator(".bk-prize .bk-error").textContent()).toContain("giltig e-postadress");
    await page.getByLabel("Din e-post").fill("snurra@example.se");
    await page.getByRole("checkbox").check();
    await page.getByRole("button", { name: "Snurra hjulet" }).click();
    await status(page).filter({ hasText: "Du vann" }).waitFor({ timeout: 20_000 });
    const said = (await status(page).textContent())!;
    const drawn = await tdb.db.prizeDraw.findFirstOrThrow({ where: { email: "snurra@example.se" } });
    const prize = drawn.prize as { label: string; code: string };
    expect(said).toBe(`Du vann: ${prize.label}`);
    expect(await page.locator(".bk-prize-code code").textContent()).toBe(prize.code);
    expect(await page.getByRole("button", { name: "Kopiera koden" }).count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  }, 60_000);

  it("jumps to the result without turning when the visitor prefers reduced motion, and a second spin gets the first prize", async () => {
    const page = await open("reduce");
    const transition = await page.locator(".bk-wheel-disc").evaluate((el) => getComputedStyle(el).transitionDuration);
    expect(transition).toBe("0s");
    await page.getByLabel("Din e-post").fill("snurra@example.se");
    await page.getByRole("checkbox").check();
    await page.getByRole("button", { name: "Snurra hjulet" }).click();
    await status(page).filter({ hasText: "Du har redan spelat" }).waitFor();
    const drawn = await tdb.db.prizeDraw.findFirstOrThrow({ where: { email: "snurra@example.se" } });
    expect(await status(page).textContent()).toBe(
      `Du har redan spelat. Ditt pris: Du vann: ${(drawn.prize as { label: string }).label}`,
    );
    expect(await tdb.db.prizeDraw.count({ where: { email: "snurra@example.se" } })).toBe(1);
    await page.context().close();
  }, 60_000);

  it("works by keyboard alone", async () => {
    const page = await open("reduce");
    await page.getByLabel("Din e-post").focus();
    await page.keyboard.type("tangent@example.se");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Space");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await status(page).filter({ hasText: "Du vann" }).waitFor();
    expect(await tdb.db.prizeDraw.count({ where: { email: "tangent@example.se" } })).toBe(1);
    const submission = await tdb.db.contactSubmission.findFirstOrThrow({ where: { email: "tangent@example.se" } });
    expect(submission.ctaId).toBe(cta.id);
    await page.keyboard.press("Tab");
    expect(
      await page.evaluate(() => document.querySelector("beckon-cta")?.shadowRoot?.activeElement?.textContent),
    ).toBe("Kopiera koden");
    await page.context().close();
  }, 60_000);
});
