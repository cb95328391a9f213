/**
 * The box look in Chromium, without JSON: the owner of the Swedish site
 * gives a top bar's button a dashed border, a large shadow and round corners
 * and the bar itself a border, in the element's and the CTA's Style
 * sections. The preview draws them as they change (computed styles), the
 * stored options are exactly the keys the renderer reads, and after Publish a
 * visitor of the Swedish demo page gets the same look. A background image
 * that is not https is flagged in words. The builder with the controls open
 * is axe-clean in English and in Swedish.
 */
import { describe, expect, it } from "vitest";
import type { FrameLocator, Locator } from "playwright-core";
import { browser, server, svId as sv, tdb } from "#test/support/e2e-stack";
import { seriousViolations, SWEDISH_PHONE } from "#test/support/admin-page";
import { ctaId, ownerPage, pageErrors, withTemplateDraft } from "#test/support/builder-draft";
import { loadCtaDocument } from "#app/models/cta.server";

/** The drawn look of an element, as Chromium computes it. */
const lookOf = (el: Locator) =>
  el.evaluate((node) => {
    const s = getComputedStyle(node);
    return {
      border: `${s.borderTopWidth} ${s.borderTopStyle} ${s.borderTopColor}`,
      radius: s.borderTopLeftRadius,
      shadow: s.boxShadow,
    };
  });

const BUTTON_LOOK = {
  border: "3px dashed rgb(242, 193, 78)",
  radius: "12px",
  shadow: "rgba(0, 0, 0, 0.3) 0px 8px 32px 0px",
};
const BAR_BORDER = "2px solid rgb(242, 193, 78)";

const storedLook = async () => {
  const doc = (await loadCtaDocument(tdb.db, sv, ctaId))!;
  return {
    status: doc.status,
    cta: doc.options,
    button: doc.variants[0].steps[0].sections[0].columns[0].elements[1].options,
  };
};

withTemplateDraft({ id: "bar-announcement", name: "Ram och skugga E2E" });

describe("border, shadow and corners without JSON", () => {
  it("restyles the bar and its button, the preview follows, and the Swedish demo page shows the published look", async () => {
    const admin = await browser.newContext({ viewport: { width: 1280, height: 1000 } });
    const owner = await ownerPage(admin);
    const preview: FrameLocator = owner.frameLocator('iframe[title^="Preview of"]');
    const button = preview.locator("beckon-cta .bk-button");
    await button.waitFor({ timeout: 15_000 });
    expect(await lookOf(button)).toMatchObject({ border: expect.stringMatching(/^0px /), shadow: "none" });

    // The button's own Style section.
    await owner.getByRole("button", { name: /^Edit element 2 / }).click();
    await owner.getByRole("button", { name: "Style of Element 2" }).click();
    await owner.getByLabel("Border style").selectOption("dashed");
    await owner.getByLabel("Border width").fill("3");
    await owner.getByLabel("Border colour", { exact: true }).fill("#f2c14e");
    await owner.getByLabel("Corner radius").fill("12");
    await owner.getByLabel("Shadow").selectOption("large");
    // A background image from a plain http address is flagged before anything is saved.
    await owner.getByLabel("Background image address").fill("http://bilder.example.se/bakgrund.jpg");
    expect(await owner.getByText("Use an https:// address").count()).toBe(1);
    await owner.getByLabel("Background image address").fill("");
    await expect.poll(() => lookOf(button), { timeout: 10_000 }).toEqual(BUTTON_LOOK);
    expect(await seriousViolations(owner)).toEqual([]);

    // The bar's own border, in the CTA's Style section.
    await owner.getByRole("button", { name: "Style of Ram och skugga E2E" }).click();
    const ctaBorder = owner.getByLabel("Border style").first();
    await ctaBorder.selectOption("solid");
    await owner.getByLabel("Border width").first().fill("2");
    await owner.getByLabel("Border colour", { exact: true }).first().fill("#f2c14e");
    const frame = preview.locator("beckon-cta .bk-bar");
    await expect
      .poll(
        () =>
          frame.evaluate((n) => {
            const s = getComputedStyle(n);
            return `${s.borderTopWidth} ${s.borderTopStyle} ${s.borderTopColor}`;
          }),
        { timeout: 10_000 },
      )
      .toBe(BAR_BORDER);
    expect(await seriousViolations(owner)).toEqual([]);

    await owner.getByRole("button", { name: "Publish", exact: true }).click();
    await expect.poll(storedLook, { timeout: 30_000 }).toMatchObject({
      status: "published",
      cta: { "border-style": "solid", "border-width": 2, "border-color": "#f2c14e" },
      button: {
        "border-style": "dashed",
        "border-width": 3,
        "border-color": "#f2c14e",
        "border-radius": 12,
        shadow: "large",
      },
    });
    expect((await storedLook()).button).not.toHaveProperty("background-image");

    // The visitor of the Swedish demo page: the same look, desktop and phone.
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      const visitor = await browser.newContext({ locale: "sv-SE", viewport });
      const page = await visitor.newPage();
      page.on("pageerror", (e) => pageErrors.push(e.message));
      await page.goto(`${server.origin}/demo/sv`);
      const host = page.locator(`beckon-cta[data-beckon-cta="${ctaId}"]`);
      const drawn = host.locator(".bk-button");
      await drawn.waitFor({ timeout: 30_000 });
      await expect.poll(() => lookOf(drawn), { timeout: 10_000 }).toEqual(BUTTON_LOOK);
      expect((await lookOf(host.locator(".bk-bar"))).border).toBe(BAR_BORDER);
      await visitor.close();
    }
    await admin.close();
    expect(pageErrors).toEqual([]);
  }, 240_000);

  it("speaks Swedish to a Swedish owner and stays axe-clean with the controls open, on a phone too", async () => {
    const swedish = await browser.newContext(SWEDISH_PHONE);
    try {
      const owner = await ownerPage(swedish);
      await owner.getByRole("button", { name: /^Redigera element 2 / }).click();
      await owner.getByRole("button", { name: "Stil för Element 2" }).click();
      // The published look is shown in the controls.
      expect(await owner.getByLabel("Ramens stil", { exact: true }).inputValue()).toBe("dashed");
      expect(await owner.getByLabel("Skugga", { exact: true }).inputValue()).toBe("large");
      const shadows = await owner.getByLabel("Skugga", { exact: true }).locator("option").allTextContents();
      expect(shadows).toEqual(["Ingen", "Liten", "Mellan", "Stor"]);
      await owner.getByLabel("Bakgrundsbildens adress", { exact: true }).fill("javascript:alert(1)");
      expect(await owner.getByText("Ange en adress som börjar med https://").count()).toBe(1);
      expect(await seriousViolations(owner)).toEqual([]);
    } finally {
      await swedish.close();
    }
  }, 120_000);
});
