/**
 * The server side of the Hydrogen-shaped example: a cart handler in the shape
 * of Hydrogen's createCartHandler (get, addLines, removeLines, updateLines,
 * updateDiscountCodes, updateAttributes, getCartId, setCartId), talking to
 * the local storefront's Storefront API from the server with the buyer's
 * market in @inContext. The cart id lives in the `cart` cookie as Hydrogen
 * keeps it (the gid's last segment); the first write without one creates the
 * cart with that write, and the route sets the cookie from setCartId.
 * Mutations select only id, totalQuantity and checkoutUrl, as Hydrogen's
 * default mutation fragment does; the page's loader reads the whole cart.
 */

type Json = Record<string, unknown>;

/** What every cart method answers (Hydrogen's CartQueryDataReturn). */
export interface CartResult {
  cart: Json | null;
  userErrors: { field?: string[] | null; message: string; code?: string | null }[];
  warnings: { code: string; message: string }[];
  /** GraphQL errors, when the Storefront API answered any. */
  errors?: { message: string }[];
}

export interface StorefrontClient {
  /** Runs a Storefront API operation with the market's @inContext variables. */
  request(query: string, variables: Json): Promise<{ data?: Json | null; errors?: { message: string }[] }>;
}

/** A Storefront API client for the server: plain fetch to the shop's GraphQL endpoint. */
export function createStorefrontClient(options: {
  origin: string;
  token: string;
  apiVersion: string;
  country: string;
  language: string;
}): StorefrontClient {
  return {
    async request(query, variables) {
      const res = await fetch(`${options.origin}/api/${options.apiVersion}/graphql.json`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Shopify-Storefront-Access-Token": options.token },
        body: JSON.stringify({
          query,
          variables: { ...variables, country: options.country, language: options.language },
        }),
      });
      if (!res.ok) return { errors: [{ message: `Storefront API answered ${res.status}` }] };
      return (await res.json()) as { data?: Json | null; errors?: { message: string }[] };
    },
  };
}

const MONEY = "amount currencyCode";

/** The page's cart: what the cart route's loader and the page show. */
const CART_QUERY_FIELDS = `id checkoutUrl totalQuantity
  cost { totalAmount { ${MONEY} } }
  discountCodes { code applicable }
  attributes { key value }
  lines(first: 100) { nodes {
    id quantity attributes { key value }
    cost { totalAmount { ${MONEY} } }
    merchandise { ... on ProductVariant { id title product { id handle title } } }
  } }`;

/** Hydrogen's default mutation fragment: the cart's id, count and checkout URL only. */
const CART_MUTATION_FIELDS = "id totalQuantity checkoutUrl";

const IN_CONTEXT = "@inContext(country: $country, language: $language)";
const MARKET_VARIABLES = "$country: CountryCode, $language: LanguageCode";

const payload = (field: string, call: string) =>
  `${field}(${call}) { cart { ${CART_MUTATION_FIELDS} } userErrors { field message code } warnings { code message } }`;

const MUTATIONS = {
  create: `mutation ExampleCartCreate($input: CartInput!, ${MARKET_VARIABLES}) ${IN_CONTEXT} { ${payload("cartCreate", "input: $input")} }`,
  linesAdd: `mutation ExampleCartLinesAdd($cartId: ID!, $lines: [CartLineInput!]!, ${MARKET_VARIABLES}) ${IN_CONTEXT} { ${payload("cartLinesAdd", "cartId: $cartId, lines: $lines")} }`,
  linesUpdate: `mutation ExampleCartLinesUpdate($cartId: ID!, $lines: [CartLineUpdateInput!]!, ${MARKET_VARIABLES}) ${IN_CONTEXT} { ${payload("cartLinesUpdate", "cartId: $cartId, lines: $lines")} }`,
  linesRemove: `mutation ExampleCartLinesRemove($cartId: ID!, $lineIds: [ID!]!, ${MARKET_VARIABLES}) ${IN_CONTEXT} { ${payload("cartLinesRemove", "cartId: $cartId, lineIds: $lineIds")} }`,
  discountCodesUpdate: `mutation ExampleCartDiscountCodesUpdate($cartId: ID!, $discountCodes: [String!]!, ${MARKET_VARIABLES}) ${IN_CONTEXT} { ${payload("cartDiscountCodesUpdate", "cartId: $cartId, discountCodes: $discountCodes")} }`,
  attributesUpdate: `mutation ExampleCartAttributesUpdate($cartId: ID!, $attributes: [AttributeInput!]!, ${MARKET_VARIABLES}) ${IN_CONTEXT} { ${payload("cartAttributesUpdate", "cartId: $cartId, attributes: $attributes")} }`,
};

const CART_QUERY = `query ExampleCart($id: ID!, ${MARKET_VARIABLES}) ${IN_CONTEXT} { cart(id: $id) { ${CART_QUERY_FIELDS} } }`;

/** The cart id of the request's `cart` cookie (Hydrogen's cartGetIdDefault). */
export function cartIdFromCookie(cookieHeader: string | undefined): string | undefined {
  for (const part of (cookieHeader ?? "").split(";")) {
    const [name, ...rest] = part.trim().split("=");
    const value = rest.join("=");
    if (name === "cart" && /^[\w-]+$/.test(value)) return `gid://shopify/Cart/${value}`;
  }
  return undefined;
}

/** The Set-Cookie for a cart id (Hydrogen's cartSetIdDefault: the gid's last segment, on the whole site). */
export function cartIdCookie(cartId: string): Headers {
  const headers = new Headers();
  headers.append(
    "Set-Cookie",
    `cart=${encodeURIComponent(cartId.split("/").pop() ?? "")}; Path=/; SameSite=Lax; HttpOnly`,
  );
  return headers;
}

export type CartHandler = ReturnType<typeof createCartHandler>;

/** The request's cart handler: every method works on the cookie's cart, or creates it. */
export function createCartHandler(options: { storefront: StorefrontClient; getCartId: () => string | undefined }) {
  let cartId = options.getCartId();

  async function mutate(field: string, query: string, variables: Json): Promise<CartResult> {
    const answer = await options.storefront.request(query, variables);
    const result = (answer.data?.[field] ?? null) as Omit<CartResult, "errors"> | null;
    const out: CartResult = {
      cart: result?.cart ?? null,
      userErrors: result?.userErrors ?? [],
      warnings: result?.warnings ?? [],
      ...(answer.errors?.length ? { errors: answer.errors } : {}),
    };
    if (typeof out.cart?.id === "string") cartId = out.cart.id;
    return out;
  }

  /** A write on the cart, or, with no cart yet, cartCreate carrying the same input. */
  const onCart = (field: string, query: string, variables: Json, create: Json) =>
    cartId ? mutate(field, query, { cartId, ...variables }) : mutate("cartCreate", MUTATIONS.create, { input: create });

  return {
    getCartId: () => cartId,
    setCartId: cartIdCookie,
    async get(): Promise<Json | null> {
      if (!cartId) return null;
      const answer = await options.storefront.request(CART_QUERY, { id: cartId });
      return (answer.data?.cart as Json | null | undefined) ?? null;
    },
    addLines: (lines: unknown[]) => onCart("cartLinesAdd", MUTATIONS.linesAdd, { lines }, { lines }),
    updateLines: (lines: unknown[]) => onCart("cartLinesUpdate", MUTATIONS.linesUpdate, { lines }, {}),
    removeLines: (lineIds: unknown[]) => onCart("cartLinesRemove", MUTATIONS.linesRemove, { lineIds }, {}),
    updateDiscountCodes: (discountCodes: unknown[]) =>
      onCart("cartDiscountCodesUpdate", MUTATIONS.discountCodesUpdate, { discountCodes }, { discountCodes }),
    updateAttributes: (attributes: unknown[]) =>
      onCart("cartAttributesUpdate", MUTATIONS.attributesUpdate, { attributes }, { attributes }),
  };
}
