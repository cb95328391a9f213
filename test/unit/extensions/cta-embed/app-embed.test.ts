/**
 * What the app embed (blocks/app-embed.liquid) puts on a storefront page,
 * rendered with liquidjs and Shopify-like objects: the Liquid facts as inline
 * JSON for a logged-in customer and for a guest, and the one async script
 * that loads the widget through the app proxy once the page has painted. Also the inline CTA app block.
 */
import { describe, expect, it } from "vitest";
import { parseShopContext, SHOP_CONTEXT_ELEMENT_ID, type ShopContext } from "#contract/schema/shop-context";
import { customerMock, shopifyLiquid, storefrontMock, type StorefrontOverrides } from "./shopify-liquid";

const DEFAULT_SETTINGS = {};

async function renderEmbed(over: StorefrontOverrides = {}) {
  const html = await shopifyLiquid().renderFile(
    "app-embed",
    storefrontMock({ ...over, settings: { ...DEFAULT_SETTINGS, ...over.settings } }),
  );
  const m = new RegExp(`<script type="application/json" id="${SHOP_CONTEXT_ELEMENT_ID}">([\\s\\S]*?)</script>`).exec(
    html,
  );
  if (!m) throw new Error(`no shop context in:\n${html}`);
  return { html, json: m[1], context: JSON.parse(m[1]) as ShopContext };
}

const base: Omit<ShopContext, "logged_in"> = {
  v: 1,
  shop: "beckon-demo.myshopify.com",
  shop_url: "https://butik.exempel.se",
  root_url: "/",
  proxy_path: "/apps/beckon",
  cart: { token: "hWN1b2Jp3Q6xYqR8sT2vU4wX?key=abc123", total_price: 64_900, item_count: 2, currency: "SEK" },
  currency: "SEK",
  country: "SE",
  language: "sv",
  page_type: "index",
  product_handle: null,
  product_id: null,
  collection_handle: null,
  design_mode: false,
};

describe("app embed: Liquid facts for the widget", () => {
  it("hands over that a customer is logged in, the cart, currency, country and page", async () => {
    const { context, json } = await renderEmbed({
      customer: customerMock({ phone: "+46701234567" }),
      page_type: "product",
      product: { id: 8_100_200_300, handle: "saljteknik-grundkurs" },
      collection: { handle: "utbildningar" },
    });
    expect(context).toEqual({
      ...base,
      logged_in: true,
      page_type: "product",
      product_handle: "saljteknik-grundkurs",
      product_id: 8_100_200_300,
      collection_handle: "utbildningar",
    });
    // The widget's reader accepts it unchanged.
    expect(parseShopContext(json)).toEqual(context);
  });

  it("hands over no customer for a guest, and an empty cart as zeros", async () => {
    const { context, html } = await renderEmbed({
      cart: { token: null, total_price: 0, item_count: 0 },
      page_type: "collection",
      collection: { handle: "kurser" },
    });
    expect(context).toEqual({
      ...base,
      logged_in: false,
      cart: { token: null, total_price: 0, item_count: 0, currency: "SEK" },
      page_type: "collection",
      collection_handle: "kurser",
    });
    expect(html).not.toContain("anna.svensson");
  });

  it("prints no e-mail, name, phone or customer id of the logged-in customer, whatever the settings", async () => {
    // Distinctive values: any of them anywhere in the markup (JSON, attributes, script) is a leak.
    const customer = customerMock({
      id: 7_412_345_678_901,
      email: "Leak.Check@Exempel.se",
      first_name: "Ingeborg",
      last_name: "Qvarnström",
      phone: "+46 70 765 43 21",
    });
    for (const settings of [{}, { share_customer: true }]) {
      const { context, html } = await renderEmbed({ customer, settings });
      expect(context.logged_in).toBe(true);
      expect(context).not.toHaveProperty("customer");
      for (const secret of ["leak.check", "Leak.Check", "Ingeborg", "Qvarnstr", "765 43 21", "+4670", "7412345678901"])
        expect(html).not.toContain(secret);
    }
  });

  it("uses the visitor's market currency and country", async () => {
    const { context } = await renderEmbed({ country: "NO", currency: "NOK" });
    expect(context).toMatchObject({ country: "NO", currency: "NOK", cart: { currency: "SEK" } });
  });

  it("keeps JSON valid and the script element closed whatever a value holds", async () => {
    const { context } = await renderEmbed({ product: { id: 1, handle: 'x"</script><b>' }, page_type: "product" });
    expect(context.product_handle).toBe('x"</script><b>');
  });

  it("marks the theme editor", async () => {
    expect((await renderEmbed({ design_mode: true })).context.design_mode).toBe(true);
  });

  it("loads the shop's widget script once, async, through the app proxy, after the page has painted", async () => {
    const { html } = await renderEmbed({ customer: customerMock() });
    // No script element with a source in the markup: no parser-inserted, render-blocking or early script.
    expect(html).not.toMatch(/<script\b[^>]*\bsrc=/);
    const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
    expect(inline).toHaveLength(1);
    // Nothing but the JSON and the loader's inline script.
    expect(
      html
        .replace(/<script type="application\/json"[\s\S]*?<\/script>/, "")
        .replace(/<script>[\s\S]*?<\/script>/, "")
        .trim(),
    ).toBe("");

    // Run it as a page would: parsing, then DOMContentLoaded, then a frame (or the next task, once painted).
    const appended: Record<string, unknown>[] = [];
    let onReady: (() => void) | null = null;
    let frame: (() => void) | null = null;
    const timers: (() => void)[] = [];
    const script = () => {
      const attrs: Record<string, unknown> = { parentNode: null };
      return Object.assign(attrs, { setAttribute: (k: string, v: string) => void (attrs[k] = v) });
    };
    const doc = {
      readyState: "loading",
      head: { appendChild: (el: Record<string, unknown>) => void (appended.push(el), (el.parentNode = doc.head)) },
      createElement: script,
      addEventListener: (name: string, fn: () => void) => void (name === "DOMContentLoaded" && (onReady = fn)),
    };
    // `painted`: whether the page's first contentful paint is on record by DOMContentLoaded.
    const run = (painted: boolean) =>
      new Function("document", "requestAnimationFrame", "setTimeout", "performance", inline[0])(
        doc,
        (fn: () => void) => void (frame = fn),
        (fn: () => void) => void timers.push(fn),
        { getEntriesByName: (name: string) => (painted && name === "first-contentful-paint" ? [{ name }] : []) },
      );
    run(false);
    expect(appended).toHaveLength(0);
    onReady!();
    expect(appended).toHaveLength(0);
    frame!();
    for (const t of timers.splice(0)) t();
    expect(appended).toHaveLength(1);
    expect(appended[0]).toMatchObject({
      src: "/apps/beckon/api/websites/shop.js",
      async: true,
      "data-beckon-shop": "beckon-demo.myshopify.com",
    });

    // A page that painted before it was parsed: the task after DOMContentLoaded, no frame to wait for.
    appended.length = 0;
    onReady = frame = null;
    run(true);
    onReady!();
    expect(appended).toHaveLength(0);
    for (const t of timers.splice(0)) t();
    expect(appended).toHaveLength(1);
    expect(frame).toBeNull();
  });
});

describe("inline CTA app block", () => {
  const render = (settings: Record<string, unknown>, over: StorefrontOverrides = {}, locale: "en" | "sv" = "en") =>
    shopifyLiquid(locale).renderFile(
      "inline-cta",
      storefrontMock({ ...over, settings: { min_height: 0, ...settings } }),
    );

  it("places a snippet placeholder for one CTA", async () => {
    const html = await render({ cta_id: 42, min_height: 120 });
    expect(html).toContain('<div class="beckon-cta" data-cta-id="42"></div>');
    expect(html).toContain("min-height: 120px;");
    expect(html).toContain('data-shopify-editor-block="{}"');
    expect(html).not.toContain("data-beckon-area");
  });

  it("names the CTA by the key the app shows with its name: the id before the first dash", async () => {
    expect(await render({ cta: " 42-summer-sale " })).toContain('<div class="beckon-cta" data-cta-id="42"></div>');
    expect(await render({ cta: "7" })).toContain('data-cta-id="7"');
    // The key wins over the older numeric setting, which still works alone.
    expect(await render({ cta: "42-summer-sale", cta_id: 9 })).toContain('data-cta-id="42"');
    expect(await render({ cta: "", cta_id: 9 })).toContain('data-cta-id="9"');
  });

  it("a key that names no CTA places nothing, and only a number ever reaches the page", async () => {
    for (const cta of ["summer-sale", '"><script>alert(1)</script>', "-5-x", "0-zero", "x".repeat(5000)]) {
      const html = await render({ cta });
      expect(html, cta.slice(0, 20)).not.toContain("beckon-cta");
      expect(html).not.toContain("<script>");
    }
    expect(await render({ cta: "nope" }, { design_mode: true })).toContain(
      "Choose a CTA (paste its key from the Beckon app)",
    );
  });

  it("places a marked area when an area name is set", async () => {
    const html = await render({ cta_id: 42, area: " footer " });
    expect(html).toContain('<div data-beckon-area="footer"></div>');
    expect(html).not.toContain("beckon-cta");
  });

  it("escapes the area name", async () => {
    expect(await render({ area: 'x"><script>' })).toContain('data-beckon-area="x&#34;&gt;&lt;script&gt;"');
  });

  it("explains itself in the theme editor only, in the editor's language", async () => {
    expect(await render({ cta_id: 42 })).not.toContain("beckon-inline-block__hint");
    expect(await render({ cta_id: 42 }, { design_mode: true })).toContain("A Beckon CTA appears here for visitors.");
    expect(await render({}, { design_mode: true }, "sv")).toContain(
      "Välj en CTA (klistra in dess nyckel från Beckon-appen) eller ange ett områdesnamn i blockets inställningar.",
    );
  });
});

describe("parseShopContext", () => {
  it("returns null for nothing usable", () => {
    expect(parseShopContext(null)).toBeNull();
    expect(parseShopContext("not json")).toBeNull();
    expect(parseShopContext("[]")).toBeNull();
    expect(parseShopContext('{"v":1}')).toBeNull();
  });

  it("fills gaps with safe defaults and drops a customer object an old theme may still print", () => {
    const c = parseShopContext(
      '{"shop":"x.myshopify.com","logged_in":true,"customer":{"id":5,"email":"Anna@Exempel.SE"},"cart":{"total_price":"12"}}',
    );
    expect(c).not.toHaveProperty("customer");
    expect(c).toMatchObject({
      shop_url: "https://x.myshopify.com",
      proxy_path: "/apps/beckon",
      logged_in: true,
      cart: { token: null, total_price: 0, item_count: 0 },
      currency: "USD",
      page_type: "other",
    });
  });
});
