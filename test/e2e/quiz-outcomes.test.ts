/**
 * A quiz with outcomes, built from scratch in the builder by the demo
 * store's owner (no JSON): a blank CTA, a quiz element, a second answer,
 * two outcomes (each adds its result step), points in the answers-against-
 * outcomes table, and each result step's products by tag. Published, it runs
 * on the demo store: each answer ends on its outcome's step with that
 * outcome's products, the lead carries the outcome and the answer's tag, and
 * Results count the completions per outcome.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { browser, newWatchedPage, server, tdb, withE2eStack } from "#test/support/e2e-stack";
import { hydrated, signedInOwner } from "#test/support/admin-page";
import { DEMO_SHOP_DOMAIN, DEMO_STORE_OWNER } from "#prisma/seed-data/demo-owners";
import { DEMO_STORE_PRODUCTS } from "#prisma/seed-data/demo-store-products";

const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000 });
const titlesTagged = (tag: string) =>
  DEMO_STORE_PRODUCTS.filter((p) => p.tags.includes(tag) && p.variants.some((v) => v.available))
    .map((p) => p.title)
    .slice(0, 3)
    .sort();

let storeId: number;
let ctaId: number;
let admin: BrowserContext;
let owner: Page;
const errors: string[] = [];

withE2eStack({
  beforeServer: async () => {
    // Only the quiz on the store, so no seeded popup takes the screen first.
    storeId = (await tdb.db.website.findFirstOrThrow({ where: { shopDomain: DEMO_SHOP_DOMAIN } })).id;
    await tdb.db.cta.updateMany({ where: { websiteId: storeId }, data: { status: "archived" } });
  },
});

beforeAll(async () => {
  ({ context: admin, page: owner } = await signedInOwner(browser, server.origin, errors, DEMO_STORE_OWNER));
});

afterAll(async () => {
  await admin?.close();
});

/** Opens a step's tab in the editor. */
const openStep = (name: string) => owner.getByRole("tab", { name }).click();

/** Sets the tags of the products element (element 3) on the open result step. */
async function productsByTag(tag: string) {
  await owner.getByRole("button", { name: /^Edit element 3 / }).click();
  const field = owner.getByLabel("Products with these tags");
  await field.fill(tag);
  await field.press("Tab");
}

describe("a quiz with outcomes, built in the builder", () => {
  it("is built from scratch without JSON and published", { timeout: 120_000 }, async () => {
    await owner.goto(`${server.origin}/owner/websites/${storeId}/ctas/new`);
    await hydrated(owner);
    await owner.getByLabel("Name", { exact: true }).fill("Find your brew");
    await owner.getByLabel("Type", { exact: true }).selectOption("overlay");
    await owner.getByLabel("Overlay type", { exact: true }).selectOption("boxed");
    await owner.getByLabel("Start from").selectOption("blank");
    await Promise.all([owner.waitForURL(/\/ctas\/\d+$/), owner.getByRole("button", { name: "Create CTA" }).click()]);
    ctaId = Number(/\/ctas\/(\d+)$/.exec(owner.url())![1]);
    await hydrated(owner);

    // A quiz under the text; its first question gets a second answer, both named.
    await owner
      .getByLabel(/: new element type$/)
      .first()
      .selectOption("quiz");
    await owner
      .getByRole("button", { name: /^Add element to / })
      .first()
      .click();
    await owner.getByRole("button", { name: /^Edit element 2 / }).click();
    await owner.getByRole("button", { name: /^Edit Field 1 / }).click();
    await owner.getByRole("button", { name: "Add choice" }).click();
    await owner.getByLabel("Choice 1 “Answer A”: label shown").fill("Slow pour-over");
    await owner.getByLabel("Choice 2 “Choice 2”: label shown").fill("Gifts");

    // Two outcomes, each with its result step.
    await owner.getByRole("button", { name: "Add outcome" }).click();
    await owner.getByRole("button", { name: "Add outcome" }).click();
    await owner.getByLabel("Outcome 1", { exact: true }).fill("Brewer");
    await owner.getByLabel("Outcome 2", { exact: true }).fill("Gift giver");
    await poll(() => owner.getByRole("tab").count()).toBe(3);

    // The table: each answer's points to its outcome (committed when the field is left).
    const points = async (outcome: string, answer: string, value: string) => {
      const cell = owner.getByLabel(`Points for ${outcome} from Your first question: ${answer}`);
      await cell.fill(value);
      await cell.press("Tab");
    };
    await points("Brewer", "Choice 1 “Slow pour-over”", "3");
    await points("Gift giver", "Choice 2 “Gifts”", "2");
    const tags = owner.getByLabel("Tags from Your first question: Choice 2 “Gifts”");
    await tags.fill("gift-buyer");
    await tags.press("Tab");

    // The result steps show the store's products by tag.
    // Renamed outcomes renamed the steps the builder made for them.
    await openStep("Result: Brewer");
    await productsByTag("brewing");
    await openStep("Result: Gift giver");
    await productsByTag("gift");

    // Shows at once to the visitors of the next test.
    await openStep("Step 1");
    await owner.getByLabel("Delay", { exact: true }).fill("0");
    await owner.getByRole("button", { name: "Publish", exact: true }).click();
    await poll(() => owner.getByText("Published: visitors see this version").count()).toBe(1);

    const row = await tdb.db.cta.findUniqueOrThrow({ where: { id: ctaId } });
    expect(row.status).toBe("published");
    expect(errors).toEqual([]);
  });

  for (const [answer, outcome, tag] of [
    ["Slow pour-over", "Brewer", "brewing"],
    ["Gifts", "Gift giver", "gift"],
  ] as const) {
    it(`on the demo store, "${answer}" ends on ${outcome} with its products`, { timeout: 90_000 }, async () => {
      const { page, errors: visitorErrors, context } = await newWatchedPage({ viewport: { width: 1280, height: 900 } });
      await page.goto(`${server.origin}/demo/store/`);
      const cta = page.locator(`beckon-cta[data-beckon-cta="${ctaId}"]`);
      await cta.locator(".bk-choice", { hasText: answer }).click();
      await cta.locator(".bk-quiz-next").click();
      await cta.locator("h2", { hasText: outcome }).waitFor({ timeout: 20_000 });
      const titles = cta.locator(".bk-product-title");
      await poll(() => titles.count()).toBe(titlesTagged(tag).length);
      expect((await titles.allTextContents()).map((t) => t.trim()).sort()).toEqual(titlesTagged(tag));
      // The lead carries the outcome (and the answer's tag), as the e-mail tool gets it.
      const person = await poll(async () => {
        const submission = await tdb.db.contactSubmission.findFirst({
          where: { ctaId },
          orderBy: { id: "desc" },
          include: { person: true },
        });
        return (submission?.person.extra as Record<string, unknown> | undefined)?.quiz_outcome;
      });
      await person.toBe(outcome);
      expect(visitorErrors).toEqual([]);
      await context.close();
    });
  }

  it("Results count the completions per outcome", { timeout: 60_000 }, async () => {
    await owner.goto(`${server.origin}/owner/websites/${storeId}/results?cta=${ctaId}`);
    await hydrated(owner);
    await owner.getByRole("heading", { name: "Quiz outcomes" }).waitFor();
    const table = owner.locator("table", { has: owner.getByRole("columnheader", { name: "Outcome" }) });
    const rows = await table.locator("tbody tr").allTextContents();
    expect(rows).toEqual(["Find your brewABrewer1", "Find your brewAGift giver1"]);
  });
});
