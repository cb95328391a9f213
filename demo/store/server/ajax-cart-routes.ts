/**
 * The demo storefront's Ajax cart API: cart.js, cart/add.js, cart/change.js,
 * cart/clear.js, cart/update.js and /discount/{code}, answered in Shopify's
 * shapes. Writes go through the storefront's recorded write queue and carry
 * the bundled sections a write asks for (sections.ts).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { MAX_LINE_QUANTITY, type AddItem, type CartBook, type ServerCart } from "./carts";
import type { CartWriteRecord } from "./storefront-types";

/** What the Ajax cart routes share with the rest of the storefront's request handler (storefront.ts). */
export interface AjaxCartContext {
  book: CartBook;
  /** The storefront's root path, ending in "/". */
  root: string;
  /** The request's cart (from the cart cookie), creating one when there is none; setCookie when created. */
  cartFor(req: IncomingMessage): { cart: ServerCart; setCookie: string[] };
  /** Runs a cart write, recorded with its order and overlap (StorefrontState.cartWrites). */
  write<T>(api: CartWriteRecord["api"], op: string, body: unknown, fn: () => T | Promise<T>): Promise<T>;
  send(
    req: IncomingMessage,
    res: ServerResponse,
    status: number,
    body: unknown,
    headers?: Record<string, string | string[]>,
  ): void;
  /** Bundled section rendering: a cart write's `sections`, rendered after it. */
  bundled(req: IncomingMessage, cart: ServerCart, b: unknown): { sections?: Record<string, string | null> };
}

/**
 * Answers a request to the Ajax cart API, or returns null when the request is for none of its routes
 * (an answered request returns the send, or the write's promise, for the handler to return).
 */
export function answerAjaxCart(
  { book, root, cartFor, write, send, bundled }: AjaxCartContext,
  req: IncomingMessage,
  res: ServerResponse,
  method: string,
  path: string,
  url: URL,
  body: unknown,
): Promise<void> | void | null {
  if (method === "GET" && (path === "/cart.js" || path === "/cart.json")) {
    const { cart, setCookie } = cartFor(req);
    return send(req, res, 200, book.cartJson(cart), { "Set-Cookie": setCookie });
  }

  if (method === "POST" && (path === "/cart/add.js" || path === "/cart/add")) {
    const { cart, setCookie } = cartFor(req);
    const input = (body ?? {}) as { items?: AddItem[] } & Partial<AddItem>;
    const single = !Array.isArray(input.items);
    const items: AddItem[] = single
      ? [{ id: input.id!, quantity: input.quantity, selling_plan: input.selling_plan, properties: input.properties }]
      : input.items!;
    return write("ajax", "add", items, () => {
      if (single && (input.id === undefined || input.id === ""))
        return send(req, res, 400, {
          status: 400,
          message: "Cart Error",
          description: "Parameter Missing or Invalid: Required parameter missing or invalid: items",
        });
      const err = book.check(items, cart);
      if (err)
        return send(
          req,
          res,
          err.status,
          { status: err.status, message: err.message, description: err.description },
          { "Set-Cookie": setCookie },
        );
      const lines = book.add(cart, items).map((l) => book.lineJson(l));
      // A product form posted without script (cart/add, form-encoded) goes on to the cart page, as on Shopify.
      if (path === "/cart/add" && !/json/.test(String(req.headers["content-type"] ?? "")))
        return send(req, res, 302, "", { Location: `${root}cart`, "Set-Cookie": setCookie });
      return send(
        req,
        res,
        200,
        { ...(single ? lines[0] : { items: lines }), ...bundled(req, cart, input) },
        { "Set-Cookie": setCookie },
      );
    });
  }

  if (method === "POST" && (path === "/cart/change.js" || path === "/cart/change")) {
    const { cart, setCookie } = cartFor(req);
    const input = (body ?? {}) as { id?: string | number; line?: number | string; quantity?: number | string };
    return write("ajax", "change", input, () => {
      const line =
        input.line !== undefined
          ? [...cart.lines].reverse()[Number(input.line) - 1]
          : input.id !== undefined
            ? book.findLine(cart, input.id)
            : undefined;
      const quantity = Number(input.quantity ?? 0);
      if (!line || !Number.isInteger(quantity) || quantity < 0)
        return send(
          req,
          res,
          400,
          { status: 400, message: "Cart Error", description: "no valid id or line parameter" },
          { "Set-Cookie": setCookie },
        );
      if (quantity > MAX_LINE_QUANTITY)
        return send(
          req,
          res,
          422,
          { status: 422, message: "Cart Error", description: `Quantity must be at most ${MAX_LINE_QUANTITY}` },
          { "Set-Cookie": setCookie },
        );
      book.change(cart, line, quantity);
      return send(req, res, 200, { ...book.cartJson(cart), ...bundled(req, cart, input) }, { "Set-Cookie": setCookie });
    });
  }

  if (method === "POST" && (path === "/cart/clear.js" || path === "/cart/clear")) {
    const { cart, setCookie } = cartFor(req);
    return write("ajax", "clear", body, () => {
      cart.lines = [];
      cart.updatedAt = new Date().toISOString();
      return send(req, res, 200, { ...book.cartJson(cart), ...bundled(req, cart, body) }, { "Set-Cookie": setCookie });
    });
  }

  if (method === "POST" && (path === "/cart/update.js" || path === "/cart/update")) {
    const { cart, setCookie } = cartFor(req);
    const input = (body ?? {}) as { attributes?: Record<string, string>; note?: string };
    return write("ajax", "update", input, () => {
      const attributes = Object.entries({ ...cart.attributes, ...(input.attributes ?? {}) });
      if (
        attributes.length > 50 ||
        attributes.some(([k, v]) => k.length > 255 || String(v).length > 1000) ||
        (input.note !== undefined && String(input.note).length > 5000)
      )
        return send(
          req,
          res,
          422,
          {
            status: 422,
            message: "Cart Error",
            description: "At most 50 attributes of 1,000 characters and a note of 5,000",
          },
          { "Set-Cookie": setCookie },
        );
      Object.assign(cart.attributes, input.attributes ?? {});
      if (input.note !== undefined) cart.note = input.note;
      return send(req, res, 200, { ...book.cartJson(cart), ...bundled(req, cart, input) }, { "Set-Cookie": setCookie });
    });
  }

  const discount = /^\/discount\/([^/]+)$/.exec(path);
  if (method === "GET" && discount) {
    const code = decodeURIComponent(discount[1]).trim();
    const { cart, setCookie } = cartFor(req);
    return write("ajax", "discount", code, async () => {
      await book.learnShopDiscounts([code]);
      if (code && !cart.discountCodes.includes(code)) cart.discountCodes.push(code);
      const redirect = url.searchParams.get("redirect") ?? root;
      const location = redirect.startsWith("/") && !redirect.startsWith("//") ? redirect : root;
      setCookie.push(`discount_code=${encodeURIComponent(code)}; Path=${root}; SameSite=Lax`);
      return send(req, res, 302, "", { Location: location, "Set-Cookie": setCookie });
    });
  }

  return null;
}
