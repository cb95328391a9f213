/**
 * The root value of the local Storefront GraphQL API: the QueryRoot and
 * Mutation fields the widget (and a headless demo) uses, resolved over the
 * demo catalogue and carts, with the user errors and warnings Shopify answers.
 */
import { isAvailable, queryTerms, relatedProducts, searchScore, type CatalogProduct } from "./catalog";
import type { ServerCart } from "./carts";
import { cart, connection, gid, numeric, product, type Args, type GraphqlContext } from "./graphql-objects";

const userError = (field: string[] | null, message: string, code: string) => ({
  __typename: "CartUserError",
  field,
  message,
  code,
});
const warning = (code: string, message: string, target: string) => ({
  __typename: "CartWarning",
  code,
  message,
  target,
});
const noCart = {
  cart: null,
  userErrors: [userError(["cartId"], "The specified cart does not exist.", "INVALID")],
  warnings: [],
};

function findCart(ctx: GraphqlContext, id: unknown): ServerCart | undefined {
  const token = String(id ?? "")
    .split("?")[0]
    .replace(/^gid:\/\/shopify\/Cart\//, "");
  return ctx.book.get(token);
}

/** Products matching a Storefront search query: any term in title, type, variant titles, tags; available_for_sale:true filters. */
function queryProducts(ctx: GraphqlContext, query: string | undefined): CatalogProduct[] {
  const all = ctx.products();
  if (!query) return all;
  const availableOnly = /available_for_sale:true/.test(query);
  const fieldTerms = [...query.matchAll(/(tag|product_type|title):("[^"]*"|\S+)/g)].map((m) => ({
    field: m[1],
    value: m[2].replace(/"/g, "").toLowerCase(),
  }));
  const terms = queryTerms(query.replace(/\w+:("[^"]*"|\S+)/g, " "));
  return all
    .filter((p) => !availableOnly || isAvailable(p))
    .filter((p) =>
      fieldTerms.every(({ field, value }) =>
        field === "tag"
          ? p.tags.some((t) => t.toLowerCase() === value)
          : field === "product_type"
            ? p.product_type.toLowerCase() === value
            : p.title.toLowerCase().includes(value),
      ),
    )
    .map((p, i) => ({
      p,
      i,
      s: terms.length ? searchScore(p, terms, ["title", "product_type", "variants.title", "tag"]) : 1,
    }))
    .filter((x) => x.s > 0)
    .sort((a, b) => b.s - a.s || a.i - b.i)
    .map((x) => x.p);
}

function addLines(
  ctx: GraphqlContext,
  c: ServerCart,
  lines: {
    merchandiseId: string;
    quantity?: number;
    sellingPlanId?: string | null;
    attributes?: { key: string; value: string }[];
  }[],
) {
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
      const field =
        err.code === "INVALID"
          ? ["lines", String(i), "merchandiseId"]
          : err.code === "INVALID_INCREMENT"
            ? ["lines", String(i), "quantity"]
            : ["lines", String(i), "sellingPlanId"];
      const message =
        err.code === "INVALID" ? `The merchandise with id ${l.merchandiseId} does not exist.` : err.description;
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
    shop: () => ({
      __typename: "Shop",
      id: gid("Shop", 1),
      name: "Local storefront",
      paymentSettings: { currencyCode: ctx.currency },
    }),
    product: (args: Args) => {
      const p = args.handle !== undefined ? byHandle(args.handle) : byId(args.id);
      return p ? product(ctx, p) : null;
    },
    productByHandle: (args: Args) => {
      const p = byHandle(args.handle);
      return p ? product(ctx, p) : null;
    },
    products: (args: Args) =>
      connection(
        queryProducts(ctx, args.query as string | undefined).map((p) => product(ctx, p)),
        args,
      ),
    collection: (args: Args) => {
      const handle = String(
        args.handle ??
          String(args.id ?? "")
            .split("/")
            .pop(),
      );
      const list = ctx.collections().get(handle);
      if (!list) return null;
      const items = list.map((h) => byHandle(h)).filter((p): p is CatalogProduct => !!p);
      return {
        __typename: "Collection",
        id: gid("Collection", handle),
        handle,
        title: handle,
        description: "",
        products: (a: Args) =>
          connection(
            items.map((p) => product(ctx, p)),
            a,
          ),
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
      if (missing >= 0)
        return {
          cart: cart(ctx, c),
          userErrors: [
            userError(["lineIds", String(missing)], `The line with id ${ids[missing]} does not exist.`, "INVALID"),
          ],
          warnings: [],
        };
      for (const l of lines) ctx.book.change(c, l, 0);
      return { cart: cart(ctx, c), userErrors: [], warnings: [] };
    },
    cartLinesUpdate: (args: Args) => {
      const c = findCart(ctx, args.cartId);
      if (!c) return noCart;
      for (const u of args.lines as { id: string; quantity?: number }[])
        ctx.book.change(c, ctx.book.findLine(c, u.id), u.quantity ?? 1);
      return { cart: cart(ctx, c), userErrors: [], warnings: [] };
    },
    cartDiscountCodesUpdate: (args: Args) => {
      const c = findCart(ctx, args.cartId);
      if (!c) return noCart;
      c.discountCodes = [
        ...new Set(((args.discountCodes as string[] | undefined) ?? []).map((d) => d.trim()).filter(Boolean)),
      ];
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
