/**
 * The local Storefront GraphQL API: Shopify's real schema (the introspection
 * JSON shipped by @shopify/hydrogen-react) executed by graphql-js over the same
 * catalogue and carts as the Ajax API. The client schema has no resolvers, so
 * the root value supplies them and objects carry __typename (for unions and
 * interfaces) and functions for fields that take arguments.
 */
import { buildClientSchema, execute, Kind, parse, validate, type GraphQLSchema, type IntrospectionQuery, type OperationDefinitionNode } from "graphql";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import {
  isAvailable,
  queryTerms,
  relatedProducts,
  searchScore,
  type CatalogProduct,
  type CatalogSellingPlan,
  type CatalogSellingPlanGroup,
  type CatalogVariant,
} from "./catalog";
import type { CartBook, ServerCart } from "./carts";

let schema: GraphQLSchema | null = null;

/** The Storefront API schema of @shopify/hydrogen-react, built once. */
export function storefrontSchema(): GraphQLSchema {
  if (!schema) {
    const require = createRequire(import.meta.url);
    const file = require.resolve("@shopify/hydrogen-react/storefront.schema.json");
    schema = buildClientSchema(JSON.parse(readFileSync(file, "utf8")) as IntrospectionQuery);
  }
  return schema;
}

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

type Args = Record<string, unknown>;

/** A price in the request's market: converted at the market's rate (as Shopify Markets does), in its currency. */
const money = (ctx: GraphqlContext, cents: number) => ({ __typename: "MoneyV2", amount: (Math.round(cents * (ctx.rate ?? 1)) / 100).toFixed(2), currencyCode: ctx.currency });

/** A connection over a list: first/last/after/before by index cursors. */
function connection<T>(items: T[], args: Args = {}) {
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

const gid = (type: string, id: number | string) => `gid://shopify/${type}/${id}`;
const numeric = (id: unknown) => Number(String(id ?? "").split("?")[0].split("/").pop());

function image(ctx: GraphqlContext, src: string | null, alt: string) {
  if (!src) return null;
  const url = src.startsWith("/") ? ctx.origin + src : src;
  return { __typename: "Image", id: gid("ProductImage", Buffer.from(url).toString("hex").slice(0, 12)), url, altText: alt, width: 800, height: 800 };
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
    sellingPlans: (args: Args) => connection(group.selling_plans.map((p) => sellingPlan(ctx, p)), args),
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

function product(ctx: GraphqlContext, p: CatalogProduct): Record<string, unknown> {
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
        optionValues: o.values.map((value) => ({ __typename: "ProductOptionValue", id: gid("ProductOptionValue", `${p.id}-${value}`), name: value })),
      })),
    priceRange: { __typename: "ProductPriceRange", minVariantPrice: money(ctx, Math.min(...prices)), maxVariantPrice: money(ctx, Math.max(...prices)) },
    compareAtPriceRange: {
      __typename: "ProductPriceRange",
      minVariantPrice: money(ctx, Math.min(...compares)),
      maxVariantPrice: money(ctx, Math.max(...compares)),
    },
    variants: (args: Args) => connection(p.variants.map((v) => variant(ctx, p, v)), args),
    sellingPlanGroups: (args: Args) => connection(p.selling_plan_groups.map((g) => sellingPlanGroup(ctx, g)), args),
  };
}

function cart(ctx: GraphqlContext, c: ServerCart): Record<string, unknown> {
  const t = ctx.book.totals(c);
  return {
    __typename: "Cart",
    id: gid("Cart", c.token),
    checkoutUrl: `${ctx.origin}/checkouts/cn/${c.token}`,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
    note: c.note,
    totalQuantity: t.count,
    buyerIdentity: { __typename: "CartBuyerIdentity", countryCode: c.buyerCountry ?? null, customer: null, email: null, phone: null, deliveryAddressPreferences: [], preferences: null, purchasingCompany: null },
    attributes: Object.entries(c.attributes).map(([key, value]) => ({ __typename: "Attribute", key, value })),
    attribute: (args: Args) => (String(args.key) in c.attributes ? { __typename: "Attribute", key: args.key, value: c.attributes[String(args.key)] } : null),
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

const userError = (field: string[] | null, message: string, code: string) => ({ __typename: "CartUserError", field, message, code });
const warning = (code: string, message: string, target: string) => ({ __typename: "CartWarning", code, message, target });
const noCart = { cart: null, userErrors: [userError(["cartId"], "The specified cart does not exist.", "INVALID")], warnings: [] };

function findCart(ctx: GraphqlContext, id: unknown): ServerCart | undefined {
  const token = String(id ?? "").split("?")[0].replace(/^gid:\/\/shopify\/Cart\//, "");
  return ctx.book.get(token);
}

/** Products matching a Storefront search query: any term in title, type, variant titles, tags; available_for_sale:true filters. */
function queryProducts(ctx: GraphqlContext, query: string | undefined): CatalogProduct[] {
  const all = ctx.products();
  if (!query) return all;
  const availableOnly = /available_for_sale:true/.test(query);
  const fieldTerms = [...query.matchAll(/(tag|product_type|title):("[^"]*"|\S+)/g)].map((m) => ({ field: m[1], value: m[2].replace(/"/g, "").toLowerCase() }));
  const terms = queryTerms(query.replace(/\w+:("[^"]*"|\S+)/g, " "));
  return all
    .filter((p) => !availableOnly || isAvailable(p))
    .filter((p) =>
      fieldTerms.every(({ field, value }) =>
        field === "tag" ? p.tags.some((t) => t.toLowerCase() === value) : field === "product_type" ? p.product_type.toLowerCase() === value : p.title.toLowerCase().includes(value),
      ),
    )
    .map((p, i) => ({ p, i, s: terms.length ? searchScore(p, terms, ["title", "product_type", "variants.title", "tag"]) : 1 }))
    .filter((x) => x.s > 0)
    .sort((a, b) => b.s - a.s || a.i - b.i)
    .map((x) => x.p);
}

function addLines(ctx: GraphqlContext, c: ServerCart, lines: { merchandiseId: string; quantity?: number; sellingPlanId?: string | null; attributes?: { key: string; value: string }[] }[]) {
  const warnings: ReturnType<typeof warning>[] = [];
  const items = [];
  for (const [i, l] of lines.entries()) {
    const item = {
      id: numeric(l.merchandiseId),
      quantity: l.quantity ?? 1,
      selling_plan: l.sellingPlanId ? numeric(l.sellingPlanId) : null,
      properties: Object.fromEntries((l.attributes ?? []).map((a) => [a.key, a.value])),
    };
    const err = ctx.book.check([item]);
    if (err?.code === "MERCHANDISE_OUT_OF_STOCK") {
      // The Storefront API adds nothing for sold-out merchandise and says so in a warning.
      warnings.push(warning("MERCHANDISE_OUT_OF_STOCK", err.description, l.merchandiseId));
      continue;
    }
    if (err) {
      const field = err.code === "INVALID" ? ["lines", String(i), "merchandiseId"] : err.code === "INVALID_INCREMENT" ? ["lines", String(i), "quantity"] : ["lines", String(i), "sellingPlanId"];
      const message = err.code === "INVALID" ? `The merchandise with id ${l.merchandiseId} does not exist.` : err.description;
      return { cart: cart(ctx, c), userErrors: [userError(field, message, err.code)], warnings: [] };
    }
    items.push(item);
  }
  ctx.book.add(c, items);
  return { cart: cart(ctx, c), userErrors: [], warnings };
}

/** The root value: QueryRoot and Mutation fields the widget (and a headless demo) uses. */
export function rootValue(ctx: GraphqlContext) {
  const byHandle = (handle: unknown) => ctx.products().find((p) => p.handle === handle);
  const byId = (id: unknown) => ctx.products().find((p) => p.id === numeric(id));
  return {
    shop: () => ({ __typename: "Shop", id: gid("Shop", 1), name: "Local storefront", paymentSettings: { currencyCode: ctx.currency } }),
    product: (args: Args) => {
      const p = args.handle !== undefined ? byHandle(args.handle) : byId(args.id);
      return p ? product(ctx, p) : null;
    },
    productByHandle: (args: Args) => {
      const p = byHandle(args.handle);
      return p ? product(ctx, p) : null;
    },
    products: (args: Args) => connection(queryProducts(ctx, args.query as string | undefined).map((p) => product(ctx, p)), args),
    collection: (args: Args) => {
      const handle = String(args.handle ?? String(args.id ?? "").split("/").pop());
      const list = ctx.collections().get(handle);
      if (!list) return null;
      const items = list.map((h) => byHandle(h)).filter((p): p is CatalogProduct => !!p);
      return {
        __typename: "Collection",
        id: gid("Collection", handle),
        handle,
        title: handle,
        description: "",
        products: (a: Args) => connection(items.map((p) => product(ctx, p)), a),
      };
    },
    productRecommendations: (args: Args) => {
      const p = byId(args.productId) ?? byHandle(args.productHandle);
      if (!p) return null;
      const list =
        args.intent === "COMPLEMENTARY"
          ? (ctx.complementary[p.handle] ?? []).map((h) => byHandle(h)).filter((x): x is CatalogProduct => !!x)
          : relatedProducts(ctx.products(), p);
      return list.slice(0, 10).map((x) => product(ctx, x));
    },
    cart: (args: Args) => {
      const c = findCart(ctx, args.id);
      return c ? cart(ctx, c) : null;
    },
    cartCreate: (args: Args) => {
      const input = (args.input ?? {}) as {
        lines?: Parameters<typeof addLines>[2];
        attributes?: { key: string; value: string }[];
        discountCodes?: string[];
        note?: string;
        buyerIdentity?: { countryCode?: string | null };
      };
      const c = ctx.book.create();
      c.buyerCountry = input.buyerIdentity?.countryCode ?? ctx.country ?? null;
      for (const a of input.attributes ?? []) c.attributes[a.key] = a.value;
      c.discountCodes = input.discountCodes ?? [];
      c.note = input.note ?? null;
      return input.lines?.length ? addLines(ctx, c, input.lines) : { cart: cart(ctx, c), userErrors: [], warnings: [] };
    },
    cartLinesAdd: (args: Args) => {
      const c = findCart(ctx, args.cartId);
      return c ? addLines(ctx, c, args.lines as Parameters<typeof addLines>[2]) : noCart;
    },
    cartLinesRemove: (args: Args) => {
      const c = findCart(ctx, args.cartId);
      if (!c) return noCart;
      const ids = args.lineIds as string[];
      const lines = ids.map((id) => ctx.book.findLine(c, id));
      const missing = lines.findIndex((l) => !l);
      if (missing >= 0) return { cart: cart(ctx, c), userErrors: [userError(["lineIds", String(missing)], `The line with id ${ids[missing]} does not exist.`, "INVALID")], warnings: [] };
      for (const l of lines) ctx.book.change(c, l, 0);
      return { cart: cart(ctx, c), userErrors: [], warnings: [] };
    },
    cartLinesUpdate: (args: Args) => {
      const c = findCart(ctx, args.cartId);
      if (!c) return noCart;
      for (const u of args.lines as { id: string; quantity?: number }[]) ctx.book.change(c, ctx.book.findLine(c, u.id), u.quantity ?? 1);
      return { cart: cart(ctx, c), userErrors: [], warnings: [] };
    },
    cartDiscountCodesUpdate: (args: Args) => {
      const c = findCart(ctx, args.cartId);
      if (!c) return noCart;
      c.discountCodes = [...new Set(((args.discountCodes as string[] | undefined) ?? []).map((d) => d.trim()).filter(Boolean))];
      c.updatedAt = new Date().toISOString();
      const warnings = ctx.book
        .totals(c)
        .codes.filter((d) => !d.rule)
        .map((d) => warning("DISCOUNT_NOT_FOUND", `The discount code ${d.code} is not valid.`, gid("Cart", c.token)));
      return { cart: cart(ctx, c), userErrors: [], warnings };
    },
    cartAttributesUpdate: (args: Args) => {
      const c = findCart(ctx, args.cartId);
      if (!c) return noCart;
      for (const a of args.attributes as { key: string; value: string }[]) c.attributes[a.key] = a.value;
      c.updatedAt = new Date().toISOString();
      return { cart: cart(ctx, c), userErrors: [], warnings: [] };
    },
    cartBuyerIdentityUpdate: (args: Args) => {
      const c = findCart(ctx, args.cartId);
      if (!c) return noCart;
      const identity = (args.buyerIdentity ?? {}) as { countryCode?: string | null };
      if (identity.countryCode !== undefined) c.buyerCountry = identity.countryCode;
      c.updatedAt = new Date().toISOString();
      return { cart: cart(ctx, c), userErrors: [], warnings: [] };
    },
    cartNoteUpdate: (args: Args) => {
      const c = findCart(ctx, args.cartId);
      if (!c) return noCart;
      c.note = (args.note as string | undefined) ?? null;
      return { cart: cart(ctx, c), userErrors: [], warnings: [] };
    },
  };
}

/** A market of the local shop: its currency and the rate from the shop's currency. */
export interface StorefrontMarketSetting {
  currency: string;
  rate: number;
}

/** The @inContext arguments of a request's operation, resolved from literals or variables. */
export interface InContext {
  country: string | null;
  language: string | null;
}

/** Reads the operation's @inContext directive (null when the operation has none or does not parse). */
export function readInContext(body: { query?: string; variables?: Record<string, unknown>; operationName?: string }): InContext | null {
  let document;
  try {
    document = parse(body.query ?? "");
  } catch {
    return null;
  }
  const op = document.definitions.find((d): d is OperationDefinitionNode => d.kind === "OperationDefinition" && (!body.operationName || d.name?.value === body.operationName));
  const directive = op?.directives?.find((d) => d.name.value === "inContext");
  if (!directive) return null;
  const arg = (name: string): string | null => {
    const node = directive.arguments?.find((a) => a.name.value === name)?.value;
    if (!node) return null;
    if (node.kind === Kind.ENUM || node.kind === Kind.STRING) return node.value;
    if (node.kind === Kind.VARIABLE) {
      const v = body.variables?.[node.name.value];
      return typeof v === "string" ? v : null;
    }
    return null;
  };
  return { country: arg("country"), language: arg("language") };
}

/** Executes one GraphQL request body ({query, variables, operationName}) against the schema. */
export async function runGraphql(ctx: GraphqlContext, body: { query?: string; variables?: Record<string, unknown>; operationName?: string }) {
  if (!body.query) return { errors: [{ message: "Parameter Missing or Invalid: query" }] };
  let document;
  try {
    document = parse(body.query);
  } catch (e) {
    return { errors: [{ message: (e as Error).message }] };
  }
  const s = storefrontSchema();
  const errors = validate(s, document);
  if (errors.length) return { errors: errors.map((e) => ({ message: e.message, locations: e.locations })) };
  const result = await execute({ schema: s, document, rootValue: rootValue(ctx), variableValues: body.variables, operationName: body.operationName });
  return result.errors ? { data: result.data ?? null, errors: result.errors.map((e) => ({ message: e.message, path: e.path })) } : { data: result.data };
}

