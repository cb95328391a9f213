/**
 * A Shopify storefront in Node: a request handler answering the documented
 * Ajax API (cart.js, cart/add.js, cart/change.js, cart/clear.js,
 * /discount/{code}: ajax-cart-routes.ts; products/{handle}.js,
 * recommendations/products.json, search/suggest.json) in Shopify's shapes, the Section Rendering API
 * (`?sections=` and `?section_id=` on any page, and bundled with the cart
 * writes: sections.ts), a Storefront GraphQL endpoint (POST /api/{version}/graphql.json)
 * executing Shopify's real schema over the same catalogue and carts, and the
 * review providers' endpoints. Carts are kept in memory per cart-token cookie,
 * bounded in number and size. The demo store (/demo/store under `npm start`)
 * mounts it; the tests' storefront (test/storefront) serves it on its own port.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import {
  buildCollections,
  loadDefaultCatalog,
  parseSuggestFields,
  productJs,
  queryTerms,
  relatedProducts,
  searchScore,
  suggestProduct,
  toCatalogProduct,
  isAvailable,
  type CatalogProduct,
} from "./catalog";
import { answerAjaxCart } from "./ajax-cart-routes";
import { CartBook, type ServerCart } from "./carts";
import { readInContext, runGraphql, type InContext } from "./graphql";
import { answerReviews, defaultRatings } from "./reviews";
import { cookies, escapeHtml, placeholderSvg, readBody } from "./http";
import { MAX_SECTIONS, renderSection, renderSections, sectionIds } from "./sections";
import {
  DEFAULT_DISCOUNTS,
  type CartWriteRecord,
  type Storefront,
  type StorefrontOptions,
  type StorefrontState,
} from "./storefront-types";

const LOCALE_PREFIX =
  /^\/[a-z]{2}(?:-[a-zA-Z]{2})?(?=\/(?:cart|products|collections|recommendations|search|discount|checkout)(?:[/.?]|$))/;

/** Builds the storefront's catalogue, carts and request handler. */
export async function createStorefront(options: StorefrontOptions = {}): Promise<Storefront> {
  const loaded = options.products
    ? { products: options.products.map(toCatalogProduct), from: "options" as const }
    : await loadDefaultCatalog();
  const currency = options.currency ?? "USD";
  const products = loaded.products;
  const collections = buildCollections(products, options.collections);
  const root = options.root ? (options.root.endsWith("/") ? options.root : options.root + "/") : "/";
  const book = new CartBook(() => products, options.discounts ?? DEFAULT_DISCOUNTS, currency, {
    maxCarts: options.maxCarts,
    maxLines: options.maxLines,
    root,
    shopDiscounts: options.shopDiscounts,
  });
  const ratings = options.ratings ?? defaultRatings(products);
  let seq = 0;
  let inFlight = 0;
  const state: StorefrontState = {
    products,
    catalogFrom: loaded.from,
    collections,
    book,
    carts: book.carts,
    requests: [],
    cartWrites: [],
    graphql: [],
    maxConcurrentWrites: 0,
    reset() {
      book.carts.clear();
      state.requests.length = 0;
      state.cartWrites.length = 0;
      state.graphql.length = 0;
      state.maxConcurrentWrites = 0;
    },
  };

  const byHandle = (h: string) => products.find((p) => p.handle === h);

  async function write<T>(
    api: CartWriteRecord["api"],
    op: string,
    body: unknown,
    fn: () => T | Promise<T>,
    inContext?: InContext | null,
  ): Promise<T> {
    const record: CartWriteRecord = {
      api,
      op,
      body,
      start: ++seq,
      end: null,
      ...(api === "graphql" ? { inContext } : {}),
    };
    if (options.record !== false) state.cartWrites.push(record);
    inFlight++;
    state.maxConcurrentWrites = Math.max(state.maxConcurrentWrites, inFlight);
    try {
      if (options.writeDelayMs) await new Promise((r) => setTimeout(r, options.writeDelayMs));
      return await fn();
    } finally {
      inFlight--;
      record.end = ++seq;
    }
  }

  function send(
    req: IncomingMessage,
    res: ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string | string[]> = {},
  ) {
    const origin = req.headers.origin;
    res.writeHead(status, {
      "Content-Type": typeof body === "string" ? "text/html; charset=utf-8" : "application/json; charset=utf-8",
      "Cache-Control": "no-store",
      ...(origin
        ? { "Access-Control-Allow-Origin": origin, "Access-Control-Allow-Credentials": "true", Vary: "Origin" }
        : {}),
      ...headers,
    });
    res.end(typeof body === "string" ? body : JSON.stringify(body));
  }

  /** The request's cart (from the cart cookie), creating one when there is none; setCookie when created. */
  function cartFor(req: IncomingMessage): { cart: ServerCart; setCookie: string[] } {
    const jar = cookies(req);
    let cart = book.get(jar.cart);
    const setCookie: string[] = [];
    if (!cart) {
      cart = book.create();
      setCookie.push(`cart=${cart.token}; Path=${root}; SameSite=Lax`);
    }
    // A code applied before the cart existed travels in the discount_code cookie.
    const code = jar.discount_code;
    if (code && !cart.discountCodes.includes(code)) cart.discountCodes.push(code);
    return { cart, setCookie };
  }

  /** The page path a section renders for, relative to the root: from a sections_url or a Referer, "/" when neither says. */
  function contextPath(from: unknown): string {
    let pathname = "/";
    try {
      if (typeof from === "string" && from) pathname = new URL(from, "http://x").pathname;
    } catch {
      /* "/" */
    }
    if (pathname.startsWith(root)) pathname = "/" + pathname.slice(root.length);
    return pathname.replace(LOCALE_PREFIX, "") || "/";
  }

  const sectionContext = (cart: ServerCart, path: string) => ({ root, path, cart, book, collections, byHandle });

  /** Bundled section rendering: a cart write's `sections`, rendered after it, in the context of sections_url or the asking page. */
  function bundled(
    req: IncomingMessage,
    cart: ServerCart,
    rawBody: unknown,
  ): { sections?: Record<string, string | null> } {
    const body = (rawBody ?? {}) as { sections?: unknown; sections_url?: unknown };
    const ids = sectionIds(body.sections).slice(0, MAX_SECTIONS);
    return ids.length
      ? { sections: renderSections(ids, sectionContext(cart, contextPath(body.sections_url ?? req.headers.referer))) }
      : {};
  }

  const page = (title: string, body: string) =>
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><h1>${escapeHtml(title)}</h1>${body}</body></html>`;

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const host = req.headers.host ?? "127.0.0.1";
    const url = new URL(req.url ?? "/", `http://${host}`);
    const method = req.method ?? "GET";
    if (options.record !== false) state.requests.push({ seq: ++seq, method, path: url.pathname, search: url.search });

    if (options.routes && (await options.routes(req, res, url))) return;

    if (method === "OPTIONS") {
      res.writeHead(204, {
        "Access-Control-Allow-Origin": req.headers.origin ?? "*",
        "Access-Control-Allow-Credentials": "true",
        "Access-Control-Allow-Methods": "GET, POST, OPTIONS",
        "Access-Control-Allow-Headers": req.headers["access-control-request-headers"] ?? "Content-Type",
        "Access-Control-Max-Age": "600",
      });
      return res.end();
    }

    const body = method === "POST" ? await readBody(req) : undefined;

    const review = answerReviews(method, url, body, ratings);
    if (review) return send(req, res, review.status, review.body);

    const gql = /^\/api\/([^/]+)\/graphql(?:\.json)?$/.exec(url.pathname);
    if (gql && method === "POST") {
      const token = req.headers["x-shopify-storefront-access-token"];
      if (options.publicAccessToken && token !== options.publicAccessToken)
        return send(req, res, 401, {
          errors: "[API] Invalid API key or access token (unrecognized login or wrong password)",
        });
      const request = body as { query?: string; variables?: Record<string, unknown>; operationName?: string };
      const inContext = readInContext(request);
      const market = inContext?.country ? options.markets?.[inContext.country] : undefined;
      const ctx = {
        origin: `http://${host}${root.slice(0, -1)}`,
        currency: market?.currency ?? currency,
        rate: market?.rate ?? 1,
        country: inContext?.country ?? null,
        products: () => products,
        collections: () => collections,
        complementary: options.complementary ?? {},
        book,
      };
      const isMutation = /^\s*mutation\b/.test(request.query ?? "");
      const operation =
        /(?:query|mutation)\s+(\w+)/.exec(request.query ?? "")?.[1] ?? (isMutation ? "mutation" : "query");
      if (options.record !== false)
        state.graphql.push({
          operation,
          kind: isMutation ? "mutation" : "query",
          variables: request.variables ?? {},
          inContext,
        });
      const result = isMutation
        ? await write("graphql", operation, request.variables, () => runGraphql(ctx, request), inContext)
        : await runGraphql(ctx, request);
      return send(req, res, 200, result);
    }

    const path = url.pathname.replace(LOCALE_PREFIX, "");

    const ajaxCart = answerAjaxCart({ book, root, cartFor, write, send, bundled }, req, res, method, path, url, body);
    if (ajaxCart !== null) return ajaxCart;

    const productJsMatch = /^\/products\/([^/]+)\.js$/.exec(path);
    if (method === "GET" && productJsMatch) {
      const product = byHandle(decodeURIComponent(productJsMatch[1]));
      return product
        ? send(req, res, 200, productJs(product, root))
        : send(req, res, 404, { status: 404, message: "Not Found", description: "Product not found" });
    }

    if (method === "GET" && path === "/recommendations/products.json") {
      const id = Number(url.searchParams.get("product_id"));
      const intent = url.searchParams.get("intent") ?? "related";
      const limit = Math.min(10, Math.max(1, Number(url.searchParams.get("limit") ?? 10) || 10));
      const product = products.find((x) => x.id === id);
      if (!url.searchParams.get("product_id"))
        return send(req, res, 422, {
          status: 422,
          message: "Invalid parameter error",
          description: "product_id is required",
        });
      if (!product)
        return send(req, res, 404, {
          status: 404,
          message: "Product not found",
          description: `No product with id ${url.searchParams.get("product_id")} was found`,
        });
      const list =
        intent === "complementary"
          ? (options.complementary?.[product.handle] ?? []).map(byHandle).filter((x): x is CatalogProduct => !!x)
          : relatedProducts(products, product);
      return send(req, res, 200, {
        intent,
        products: list
          .filter(isAvailable)
          .slice(0, limit)
          .map((x) => productJs(x, root)),
      });
    }

    if (method === "GET" && path === "/search/suggest.json") {
      const query = url.searchParams.get("q") ?? "";
      const type = url.searchParams.get("resources[type]") ?? "product";
      const limit = Math.min(
        10,
        Math.max(1, Number(url.searchParams.get("resources[limit]") ?? url.searchParams.get("limit") ?? 10) || 10),
      );
      const unavailable = url.searchParams.get("resources[options][unavailable_products]") ?? "last";
      const fields = parseSuggestFields(url.searchParams.get("resources[options][fields]"));
      const terms = queryTerms(query);
      let found = products
        .map((p, i) => ({ p, i, s: searchScore(p, terms, fields) }))
        .filter((x) => terms.length > 0 && x.s > 0)
        .filter((x) => unavailable !== "hide" || isAvailable(x.p))
        .sort(
          (a, b) =>
            (unavailable === "last" ? Number(isAvailable(b.p)) - Number(isAvailable(a.p)) : 0) ||
            b.s - a.s ||
            a.i - b.i,
        )
        .map((x) => x.p);
      if (!type.split(",").includes("product")) found = [];
      return send(req, res, 200, {
        resources: { results: { products: found.slice(0, limit).map((p) => suggestProduct(p, root)) } },
      });
    }

    const file = /^\/cdn\/shop\/files\/([\w.-]+)$/.exec(url.pathname);
    if (method === "GET" && file)
      return send(req, res, 200, placeholderSvg(file[1]), {
        "Content-Type": "image/svg+xml",
        "Cache-Control": "public, max-age=3600",
      });

    // The Section Rendering API on any page: ?sections=a,b (JSON, at most five) or ?section_id=a (the HTML).
    if (
      method === "GET" &&
      ["sections", "sections[]", "section_id"].some((k) => url.searchParams.has(k)) &&
      !/\.(js|json)$/.test(path)
    ) {
      const { cart, setCookie } = cartFor(req);
      const ctx = sectionContext(cart, path || "/");
      const one = url.searchParams.get("section_id");
      if (one !== null) {
        const html = renderSection(one, ctx);
        return html === null
          ? send(req, res, 404, page("Not found", ""))
          : send(req, res, 200, html, { "Set-Cookie": setCookie });
      }
      const ids = sectionIds(
        url.searchParams.getAll("sections").join(",") || url.searchParams.getAll("sections[]").join(","),
      );
      if (ids.length > MAX_SECTIONS)
        return send(req, res, 400, {
          status: 400,
          message: "Bad Request",
          description: `At most ${MAX_SECTIONS} sections a request`,
        });
      // A page that does not exist (an unknown collection) answers 404, its sections rendered all the same.
      const missing = /^\/collections\/([^/]+)\/?$/.exec(path);
      const status = missing && !collections.has(decodeURIComponent(missing[1])) ? 404 : 200;
      return send(req, res, status, renderSections(ids, ctx), { "Set-Cookie": setCookie });
    }

    // Minimal pages for the redirect targets (SPEC 2) and browsing.
    if (method === "GET") {
      if (path === "/" || path === "")
        return send(
          req,
          res,
          200,
          page(
            "Local storefront",
            products.map((p) => `<p><a href="${root}products/${p.handle}">${escapeHtml(p.title)}</a></p>`).join(""),
          ),
        );
      if (path === "/cart") {
        const { cart, setCookie } = cartFor(req);
        const json = book.cartJson(cart);
        return send(
          req,
          res,
          200,
          page(
            "Your cart",
            json.items.map((i) => `<p class="line">${escapeHtml(i.title)} × ${i.quantity}</p>`).join("") +
              `<p class="total">${json.total_price}</p>`,
          ),
          { "Set-Cookie": setCookie },
        );
      }
      if (path === "/checkout" || path.startsWith("/checkouts/")) return send(req, res, 200, page("Checkout", ""));
      const productPage = /^\/products\/([^/.]+)$/.exec(path);
      if (productPage) {
        const product = byHandle(decodeURIComponent(productPage[1]));
        if (product) return send(req, res, 200, page(product.title, product.description));
      }
      const collectionPage = /^\/collections\/([^/.]+)$/.exec(path);
      if (collectionPage && collections.has(collectionPage[1])) {
        const list = collections
          .get(collectionPage[1])!
          .map(byHandle)
          .filter((x): x is CatalogProduct => !!x);
        return send(
          req,
          res,
          200,
          page(
            collectionPage[1],
            list.map((p) => `<p><a href="${root}products/${p.handle}">${escapeHtml(p.title)}</a></p>`).join(""),
          ),
        );
      }
    }
    return send(req, res, 404, { status: 404, message: "Not Found" });
  }

  return {
    state,
    handle: (req, res) =>
      handle(req, res).then(
        () => undefined,
        (error: unknown) => {
          if (!res.headersSent)
            send(req, res, 400, {
              status: 400,
              message: "Bad Request",
              description: error instanceof Error ? error.message : String(error),
            });
          else res.end();
        },
      ),
  };
}
