/**
 * The prize games in Chromium against the real server: the prize wheel: the built renderer on
 * a third-party fixture page (test/fixtures/render/harness.ts) shows a
 * published wheel CTA as GET /api/cta/{id}.json serves it (no codes); the
 * visitor enters an e-mail, accepts the privacy policy and spins; the server
 * draws; the result is announced in the live region with the code. Also with
 * reduced motion (no turning) and by keyboard alone; axe finds nothing
 * serious. The scratch card the same way: scratched off with the mouse
 * until enough is gone, or revealed with its button by keyboard alone.
 * Needs a build (`npm run build`).
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
let card: CtaDocument;
let sv: number;

/** A published CTA of a heading and one prize game, as GET /api/cta/{id}.json serves it to the widget. */
async function publishedGame(name: string, heading: string, game: "prize_wheel" | "scratch_card") {
  const saved = await saveCtaDocument(
    tdb.db,
    sv,
    ctaWithElements(
      [
        { element_type: "text", options: { html: `<h2>${heading}</h2>` } },
        {
          element_type: game,
          options: {
            "show-privacy-consent": true,
            prizes: [
              { id: "ten", label: "10 % rabatt", kind: "discount_code", code: "HJUL10", weight: 1 },
              { id: "ship", label: "Fri frakt", kind: "free_shipping", code: "HJULFRAKT", weight: 1 },
            ],
          },
        },
      ],
      { name, status: "published" },
    ),
  );
  const res = await fetch(`${server.origin}/api/cta/${saved.id}.json`);
  return ((await res.json()) as { cta: CtaDocument }).cta;
}

beforeAll(async () => {
  tdb = await createTestDatabase();
  await seedIfEmpty(tdb.db);
  sv = (await tdb.db.website.findFirstOrThrow({ where: { currency: "SEK" } })).id;
  server = await startTestServer({ databaseUrl: tdb.url });
  cta = await publishedGame("Lyckohjul", "Snurra hjulet", "prize_wheel");
  card = await publishedGame("Skraplott", "Skrapa och vinn", "scratch_card");
  browser = await launchThirdPartyChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await tdb?.drop();
});

async function open(reducedMotion: "reduce" | "no-preference", shown = cta): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1000, height: 800 }, locale: "sv-SE", reducedMotion });
  const page = await context.newPage();
  await openFixture(page);
  await mountInPage(page, { cta: shown, config: { ...fixtureConfig(server.origin), website_id: sv } });
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

describe("scratch card", () => {
  /** The e-mail and consent given, the card is drawn and shows its cover. */
  async function played(email: string, reducedMotion: "reduce" | "no-preference"): Promise<Page> {
    const page = await open(reducedMotion, card);
    await page.getByLabel("Din e-post").fill(email);
    await page.getByRole("checkbox").check();
    await page.getByRole("button", { name: "Visa" }).click();
    await page.locator(".bk-scratch-cover").waitFor();
    // The prize sits under the cover, hidden from screen readers until it is revealed.
    expect(await status(page).textContent()).toBe("");
    return page;
  }

  it("is scratched off with the mouse: once enough is gone the prize is announced with its code", async () => {
    const page = await played("skrapa@example.se", "no-preference");
    const box = (await page.locator(".bk-scratch-cover").boundingBox())!;
    await page.mouse.move(box.x + 4, box.y + 4);
    await page.mouse.down();
    // Strokes 16 px apart with the 18 px brush, left to right and back, until the card clears itself.
    for (let y = 4; y < box.height && (await page.locator(".bk-scratch-cover").count()) > 0; y += 16) {
      await page.mouse.move(box.x + box.width - 4, box.y + y, { steps: 12 });
      await page.mouse.move(box.x + 4, box.y + Math.min(y + 8, box.height - 2), { steps: 12 });
    }
    await page.mouse.up();
    await status(page).filter({ hasText: "Du vann" }).waitFor();
    const drawn = await tdb.db.prizeDraw.findFirstOrThrow({ where: { email: "skrapa@example.se" } });
    const prize = drawn.prize as { label: string; code: string };
    expect(drawn.ctaId).toBe(card.id);
    expect(await status(page).textContent()).toBe(`Du vann: ${prize.label}`);
    expect(await page.locator(".bk-scratch .bk-prize-result").textContent()).toBe(prize.label);
    expect(await page.locator(".bk-prize-code code").textContent()).toBe(prize.code);
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  }, 60_000);

  it("is revealed by keyboard alone with its button, and a second game with the same e-mail gets the first prize", async () => {
    const page = await played("avslojad@example.se", "reduce");
    await page.locator(".bk-scratch + .bk-button").focus();
    await page.keyboard.press("Enter");
    await status(page).filter({ hasText: "Du vann" }).waitFor();
    expect(await page.locator(".bk-scratch-cover").count()).toBe(0);
    const first = await tdb.db.prizeDraw.findFirstOrThrow({ where: { email: "avslojad@example.se" } });
    await page.context().close();

    const again = await played("avslojad@example.se", "reduce");
    await again.getByRole("button", { name: "Visa" }).click();
    await status(again).filter({ hasText: "Du har redan spelat" }).waitFor();
    expect(await status(again).textContent()).toBe(
      `Du har redan spelat. Ditt pris: Du vann: ${(first.prize as { label: string }).label}`,
    );
    expect(await tdb.db.prizeDraw.count({ where: { email: "avslojad@example.se" } })).toBe(1);
    await again.context().close();
  }, 60_000);
});
