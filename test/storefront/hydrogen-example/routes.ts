/**
 * The Hydrogen-shaped example's server (docs/headless.md, "server cart"):
 * the routes of Hydrogen's skeleton on the local storefront's Node server.
 *
 * - GET /hydrogen-example: the page, its cart read on the server from the
 *   `cart` cookie (the root loader's cart.get()), inline with the example data;
 * - GET /hydrogen-example/cart: the cart route's loader (cart.get() as JSON),
 *   which the page calls again to revalidate;
 * - POST /hydrogen-example/cart: the cart route's action, taking CartForm
 *   posts (the `cartFormInput` field) and calling the cart handler; the
 *   answer is the handler's result as JSON, the cart id set in the cookie.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { bundleExampleApp, examplePage, type HeadlessExampleData } from "#test/storefront/headless-example/page";
import { cartIdFromCookie, createCartHandler, createStorefrontClient, type CartResult } from "./cart-handler";

export const HYDROGEN_EXAMPLE_PATH = "/hydrogen-example";
export const HYDROGEN_CART_ROUTE = `${HYDROGEN_EXAMPLE_PATH}/cart`;
const STOREFRONT_API_VERSION = "2026-04";
/** A CartForm post is a few kilobytes; the route refuses anything near a megabyte. */
const MAX_BODY_BYTES = 1_000_000;

/** What the page gets: the example's data and the cart its server read. */
export interface HydrogenExampleData extends HeadlessExampleData {
  cart: Record<string, unknown> | null;
  cartRoute: string;
}

const here = path.dirname(fileURLToPath(import.meta.url));
export const buildHydrogenExample = () => bundleExampleApp(path.join(here, "app.tsx"));

type Json = Record<string, unknown>;

/** The request's form data (multipart or url-encoded), as a Hydrogen action's request.formData() reads it. */
async function formData(req: IncomingMessage): Promise<FormData> {
  const chunks: Buffer[] = [];
  let size = 0;
  // An oversized body is still read to its end (and dropped), so the connection stays usable for the answer.
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size <= MAX_BODY_BYTES) chunks.push(chunk as Buffer);
  }
  if (size > MAX_BODY_BYTES) throw Object.assign(new Error("The form is too large"), { status: 413 });
  const request = new Request("http://example.invalid/", {
    method: "POST",
    headers: { "Content-Type": String(req.headers["content-type"] ?? "") },
    body: Buffer.concat(chunks),
  });
  return request.formData();
}

/** The action and inputs of a CartForm post: the cartFormInput JSON, the form's other fields merged into inputs. */
function cartFormInputOf(form: FormData): { action: unknown; inputs: Json } {
  const raw = form.get("cartFormInput");
  const parsed = typeof raw === "string" ? (JSON.parse(raw) as unknown) : {};
  const { action, inputs } = (parsed && typeof parsed === "object" ? parsed : {}) as {
    action?: unknown;
    inputs?: unknown;
  };
  const others = Object.fromEntries([...form.entries()].filter(([key]) => key !== "cartFormInput"));
  return { action, inputs: { ...(inputs && typeof inputs === "object" ? inputs : {}), ...others } };
}

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** The cart route's action: one cart handler call per CartForm action. */
async function cartAction(
  handler: ReturnType<typeof createCartHandler>,
  { action, inputs }: ReturnType<typeof cartFormInputOf>,
): Promise<CartResult | null> {
  switch (action) {
    case "LinesAdd":
      return handler.addLines(list(inputs.lines));
    case "LinesUpdate":
      return handler.updateLines(list(inputs.lines));
    case "LinesRemove":
      return handler.removeLines(list(inputs.lineIds));
    case "DiscountCodesUpdate": {
      // A code typed into the form's discountCode field joins the codes already applied.
      const typed = typeof inputs.discountCode === "string" && inputs.discountCode ? [inputs.discountCode] : [];
      return handler.updateDiscountCodes([...typed, ...list(inputs.discountCodes)]);
    }
    case "AttributesUpdateInput":
      return handler.updateAttributes(list(inputs.attributes));
    default:
      return null;
  }
}

/**
 * Routes for the storefront's `routes` option; `data` is read per request
 * (the storefront's origin is known only once it listens).
 */
export function hydrogenExampleRoutes(data: (origin: string) => HeadlessExampleData) {
  return async (req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> => {
    const send = (status: number, type: string, body: string, headers: Headers = new Headers()) => {
      res.writeHead(status, {
        "Content-Type": type,
        "Cache-Control": "no-store",
        ...(headers.getSetCookie().length ? { "Set-Cookie": headers.getSetCookie() } : {}),
      });
      res.end(body);
      return true;
    };
    const sendJson = (status: number, body: unknown, headers?: Headers) =>
      send(status, "application/json; charset=utf-8", JSON.stringify(body), headers);
    const example = () => data(url.origin);
    const cartHandler = () => {
      const { storefrontToken, country, language } = example();
      return createCartHandler({
        storefront: createStorefrontClient({
          origin: url.origin,
          token: storefrontToken,
          apiVersion: STOREFRONT_API_VERSION,
          country,
          language,
        }),
        getCartId: () => cartIdFromCookie(req.headers.cookie),
      });
    };

    if (req.method === "GET" && url.pathname === `${HYDROGEN_EXAMPLE_PATH}.js`)
      return send(200, "text/javascript; charset=utf-8", await buildHydrogenExample());
    if (req.method === "GET" && url.pathname === HYDROGEN_EXAMPLE_PATH) {
      const page: HydrogenExampleData = {
        ...example(),
        cart: await cartHandler().get(),
        cartRoute: HYDROGEN_CART_ROUTE,
      };
      return send(
        200,
        "text/html; charset=utf-8",
        examplePage("Hydrogen-shaped example", page, `${HYDROGEN_EXAMPLE_PATH}.js`),
      );
    }
    if (url.pathname !== HYDROGEN_CART_ROUTE) return false;
    if (req.method === "GET") return sendJson(200, await cartHandler().get());
    if (req.method !== "POST") return sendJson(405, { errors: [{ message: "The cart route takes GET and POST" }] });

    let input: ReturnType<typeof cartFormInputOf>;
    try {
      const form = await formData(req);
      try {
        input = cartFormInputOf(form);
      } catch {
        return sendJson(400, { errors: [{ message: "cartFormInput is not JSON" }] });
      }
    } catch (e) {
      const status = (e as { status?: number }).status ?? 400;
      return sendJson(status, {
        errors: [{ message: status === 413 ? "The form is too large" : "The form is unreadable" }],
      });
    }
    const handler = cartHandler();
    const result = await cartAction(handler, input);
    if (!result) return sendJson(400, { errors: [{ message: "No such cart action" }] });
    const cartId = typeof result.cart?.id === "string" ? result.cart.id : undefined;
    return sendJson(200, result, cartId ? handler.setCartId(cartId) : undefined);
  };
}
