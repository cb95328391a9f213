/**
 * Prize draws on a real database (SQLite here; PostgreSQL through
 * scripts/zz-pg.ts): 1,000 draws follow the weights, limits hold under
 * concurrent draws, an e-mail that played gets its first prize again, and the
 * lead is recorded as a form's would be.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "#test/support/test-database";
import { createWebsite } from "#app/models/website.server";
import { saveCtaDocument } from "#app/models/cta.server";
import { drawFor, drawPrize, pickByWeight, prizeWins } from "#app/models/prize-draw.server";
import { InputError } from "#app/server/input-error";
import type { Prize } from "#contract/schema/prize-game";
import type { ContactInput } from "#contract/schema/public-api";
import { websiteSettingsMock } from "#test/support/factories";

let t: TestDatabase;
let site: number;

beforeAll(async () => {
  t = await createTestDatabase();
  site = (await createWebsite(t.db, websiteSettingsMock({ name: "Wheel site" }))).id;
});
afterAll(async () => t?.drop());

/** A published CTA with one prize wheel; its id, its variant's and the wheel's. */
async function wheel(prizes: Prize[], options: Record<string, unknown> = {}) {
  const doc = await saveCtaDocument(t.db, site, {
    name: "Spin",
    cta_type: "overlay",
    overlay_type: "boxed",
    status: "published",
    variants: [
      {
        variation: "A",
        percentage: 100,
        steps: [
          {
            sections: [{ columns: [{ elements: [{ element_type: "prize_wheel", options: { prizes, ...options } }] }] }],
          },
        ],
      },
    ],
  });
  const element = doc.variants[0].steps[0].sections[0].columns[0].elements[0];
  return { ctaId: doc.id!, variantId: doc.variants[0].id!, elementId: element.id! };
}

let n = 0;
const contact = (game: { ctaId: number; elementId: number }, email = `player${++n}@example.test`): ContactInput => ({
  id: `draw-${n}-${Math.random().toString(36).slice(2, 10)}`,
  visitor_token: `visitor-token-${String(n).padStart(8, "0")}`,
  email,
  cta_id: game.ctaId,
  element_id: game.elementId,
});

const prize = (id: string, weight: number, over: Partial<Prize> = {}): Prize => ({
  id,
  label: id,
  kind: "discount_code",
  code: `CODE-${id}`,
  weight,
  ...over,
});

describe("drawPrize", () => {
  it("1,000 draws follow the weights, each prize within 5 standard deviations of its expected count", async () => {
    // Per prize the count is binomial(1000, p): |count − 1000p| ≤ 5·√(1000p(1−p)) fails by chance about
    // once in 1.7 million per prize, so a failure means the draw is biased, not unlucky.
    const weights = { a: 1, b: 2, c: 3, d: 4 };
    const prizes = Object.entries(weights).map(([id, w]) => prize(id, w));
    const game = await wheel(prizes);
    const counts: Record<string, number> = { a: 0, b: 0, c: 0, d: 0 };
    // The server's draw as drawPrize runs it once the lead is recorded (recording 1,000 leads
    // would only test createContact 1,000 times): one person, 1,000 e-mails.
    const lead = await drawPrize(t.db, site, contact(game, "lead-0@example.test"));
    counts[lead.prize.id]++;
    const personId = (await t.db.prizeDraw.findFirstOrThrow({ where: { ctaId: game.ctaId } })).personId;
    for (let i = 1; i < 1000; i++) {
      const player = { ...game, websiteId: site, email: `lead-${i}@example.test`, personId };
      counts[(await drawFor(t.db, player, prizes)).prize.id]++;
    }
    for (const [id, w] of Object.entries(weights)) {
      const p = w / 10;
      const sigma = Math.sqrt(1000 * p * (1 - p));
      expect(Math.abs(counts[id] - 1000 * p), `prize ${id}: ${counts[id]} wins`).toBeLessThanOrEqual(5 * sigma);
    }
    const wins = await prizeWins(t.db, site, [game.ctaId]);
    expect(wins.map((w) => [w.prizeId, w.wins, w.variantId])).toEqual(
      Object.keys(weights).map((id) => [id, counts[id], game.variantId]),
    );
  }, 120_000);

  it("never hands out more than a prize's limit, even to many draws at once", async () => {
    const game = await wheel([
      prize("top", 1000, { limit: 3 }),
      prize("miss", 1, { kind: "no_luck", code: null, label: "No luck" }),
    ]);
    const results = await Promise.all(Array.from({ length: 40 }, () => drawPrize(t.db, site, contact(game))));
    const top = results.filter((r) => r.prize.id === "top");
    expect(top).toHaveLength(3);
    expect(results.filter((r) => r.prize.id === "miss")).toHaveLength(37);
    expect(results.every((r) => r.prize.kind !== "no_luck" || r.prize.code === null)).toBe(true);
    const counter = await t.db.prizeWinCount.findUniqueOrThrow({
      where: { elementId_prizeId: { elementId: game.elementId, prizeId: "top" } },
    });
    expect(counter.wins).toBe(3);
    // Results: the wins beside the limit and the label as the CTA names each prize.
    expect(await prizeWins(t.db, site, [game.ctaId])).toEqual([
      { ctaId: game.ctaId, variantId: game.variantId, prizeId: "miss", label: "No luck", wins: 37, limit: null },
      { ctaId: game.ctaId, variantId: game.variantId, prizeId: "top", label: "top", wins: 3, limit: 3 },
    ]);
  }, 60_000);

  it("answers 409 once every prize is gone", async () => {
    const game = await wheel([prize("only", 1, { limit: 1 })]);
    expect((await drawPrize(t.db, site, contact(game))).prize).toEqual({
      id: "only",
      label: "only",
      kind: "discount_code",
      code: "CODE-only",
    });
    const error = await drawPrize(t.db, site, contact(game)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).status).toBe(409);
  });

  it("gives an e-mail that played its first prize again, also when it plays twice at once", async () => {
    const game = await wheel([prize("x", 1), prize("y", 1), prize("z", 1)]);
    const first = await drawPrize(t.db, site, contact(game, "Again@Example.test".toLowerCase()));
    expect(first.repeat).toBe(false);
    for (let i = 0; i < 5; i++) {
      const again = await drawPrize(t.db, site, contact(game, "again@example.test"));
      expect(again).toEqual({ prize: first.prize, repeat: true });
    }
    const together = await Promise.all(
      Array.from({ length: 8 }, () => drawPrize(t.db, site, contact(game, "twin@example.test"))),
    );
    expect(new Set(together.map((r) => r.prize.id)).size).toBe(1);
    expect(together.filter((r) => !r.repeat).length).toBeLessThanOrEqual(1);
    expect(await t.db.prizeDraw.count({ where: { ctaId: game.ctaId, email: "twin@example.test" } })).toBe(1);
  });

  it("records the lead as a contact of the CTA and its variant", async () => {
    const game = await wheel([prize("x", 1)]);
    await drawPrize(t.db, site, { ...contact(game, "lead@example.test"), marketing_consent: true });
    const submission = await t.db.contactSubmission.findFirstOrThrow({ where: { email: "lead@example.test" } });
    expect([submission.ctaId, submission.variantId, submission.elementId]).toEqual([
      game.ctaId,
      game.variantId,
      game.elementId,
    ]);
    const person = await t.db.person.findUniqueOrThrow({ where: { id: submission.personId } });
    expect(person.email).toBe("lead@example.test");
    expect(person.marketingConsent).toBe(true);
  });

  it("refuses unknown CTAs, elements that are no prize game, drafts and a missing privacy consent", async () => {
    const game = await wheel([prize("x", 1)], { "show-privacy-consent": true });
    const status = (p: Promise<unknown>) =>
      p.then(
        () => 200,
        (e: InputError) => e.status,
      );
    expect(await status(drawPrize(t.db, site, { ...contact(game), cta_id: 2_000_000_000 }))).toBe(404);
    expect(await status(drawPrize(t.db, site, { ...contact(game), element_id: 2_000_000_000 }))).toBe(404);
    expect(await status(drawPrize(t.db, site, contact(game)))).toBe(422);
    expect(await status(drawPrize(t.db, site, { ...contact(game), privacy_consent: false }))).toBe(422);
    expect(await status(drawPrize(t.db, site, { ...contact(game), privacy_consent: true }))).toBe(200);
    const other = (await createWebsite(t.db, websiteSettingsMock({ name: "Other" }))).id;
    expect(await status(drawPrize(t.db, other, contact(game)))).toBe(404);
  });
});

describe("pickByWeight", () => {
  it("maps every ticket to the prize whose share holds it", () => {
    const prizes = [prize("a", 1), prize("b", 3)];
    expect([0, 1, 2, 3].map((ticket) => pickByWeight(prizes, () => ticket).id)).toEqual(["a", "b", "b", "b"]);
  });
});
