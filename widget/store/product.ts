/**
 * Pure mapping into the Product of SPEC 3 from the three shapes the widget
 * meets: Shopify's Ajax product JSON (products/{handle}.js, and tolerantly the
 * products.json / search-suggest shapes whose prices are decimal strings), a
 * Storefront GraphQL Product node, and the adapted headless form.
 */
import { PRODUCT_NOT_FOUND } from "./constants";
import type { BeckonProductFragment } from "./generated/storefront.generated";
import { normalizeRoot, rootPath } from "./paths";
import type {
  Product,
  ProductCatalog,
  ProductOption,
  ProductSourceType,
  ProductVariant,
  SelectedOption,
  SellingPlan,
  SellingPlanPriceAdjustment,
  Subscription,
} from "./types";

/** Cents from an Ajax price: integers are cents already (products/{handle}.js), decimal strings are units (products.json). */
export function toCents(price: unknown): number {
  if (typeof price === "number") return Number.isFinite(price) ? Math.round(price) : 0;
  if (typeof price === "string" && price.trim() !== "") {
    const amount = Number(price);
    return Number.isFinite(amount) ? Math.round(amount * 100) : 0;
  }
  return 0;
}

const centsOrNull = (price: unknown): number | null =>
  price === null || price === undefined || price === "" ? null : toCents(price);

/** Cents from a Storefront MoneyV2 amount ("19.99"). */
export function moneyToCents(money: { amount: string | number } | null | undefined): number | null {
  if (!money) return null;
  const amount = Number(money.amount);
  return Number.isFinite(amount) ? Math.round(amount * 100) : null;
}

type ImageLike = string | { src?: string | null; url?: string | null } | null | undefined;

/** An image URL: protocol-relative CDN URLs get https, objects give src/url. */
export function imageUrl(image: ImageLike): string | null {
  const raw = typeof image === "string" ? image : image ? (image.src ?? image.url ?? null) : null;
  if (!raw) return null;
  return raw.startsWith("//") ? "https:" + raw : raw;
}

// ---------------------------------------------------------------- Ajax

export interface AjaxVariantJson {
  id: number | string;
  title?: string;
  name?: string;
  price?: number | string;
  compare_at_price?: number | string | null;
  available?: boolean;
  featured_image?: ImageLike;
  image?: ImageLike;
  options?: string[];
  option1?: string | null;
  option2?: string | null;
  option3?: string | null;
  position?: number;
}

export interface AjaxSellingPlanJson {
  id: number | string;
  name: string;
  description?: string | null;
  price_adjustments?: { value_type: string; value: number }[];
}

export interface AjaxSellingPlanGroupJson {
  id: number | string;
  name: string;
  selling_plans?: AjaxSellingPlanJson[];
}

/** Shopify's Ajax product (products/{handle}.js), tolerant of the products.json and suggest shapes. */
export interface AjaxProductJson {
  id: number | string;
  handle: string;
  title: string;
  description?: string | null;
  body_html?: string | null;
  body?: string | null;
  type?: string | null;
  product_type?: string | null;
  price?: number | string;
  compare_at_price?: number | string | null;
  available?: boolean;
  images?: ImageLike[];
  featured_image?: ImageLike;
  image?: ImageLike;
  options?: (string | { name: string; values?: string[] })[];
  variants?: AjaxVariantJson[];
  requires_selling_plan?: boolean;
  selling_plan_groups?: AjaxSellingPlanGroupJson[];
  url?: string;
}

export interface MapOptions {
  /** The website currency (Ajax JSON carries none). */
  currency?: string;
  /** The shop root, for redirect_url when the JSON has no url. */
  root?: string;
  source?: ProductSourceType;
}

function variantOptionValues(v: AjaxVariantJson): string[] {
  if (Array.isArray(v.options)) return v.options;
  return [v.option1, v.option2, v.option3].filter((o): o is string => typeof o === "string");
}

const ADJUSTMENT_TYPES = new Set(["percentage", "fixed_amount", "price"]);

function ajaxPlan(plan: AjaxSellingPlanJson): SellingPlan {
  return {
    id: String(plan.id),
    name: plan.name,
    description: plan.description ?? null,
    price_adjustments: (plan.price_adjustments ?? [])
      .filter((a) => ADJUSTMENT_TYPES.has(a.value_type))
      .map((a) => ({ value_type: a.value_type as SellingPlanPriceAdjustment["value_type"], value: a.value })),
  };
}

/** Maps Shopify's Ajax product JSON into the Product of SPEC 3. */
export function fromAjaxProduct(json: AjaxProductJson, opts: MapOptions = {}): Product {
  const currency = opts.currency ?? "";
  const optionNames = (json.options ?? []).map((o) => (typeof o === "string" ? o : o.name));
  const images = (json.images ?? []).map(imageUrl).filter((u): u is string => !!u);
  const featured = imageUrl(json.featured_image ?? json.image) ?? images[0] ?? null;
  const variants: ProductVariant[] = (json.variants ?? []).map((variant) => {
    const values = variantOptionValues(variant);
    const title = variant.title ?? values.join(" / ");
    const selected: SelectedOption[] = values.map((value, i) => ({ name: optionNames[i] ?? `Option ${i + 1}`, value }));
    return {
      id: String(variant.id),
      name: variant.name ?? (title === "Default Title" || !title ? json.title : `${json.title} - ${title}`),
      title,
      price: toCents(variant.price),
      price_currency: currency,
      available: variant.available !== false,
      image: imageUrl(variant.featured_image ?? variant.image) ?? featured,
      selected_options: selected,
      compare_at_price: centsOrNull(variant.compare_at_price),
    };
  });
  const options: ProductOption[] = (json.options ?? []).map((option, index) =>
    typeof option === "string"
      ? {
          name: option,
          values: [...new Set(variants.map((v) => v.selected_options[index]?.value).filter((x): x is string => !!x))],
        }
      : { name: option.name, values: option.values ?? [] },
  );
  const subscriptions: Subscription[] = (json.selling_plan_groups ?? []).map((group) => ({
    id: String(group.id),
    name: group.name,
    sellingPlans: (group.selling_plans ?? []).map(ajaxPlan),
  }));
  const first = variants[0];
  return {
    id: String(json.id),
    handle: json.handle,
    title: json.title,
    type: json.type ?? json.product_type ?? "",
    price: json.price !== undefined ? toCents(json.price) : (first?.price ?? 0),
    compare_at_price:
      json.compare_at_price !== undefined ? centsOrNull(json.compare_at_price) : (first?.compare_at_price ?? null),
    description: json.description ?? json.body_html ?? json.body ?? "",
    image: featured,
    imageList: images.length ? images : featured ? [featured] : [],
    featured_image: featured,
    available: json.available ?? variants.some((v) => v.available),
    options,
    variants,
    subscriptions,
    requires_selling_plan: json.requires_selling_plan === true,
    redirect_url: json.url ?? `${rootPath(normalizeRoot(opts.root))}products/${json.handle}`,
    source: opts.source ?? "manual",
    is_variant: false,
  };
}

// ---------------------------------------------------------------- Storefront GraphQL

/** A selling plan's price adjustment, as the BeckonProduct fragment selects it. */
type StorefrontPriceAdjustment =
  BeckonProductFragment["sellingPlanGroups"]["nodes"][number]["sellingPlans"]["nodes"][number]["priceAdjustments"][number];

function storefrontAdjustment(adjustment: StorefrontPriceAdjustment): SellingPlanPriceAdjustment | null {
  const value = adjustment.adjustmentValue;
  if (value.__typename === "SellingPlanPercentagePriceAdjustment")
    return { value_type: "percentage", value: value.adjustmentPercentage };
  if (value.__typename === "SellingPlanFixedAmountPriceAdjustment")
    return { value_type: "fixed_amount", value: moneyToCents(value.adjustmentAmount) ?? 0 };
  if (value.__typename === "SellingPlanFixedPriceAdjustment")
    return { value_type: "price", value: moneyToCents(value.price) ?? 0 };
  return null;
}

/** Maps a Storefront API Product node, as the BeckonProduct fragment selects it (generated type), into the Product of SPEC 3 (ids stay gids). */
export function fromStorefrontProduct(node: BeckonProductFragment, opts: MapOptions = {}): Product {
  const featured = node.featuredImage?.url ?? node.images?.nodes[0]?.url ?? null;
  const variants: ProductVariant[] = (node.variants?.nodes ?? []).map((variant) => ({
    id: variant.id,
    name: variant.title === "Default Title" ? node.title : `${node.title} - ${variant.title}`,
    title: variant.title,
    price: moneyToCents(variant.price) ?? 0,
    price_currency: variant.price.currencyCode ?? opts.currency ?? "",
    available: variant.availableForSale !== false,
    image: variant.image?.url ?? featured,
    selected_options: variant.selectedOptions ?? [],
    compare_at_price: moneyToCents(variant.compareAtPrice),
  }));
  const first = variants[0];
  const imageList = (node.images?.nodes ?? []).map((i) => i.url);
  return {
    id: node.id,
    handle: node.handle,
    title: node.title,
    type: node.productType ?? "",
    price: moneyToCents(node.priceRange?.minVariantPrice) ?? first?.price ?? 0,
    // compareAtPriceRange says 0.0 when nothing is on sale.
    compare_at_price: first ? first.compare_at_price : moneyToCents(node.compareAtPriceRange?.minVariantPrice) || null,
    description: node.descriptionHtml ?? node.description ?? "",
    image: featured,
    imageList: imageList.length ? imageList : featured ? [featured] : [],
    featured_image: featured,
    available: node.availableForSale ?? variants.some((v) => v.available),
    options: (node.options ?? []).map((o) => ({ name: o.name, values: (o.optionValues ?? []).map((v) => v.name) })),
    variants,
    subscriptions: (node.sellingPlanGroups?.nodes ?? []).map((group) => ({
      id: group.name,
      name: group.name,
      sellingPlans: group.sellingPlans.nodes.map((plan) => ({
        id: plan.id,
        name: plan.name,
        description: plan.description ?? null,
        price_adjustments: (plan.priceAdjustments ?? [])
          .map(storefrontAdjustment)
          .filter((x): x is SellingPlanPriceAdjustment => !!x),
      })),
    })),
    requires_selling_plan: node.requiresSellingPlan === true,
    redirect_url: node.onlineStoreUrl ?? `${rootPath(normalizeRoot(opts.root))}products/${node.handle}`,
    source: opts.source ?? "manual",
    is_variant: false,
  };
}

// ---------------------------------------------------------------- headless

export interface HeadlessVariantInput {
  id: string | number;
  title?: string;
  price: number;
  discountedPrice?: number | null;
  position?: number;
  toBeDeleted?: boolean;
  image?: string | null;
  selectedOptions?: SelectedOption[];
}

/** A product as a headless site hands it over (no store API behind it). */
export interface HeadlessProductInput {
  id: string | number;
  handle?: string;
  title: string;
  type?: string;
  description?: string;
  price: number;
  discountedPrice?: number | null;
  image?: string | null;
  images?: string[];
  options?: ProductOption[];
  variants?: HeadlessVariantInput[];
  url?: string;
  currency?: string;
}

/**
 * The adapted headless form, exactly as SPEC 3 states it: available is always
 * true; price is the discounted price if present; compare_at_price is then 100
 * times that price; variants are sorted by position and those marked toBeDeleted
 * are left out. (Taken literally: compare_at_price = 100 × price, the same rule
 * for each variant.)
 */
export function adaptHeadlessProduct(input: HeadlessProductInput): Product {
  const currency = input.currency ?? "";
  const price = input.discountedPrice ?? input.price;
  const image = input.image ?? input.images?.[0] ?? null;
  const variants: ProductVariant[] = (input.variants ?? [])
    .filter((v) => !v.toBeDeleted)
    .map((v, i) => ({ v, pos: v.position ?? i }))
    .sort((a, b) => a.pos - b.pos)
    .map(({ v: variant }) => {
      const vPrice = variant.discountedPrice ?? variant.price;
      const title = variant.title ?? "";
      return {
        id: String(variant.id),
        name: title ? `${input.title} - ${title}` : input.title,
        title,
        price: vPrice,
        price_currency: currency,
        available: true,
        image: variant.image ?? image,
        selected_options: variant.selectedOptions ?? [],
        compare_at_price: vPrice * 100,
      };
    });
  const handle = input.handle ?? String(input.id);
  return {
    id: String(input.id),
    handle,
    title: input.title,
    type: input.type ?? "",
    price,
    compare_at_price: price * 100,
    description: input.description ?? "",
    image,
    imageList: input.images ?? (image ? [image] : []),
    featured_image: image,
    available: true,
    options: input.options ?? [],
    variants,
    subscriptions: [],
    requires_selling_plan: false,
    redirect_url: input.url ?? "",
    source: "headless",
    is_variant: false,
  };
}

// ---------------------------------------------------------------- helpers

/** The entry for one chosen variant of a product (is_variant), priced and pictured as that variant. */
export function asVariantProduct(product: Product, variantId: string): Product | null {
  const variant = product.variants.find((x) => x.id === variantId || x.id.endsWith("/" + variantId));
  if (!variant) return null;
  return {
    ...product,
    title: variant.name,
    price: variant.price,
    compare_at_price: variant.compare_at_price,
    image: variant.image ?? product.image,
    available: variant.available,
    variants: [variant],
    is_variant: true,
  };
}

/** The variant shown first: the first available one, else the first. */
export function defaultVariant(product: Product): ProductVariant | undefined {
  return product.variants.find((v) => v.available) ?? product.variants[0];
}

/** True when at least one variant can be bought. */
export const hasAvailableVariant = (product: Product): boolean => product.variants.some((v) => v.available);

/** A product by handle, rejecting with "Product not found" (SPEC 8) when the lookup fails. */
export async function requireProduct(catalog: ProductCatalog, handle: string): Promise<Product> {
  const result = await catalog.product(handle);
  if (!result.ok) throw new Error(PRODUCT_NOT_FOUND);
  return result.value;
}
