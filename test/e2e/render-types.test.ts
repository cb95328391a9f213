/**
 * Every CTA type in Chromium, from the seeded site's CTAs (test/fixtures/render):
 * the built renderer is loaded on a fixture page of a fake third-party origin
 * and mounted directly, so these tests need no server. They check the SPEC 9
 * layout constants, focus and keyboard behaviour, axe-core (no serious or
 * critical violations), and isolation both ways under hostile CSS, by computed
 * styles. Needs a widget build (`npx tsx scripts/build-widget.ts`).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchChromium } from "#test/support/chromium";
import { fixtureConfig, fixtureCtas } from "#test/fixtures/render/ctas";
import { mountInPage, openFixture, seriousViolations, SITE } from "#test/fixtures/render/harness";

let browser: Browser;
const ctas = fixtureCtas();
const config = fixtureConfig("http://beckon.localhost");
const VIEWPORT = { width: 1280, height: 800 };
type CtaDoc = (typeof ctas)[string];

/** Where each fixture CTA goes: inline ones into a page area, the others into the body. */
const INTO: Record<string, string | undefined> = {
  "inline-embed": "#area-footer",
  "inline-sidebar": "#area-sidebar",
  "inline-bumper": "#area-bumper",
  elements: "#area-main",
};

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

/** `cta`: instead of the fixture's CTA of that name. */
type OpenOptions = { hostile?: boolean; path?: string; teaser?: boolean; viewport?: typeof VIEWPORT; cta?: CtaDoc };

async function open(
  name: string,
  opts: OpenOptions = {},
): Promise<{ page: Page; context: BrowserContext; errors: string[] }> {
  const context = await browser.newContext({ viewport: opts.viewport ?? VIEWPORT, locale: "sv-SE" });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await openFixture(page, { hostile: opts.hostile, path: opts.path });
  await mountInPage(page, { cta: opts.cta ?? ctas[name], config, into: INTO[name], teaser: opts.teaser });
  return { page, context, errors };
}

const rect = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => el.getBoundingClientRect().toJSON() as DOMRect);
const shadowActive = (page: Page) =>
  page.evaluate(() => {
    let a: Element | null = document.activeElement;
    while (a?.shadowRoot?.activeElement) a = a.shadowRoot.activeElement;
    return a ? a.tagName.toLowerCase() + (a.className ? "." + String(a.className).split(" ").join(".") : "") : null;
  });

describe("each CTA type, drawn from the seeded CTAs", () => {
  it("inline embed, sidebar (≤ 310 px) and bumper (≤ 900 px) fill their page areas without taking focus", async () => {
    for (const [name, max] of [
      ["inline-embed", Infinity],
      ["inline-sidebar", 310],
      ["inline-bumper", 900],
    ] as const) {
      const { page, context, errors } = await open(name);
      const frame = await rect(page, ".bk-frame");
      expect(frame.width, name).toBeGreaterThan(200);
      expect(frame.width, name).toBeLessThanOrEqual(max);
      expect(await page.locator(`${INTO[name]} beckon-cta`).count()).toBe(1);
      expect(await page.locator(".bk-frame").getAttribute("role")).toBe("region");
      expect(await shadowActive(page)).toMatch(/^body/);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it("overlay boxed: a modal with 4% margins and a 25 px close button; focus is trapped and comes back on Escape", async () => {
    const { page, context, errors } = await open("overlay-boxed");
    await page.locator("#host-button").focus();
    // Remount now that the page had focus somewhere, to see it come back.
    await page.evaluate(() => (window as unknown as { __mounted: { unmount(): void }[] }).__mounted.pop()!.unmount());
    await page.evaluate(() => document.querySelectorAll("beckon-cta").forEach((h) => h.remove()));
    await page.locator("#host-button").focus();
    await mountInPage(page, { cta: ctas["overlay-boxed"], config });
    const backdrop = await rect(page, ".bk-backdrop");
    expect(backdrop).toMatchObject({ x: 0, y: 0, width: VIEWPORT.width, height: VIEWPORT.height });
    const box = await rect(page, ".bk-boxed");
    expect(box.x).toBeGreaterThanOrEqual(VIEWPORT.width * 0.04 - 1);
    expect(box.y).toBeGreaterThanOrEqual(VIEWPORT.height * 0.04 - 1);
    expect(box.y + box.height).toBeLessThanOrEqual(VIEWPORT.height * 0.96 + 1);
    const close = await rect(page, ".bk-close");
    expect([close.width, close.height]).toEqual([25, 25]);
    expect(await page.locator(".bk-boxed").getAttribute("aria-modal")).toBe("true");
    expect(await page.locator(".bk-boxed").getAttribute("aria-labelledby")).toBeTruthy();
    expect(await shadowActive(page)).toBe("div.bk-frame.bk-boxed");
    // Tab cycles inside the dialog only.
    const seen = new Set<string>();
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press("Tab");
      seen.add((await shadowActive(page))!);
    }
    expect([...seen].every((s) => !s.startsWith("button#") && s !== "body" && s !== "input#host-input")).toBe(true);
    expect(seen.has("button.bk-close")).toBe(true);
    expect(seen.has("input")).toBe(true);
    await page.keyboard.press("Escape");
    expect(
      await page.evaluate(
        () => (window as unknown as { __calls: unknown[][] }).__calls.filter((c) => c[0] === "close").length,
      ),
    ).toBe(1);
    await page.evaluate(() => (window as unknown as { __mounted: { unmount(): void }[] }).__mounted.pop()!.unmount());
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("host-button");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("overlay splash covers the window", async () => {
    const { page, context } = await open("overlay-splash");
    expect(await rect(page, ".bk-splash")).toMatchObject({
      x: 0,
      y: 0,
      width: VIEWPORT.width,
      height: VIEWPORT.height,
    });
    await context.close();
  });

  it("hooks: vertical 310 px, horizontal 500 px, full width; never modal, focus stays on the page", async () => {
    for (const [name, width] of [
      ["hook-vertical", 310],
      ["hook-horizontal", 500],
      ["hook-full", VIEWPORT.width],
    ] as const) {
      const { page, context } = await open(name);
      const hook = await rect(page, ".bk-hook");
      expect(hook.width, name).toBe(width);
      expect(Math.round(hook.y + hook.height), name).toBeLessThanOrEqual(VIEWPORT.height);
      expect(await page.locator(".bk-hook").getAttribute("aria-modal")).toBeNull();
      expect(await shadowActive(page)).toMatch(/^body/);
      await context.close();
    }
  });

  it("on a 390 px phone: vertical and horizontal hooks are a compact corner card; the full hook is the bottom sheet", async () => {
    const phone = { width: 390, height: 844 };
    const corners = [
      ["hook-vertical", false],
      ["hook-horizontal", true],
    ] as const;
    for (const [name, left] of corners) {
      const cta = { ...ctas[name], options: { ...ctas[name].options, "hook-position": left ? "left" : "right" } };
      const { page, context } = await open(name, { viewport: phone, cta });
      const hook = await rect(page, ".bk-hook");
      expect(hook.width, name).toBe(280);
      expect(hook.height, name).toBeLessThanOrEqual(phone.height * 0.6 + 1);
      expect(Math.round(hook.y + hook.height), name).toBe(phone.height - 12);
      expect(Math.round(left ? hook.x : phone.width - hook.x - hook.width), name).toBe(12);
      await context.close();
    }
    const { page, context } = await open("hook-full", { viewport: phone });
    expect(await rect(page, ".bk-hook")).toMatchObject({ x: 0, width: phone.width });
    await context.close();
  });

  it("sticky bar top: fixed at the top and pushing the page down so it covers nothing", async () => {
    const { page, context } = await open("bar-top");
    const bar = await rect(page, ".bk-bar");
    expect(bar.y).toBe(0);
    expect(bar.width).toBe(VIEWPORT.width);
    const header = await rect(page, "#site-header");
    expect(header.y).toBeGreaterThanOrEqual(bar.height - 1);
    // The countdown (a chunk) and the link button are in the bar.
    await page.locator(".bk-bar .bk-timer").waitFor();
    expect(await page.locator(".bk-bar .bk-button").textContent()).toBe("Anmäl dig gratis");
    // Scrolled, it stays on top.
    await page.mouse.wheel(0, 600);
    // Once the scroll has landed (where the page can go that far).
    await page.waitForFunction(
      () => Math.abs(window.scrollY - Math.min(600, document.documentElement.scrollHeight - innerHeight)) < 1,
      undefined,
      { timeout: 5_000 },
    );
    expect((await rect(page, ".bk-bar")).y).toBe(0);
    await context.close();
  });

  it("sticky bar bottom: fixed at the bottom; at the end of the page the last content sits above it", async () => {
    const { page, context } = await open("bar-bottom");
    const bar = await rect(page, ".bk-bar");
    expect(Math.round(bar.y + bar.height)).toBe(VIEWPORT.height);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    // Scrolled to the end, the page's last line ends above the bar (once the scroll has landed).
    await expect
      .poll(async () => {
        const footer = await rect(page, "#footer-text");
        return footer.y + footer.height <= (await rect(page, ".bk-bar")).y + 1;
      })
      .toBe(true);
    await context.close();
  });

  it("page: sets the title and scrolls to the element of the URL hash (SPEC: after 500 ms)", async () => {
    const { page, context } = await open("page", { path: "/e-bok#anmalan" });
    expect(await page.title()).toBe("7 steg till fler avslut – gratis e-bok | Säljakademin");
    await expect.poll(async () => Math.abs((await rect(page, "#anmalan")).y) < 5, { timeout: 5_000 }).toBe(true);
    expect(await page.locator(".bk-close").count()).toBe(0);
    await context.close();
  });

  it("two-tap: a teaser first, then the popup", async () => {
    const { page, context } = await open("two-tap", { teaser: true });
    expect(await page.locator(".bk-teaser").textContent()).toContain("Vill du ha vår e-bok gratis?");
    expect(await page.locator(".bk-boxed").count()).toBe(0);
    await page.locator(".bk-teaser .bk-button").click();
    await page.locator(".bk-boxed").waitFor();
    expect(await page.locator(".bk-boxed input[type=email]").count()).toBe(1);
    await context.close();
  });
});

describe("accessibility (axe-core)", () => {
  for (const name of Object.keys(ctas)) {
    it(`${name}: no serious or critical violations`, async () => {
      const { page, context } = await open(name, { teaser: false });
      if (name === "elements") await page.locator(".bk-carousel").waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await context.close();
    });
  }

  it("two-tap teaser: no serious or critical violations", async () => {
    const { page, context } = await open("two-tap", { teaser: true });
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it("a form showing its errors: no serious or critical violations", async () => {
    const { page, context } = await open("overlay-boxed");
    await page.locator(".bk-boxed button[type=submit]").click();
    await page.locator(".bk-boxed .bk-error").first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});

describe("isolation", () => {
  // Not font-family: a CTA that names no font takes the page's on purpose (tested below).
  const PROPS = [
    "display",
    "position",
    "font-size",
    "font-weight",
    "font-style",
    "line-height",
    "letter-spacing",
    "text-transform",
    "text-align",
    "text-decoration-line",
    "color",
    "background-color",
    "margin-top",
    "margin-left",
    "padding-top",
    "padding-left",
    "border-top-width",
    "border-top-style",
    "border-top-color",
    "border-radius",
    "box-sizing",
    "opacity",
    "visibility",
    "cursor",
    "outline-style",
    "transform",
    "filter",
  ];
  const PARTS = [
    ".bk-frame",
    "h2",
    "p",
    "label",
    "input[type=email]",
    "input[type=checkbox]",
    "button[type=submit]",
    ".bk-close",
    ".bk-powered",
  ];

  /** Computed styles of the CTA's parts, looked up inside its shadow root, plus its host's. */
  const ctaStyles = (page: Page): Promise<Record<string, Record<string, string> | null>> =>
    page.evaluate(
      ({ parts, props }) => {
        const host = document.querySelector("beckon-cta")!;
        const pick = (el: Element | null) => {
          if (!el) return null;
          const cs = getComputedStyle(el);
          return Object.fromEntries(props.map((p) => [p, cs.getPropertyValue(p)]));
        };
        return {
          host: pick(host),
          ...Object.fromEntries(parts.map((s) => [s, pick(host.shadowRoot!.querySelector(s))])),
        };
      },
      { parts: PARTS, props: PROPS },
    );

  it("hostile page CSS (resets and !important everywhere, on the host tag too) does not change a CTA's look, but for the page font it takes by design", async () => {
    for (const name of ["overlay-boxed", "inline-embed"]) {
      const clean = await open(name);
      const hostile = await open(name, { hostile: true });
      const a = await ctaStyles(clean.page);
      const b = await ctaStyles(hostile.page);
      // The page did apply its rules to its own elements.
      expect(await hostile.page.locator("#intro").evaluate((el) => getComputedStyle(el).color)).toBe("rgb(255, 0, 0)");
      for (const part of Object.keys(a)) expect(b[part], `${name} ${part}`).toEqual(a[part]);
      expect(a[".bk-frame"]).not.toBeNull();
      // The one thing a CTA that names no font takes from the page: its font family, in every text part, the close
      // button's glyph included (a family of its own cost the first layout a font lookup).
      for (const [page, family] of [
        [clean.page, "Georgia, serif"],
        [hostile.page, '"Comic Sans MS", cursive'],
      ] as const) {
        expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toBe(family);
        const families = await page.evaluate((parts) => {
          const root = document.querySelector("beckon-cta")!.shadowRoot!;
          return parts.map((s) => [s, root.querySelector(s) && getComputedStyle(root.querySelector(s)!).fontFamily]);
        }, PARTS);
        for (const [part, got] of families) if (got) expect(got, `${name} ${part}`).toBe(family);
      }
      // The overlay sits in the same place on both pages.
      if (name === "overlay-boxed")
        expect(await rect(hostile.page, ".bk-boxed")).toEqual(await rect(clean.page, ".bk-boxed"));
      await clean.context.close();
      await hostile.context.close();
    }
  });

  it("a CTA's CSS, its custom CSS included, does not change the host page", async () => {
    const context = await browser.newContext({ viewport: VIEWPORT });
    const page = await context.newPage();
    await openFixture(page);
    const pageStyles = () =>
      page.evaluate((props) => {
        const ids = [
          "site-header",
          "page-title",
          "intro",
          "intro-link",
          "host-input",
          "host-button",
          "article",
          "site-footer",
          "footer-text",
        ];
        return Object.fromEntries(
          [
            ["html", document.documentElement] as const,
            ["body", document.body] as const,
            ...ids.map((id) => [id, document.getElementById(id)!] as const),
          ].map(([k, el]) => {
            const cs = getComputedStyle(el);
            return [k, Object.fromEntries(props.map((p) => [p, cs.getPropertyValue(p)]))];
          }),
        );
      }, PROPS);
    const before = await pageStyles();
    const hostile = {
      ...ctas["inline-embed"],
      options: {
        ...ctas["inline-embed"].options,
        css: "*{color:red!important;font-size:40px!important} body,html{background:black!important} p{display:none} h1{letter-spacing:9px}",
      },
    };
    await mountInPage(page, { cta: hostile, config, into: "#area-footer" });
    await mountInPage(page, { cta: ctas["overlay-boxed"], config });
    // The custom CSS does apply inside the CTA.
    expect(
      await page
        .locator("#area-footer beckon-cta p")
        .first()
        .evaluate((el) => getComputedStyle(el).display),
    ).toBe("none");
    expect(await pageStyles()).toEqual(before);
    await context.close();
  });
});

describe("behaviour in the browser", () => {
  it("submits the seeded exit popup's form through the runtime with the payload of SPEC 3", async () => {
    const { page, context } = await open("overlay-boxed");
    await page.locator(".bk-boxed input[name=name]").fill("Anna");
    await page.locator(".bk-boxed input[name=email]").fill("Anna@Exempel.SE");
    await page.locator(".bk-boxed button[type=submit]").click();
    await page.locator(".bk-boxed .bk-error").first().waitFor();
    // The seeded consent is required.
    await page.locator(".bk-boxed input[name=marketing_consent]").check();
    await page.locator(".bk-boxed button[type=submit]").click();
    await expect.poll(() => page.locator(".bk-boxed [role=status]").textContent()).toMatch(/^Tack! E-boken är på väg/);
    const calls = await page.evaluate(() => (window as unknown as { __calls: [string, ...unknown[]][] }).__calls);
    const contact = calls.find((c) => c[0] === "contact")![1] as Record<string, unknown>;
    expect(contact).toMatchObject({
      email: "anna@exempel.se",
      name: "Anna",
      marketing_consent: true,
      cta_id: ctas["overlay-boxed"].id,
      contactable_type: "Cta",
    });
    expect(calls.filter((c) => c[0] === "dispatch").map((c) => c[1])).toEqual(["cfSubmit", "cfConversion"]);
    await context.close();
  });

  it("overlays fade in and hooks slide in, and neither moves under reduced motion", async () => {
    for (const reducedMotion of ["no-preference", "reduce"] as const) {
      const context = await browser.newContext({ viewport: VIEWPORT, reducedMotion });
      const page = await context.newPage();
      await openFixture(page);
      await mountInPage(page, { cta: ctas["hook-vertical"], config });
      await mountInPage(page, { cta: ctas["overlay-boxed"], config });
      const hook = await page.locator(".bk-hook").evaluate((el) => getComputedStyle(el).animationName);
      const backdrop = await page.locator(".bk-backdrop").evaluate((el) => getComputedStyle(el).animationName);
      expect([hook, backdrop]).toEqual(reducedMotion === "reduce" ? ["none", "none"] : ["bk-in", "bk-fade"]);
      await context.close();
    }
  });

  it("lazily loads element chunks only when a CTA shows them", async () => {
    const context = await browser.newContext({ viewport: VIEWPORT });
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on(
      "request",
      (r) => r.url().startsWith(`${SITE}/widget/`) && scripts.push(r.url().replace(`${SITE}/widget/`, "")),
    );
    await openFixture(page);
    await mountInPage(page, { cta: ctas["overlay-boxed"], config });
    expect(scripts.filter((s) => /Element|Frame/.test(s))).toEqual([]);
    await mountInPage(page, { cta: ctas.elements, config, into: "#area-main" });
    await page.locator(".bk-carousel").waitFor();
    await page.locator(".bk-timer").waitFor();
    expect(scripts.some((s) => s.startsWith("beckon-CarouselElement-"))).toBe(true);
    expect(scripts.some((s) => s.startsWith("beckon-TimerElement-"))).toBe(true);
    await context.close();
  });
});
