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
  const fieldTerms = [...query.matchAll(/(tag|product_type|title):("[^"]*"|\S+)/g)].map((match) => ({
    field: match[1],
    value: match[2].replace(/"/g, "").toLowerCase(),
  }));
  const terms = queryTerms(query.replace(/\w+:("[^"]*"|\S+)/g, " "));
  return all
    .filter((p) => !availableOnly || isAvailable(p))
    .filter((catalogProduct) =>
      fieldTerms.every(({ field, value }) =>
        field === "tag"
          ? catalogProduct.tags.some((t) => t.toLowerCase() === value)
          : field === "product_type"
            ? catalogProduct.product_type.toLowerCase() === value
            : catalogProduct.title.toLowerCase().includes(value),
      ),
    )
    .map((catalogProduct, index) => ({
      product: catalogProduct,
      index,
      score: terms.length ? searchScore(catalogProduct, terms, ["title", "product_type", "variants.title", "tag"]) : 1,
    }))
    .filter((x) => x.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map((x) => x.product);
}

function addLines(
  ctx: GraphqlContext,
  serverCart: ServerCart,
  lines: {
    merchandiseId: string;
    quantity?: number;
    sellingPlanId?: string | null;
    attributes?: { key: string; value: string }[];
  }[],
) {
  const warnings: ReturnType<typeof warning>[] = [];
  const items = [];
  for (const [index, line] of lines.entries()) {
    const item = {
      id: numeric(line.merchandiseId),
      quantity: line.quantity ?? 1,
      selling_plan: line.sellingPlanId ? numeric(line.sellingPlanId) : null,
      properties: Object.fromEntries((line.attributes ?? []).map((a) => [a.key, a.value])),
    };
    const err = ctx.book.check([item]);
    if (err?.code === "MERCHANDISE_OUT_OF_STOCK") {
      // The Storefront API adds nothing for sold-out merchandise and says so in a warning.
      warnings.push(warning("MERCHANDISE_OUT_OF_STOCK", err.description, line.merchandiseId));
      continue;
    }
    if (err) {
      const field =
        err.code === "INVALID"
          ? ["lines", String(index), "merchandiseId"]
          : err.code === "INVALID_INCREMENT"
            ? ["lines", String(index), "quantity"]
            : ["lines", String(index), "sellingPlanId"];
      const message =
        err.code === "INVALID" ? `The merchandise with id ${line.merchandiseId} does not exist.` : err.description;
      return { cart: cart(ctx, serverCart), userErrors: [userError(field, message, err.code)], warnings: [] };
    }
    items.push(item);
  }
  ctx.book.add(serverCart, items);
  return { cart: cart(ctx, serverCart), userErrors: [], warnings };
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
      const catalogProduct = args.handle !== undefined ? byHandle(args.handle) : byId(args.id);
      return catalogProduct ? product(ctx, catalogProduct) : null;
    },
    productByHandle: (args: Args) => {
      const catalogProduct = byHandle(args.handle);
      return catalogProduct ? product(ctx, catalogProduct) : null;
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
        products: (pageArgs: Args) =>
          connection(
            items.map((p) => product(ctx, p)),
            pageArgs,
          ),
      };
    },
    productRecommendations: (args: Args) => {
      const catalogProduct = byId(args.productId) ?? byHandle(args.productHandle);
      if (!catalogProduct) return null;
      const list =
        args.intent === "COMPLEMENTARY"
          ? (ctx.complementary[catalogProduct.handle] ?? [])
              .map((h) => byHandle(h))
              .filter((x): x is CatalogProduct => !!x)
          : relatedProducts(ctx.products(), catalogProduct);
      return list.slice(0, 10).map((x) => product(ctx, x));
    },
    cart: (args: Args) => {
      const serverCart = findCart(ctx, args.id);
      return serverCart ? cart(ctx, serverCart) : null;
    },
    cartCreate: (args: Args) => {
      const input = (args.input ?? {}) as {
        lines?: Parameters<typeof addLines>[2];
        attributes?: { key: string; value: string }[];
        discountCodes?: string[];
        note?: string;
        buyerIdentity?: { countryCode?: string | null };
      };
      const serverCart = ctx.book.create();
      serverCart.buyerCountry = input.buyerIdentity?.countryCode ?? ctx.country ?? null;
      for (const attribute of input.attributes ?? []) serverCart.attributes[attribute.key] = attribute.value;
      serverCart.discountCodes = input.discountCodes ?? [];
      serverCart.note = input.note ?? null;
      return input.lines?.length
        ? addLines(ctx, serverCart, input.lines)
        : { cart: cart(ctx, serverCart), userErrors: [], warnings: [] };
    },
    cartLinesAdd: (args: Args) => {
      const serverCart = findCart(ctx, args.cartId);
      return serverCart ? addLines(ctx, serverCart, args.lines as Parameters<typeof addLines>[2]) : noCart;
    },
    cartLinesRemove: (args: Args) => {
      const serverCart = findCart(ctx, args.cartId);
      if (!serverCart) return noCart;
      const ids = args.lineIds as string[];
      const lines = ids.map((id) => ctx.book.findLine(serverCart, id));
      const missing = lines.findIndex((l) => !l);
      if (missing >= 0)
        return {
          cart: cart(ctx, serverCart),
          userErrors: [
            userError(["lineIds", String(missing)], `The line with id ${ids[missing]} does not exist.`, "INVALID"),
          ],
          warnings: [],
        };
      for (const line of lines) ctx.book.change(serverCart, line, 0);
      return { cart: cart(ctx, serverCart), userErrors: [], warnings: [] };
    },
    cartLinesUpdate: (args: Args) => {
      const serverCart = findCart(ctx, args.cartId);
      if (!serverCart) return noCart;
      for (const update of args.lines as { id: string; quantity?: number }[])
        ctx.book.change(serverCart, ctx.book.findLine(serverCart, update.id), update.quantity ?? 1);
      return { cart: cart(ctx, serverCart), userErrors: [], warnings: [] };
    },
    cartDiscountCodesUpdate: async (args: Args) => {
      const serverCart = findCart(ctx, args.cartId);
      if (!serverCart) return noCart;
      const codes = [
        ...new Set(((args.discountCodes as string[] | undefined) ?? []).map((d) => d.trim()).filter(Boolean)),
      ];
      await ctx.book.learnShopDiscounts(codes);
      serverCart.discountCodes = codes;
      serverCart.updatedAt = new Date().toISOString();
      const warnings = ctx.book
        .totals(serverCart)
        .codes.filter((d) => !d.rule)
        .map((d) =>
          warning("DISCOUNT_NOT_FOUND", `The discount code ${d.code} is not valid.`, gid("Cart", serverCart.token)),
        );
      return { cart: cart(ctx, serverCart), userErrors: [], warnings };
    },
    cartAttributesUpdate: (args: Args) => {
      const serverCart = findCart(ctx, args.cartId);
      if (!serverCart) return noCart;
      for (const attribute of args.attributes as { key: string; value: string }[])
        serverCart.attributes[attribute.key] = attribute.value;
      serverCart.updatedAt = new Date().toISOString();
      return { cart: cart(ctx, serverCart), userErrors: [], warnings: [] };
    },
    cartBuyerIdentityUpdate: (args: Args) => {
      const serverCart = findCart(ctx, args.cartId);
      if (!serverCart) return noCart;
      const identity = (args.buyerIdentity ?? {}) as { countryCode?: string | null };
      if (identity.countryCode !== undefined) serverCart.buyerCountry = identity.countryCode;
      serverCart.updatedAt = new Date().toISOString();
      return { cart: cart(ctx, serverCart), userErrors: [], warnings: [] };
    },
    cartNoteUpdate: (args: Args) => {
      const serverCart = findCart(ctx, args.cartId);
      if (!serverCart) return noCart;
      serverCart.note = (args.note as string | undefined) ?? null;
      return { cart: cart(ctx, serverCart), userErrors: [], warnings: [] };
    },
  };
}
