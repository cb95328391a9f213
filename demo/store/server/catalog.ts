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
  const variants: CatalogVariant[] = raw.variants.map((variant) => {
    const options =
      variant.options ??
      [variant.option1, variant.option2, variant.option3].filter((x): x is string => typeof x === "string");
    const title = variant.title ?? (options.length ? options.join(" / ") : "Default Title");
    return {
      id: variant.id,
      title,
      name: variant.name ?? (title === "Default Title" ? raw.title : `${raw.title} - ${title}`),
      options: options.length ? options : ["Default Title"],
      sku: variant.sku ?? "",
      price: variant.price,
      compare_at_price: variant.compare_at_price ?? null,
      available: variant.available !== false,
      requires_selling_plan: variant.requires_selling_plan ?? raw.requires_selling_plan ?? false,
      featured_image: variant.featured_image ?? null,
    };
  });
  const options =
    optionNames.length > 0
      ? (raw.options ?? []).map((option, index) =>
          typeof option === "string" || !option.values
            ? {
                name: typeof option === "string" ? option : option.name,
                position: index + 1,
                values: [...new Set(variants.map((v) => v.options[index]).filter(Boolean))],
              }
            : { name: option.name, position: option.position ?? index + 1, values: option.values },
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

function looksLikeCatalog(value: unknown): value is CatalogProductInput[] {
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every(
      (p) => p && typeof p === "object" && "handle" in p && Array.isArray((p as { variants?: unknown }).variants),
    )
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
  const { storeCatalogFixture } = await import("#test/fixtures/store");
  return { products: storeCatalogFixture().map(toCatalogProduct), from: "fixture" };
}

// ------------------------------------------------------------------ derived values

export const cheapestVariant = (p: CatalogProduct) =>
  p.variants.reduce((a, b) => (b.price < a.price ? b : a), p.variants[0]);
export const isAvailable = (p: CatalogProduct) => p.variants.some((v) => v.available);
export const featuredImage = (p: CatalogProduct) => p.images[0] ?? null;

/** A selling plan's price for a variant price (cents), the first adjustment applied as Shopify does for one-phase plans. */
export function planPrice(price: number, plan: CatalogSellingPlan): number {
  const adjustment = plan.price_adjustments[0];
  if (!adjustment) return price;
  if (adjustment.value_type === "percentage") return Math.round(price * (1 - adjustment.value / 100));
  if (adjustment.value_type === "fixed_amount") return Math.max(0, price - adjustment.value);
  return adjustment.value;
}

export function findPlan(
  product: CatalogProduct,
  planId: number,
): { group: CatalogSellingPlanGroup; plan: CatalogSellingPlan } | null {
  for (const group of product.selling_plan_groups) {
    const plan = group.selling_plans.find((s) => s.id === planId);
    if (plan) return { group, plan };
  }
  return null;
}

function allocations(product: CatalogProduct, variant: CatalogVariant) {
  return product.selling_plan_groups.flatMap((group) =>
    group.selling_plans.map((plan) => {
      const price = planPrice(variant.price, plan);
      return {
        price_adjustments: [{ position: 1, price }],
        price,
        compare_at_price: variant.price,
        per_delivery_price: price,
        selling_plan_id: plan.id,
        selling_plan_group_id: group.id,
      };
    }),
  );
}

const imageObject = (product: CatalogProduct, src: string, position: number) => ({
  id: product.id * 10 + position,
  product_id: product.id,
  position,
  created_at: "2026-01-05T09:00:00-05:00",
  updated_at: "2026-01-05T09:00:00-05:00",
  alt: product.title,
  width: 800,
  height: 800,
  src,
  variant_ids: [] as number[],
});

/** GET products/{handle}.js; `root` is the store's (Shopify.routes.root), which its product URLs start with. */
export function productJs(product: CatalogProduct, root = "/") {
  const prices = product.variants.map((v) => v.price);
  const compares = product.variants.map((v) => v.compare_at_price ?? 0);
  const cheapest = cheapestVariant(product);
  return {
    id: product.id,
    title: product.title,
    handle: product.handle,
    description: product.description,
    published_at: "2026-01-05T09:00:00-05:00",
    created_at: "2026-01-05T09:00:00-05:00",
    vendor: product.vendor,
    type: product.product_type,
    tags: product.tags,
    price: cheapest.price,
    price_min: Math.min(...prices),
    price_max: Math.max(...prices),
    available: isAvailable(product),
    price_varies: new Set(prices).size > 1,
    compare_at_price: cheapest.compare_at_price,
    compare_at_price_min: Math.min(...compares),
    compare_at_price_max: Math.max(...compares),
    compare_at_price_varies: new Set(compares).size > 1,
    variants: product.variants.map((variant) => ({
      ...variantBasics(variant),
      featured_image: variant.featured_image ? imageObject(product, variant.featured_image, 1) : null,
      available: variant.available,
      name: variant.name,
      public_title: variant.title === "Default Title" ? null : variant.title,
      options: variant.options,
      price: variant.price,
      weight: 0,
      compare_at_price: variant.compare_at_price,
      inventory_management: "shopify",
      barcode: "",
      requires_selling_plan: variant.requires_selling_plan,
      selling_plan_allocations: allocations(product, variant),
    })),
    images: product.images,
    featured_image: featuredImage(product),
    options: product.options,
    url: `${root}products/${product.handle}`,
    media: product.images.map((src, index) => ({
      alt: product.title,
      id: product.id * 100 + index,
      position: index + 1,
      media_type: "image",
      src,
      width: 800,
      height: 800,
    })),
    requires_selling_plan: product.requires_selling_plan,
    selling_plan_groups: product.selling_plan_groups,
  };
}

const decimal = (cents: number | null) => (cents === null ? null : (cents / 100).toFixed(2));

/** The fields both Ajax shapes give a variant alike. */
function variantBasics(variant: CatalogProduct["variants"][number]) {
  return {
    id: variant.id,
    title: variant.title,
    option1: variant.options[0] ?? null,
    option2: variant.options[1] ?? null,
    option3: variant.options[2] ?? null,
    sku: variant.sku,
    requires_shipping: true,
    taxable: true,
  };
}

/** One product of search/suggest.json's resources.results.products. */
export function suggestProduct(product: CatalogProduct, root = "/") {
  const prices = product.variants.map((v) => v.price);
  const compares = product.variants.map((v) => v.compare_at_price ?? 0);
  const image = featuredImage(product);
  return {
    available: isAvailable(product),
    body: product.description,
    compare_at_price_max: decimal(Math.max(...compares)),
    compare_at_price_min: decimal(Math.min(...compares)),
    handle: product.handle,
    id: product.id,
    image,
    price: decimal(cheapestVariant(product).price),
    price_max: decimal(Math.max(...prices)),
    price_min: decimal(Math.min(...prices)),
    tags: product.tags,
    title: product.title,
    type: product.product_type,
    url: `${root}products/${product.handle}?_pos=1&_sid=local&_ss=r`,
    variants: product.variants.map((variant) => ({
      available: variant.available,
      compare_at_price: decimal(variant.compare_at_price),
      featured_image: null,
      id: variant.id,
      image,
      price: decimal(variant.price),
      title: variant.title,
      url: `${root}products/${product.handle}?variant=${variant.id}`,
    })),
    vendor: product.vendor,
    featured_image: { alt: product.title, aspect_ratio: 1, height: 800, url: image, width: 800 },
  };
}

export const slugify = (text: string) =>
  text
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
  for (const product of products) {
    add("all", product.handle);
    add("frontpage", product.handle);
    add(slugify(product.product_type), product.handle);
    for (const tag of product.tags) add(slugify(tag), product.handle);
  }
  for (const [handle, list] of Object.entries(explicit)) out.set(handle, [...list]);
  return out;
}

type SearchField = "title" | "product_type" | "variants.title" | "tag" | "vendor" | "body";

/** The words of a query (quoted phrases kept), without OR/AND and parentheses. */
export function queryTerms(query: string): string[] {
  const out: string[] = [];
  for (const match of query.matchAll(/"([^"]*)"|([^\s()]+)/g)) {
    const term = (match[1] ?? match[2] ?? "").trim();
    if (term && term !== "OR" && term !== "AND") out.push(term.toLowerCase());
  }
  return out;
}

/**
 * How well a product matches search terms: the number of terms found (as a
 * substring, case-insensitive) in the given fields. Any term matching is a hit,
 * which is what the widget's answer filter needs.
 */
export function searchScore(product: CatalogProduct, terms: string[], fields: SearchField[]): number {
  const haystacks: string[] = [];
  for (const field of fields) {
    if (field === "title") haystacks.push(product.title);
    else if (field === "product_type") haystacks.push(product.product_type);
    else if (field === "variants.title") haystacks.push(...product.variants.map((v) => v.title));
    else if (field === "tag") haystacks.push(...product.tags);
    else if (field === "vendor") haystacks.push(product.vendor);
    else if (field === "body") haystacks.push(product.description);
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
