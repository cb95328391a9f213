/**
 * The Storefront API adapter for headless stores, through
 * @shopify/storefront-api-client. The cart is created once per session (SPEC 4)
 * and its id kept in session data; adds and discounts share the adding_to_cart
 * lock. A storefront that already has a cart hands its id over (`cartId`) and
 * Beckon writes to that cart only, never creating a second one; otherwise the
 * cart Beckon creates is reported (`onCartCreated`) so the storefront can keep
 * it. Every operation carries the buyer's market through `@inContext`. Every
 * call answers a Result; nothing throws (only a bad config, at creation).
 * Each answer has its operation's generated type (npm run graphql:types),
 * whose nullable fields are checked here, not cast away.
 */
import { createStorefrontApiClient, type StorefrontApiClient } from "@shopify/storefront-api-client";
import { warn } from "#widget/core/log";
import { emptyCart, fromStorefrontCart, toStorefrontLineInputs } from "./cart";
import { STOCK_WARNINGS } from "./cart-refusal";
import { CART_ATTRIBUTE_KEY, HEADLESS_CART_RETRY_MS, PRODUCT_NOT_FOUND } from "./constants";
import {
  CART_ATTRIBUTES_UPDATE_MUTATION,
  CART_CREATE_MUTATION,
  CART_DISCOUNT_CODES_UPDATE_MUTATION,
  CART_LINES_ADD_MUTATION,
  CART_LINES_REMOVE_MUTATION,
  CART_QUERY,
  COLLECTION_PRODUCTS_QUERY,
  PRODUCT_QUERY,
  PRODUCT_RECOMMENDATIONS_QUERY,
  PRODUCTS_QUERY,
  STOREFRONT_API_VERSION,
} from "./graphql/operations";
import type {
  BeckonCartLinesAddMutation,
  BeckonProductFragment,
  StorefrontOperations,
} from "./generated/storefront.generated";
import { toGid } from "./ids";
import { fromStorefrontProduct } from "./product";
import { errorMessage, fail, ok } from "./result";
import { cartChangeNotice, cartChangeReporter, type CartNoticeConfig } from "./cart-notice";
import { createCartCreation, createCartLock, inFlight, realTimers, type CartLock } from "./serialize";
import { checkCartId, normalizeMarket, withMarket } from "./storefront-context";
import type {
  AddResult,
  Cart,
  CartAction,
  CartAdapter,
  CartLineInput,
  Product,
  ProductCatalog,
  ProductSourceType,
  Result,
  StoreSession,
  Timers,
} from "./types";

export interface StorefrontCartConfig {
  /** "shop.myshopify.com" (https is implied). */
  storeDomain: string;
  publicAccessToken: string;
  apiVersion?: string;
  /** Passed to the client as customFetchApi (tests point it at the local storefront). */
  fetch?: typeof fetch;
  currency?: string;
  /** The headless site's cart page ("/cart" by default). */
  cartUrl?: string;
  session?: StoreSession;
  timers?: Timers;
  lock?: CartLock;
  onChange?: (cart: Cart, action: CartAction) => void;
  /** The cart notice after add, remove and discount (SPEC 7); the page's origin and fetch by default, false for none. */
  notice?: CartNoticeConfig;
  /** The storefront's own cart ("gid://shopify/Cart/..."): every write goes to it and no cart is ever created. */
  cartId?: string | null;
  /** Called with the id of a cart Beckon created (no `cartId` given), so the storefront can store it. */
  onCartCreated?: (cartId: string) => void;
  /** The buyer's market (CountryCode, e.g. "SE"), sent with `@inContext` on every operation. */
  country?: string | null;
  /** The buyer's language (LanguageCode, e.g. "SV"), sent with `@inContext` on every operation. */
  language?: string | null;
}

/** An operation the widget sends: the exact text of a constant of graphql/operations.ts, which keys its generated types. */
type Operation = keyof StorefrontOperations;
/** An operation's answer, as its selection and the schema's nullability make it. */
type Answer<Q extends Operation> = StorefrontOperations[Q]["return"];
/** An operation's own variables: the market ones are added to every operation by withMarket. */
type OwnVariables<Q extends Operation> = Omit<StorefrontOperations[Q]["variables"], "country" | "language">;
/** The cart mutations' payloads share one shape (the cart, userErrors, warnings); cartLinesAdd's stands for all. */
type CartPayload = NonNullable<BeckonCartLinesAddMutation["cartLinesAdd"]>;

export interface StorefrontCart extends CartAdapter, ProductCatalog {
  /** Sets cart attributes (merged by Shopify with existing ones). */
  updateAttributes(attributes: { key: string; value: string }[]): Promise<Result<Cart>>;
  /** Tags the cart with the _convertflow attribute (SPEC 7), e.g. the visitor token. */
  tagCart(value: string): Promise<Result<Cart>>;
}

/** The Storefront API cart adapter and product catalog. */
export function createStorefrontCart(config: StorefrontCartConfig): StorefrontCart {
  const timers = config.timers ?? realTimers;
  const lock = config.lock ?? createCartLock({ session: config.session, timers });
  const writes = inFlight();
  const creation = createCartCreation({ session: config.session, timers, integration: "storefront" });
  const currency = config.currency ?? "";
  // Checked up front: a bad market or cart id would fail every operation later, less clearly.
  const market = normalizeMarket(config);
  const givenCartId =
    config.cartId === undefined || config.cartId === null || config.cartId === "" ? null : checkCartId(config.cartId);
  let client: StorefrontApiClient | null = null;
  let lastCart: Cart | null = null;

  async function gql<Q extends Operation>(query: Q, variables: OwnVariables<Q>): Promise<Result<Answer<Q>>> {
    try {
      client ??= createStorefrontApiClient({
        storeDomain: config.storeDomain,
        apiVersion: config.apiVersion ?? STOREFRONT_API_VERSION,
        publicAccessToken: config.publicAccessToken,
        customFetchApi: config.fetch,
        // The client reports unsupported versions and every response here; the widget logs its own errors.
        logger: () => undefined,
      });
      const res = await client.request<Answer<Q>>(query, { variables: withMarket(variables, market) });
      if (res.errors) {
        const errors = res.errors;
        const detail = errors.graphQLErrors?.[0]?.message ?? errors.message ?? "unknown error";
        return fail(`Storefront API error: ${detail}`, { status: errors.networkStatusCode });
      }
      return res.data && typeof res.data === "object" ? ok(res.data) : fail("Storefront API answered no data");
    } catch (e) {
      return fail(`Storefront API request failed: ${errorMessage(e)}`);
    }
  }

  /** A mutation payload into a Result<Cart>: user errors, then stock warnings, fail. */
  function payloadCart<F extends string>(
    result: Result<{ [K in F]?: CartPayload | null }>,
    field: F,
    failOn: ReadonlySet<string> = new Set(),
  ): Result<Cart> & { invalidCart?: boolean } {
    if (!result.ok) return result;
    const payload = result.value[field];
    // A payload without its field or lists is not Shopify's answer (a proxy's error page, a changed schema).
    if (!payload || typeof payload !== "object" || !Array.isArray(payload.userErrors))
      return fail(`Storefront API answered no ${field} payload`);
    const userError = payload.userErrors[0];
    if (userError) {
      const message =
        typeof userError.message === "string" && userError.message ? userError.message : `${field} was refused`;
      return {
        ...fail(message, { code: userError.code ?? undefined }),
        invalidCart: !payload.cart && userError.code === "INVALID" && (userError.field ?? []).includes("cartId"),
      };
    }
    const warning = Array.isArray(payload.warnings) ? payload.warnings.find((w) => failOn.has(w.code)) : undefined;
    if (warning) return fail(warning.message, { code: warning.code });
    if (!payload.cart) return { ...fail("The cart no longer exists"), invalidCart: true };
    if (!payload.cart.lines || !Array.isArray(payload.cart.lines.nodes) || !payload.cart.cost?.totalAmount)
      return fail(`Storefront API answered a ${field} cart without lines or cost`);
    lastCart = fromStorefrontCart(payload.cart);
    return ok(lastCart);
  }

  // A headless site's own origin (the page's) gets the notice, not Shopify's API domain.
  const notice = cartChangeNotice(config.notice, (...a) => (config.fetch ?? globalThis.fetch)(...a));
  const changed = cartChangeReporter(config, notice);

  const cartId = (): Promise<Result<string>> =>
    givenCartId
      ? Promise.resolve(ok(givenCartId))
      : creation.get(async () => {
          const result = payloadCart(await gql(CART_CREATE_MUTATION, { input: {} }), "cartCreate");
          if (!result.ok) return result;
          try {
            config.onCartCreated?.(result.value.id);
          } catch (e) {
            // The storefront's callback must not lose the cart the add goes on to.
            warn("onCartCreated threw", e);
          }
          return ok(result.value.id);
        });

  const wait = (ms: number) => new Promise<void>((resolve) => timers.setTimeout(resolve, ms));

  /**
   * Runs a cart mutation on the session cart. A cart that expired (or was
   * completed) is forgotten and, after 1 s (SPEC 9 headless cart retry), the
   * mutation is tried once more on a new cart.
   */
  async function onCart(run: (id: string) => Promise<Result<Cart> & { invalidCart?: boolean }>): Promise<Result<Cart>> {
    for (let attempt = 0; ; attempt++) {
      const id = await cartId();
      if (!id.ok) return id;
      const result = await run(id.value);
      // The storefront's own cart is never replaced: it decides what a gone cart means.
      if (givenCartId && !result.ok && result.invalidCart)
        return fail(`The storefront's cart ${givenCartId} no longer exists (${result.error.message})`);
      if (result.ok || !result.invalidCart || attempt > 0)
        return result.ok ? result : { ok: false, error: result.error };
      creation.reset();
      await wait(HEADLESS_CART_RETRY_MS);
    }
  }

  async function getCart(): Promise<Result<Cart>> {
    const id = givenCartId ?? creation.current();
    if (!id) return ok(emptyCart(currency));
    const result = await gql(CART_QUERY, { id });
    if (!result.ok) return result;
    if (!result.value.cart) {
      if (givenCartId) return fail(`The storefront's cart ${givenCartId} no longer exists`);
      creation.reset();
      return ok(emptyCart(currency));
    }
    if (!Array.isArray(result.value.cart.lines?.nodes) || !result.value.cart.cost?.totalAmount)
      return fail("Storefront API answered a cart without lines or cost");
    lastCart = fromStorefrontCart(result.value.cart);
    return ok(lastCart);
  }

  const products = (nodes: BeckonProductFragment[], source: ProductSourceType): Product[] =>
    nodes.map((n) => fromStorefrontProduct(n, { currency, source }));

  async function updateAttributes(attributes: { key: string; value: string }[]): Promise<Result<Cart>> {
    return onCart(async (id) =>
      payloadCart(await gql(CART_ATTRIBUTES_UPDATE_MUTATION, { cartId: id, attributes }), "cartAttributesUpdate"),
    );
  }

  return {
    integration: "storefront",
    getCart,

    busy: () => writes.busy() || lock.busy(),

    addLines(lines: CartLineInput[]): Promise<Result<AddResult>> {
      return writes.track(
        lock.run(async () => {
          const input = toStorefrontLineInputs(lines);
          const result = changed(
            await onCart(async (id) =>
              payloadCart(
                await gql(CART_LINES_ADD_MUTATION, { cartId: id, lines: input }),
                "cartLinesAdd",
                STOCK_WARNINGS,
              ),
            ),
            "add",
          );
          if (!result.ok) return result;
          const wanted = new Set(input.map((l) => l.merchandiseId));
          return ok({ cart: result.value, added: result.value.lines.filter((l) => wanted.has(l.variantId)) });
        }),
      );
    },

    removeLine: (lineId: string) =>
      writes.track(
        (async (): Promise<Result<Cart>> => {
          if (!givenCartId && !creation.current()) return fail("There is no cart yet");
          return changed(
            await onCart(async (id) =>
              payloadCart(await gql(CART_LINES_REMOVE_MUTATION, { cartId: id, lineIds: [lineId] }), "cartLinesRemove"),
            ),
            "remove",
          );
        })(),
      ),

    clear: () =>
      writes.track(
        (async () => {
          const current = await getCart();
          if (!current.ok || current.value.lines.length === 0) return current;
          const lineIds = current.value.lines.map((l) => l.id);
          return changed(
            await onCart(async (id) =>
              payloadCart(await gql(CART_LINES_REMOVE_MUTATION, { cartId: id, lineIds }), "cartLinesRemove"),
            ),
            "clear",
          );
        })(),
      ),

    applyDiscount(code: string) {
      return writes.track(
        lock.run(async () => {
          // cartDiscountCodesUpdate replaces the list, so the codes already on the cart are kept.
          const before = lastCart ?? (await getCart().then((r) => (r.ok ? r.value : null)));
          const codes = [...new Set([...(before?.discountCodes ?? []).map((d) => d.code), code])];
          return changed(
            await onCart(async (id) =>
              payloadCart(
                await gql(CART_DISCOUNT_CODES_UPDATE_MUTATION, { cartId: id, discountCodes: codes }),
                "cartDiscountCodesUpdate",
              ),
            ),
            "discount",
          );
        }),
      );
    },

    cartUrl: () => config.cartUrl ?? "/cart",

    async checkoutUrl() {
      const result = await getCart();
      if (!result.ok) return result;
      return result.value.checkoutUrl ? ok(result.value.checkoutUrl) : fail("There is no cart yet");
    },

    updateAttributes,
    tagCart: (value: string) => updateAttributes([{ key: CART_ATTRIBUTE_KEY, value }]),

    async product(handle) {
      const result = await gql(PRODUCT_QUERY, { handle });
      if (!result.ok) return result;
      return result.value.product
        ? ok(products([result.value.product], "manual")[0])
        : fail(PRODUCT_NOT_FOUND, { status: 404 });
    },

    async recommendations(productId, { limit, intent }) {
      const result = await gql(PRODUCT_RECOMMENDATIONS_QUERY, {
        productId: toGid("Product", productId),
        // The enum's value ("RELATED", "COMPLEMENTARY"): toUpperCase is typed as any string.
        intent: intent.toUpperCase() as Uppercase<typeof intent>,
      });
      if (!result.ok) return result;
      return ok(products((result.value.productRecommendations ?? []).slice(0, limit), "recommendations"));
    },

    async search(terms, { limit, showUnavailable }) {
      const any = terms.map((t) => JSON.stringify(t)).join(" OR ");
      const query = showUnavailable ? any : `(${any}) AND available_for_sale:true`;
      const result = await gql(PRODUCTS_QUERY, { query, first: limit });
      if (!result.ok) return result;
      return ok(products(result.value.products.nodes, "filter"));
    },

    async collection(handle, { limit }) {
      const result = await gql(COLLECTION_PRODUCTS_QUERY, { handle, first: limit });
      if (!result.ok) return result;
      if (!result.value.collection) return fail(`Collection ${handle} not found`, { status: 404 });
      const seen = new Set<string>();
      const nodes = result.value.collection.products.nodes.filter((n) => !seen.has(n.handle) && !!seen.add(n.handle));
      return ok(products(nodes.slice(0, limit), "collection"));
    },
  };
}
