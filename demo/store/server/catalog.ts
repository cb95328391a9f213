/**
 * The local storefront's catalogue: products in Shopify's Ajax shape (cents),
 * loaded from prisma/seed-data/demo-store-products.ts when that module exists
 * (the demo store's products), else from test/fixtures/store.ts. Renders the
 * JSON shapes Shopify serves for the same product: products/{handle}.js and
 * search/suggest.json.
 */
import { existsSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import path from "node:path";

export interface CatalogPriceAdjustment {
  order_count?: number | null;
  position: number;
  value_type: "percentage" | "fixed_amount" | "price";
  value: number;
}

export interface CatalogSellingPlan {
  id: number;
  name: string;
  description: string | null;
  options: { name: string; position: number; value: string }[];
  recurring_deliveries: boolean;
  price_adjustments: CatalogPriceAdjustment[];
}

export interface CatalogSellingPlanGroup {
  id: string;
  name: string;
  options: { name: string; position: number; values: string[] }[];
  selling_plans: CatalogSellingPlan[];
  app_id: string | null;
}

export interface CatalogVariant {
  id: number;
  title: string;
  name: string;
  options: string[];
  sku: string;
  price: number;
  compare_at_price: number | null;
  available: boolean;
  requires_selling_plan: boolean;
  featured_image: string | null;
}

/** The server's product: the Ajax product less what is derived when rendering. */
export interface CatalogProduct {
  id: number;
  handle: string;
  title: string;
  description: string;
  product_type: string;
  vendor: string;
  tags: string[];
  images: string[];
  options: { name: string; position: number; values: string[] }[];
  variants: CatalogVariant[];
  requires_selling_plan: boolean;
  selling_plan_groups: CatalogSellingPlanGroup[];
}

/** Anything shaped like an Ajax product (the seed module's, Shopify's own .js, a fixture). */
export type CatalogProductInput = Omit<Partial<CatalogProduct>, "variants" | "options"> & {
  id: number;
  handle: string;
  title: string;
  type?: string;
  variants: (Partial<CatalogVariant> & {
    id: number;
    price: number;
    option1?: string | null;
    option2?: string | null;
    option3?: string | null;
  })[];
  featured_image?: string | null;
  options?: ({ name: string; position?: number; values?: string[] } | string)[];
};

/** Normalizes an Ajax-shaped product (type or product_type, options as strings or objects, derived names). */
export function toCatalogProduct(raw: CatalogProductInput): CatalogProduct {
  const optionNames = (raw.options ?? []).map((o) => (typeof o === "string" ? o : o.name));
  const variants: CatalogVariant[] = raw.variants.map((v) => {
    const options = v.options ?? [v.option1, v.option2, v.option3].filter((x): x is string => typeof x === "string");
    const title = v.title ?? (options.length ? options.join(" / ") : "Default Title");
    return {
      id: v.id,
      title,
      name: v.name ?? (title === "Default Title" ? raw.title : `${raw.title} - ${title}`),
      options: options.length ? options : ["Default Title"],
      sku: v.sku ?? "",
      price: v.price,
      compare_at_price: v.compare_at_price ?? null,
      available: v.available !== false,
      requires_selling_plan: v.requires_selling_plan ?? raw.requires_selling_plan ?? false,
      featured_image: v.featured_image ?? null,
    };
  });
  const options =
    optionNames.length > 0
      ? (raw.options ?? []).map((o, i) =>
          typeof o === "string" || !o.values
            ? {
                name: typeof o === "string" ? o : o.name,
                position: i + 1,
                values: [...new Set(variants.map((v) => v.options[i]).filter(Boolean))],
              }
            : { name: o.name, position: o.position ?? i + 1, values: o.values },
        )
      : [{ name: "Title", position: 1, values: ["Default Title"] }];
  const images = raw.images ?? (raw.featured_image ? [raw.featured_image] : []);
  return {
    id: raw.id,
    handle: raw.handle,
    title: raw.title,
    description: raw.description ?? "",
    product_type: raw.product_type ?? raw.type ?? "",
    vendor: raw.vendor ?? "",
    tags: raw.tags ?? [],
    images,
    options,
    variants,
    requires_selling_plan: raw.requires_selling_plan ?? false,
    selling_plan_groups: raw.selling_plan_groups ?? [],
  };
}

const here = path.dirname(fileURLToPath(import.meta.url));
export const SEED_PRODUCTS_MODULE = path.resolve(here, "../../../prisma/seed-data/demo-store-products.ts");

function looksLikeCatalog(v: unknown): v is CatalogProductInput[] {
  return (
    Array.isArray(v) &&
    v.length > 0 &&
    v.every((p) => p && typeof p === "object" && "handle" in p && Array.isArray((p as { variants?: unknown }).variants))
  );
}

/** The demo store's products when the seed module exists, else the fixture catalogue. */
export async function loadDefaultCatalog(): Promise<{ products: CatalogProduct[]; from: "seed" | "fixture" }> {
  if (existsSync(SEED_PRODUCTS_MODULE)) {
    try {
      const mod = (await import(/* @vite-ignore */ pathToFileURL(SEED_PRODUCTS_MODULE).href)) as Record<
        string,
        unknown
      >;
      const list = looksLikeCatalog(mod.DEMO_STORE_PRODUCTS)
        ? mod.DEMO_STORE_PRODUCTS
        : Object.values(mod).find(looksLikeCatalog);
      if (list) return { products: list.map(toCatalogProduct), from: "seed" };
    } catch (e) {
      console.warn("[storefront] could not load the seed catalogue, using the fixture:", e);
    }
  }
  const { storeCatalogFixture } = await import("../../../test/fixtures/store");
  return { products: storeCatalogFixture().map(toCatalogProduct), from: "fixture" };
}

// ------------------------------------------------------------------ derived values

export const cheapestVariant = (p: CatalogProduct) =>
  p.variants.reduce((a, b) => (b.price < a.price ? b : a), p.variants[0]);
export const isAvailable = (p: CatalogProduct) => p.variants.some((v) => v.available);
export const featuredImage = (p: CatalogProduct) => p.images[0] ?? null;

/** A selling plan's price for a variant price (cents), the first adjustment applied as Shopify does for one-phase plans. */
export function planPrice(price: number, plan: CatalogSellingPlan): number {
  const a = plan.price_adjustments[0];
  if (!a) return price;
  if (a.value_type === "percentage") return Math.round(price * (1 - a.value / 100));
  if (a.value_type === "fixed_amount") return Math.max(0, price - a.value);
  return a.value;
}

export function findPlan(
  p: CatalogProduct,
  planId: number,
): { group: CatalogSellingPlanGroup; plan: CatalogSellingPlan } | null {
  for (const group of p.selling_plan_groups) {
    const plan = group.selling_plans.find((s) => s.id === planId);
    if (plan) return { group, plan };
  }
  return null;
}

function allocations(p: CatalogProduct, v: CatalogVariant) {
  return p.selling_plan_groups.flatMap((group) =>
    group.selling_plans.map((plan) => {
      const price = planPrice(v.price, plan);
      return {
        price_adjustments: [{ position: 1, price }],
        price,
        compare_at_price: v.price,
        per_delivery_price: price,
        selling_plan_id: plan.id,
        selling_plan_group_id: group.id,
      };
    }),
  );
}

const imageObject = (p: CatalogProduct, src: string, position: number) => ({
  id: p.id * 10 + position,
  product_id: p.id,
  position,
  created_at: "2026-01-05T09:00:00-05:00",
  updated_at: "2026-01-05T09:00:00-05:00",
  alt: p.title,
  width: 800,
  height: 800,
  src,
  variant_ids: [] as number[],
});

/** GET products/{handle}.js; `root` is the store's (Shopify.routes.root), which its product URLs start with. */
export function productJs(p: CatalogProduct, root = "/") {
  const prices = p.variants.map((v) => v.price);
  const compares = p.variants.map((v) => v.compare_at_price ?? 0);
  const cheapest = cheapestVariant(p);
  return {
    id: p.id,
    title: p.title,
    handle: p.handle,
    description: p.description,
    published_at: "2026-01-05T09:00:00-05:00",
    created_at: "2026-01-05T09:00:00-05:00",
    vendor: p.vendor,
    type: p.product_type,
    tags: p.tags,
    price: cheapest.price,
    price_min: Math.min(...prices),
    price_max: Math.max(...prices),
    available: isAvailable(p),
    price_varies: new Set(prices).size > 1,
    compare_at_price: cheapest.compare_at_price,
    compare_at_price_min: Math.min(...compares),
    compare_at_price_max: Math.max(...compares),
    compare_at_price_varies: new Set(compares).size > 1,
    variants: p.variants.map((v) => ({
      ...variantBasics(v),
      featured_image: v.featured_image ? imageObject(p, v.featured_image, 1) : null,
      available: v.available,
      name: v.name,
      public_title: v.title === "Default Title" ? null : v.title,
      options: v.options,
      price: v.price,
      weight: 0,
      compare_at_price: v.compare_at_price,
      inventory_management: "shopify",
      barcode: "",
      requires_selling_plan: v.requires_selling_plan,
      selling_plan_allocations: allocations(p, v),
    })),
    images: p.images,
    featured_image: featuredImage(p),
    options: p.options,
    url: `${root}products/${p.handle}`,
    media: p.images.map((src, i) => ({
      alt: p.title,
      id: p.id * 100 + i,
      position: i + 1,
      media_type: "image",
      src,
      width: 800,
      height: 800,
    })),
    requires_selling_plan: p.requires_selling_plan,
    selling_plan_groups: p.selling_plan_groups,
  };
}

const decimal = (cents: number | null) => (cents === null ? null : (cents / 100).toFixed(2));

/** The fields both Ajax shapes give a variant alike. */
function variantBasics(v: CatalogProduct["variants"][number]) {
  return {
    id: v.id,
    title: v.title,
    option1: v.options[0] ?? null,
    option2: v.options[1] ?? null,
    option3: v.options[2] ?? null,
    sku: v.sku,
    requires_shipping: true,
    taxable: true,
  };
}

/** One product of search/suggest.json's resources.results.products. */
export function suggestProduct(p: CatalogProduct, root = "/") {
  const prices = p.variants.map((v) => v.price);
  const compares = p.variants.map((v) => v.compare_at_price ?? 0);
  const image = featuredImage(p);
  return {
    available: isAvailable(p),
    body: p.description,
    compare_at_price_max: decimal(Math.max(...compares)),
    compare_at_price_min: decimal(Math.min(...compares)),
    handle: p.handle,
    id: p.id,
    image,
    price: decimal(cheapestVariant(p).price),
    price_max: decimal(Math.max(...prices)),
    price_min: decimal(Math.min(...prices)),
    tags: p.tags,
    title: p.title,
    type: p.product_type,
    url: `${root}products/${p.handle}?_pos=1&_sid=local&_ss=r`,
    variants: p.variants.map((v) => ({
      available: v.available,
      compare_at_price: decimal(v.compare_at_price),
      featured_image: null,
      id: v.id,
      image,
      price: decimal(v.price),
      title: v.title,
      url: `${root}products/${p.handle}?variant=${v.id}`,
    })),
    vendor: p.vendor,
    featured_image: { alt: p.title, aspect_ratio: 1, height: 800, url: image, width: 800 },
  };
}

export const slugify = (s: string) =>
  s
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^\w\s-]/g, "")
    .trim()
    .replace(/[\s_]+/g, "-")
    .replace(/-+/g, "-");

/**
 * Collections: "all" and "frontpage" hold every product, each product type and
 * each tag makes one (coffee, brewing, bestseller …), and explicit ones are added
 * or replace those of the same handle.
 */
export function buildCollections(
  products: CatalogProduct[],
  explicit: Record<string, string[]> = {},
): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const add = (handle: string, productHandle: string) => {
    if (!handle) return;
    const list = out.get(handle) ?? [];
    if (!list.includes(productHandle)) list.push(productHandle);
    out.set(handle, list);
  };
  for (const p of products) {
    add("all", p.handle);
    add("frontpage", p.handle);
    add(slugify(p.product_type), p.handle);
    for (const t of p.tags) add(slugify(t), p.handle);
  }
  for (const [handle, list] of Object.entries(explicit)) out.set(handle, [...list]);
  return out;
}

type SearchField = "title" | "product_type" | "variants.title" | "tag" | "vendor" | "body";

/** The words of a query (quoted phrases kept), without OR/AND and parentheses. */
export function queryTerms(q: string): string[] {
  const out: string[] = [];
  for (const m of q.matchAll(/"([^"]*)"|([^\s()]+)/g)) {
    const t = (m[1] ?? m[2] ?? "").trim();
    if (t && t !== "OR" && t !== "AND") out.push(t.toLowerCase());
  }
  return out;
}

/**
 * How well a product matches search terms: the number of terms found (as a
 * substring, case-insensitive) in the given fields. Any term matching is a hit,
 * which is what the widget's answer filter needs.
 */
export function searchScore(p: CatalogProduct, terms: string[], fields: SearchField[]): number {
  const haystacks: string[] = [];
  for (const f of fields) {
    if (f === "title") haystacks.push(p.title);
    else if (f === "product_type") haystacks.push(p.product_type);
    else if (f === "variants.title") haystacks.push(...p.variants.map((v) => v.title));
    else if (f === "tag") haystacks.push(...p.tags);
    else if (f === "vendor") haystacks.push(p.vendor);
    else if (f === "body") haystacks.push(p.description);
  }
  const lower = haystacks.map((h) => h.toLowerCase());
  return terms.filter((t) => lower.some((h) => h.includes(t))).length;
}

export const SUGGEST_FIELDS: SearchField[] = ["title", "product_type", "variants.title", "tag"];

/** Parses the suggest fields parameter ("title,product_type,variants.title,tag"). */
export function parseSuggestFields(param: string | null): SearchField[] {
  if (!param) return ["title", "product_type", "variants.title", "vendor", "tag"];
  const allowed = new Set<SearchField>(["title", "product_type", "variants.title", "tag", "vendor", "body"]);
  return param
    .split(",")
    .map((f) => f.trim() as SearchField)
    .filter((f) => allowed.has(f));
}

/** Related products: same type first, then shared tags, then the rest, in catalogue order. */
export function relatedProducts(products: CatalogProduct[], product: CatalogProduct): CatalogProduct[] {
  const others = products.filter((p) => p.handle !== product.handle);
  const rank = (p: CatalogProduct) =>
    (p.product_type === product.product_type ? 2 : 0) + (p.tags.some((t) => product.tags.includes(t)) ? 1 : 0);
  return others
    .map((p, i) => ({ p, i, r: rank(p) }))
    .sort((a, b) => b.r - a.r || a.i - b.i)
    .map((x) => x.p);
}
