/**
 * The owner restyles a sticky bar without JSON: opens the CTA's Style
 * section, picks a button colour and a button text colour that do not
 * contrast, sees the WCAG AA warning, fixes the pair, saves, and the bar in
 * the preview frame draws its button in the chosen colours (computed styles)
 * with at least AA contrast. The editor stays axe-clean with the controls and
 * the warning showing. A first-time owner builds a sticky bar from a template
 * the same way, picking the site's brand colours from their swatches, and a
 * visitor of the Swedish demo page gets its button in colours that pass AA.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext, FrameLocator, Page } from "playwright-core";
import { browser, server, svId as sv, tdb, withE2eStack } from "#test/support/e2e-stack";
import { hydrated, seriousViolations, logInAsOwner } from "#test/support/admin-page";
import { contrastRatio } from "#app/view/contrast";

let admin: BrowserContext;
let owner: Page;

const BAR = "Webbinariebar – topp";

/** rgb(r, g, b) as #rrggbb. */
const hexOf = (rgb: string) =>
  "#" +
  (rgb.match(/\d+/g) ?? [])
    .slice(0, 3)
    .map((n) => Number(n).toString(16).padStart(2, "0"))
    .join("");

/** The computed button colours of the bar in the preview. */
async function buttonColours(preview: FrameLocator): Promise<{ background: string; color: string }> {
  const { background, color } = await preview
    .locator("beckon-cta .bk-button")
    .first()
    .evaluate((el) => ({ background: getComputedStyle(el).backgroundColor, color: getComputedStyle(el).color }));
  return { background: hexOf(background), color: hexOf(color) };
}

withE2eStack();

beforeAll(async () => {
  admin = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  owner = await admin.newPage();
  await logInAsOwner(owner, server.origin);
});

afterAll(async () => {
  await admin?.close();
});

describe("styling a bar without JSON", () => {
  it("warns about a poor button pair, saves the fixed one, and the preview draws it with AA contrast", async () => {
    const errors: string[] = [];
    owner.on("pageerror", (e) => errors.push(e.message));
    const bar = await tdb.db.cta.findFirstOrThrow({ where: { websiteId: sv, name: BAR } });
    await owner.goto(`${server.origin}/owner/websites/${sv}/ctas/${bar.id}`);
    await hydrated(owner);
    const preview = owner.frameLocator('iframe[title^="Preview of"]');
    await preview.locator("beckon-cta .bk-button").first().waitFor({ timeout: 15_000 });

    // The JSON box is hidden until asked for; the Style section is collapsed.
    expect(await owner.getByLabel("All CTA options (JSON)").count()).toBe(0);
    expect(await owner.getByLabel("Button colour picker").count()).toBe(0);
    await owner.getByRole("button", { name: `Style of ${BAR}` }).click();

    // Dark text on dark blue: the warning names the ratio.
    await owner.getByLabel("Button colour picker").fill("#1d3a8a");
    await owner.getByLabel("Button text colour picker").fill("#1d2530");
    expect(await owner.getByLabel("Button colour", { exact: true }).inputValue()).toBe("#1d3a8a");
    const warning = owner.getByText(
      /^Button text on button: contrast \d\.\d:1 — below 4\.5:1 \(WCAG AA\); visitors may not read this$/,
    );
    await expect.poll(() => warning.count()).toBe(1);
    const shown = Number(/contrast (\d\.\d):1/.exec((await warning.textContent())!)![1]);
    expect(shown).toBeLessThan(2);
    // The preview follows the unsaved pair.
    await expect
      .poll(() => buttonColours(preview), { timeout: 10_000 })
      .toEqual({ background: "#1d3a8a", color: "#1d2530" });
    expect(await seriousViolations(owner)).toEqual([]);

    // Fixed with a light text colour typed into the hex field: the warning goes.
    await owner.getByLabel("Button text colour", { exact: true }).fill("#fff8e1");
    await expect.poll(() => warning.count()).toBe(0);
    expect(await owner.getByLabel("Button text colour picker").inputValue()).toBe("#fff8e1");

    // A button the colour of its bar is flagged too, though its text reads: it is not seen as a button.
    const background = owner.getByLabel("Background colour", { exact: true });
    const before = await background.inputValue();
    const melted = owner.getByText(
      /^Button on background: contrast 1\.0:1 — below 3:1 \(WCAG AA for buttons\); visitors may not see there is a button$/,
    );
    await background.fill("#1d3a8a");
    await expect.poll(() => melted.count()).toBe(1);
    await background.fill(before);
    await expect.poll(() => melted.count()).toBe(0);

    // The bar is live: Save keeps the pair as unpublished changes, Publish changes puts it live.
    await owner.getByRole("button", { name: "Save", exact: true }).click();
    await expect
      .poll(
        async () =>
          ((await tdb.db.cta.findUniqueOrThrow({ where: { id: bar.id } })).draft as { options?: unknown } | null)
            ?.options,
        { timeout: 10_000 },
      )
      .toMatchObject({ "button-color": "#1d3a8a", "button-text-color": "#fff8e1" });
    await owner.getByRole("button", { name: "Publish changes" }).click();
    await expect
      .poll(async () => (await tdb.db.cta.findUniqueOrThrow({ where: { id: bar.id } })).options, { timeout: 10_000 })
      .toMatchObject({ "button-color": "#1d3a8a", "button-text-color": "#fff8e1" });

    // After a reload the saved CTA draws the chosen colours, readable at AA.
    await owner.reload();
    await hydrated(owner);
    await preview.locator("beckon-cta .bk-button").first().waitFor({ timeout: 15_000 });
    // Polled: the frame draws the CTA again once the editor says hello, and a button read mid-redraw has no style.
    await expect
      .poll(() => buttonColours(preview), { timeout: 10_000 })
      .toEqual({ background: "#1d3a8a", color: "#fff8e1" });
    const colours = await buttonColours(preview);
    expect(contrastRatio(colours.color, colours.background)).toBeGreaterThanOrEqual(4.5);
    expect(errors).toEqual([]);
  });

  it("refuses a misspelled option typed into the Advanced JSON box, naming the key", async () => {
    const bar = await tdb.db.cta.findFirstOrThrow({ where: { websiteId: sv, name: BAR } });
    await owner.goto(`${server.origin}/owner/websites/${sv}/ctas/${bar.id}`);
    await hydrated(owner);
    await owner.getByRole("button", { name: `Advanced options of ${BAR} as JSON` }).click();
    const json = owner.getByLabel("All CTA options (JSON)");
    const current = JSON.parse(await json.inputValue()) as Record<string, unknown>;
    await json.fill(JSON.stringify({ ...current, "text-colr": "#000000" }));
    await owner.getByRole("button", { name: "Save", exact: true }).click();
    await expect
      .poll(() => owner.getByText('Unknown option "text-colr" (did you mean "text-color"?)').count(), {
        timeout: 10_000,
      })
      .toBeGreaterThan(0);
    expect((await tdb.db.cta.findUniqueOrThrow({ where: { id: bar.id } })).options).not.toHaveProperty("text-colr");
  });
});

describe("a sticky bar built from a template", () => {
  it("gets a button whose colours pass AA, in a few clicks and without JSON, and the demo page shows it so", async () => {
    let clicks = 0;
    const click = async (l: ReturnType<Page["getByRole"]>) => {
      clicks++;
      await l.click();
    };
    await owner.goto(`${server.origin}/owner/websites/${sv}/ctas/new`);
    await hydrated(owner);
    await click(owner.getByRole("button", { name: "Use template: Nyhetsbar" }));
    await Promise.all([owner.waitForURL(/\/ctas\/\d+$/), click(owner.getByRole("button", { name: "Create draft" }))]);
    const ctaId = Number(/\/ctas\/(\d+)$/.exec(owner.url())![1]);
    await hydrated(owner);
    await click(owner.getByRole("button", { name: "Style of Nyhetsbar" }));
    // The site's brand colours are offered beside each colour field: the button takes the brand's secondary colour
    // with one click, and a first guess of white text on it does not read: the editor says so before anything is saved.
    await click(owner.getByRole("button", { name: "Use the brand colour Secondary (#f2a900) for Button colour" }));
    expect(await owner.getByLabel("Button colour", { exact: true }).inputValue()).toBe("#f2a900");
    await owner.getByLabel("Button text colour", { exact: true }).fill("#ffffff");
    const warning = owner.getByText(/^Button text on button: contrast \d\.\d:1 — below 4\.5:1 \(WCAG AA\)/);
    await expect.poll(() => warning.count()).toBe(1);
    expect(await seriousViolations(owner)).toEqual([]);
    await click(owner.getByRole("button", { name: "Use the brand colour Text (#1d2530) for Button text colour" }));
    await expect.poll(() => warning.count()).toBe(0);
    const pressed = owner.getByRole("button", { name: "Use the brand colour Text (#1d2530) for Button text colour" });
    expect(await pressed.getAttribute("aria-pressed")).toBe("true");
    await click(owner.getByRole("button", { name: "Publish", exact: true }));
    await expect
      .poll(() => owner.getByText("Published: visitors see this version").count(), { timeout: 30_000 })
      .toBe(1);
    expect(clicks).toBeLessThanOrEqual(10);
    const row = await tdb.db.cta.findUniqueOrThrow({ where: { id: ctaId } });
    expect(row).toMatchObject({ status: "published", ctaType: "bar" });
    expect(row.options).toMatchObject({ "button-color": "#f2a900", "button-text-color": "#1d2530" });

    // The visitor: the bar's button is drawn in the chosen pair, at AA or better.
    const visitor = await browser.newContext({ locale: "sv-SE", viewport: { width: 1280, height: 800 } });
    const page = await visitor.newPage();
    await page.goto(`${server.origin}/demo/sv`);
    const button = page.locator(`beckon-cta[data-beckon-cta="${ctaId}"] .bk-button`).first();
    await button.waitFor({ timeout: 30_000 });
    const drawn = await button.evaluate((el) => ({
      background: getComputedStyle(el).backgroundColor,
      color: getComputedStyle(el).color,
    }));
    const colours = { background: hexOf(drawn.background), color: hexOf(drawn.color) };
    expect(colours).toEqual({ background: "#f2a900", color: "#1d2530" });
    expect(contrastRatio(colours.color, colours.background)).toBeGreaterThanOrEqual(4.5);
    await visitor.close();
  }, 240_000);
});
