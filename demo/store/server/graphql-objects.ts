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
    priceAdjustments: plan.price_adjustments.map((adjustment) => ({
      __typename: "SellingPlanPriceAdjustment",
      orderCount: adjustment.order_count ?? null,
      adjustmentValue:
        adjustment.value_type === "percentage"
          ? { __typename: "SellingPlanPercentagePriceAdjustment", adjustmentPercentage: adjustment.value }
          : adjustment.value_type === "fixed_amount"
            ? { __typename: "SellingPlanFixedAmountPriceAdjustment", adjustmentAmount: money(ctx, adjustment.value) }
            : { __typename: "SellingPlanFixedPriceAdjustment", price: money(ctx, adjustment.value) },
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

function variant(
  ctx: GraphqlContext,
  catalogProduct: CatalogProduct,
  catalogVariant: CatalogVariant,
): Record<string, unknown> {
  return {
    __typename: "ProductVariant",
    id: gid("ProductVariant", catalogVariant.id),
    title: catalogVariant.title,
    sku: catalogVariant.sku,
    availableForSale: catalogVariant.available,
    currentlyNotInStock: !catalogVariant.available,
    requiresShipping: true,
    requiresComponents: false,
    price: money(ctx, catalogVariant.price),
    compareAtPrice: catalogVariant.compare_at_price === null ? null : money(ctx, catalogVariant.compare_at_price),
    image: image(ctx, catalogVariant.featured_image ?? catalogProduct.images[0] ?? null, catalogProduct.title),
    selectedOptions: catalogProduct.options.map((option, index) => ({
      __typename: "SelectedOption",
      name: option.name,
      value: catalogVariant.options[index],
    })),
    product: () => product(ctx, catalogProduct),
  };
}

export function product(ctx: GraphqlContext, catalogProduct: CatalogProduct): Record<string, unknown> {
  const prices = catalogProduct.variants.map((v) => v.price);
  const compares = catalogProduct.variants.map((v) => v.compare_at_price ?? 0);
  const images = catalogProduct.images.map((src) => image(ctx, src, catalogProduct.title));
  return {
    __typename: "Product",
    id: gid("Product", catalogProduct.id),
    handle: catalogProduct.handle,
    title: catalogProduct.title,
    vendor: catalogProduct.vendor,
    productType: catalogProduct.product_type,
    tags: catalogProduct.tags,
    description: catalogProduct.description.replace(/<[^>]*>/g, ""),
    descriptionHtml: catalogProduct.description,
    availableForSale: isAvailable(catalogProduct),
    onlineStoreUrl: `${ctx.origin}/products/${catalogProduct.handle}`,
    requiresSellingPlan: catalogProduct.requires_selling_plan,
    featuredImage: images[0] ?? null,
    images: (args: Args) => connection(images, args),
    options: (args: Args) =>
      catalogProduct.options.slice(0, typeof args.first === "number" ? args.first : undefined).map((option) => ({
        __typename: "ProductOption",
        id: gid("ProductOption", `${catalogProduct.id}${option.position}`),
        name: option.name,
        optionValues: option.values.map((value) => ({
          __typename: "ProductOptionValue",
          id: gid("ProductOptionValue", `${catalogProduct.id}-${value}`),
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
        catalogProduct.variants.map((v) => variant(ctx, catalogProduct, v)),
        args,
      ),
    sellingPlanGroups: (args: Args) =>
      connection(
        catalogProduct.selling_plan_groups.map((g) => sellingPlanGroup(ctx, g)),
        args,
      ),
  };
}

export function cart(ctx: GraphqlContext, serverCart: ServerCart): Record<string, unknown> {
  const totals = ctx.book.totals(serverCart);
  return {
    __typename: "Cart",
    id: gid("Cart", serverCart.token),
    checkoutUrl: `${ctx.origin}/checkouts/cn/${serverCart.token}`,
    createdAt: serverCart.createdAt,
    updatedAt: serverCart.updatedAt,
    note: serverCart.note,
    totalQuantity: totals.count,
    buyerIdentity: {
      __typename: "CartBuyerIdentity",
      countryCode: serverCart.buyerCountry ?? null,
      customer: null,
      email: null,
      phone: null,
      deliveryAddressPreferences: [],
      preferences: null,
      purchasingCompany: null,
    },
    attributes: Object.entries(serverCart.attributes).map(([key, value]) => ({ __typename: "Attribute", key, value })),
    attribute: (args: Args) =>
      String(args.key) in serverCart.attributes
        ? { __typename: "Attribute", key: args.key, value: serverCart.attributes[String(args.key)] }
        : null,
    discountCodes: totals.codes.map((discountCode) => ({
      __typename: "CartDiscountCode",
      code: discountCode.code,
      applicable: discountCode.applicable,
    })),
    cost: {
      __typename: "CartCost",
      subtotalAmount: money(ctx, totals.subtotal),
      totalAmount: money(ctx, totals.total),
      checkoutChargeAmount: money(ctx, totals.total),
      subtotalAmountEstimated: false,
      totalAmountEstimated: false,
      totalTaxAmount: null,
      totalDutyAmount: null,
    },
    lines: (args: Args) =>
      connection(
        serverCart.lines.map((line) => {
          const { unit, variant: lineVariant, product: lineProduct, plan } = ctx.book.unitPrice(line);
          return {
            __typename: "CartLine",
            id: ctx.book.lineGid(serverCart, line),
            quantity: line.quantity,
            attributes: Object.entries(line.properties).map(([key, value]) => ({
              __typename: "Attribute",
              key,
              value,
            })),
            merchandise: variant(ctx, lineProduct, lineVariant),
            cost: {
              __typename: "CartLineCost",
              amountPerQuantity: money(ctx, unit),
              compareAtAmountPerQuantity: plan ? money(ctx, lineVariant.price) : null,
              subtotalAmount: money(ctx, unit * line.quantity),
              totalAmount: money(ctx, unit * line.quantity),
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
