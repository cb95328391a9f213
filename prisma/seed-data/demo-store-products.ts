/**
 * The demo store's catalogue in the shape of Shopify's Ajax API product
 * (GET /products/{handle}.js): prices in cents, options with values, variants
 * with option1..3, selling plan groups for subscriptions. The local storefront
 * serves these, so the widget's store adapters run against the documented
 * shape without a real shop. Image paths are relative to the storefront
 * (Shopify serves shop files under /cdn/shop/files/).
 */

export interface AjaxProductOption {
  name: string;
  position: number;
  values: string[];
}

export interface AjaxPriceAdjustment {
  order_count: number | null;
  position: number;
  value_type: "percentage" | "fixed_amount" | "price";
  value: number;
}

export interface AjaxSellingPlan {
  id: number;
  name: string;
  description: string | null;
  options: { name: string; position: number; value: string }[];
  recurring_deliveries: boolean;
  price_adjustments: AjaxPriceAdjustment[];
}

export interface AjaxSellingPlanGroup {
  /** Shopify gives groups string ids and plans numeric ones. */
  id: string;
  name: string;
  options: AjaxProductOption[];
  selling_plans: AjaxSellingPlan[];
  app_id: string | null;
}

export interface AjaxSellingPlanAllocation {
  selling_plan_id: number;
  selling_plan_group_id: string;
  price: number;
  compare_at_price: number;
  per_delivery_price: number;
  price_adjustments: { position: number; price: number }[];
}

export interface AjaxVariant {
  id: number;
  title: string;
  /** "Product title - Variant title", or the product title for a default variant. */
  name: string;
  option1: string | null;
  option2: string | null;
  option3: string | null;
  options: string[];
  sku: string;
  /** Cents. */
  price: number;
  compare_at_price: number | null;
  available: boolean;
  requires_selling_plan: boolean;
  featured_image: string | null;
  selling_plan_allocations: AjaxSellingPlanAllocation[];
}

export interface AjaxProduct {
  id: number;
  handle: string;
  title: string;
  description: string;
  product_type: string;
  vendor: string;
  tags: string[];
  /** Cents: the lowest variant price. */
  price: number;
  compare_at_price: number | null;
  available: boolean;
  images: string[];
  featured_image: string;
  options: AjaxProductOption[];
  variants: AjaxVariant[];
  requires_selling_plan: boolean;
  selling_plan_groups: AjaxSellingPlanGroup[];
}

const VENDOR = "Beckon Roasters";
const image = (handle: string) => `/cdn/shop/files/${handle}.svg`;

interface VariantSpec {
  id: number;
  options: string[];
  sku: string;
  price: number;
  compare_at_price?: number | null;
  available?: boolean;
}

interface ProductSpec {
  id: number;
  handle: string;
  title: string;
  description: string;
  product_type: string;
  tags: string[];
  /** Option names; a product without options gets Shopify's "Title" / "Default Title". */
  optionNames?: string[];
  variants: VariantSpec[];
  sellingPlanGroups?: AjaxSellingPlanGroup[];
  requiresSellingPlan?: boolean;
}

function allocations(price: number, groups: AjaxSellingPlanGroup[]): AjaxSellingPlanAllocation[] {
  return groups.flatMap((group) =>
    group.selling_plans.map((plan) => {
      const percent = plan.price_adjustments.find((a) => a.value_type === "percentage")?.value ?? 0;
      const discounted = Math.round(price * (1 - percent / 100));
      return {
        selling_plan_id: plan.id,
        selling_plan_group_id: group.id,
        price: discounted,
        compare_at_price: price,
        per_delivery_price: discounted,
        price_adjustments: [{ position: 1, price: discounted }],
      };
    }),
  );
}

/** Builds the Ajax shape from a compact spec, deriving what Shopify derives (price, available, names). */
function product(spec: ProductSpec): AjaxProduct {
  const optionNames = spec.optionNames ?? ["Title"];
  const groups = spec.sellingPlanGroups ?? [];
  const variants: AjaxVariant[] = spec.variants.map((v) => {
    const title = spec.optionNames ? v.options.join(" / ") : "Default Title";
    const options = spec.optionNames ? v.options : ["Default Title"];
    return {
      id: v.id,
      title,
      name: spec.optionNames ? `${spec.title} - ${title}` : spec.title,
      option1: options[0] ?? null,
      option2: options[1] ?? null,
      option3: options[2] ?? null,
      options,
      sku: v.sku,
      price: v.price,
      compare_at_price: v.compare_at_price ?? null,
      available: v.available ?? true,
      requires_selling_plan: spec.requiresSellingPlan ?? false,
      featured_image: null,
      selling_plan_allocations: allocations(v.price, groups),
    };
  });
  const cheapest = variants.reduce((a, b) => (b.price < a.price ? b : a));
  return {
    id: spec.id,
    handle: spec.handle,
    title: spec.title,
    description: spec.description,
    product_type: spec.product_type,
    vendor: VENDOR,
    tags: spec.tags,
    price: cheapest.price,
    compare_at_price: cheapest.compare_at_price,
    available: variants.some((v) => v.available),
    images: [image(spec.handle)],
    featured_image: image(spec.handle),
    options: optionNames.map((name, i) => ({
      name,
      position: i + 1,
      values: [...new Set(variants.map((v) => v.options[i]))],
    })),
    variants,
    requires_selling_plan: spec.requiresSellingPlan ?? false,
    selling_plan_groups: groups,
  };
}

const coffeeSubscription: AjaxSellingPlanGroup = {
  id: "5f1e2d3c4b5a69788796a5b4c3d2e1f0a9b8c7d6",
  name: "Subscribe & save",
  app_id: "beckon-demo-subscriptions",
  options: [{ name: "Deliver every", position: 1, values: ["2 weeks", "4 weeks"] }],
  selling_plans: [
    {
      id: 690011111,
      name: "Delivered every 2 weeks, save 10%",
      description: "Skip or cancel anytime.",
      options: [{ name: "Deliver every", position: 1, value: "2 weeks" }],
      recurring_deliveries: true,
      price_adjustments: [{ order_count: null, position: 1, value_type: "percentage", value: 10 }],
    },
    {
      id: 690011112,
      name: "Delivered every 4 weeks, save 10%",
      description: "Skip or cancel anytime.",
      options: [{ name: "Deliver every", position: 1, value: "4 weeks" }],
      recurring_deliveries: true,
      price_adjustments: [{ order_count: null, position: 1, value_type: "percentage", value: 10 }],
    },
  ],
};

/** The demo store's products, in catalogue order. */
export const DEMO_STORE_PRODUCTS: readonly AjaxProduct[] = [
  product({
    id: 8100000000001,
    handle: "morning-ritual-coffee",
    title: "Morning Ritual Coffee Beans",
    description:
      "<p>A chocolatey medium roast from Colombia and Brazil. Roasted every Monday, shipped the same week.</p>",
    product_type: "Coffee",
    tags: ["bestseller", "coffee", "subscription"],
    optionNames: ["Size", "Grind"],
    variants: [
      { id: 46100000000011, options: ["250 g", "Whole bean"], sku: "MR-250-WB", price: 1800 },
      { id: 46100000000012, options: ["250 g", "Ground"], sku: "MR-250-GR", price: 1800 },
      { id: 46100000000013, options: ["1 kg", "Whole bean"], sku: "MR-1000-WB", price: 5400 },
    ],
    sellingPlanGroups: [coffeeSubscription],
  }),
  product({
    id: 8100000000002,
    handle: "ceramic-pour-over",
    title: "Ceramic Pour-Over Dripper",
    description: "<p>Hand-glazed porcelain dripper for one to two cups. Fits size 02 filters.</p>",
    product_type: "Brewing",
    tags: ["bestseller", "brewing"],
    optionNames: ["Color"],
    variants: [
      { id: 46100000000021, options: ["White"], sku: "PO-WHT", price: 3200, compare_at_price: 4000 },
      // Sold out on purpose: the widget must show Sold Out and a SOLD OUT badge.
      {
        id: 46100000000022,
        options: ["Charcoal"],
        sku: "PO-CHR",
        price: 3200,
        compare_at_price: 4000,
        available: false,
      },
    ],
  }),
  product({
    id: 8100000000003,
    handle: "gooseneck-kettle",
    title: "Gooseneck Kettle",
    description: "<p>Precise pour, built-in thermometer, 1 litre. Works on every stove including induction.</p>",
    product_type: "Brewing",
    tags: ["brewing"],
    variants: [{ id: 46100000000031, options: [], sku: "KT-GN-1L", price: 6500 }],
  }),
  product({
    id: 8100000000004,
    handle: "paper-filters",
    title: "Paper Filters (100 pack)",
    description: "<p>Unbleached, oxygen-whitened filters for the pour-over dripper.</p>",
    product_type: "Accessories",
    tags: ["accessories"],
    variants: [{ id: 46100000000041, options: [], sku: "FL-02-100", price: 800 }],
  }),
  product({
    id: 8100000000005,
    handle: "insulated-travel-mug",
    title: "Insulated Travel Mug",
    description: "<p>Keeps coffee hot for six hours. Leak-proof lid, fits car cup holders.</p>",
    product_type: "Drinkware",
    tags: ["drinkware", "gift"],
    optionNames: ["Size"],
    variants: [
      { id: 46100000000051, options: ["12 oz"], sku: "MG-12", price: 2800 },
      { id: 46100000000052, options: ["16 oz"], sku: "MG-16", price: 3000 },
    ],
  }),
  product({
    id: 8100000000006,
    handle: "barista-gift-set",
    title: "Barista Gift Set",
    description: "<p>Dripper, filters, 250 g of Morning Ritual and a recipe card, in a gift box.</p>",
    product_type: "Gift sets",
    tags: ["gift", "bestseller"],
    variants: [{ id: 46100000000061, options: [], sku: "GS-BAR", price: 9900, compare_at_price: 11900 }],
  }),
  product({
    id: 8100000000007,
    handle: "cold-brew-bottle",
    title: "Cold Brew Bottle",
    description: "<p>Steep overnight, pour in the morning. Borosilicate glass with a fine mesh filter.</p>",
    product_type: "Brewing",
    tags: ["brewing", "summer"],
    variants: [{ id: 46100000000071, options: [], sku: "CB-1L", price: 2400 }],
  }),
];

/** A product by handle (the storefront's /products/{handle}.js), or undefined. */
export function demoProductByHandle(handle: string): AjaxProduct | undefined {
  return DEMO_STORE_PRODUCTS.find((p) => p.handle === handle);
}
