/**
 * An A/B test built without JSON, in Chromium: "Add variant" opens the new
 * variant for editing, the test's settings card appears with it, an
 * impossible confidence is refused with the setting's own message, and
 * Save stores the automatic test with its start.
 */
import { describe, expect, it } from "vitest";
import { browser, server, svId as sv, tdb, withE2eStack } from "#test/support/e2e-stack";
import { openEditorAsOwner, saveTemplateDraft } from "#test/support/admin-page";
import { loadCtaDocument } from "#app/models/cta.server";
import { AB_TEST_MESSAGES } from "#contract/schema/ab-test";

let ctaId: number;

withE2eStack({
  beforeServer: async () => {
    ctaId = await saveTemplateDraft(tdb.db, sv, { id: "bar-announcement", name: "A/B E2E" });
  },
});

describe("building an A/B test", () => {
  it("Add variant opens the new variant; the automatic test's settings are saved with its start", async () => {
    const admin = await browser.newContext({ viewport: { width: 1280, height: 1000 } });
    const errors: string[] = [];
    const owner = await openEditorAsOwner(admin, server.origin, { websiteId: sv, ctaId, errors });
    expect(await owner.getByText("How the winner is picked").count()).toBe(0);

    await owner.getByRole("button", { name: "Add variant", exact: true }).click();
    await owner.getByRole("heading", { name: "Steps of variant B" }).waitFor();
    expect(await owner.getByRole("button", { name: "Edit variant B" }).getAttribute("aria-pressed")).toBe("true");
    expect(await owner.getByRole("button", { name: "Edit variant A" }).getAttribute("aria-pressed")).toBe("false");

    await owner.getByLabel("How the winner is picked").selectOption("auto");
    const confidence = owner.getByLabel("Confidence", { exact: true });
    await confidence.fill("200");
    await owner.getByRole("button", { name: "Save", exact: true }).click();
    await owner.getByText(AB_TEST_MESSAGES.confidence).first().waitFor();
    expect((await loadCtaDocument(tdb.db, sv, ctaId))!.variants).toHaveLength(1);

    await confidence.fill("99");
    await owner.getByLabel("Minimum views per variant").fill("250");
    await owner.getByRole("button", { name: "Save", exact: true }).click();
    await expect
      .poll(async () => (await loadCtaDocument(tdb.db, sv, ctaId))!.ab_test, { timeout: 30_000 })
      .toMatchObject({ mode: "auto", confidence: 0.99, min_sample_per_variant: 250, min_days: 7 });
    const stored = (await loadCtaDocument(tdb.db, sv, ctaId))!;
    expect(stored.variants.map((v) => [v.variation, v.percentage])).toEqual([
      ["A", 50],
      ["B", 50],
    ]);
    expect(Date.now() - Date.parse(stored.ab_test!.started_at!)).toBeLessThan(120_000);
    await owner.getByText(/^The test started on /).waitFor();
    expect(errors).toEqual([]);
    await admin.close();
  }, 180_000);
});
