/**
 * A Shopify-like Liquid environment for rendering the theme app extension's
 * blocks with liquidjs: the tags Shopify has and liquidjs lacks ({% schema %},
 * {% doc %}), a stub asset_url, the t filter over the extension's locale
 * files, and typed factories for the storefront objects.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { Liquid, type TagToken, type TopLevelToken } from "liquidjs";
import { EXTENSION_ROOT } from "#scripts/theme-check";

export const ASSET_BASE = "//cdn.shopify.example/extensions/0000/beckon/assets/";

function lookup(tree: unknown, key: string): unknown {
  return key
    .split(".")
    .reduce<unknown>(
      (node, k) => (node && typeof node === "object" ? (node as Record<string, unknown>)[k] : undefined),
      tree,
    );
}

/** A liquidjs engine that renders blocks/ and snippets/ of the extension the way a storefront would. */
export function shopifyLiquid(locale: "en" | "sv" = "en"): Liquid {
  const engine = new Liquid({
    root: [path.join(EXTENSION_ROOT, "blocks")],
    partials: [path.join(EXTENSION_ROOT, "snippets")],
    extname: ".liquid",
    relativeReference: false,
    strictFilters: true,
  });
  // Shopify's raw-body tags: their content is for the platform, not the page.
  for (const name of ["schema", "doc"]) {
    engine.registerTag(name, {
      parse(_token: TagToken, remainTokens: TopLevelToken[]) {
        while (remainTokens.length) {
          const t = remainTokens.shift() as TagToken;
          if (t.name === `end${name}`) return;
        }
        throw new Error(`tag ${name} not closed`);
      },
      render: () => "",
    });
  }
  engine.registerFilter("asset_url", (file: string) => `${ASSET_BASE}${file}`);
  const file = locale === "en" ? "en.default.json" : `${locale}.json`;
  const translations = JSON.parse(readFileSync(path.join(EXTENSION_ROOT, "locales", file), "utf8"));
  engine.registerFilter("t", (key: string, ...args: [string, unknown][]) => {
    const text = lookup(translations, key);
    if (typeof text !== "string") return `translation missing: ${locale}.${key}`;
    const vars = Object.fromEntries(args);
    return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(vars[name] ?? ""));
  });
  return engine;
}

export interface CustomerMock {
  id: number;
  email: string;
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
}

export const customerMock = (over: Partial<CustomerMock> = {}): CustomerMock => ({
  id: 7_400_000_001,
  email: "anna.svensson@exempel.se",
  first_name: "Anna",
  last_name: "Svensson",
  phone: null,
  ...over,
});

export const cartMock = (over: Record<string, unknown> = {}) => ({
  token: "hWN1b2Jp3Q6xYqR8sT2vU4wX?key=abc123",
  total_price: 64_900,
  item_count: 2,
  currency: { iso_code: "SEK" },
  ...over,
});

export interface StorefrontOverrides {
  customer?: CustomerMock | null;
  cart?: Record<string, unknown>;
  page_type?: string;
  product?: { id: number; handle: string } | null;
  collection?: { handle: string } | null;
  design_mode?: boolean;
  settings?: Record<string, unknown>;
  country?: string;
  currency?: string;
}

/** The globals a storefront page hands a block, with `block.settings` from the overrides. */
export function storefrontMock(over: StorefrontOverrides = {}) {
  return {
    shop: {
      permanent_domain: "beckon-demo.myshopify.com",
      url: "https://butik.exempel.se",
      currency: "SEK",
      name: "Beckon Demo",
    },
    routes: { root_url: "/" },
    customer: over.customer === undefined ? null : over.customer,
    cart: cartMock(over.cart),
    localization: { country: { iso_code: over.country ?? "SE", currency: { iso_code: over.currency ?? "SEK" } } },
    request: {
      locale: { iso_code: "sv" },
      page_type: over.page_type ?? "index",
      design_mode: over.design_mode ?? false,
    },
    product: over.product ?? null,
    collection: over.collection ?? null,
    block: {
      id: "beckon_embed_1",
      settings: { ...over.settings },
      shopify_attributes: 'data-shopify-editor-block="{}"',
    },
  };
}
