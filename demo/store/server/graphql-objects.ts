/**
 * The Storefront API objects of the local GraphQL API, built from the demo
 * catalogue and carts: products, variants, selling plans, carts, money and
 * connections. The client schema has no resolvers, so each object carries
 * __typename (for unions and interfaces) and functions for fields that take
 * arguments.
 */
import {
  isAvailable,
  type CatalogProduct,
  type CatalogSellingPlan,
  type CatalogSellingPlanGroup,
  type CatalogVariant,
} from "./catalog";
import type { CartBook, ServerCart } from "./carts";

export interface GraphqlContext {
  origin: string;
  /** The currency prices are answered in: the shop's, or the @inContext market's. */
  currency: string;
  /** Shop currency → market currency (1 without a market). */
  rate?: number;
  /** The request's @inContext country, if any. */
  country?: string | null;
  products: () => CatalogProduct[];
  collections: () => Map<string, string[]>;
  complementary: Record<string, string[]>;
  book: CartBook;
}

export type Args = Record<string, unknown>;

/** A price in the request's market: converted at the market's rate (as Shopify Markets does), in its currency. */
const money = (ctx: GraphqlContext, cents: number) => ({
  __typename: "MoneyV2",
  amount: (Math.round(cents * (ctx.rate ?? 1)) / 100).toFixed(2),
  currencyCode: ctx.currency,
});

/** A connection over a list: first/last/after/before by index cursors. */
export function connection<T>(items: T[], args: Args = {}) {
  let start = 0;
  let end = items.length;
  if (typeof args.after === "string") start = Number(Buffer.from(args.after, "base64").toString()) + 1;
  if (typeof args.before === "string") end = Number(Buffer.from(args.before, "base64").toString());
  if (typeof args.first === "number") end = Math.min(end, start + args.first);
  if (typeof args.last === "number") start = Math.max(start, end - args.last);
  const slice = items.slice(start, end);
  const cursor = (i: number) => Buffer.from(String(i)).toString("base64");
  return {
    nodes: slice,
    edges: slice.map((node, i) => ({ node, cursor: cursor(start + i) })),
    pageInfo: {
      hasNextPage: end < items.length,
      hasPreviousPage: start > 0,
      startCursor: slice.length ? cursor(start) : null,
      endCursor: slice.length ? cursor(end - 1) : null,
    },
  };
}

export const gid = (type: string, id: number | string) => `gid://shopify/${type}/${id}`;
export const numeric = (id: unknown) =>
  Number(
    String(id ?? "")
      .split("?")[0]
      .split("/")
      .pop(),
  );

function image(ctx: GraphqlContext, src: string | null, alt: string) {
  if (!src) return null;
  const url = src.startsWith("/") ? ctx.origin + src : src;
  return {
    __typename: "Image",
    id: gid("ProductImage", Buffer.from(url).toString("hex").slice(0, 12)),
    url,
    altText: alt,
    width: 800,
    height: 800,
  };
}

function sellingPlan(ctx: GraphqlContext, plan: CatalogSellingPlan) {
  return {
    __typename: "SellingPlan",
    id: gid("SellingPlan", plan.id),
    name: plan.name,
    description: plan.description,
    recurringDeliveries: plan.recurring_deliveries,
    options: plan.options.map((o) => ({ __typename: "SellingPlanOption", name: o.name, value: o.value })),
    priceAdjustments: plan.price_adjustments.map((a) => ({
      __typename: "SellingPlanPriceAdjustment",
      orderCount: a.order_count ?? null,
      adjustmentValue:
        a.value_type === "percentage"
          ? { __typename: "SellingPlanPercentagePriceAdjustment", adjustmentPercentage: a.value }
          : a.value_type === "fixed_amount"
            ? { __typename: "SellingPlanFixedAmountPriceAdjustment", adjustmentAmount: money(ctx, a.value) }
            : { __typename: "SellingPlanFixedPriceAdjustment", price: money(ctx, a.value) },
    })),
  };
}

function sellingPlanGroup(ctx: GraphqlContext, group: CatalogSellingPlanGroup) {
  return {
    __typename: "SellingPlanGroup",
    name: group.name,
    appName: group.app_id,
    options: group.options.map((o) => ({ __typename: "SellingPlanGroupOption", name: o.name, values: o.values })),
    sellingPlans: (args: Args) =>
      connection(
        group.selling_plans.map((p) => sellingPlan(ctx, p)),
        args,
      ),
  };
}

function variant(ctx: GraphqlContext, p: CatalogProduct, v: CatalogVariant): Record<string, unknown> {
  return {
    __typename: "ProductVariant",
    id: gid("ProductVariant", v.id),
    title: v.title,
    sku: v.sku,
    availableForSale: v.available,
    currentlyNotInStock: !v.available,
    requiresShipping: true,
    requiresComponents: false,
    price: money(ctx, v.price),
    compareAtPrice: v.compare_at_price === null ? null : money(ctx, v.compare_at_price),
    image: image(ctx, v.featured_image ?? p.images[0] ?? null, p.title),
    selectedOptions: p.options.map((o, i) => ({ __typename: "SelectedOption", name: o.name, value: v.options[i] })),
    product: () => product(ctx, p),
  };
}

export function product(ctx: GraphqlContext, p: CatalogProduct): Record<string, unknown> {
  const prices = p.variants.map((v) => v.price);
  const compares = p.variants.map((v) => v.compare_at_price ?? 0);
  const images = p.images.map((src) => image(ctx, src, p.title));
  return {
    __typename: "Product",
    id: gid("Product", p.id),
    handle: p.handle,
    title: p.title,
    vendor: p.vendor,
    productType: p.product_type,
    tags: p.tags,
    description: p.description.replace(/<[^>]*>/g, ""),
    descriptionHtml: p.description,
    availableForSale: isAvailable(p),
    onlineStoreUrl: `${ctx.origin}/products/${p.handle}`,
    requiresSellingPlan: p.requires_selling_plan,
    featuredImage: images[0] ?? null,
    images: (args: Args) => connection(images, args),
    options: (args: Args) =>
      p.options.slice(0, typeof args.first === "number" ? args.first : undefined).map((o) => ({
        __typename: "ProductOption",
        id: gid("ProductOption", `${p.id}${o.position}`),
        name: o.name,
        optionValues: o.values.map((value) => ({
          __typename: "ProductOptionValue",
          id: gid("ProductOptionValue", `${p.id}-${value}`),
          name: value,
        })),
      })),
    priceRange: {
      __typename: "ProductPriceRange",
      minVariantPrice: money(ctx, Math.min(...prices)),
      maxVariantPrice: money(ctx, Math.max(...prices)),
    },
    compareAtPriceRange: {
      __typename: "ProductPriceRange",
      minVariantPrice: money(ctx, Math.min(...compares)),
      maxVariantPrice: money(ctx, Math.max(...compares)),
    },
    variants: (args: Args) =>
      connection(
        p.variants.map((v) => variant(ctx, p, v)),
        args,
      ),
    sellingPlanGroups: (args: Args) =>
      connection(
        p.selling_plan_groups.map((g) => sellingPlanGroup(ctx, g)),
        args,
      ),
  };
}

export function cart(ctx: GraphqlContext, c: ServerCart): Record<string, unknown> {
  const t = ctx.book.totals(c);
  return {
    __typename: "Cart",
    id: gid("Cart", c.token),
    checkoutUrl: `${ctx.origin}/checkouts/cn/${c.token}`,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
    note: c.note,
    totalQuantity: t.count,
    buyerIdentity: {
      __typename: "CartBuyerIdentity",
      countryCode: c.buyerCountry ?? null,
      customer: null,
      email: null,
      phone: null,
      deliveryAddressPreferences: [],
      preferences: null,
      purchasingCompany: null,
    },
    attributes: Object.entries(c.attributes).map(([key, value]) => ({ __typename: "Attribute", key, value })),
    attribute: (args: Args) =>
      String(args.key) in c.attributes
        ? { __typename: "Attribute", key: args.key, value: c.attributes[String(args.key)] }
        : null,
    discountCodes: t.codes.map((d) => ({ __typename: "CartDiscountCode", code: d.code, applicable: d.applicable })),
    cost: {
      __typename: "CartCost",
      subtotalAmount: money(ctx, t.subtotal),
      totalAmount: money(ctx, t.total),
      checkoutChargeAmount: money(ctx, t.total),
      subtotalAmountEstimated: false,
      totalAmountEstimated: false,
      totalTaxAmount: null,
      totalDutyAmount: null,
    },
    lines: (args: Args) =>
      connection(
        c.lines.map((l) => {
          const { unit, variant: v, product: p, plan } = ctx.book.unitPrice(l);
          return {
            __typename: "CartLine",
            id: ctx.book.lineGid(c, l),
            quantity: l.quantity,
            attributes: Object.entries(l.properties).map(([key, value]) => ({ __typename: "Attribute", key, value })),
            merchandise: variant(ctx, p, v),
            cost: {
              __typename: "CartLineCost",
              amountPerQuantity: money(ctx, unit),
              compareAtAmountPerQuantity: plan ? money(ctx, v.price) : null,
              subtotalAmount: money(ctx, unit * l.quantity),
              totalAmount: money(ctx, unit * l.quantity),
            },
            sellingPlanAllocation: plan
              ? {
                  __typename: "SellingPlanAllocation",
                  sellingPlan: sellingPlan(ctx, plan.plan),
                  checkoutChargeAmount: money(ctx, unit),
                  remainingBalanceChargeAmount: money(ctx, 0),
                  priceAdjustments: [],
                }
              : null,
            discountAllocations: [],
          };
        }),
        args,
      ),
  };
}
