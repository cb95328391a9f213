/**
 * Quiz outcomes on Results: a quiz completion sent as the widget sends it
 * (extra.quiz_outcome and quiz_tags) is stored with its outcome, on the
 * lead too; Results count completions per CTA, variant and outcome; an
 * oversized, non-text or non-quiz outcome counts as none.
 */
import { describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { post, store, storeCta, sv, svCta, tdb, withPublicApiServer } from "./public-api-harness";
import { quizOutcomeCounts } from "#app/models/results/quiz-outcomes.server";

withPublicApiServer();

const hex = (bytes: number) => randomBytes(bytes).toString("hex");

/** A quiz completion as the widget sends it (SPEC 7 quiz contact payload), with the outcome in extra. */
async function complete(
  websiteId: number,
  cta: { id: number; variantId: number },
  extra: Record<string, unknown>,
  over = {},
) {
  const visitor_token = hex(16);
  const visitor = await post(`/api/websites/${websiteId}/visitors`, {
    visitor: { visitor_token, landing_page: "https://example.se/", platform: "Web", data: {} },
    new: true,
  });
  expect(visitor.status).toBe(201);
  const r = await post(`/api/websites/${websiteId}/contacts/create`, {
    contact: {
      id: hex(10),
      visitor_token,
      contactable_type: "Cta",
      contactable_id: cta.id,
      cta_id: cta.id,
      variant_id: cta.variantId,
      email: `${hex(4)}@example.se`,
      extra,
      ...over,
    },
  });
  expect(r.status).toBe(201);
  return visitor_token;
}

describe("quiz outcomes on Results", () => {
  it("counts each outcome per CTA and variant, and keeps it on the lead", async () => {
    const token = await complete(sv, svCta, { quiz_outcome: "Säljchef", quiz_tags: ["chef", "b2b"], team: "6-20" });
    await complete(sv, svCta, { quiz_outcome: "Säljchef" });
    await complete(sv, svCta, { quiz_outcome: "  Ny säljare " });
    await complete(store, storeCta, { quiz_outcome: "Brewer" });
    // Not an outcome: a form's extra without one, a non-text value, a CTA-less submission.
    await complete(sv, svCta, { team: "1-5" });
    await complete(sv, svCta, { quiz_outcome: ["Säljchef"] });
    await complete(sv, svCta, { quiz_outcome: "Säljchef" }, { contactable_type: "Broadcast" });

    expect(await quizOutcomeCounts(tdb.db, sv)).toEqual([
      { ctaId: svCta.id, variantId: svCta.variantId, outcome: "Ny säljare", leads: 1 },
      { ctaId: svCta.id, variantId: svCta.variantId, outcome: "Säljchef", leads: 2 },
    ]);
    expect(await quizOutcomeCounts(tdb.db, store)).toEqual([
      { ctaId: storeCta.id, variantId: storeCta.variantId, outcome: "Brewer", leads: 1 },
    ]);
    expect(await quizOutcomeCounts(tdb.db, sv, storeCta.id)).toEqual([]);
    const person = await tdb.db.person.findUniqueOrThrow({
      where: { websiteId_visitorToken: { websiteId: sv, visitorToken: token } },
    });
    expect(person.extra).toMatchObject({ quiz_outcome: "Säljchef", quiz_tags: ["chef", "b2b"] });
  });

  it("bounds an oversized outcome to the title limit", async () => {
    await complete(store, storeCta, { quiz_outcome: "x".repeat(400) });
    const counts = await quizOutcomeCounts(tdb.db, store);
    expect(counts.map((c) => c.outcome.length)).toContain(100);
  });
});
