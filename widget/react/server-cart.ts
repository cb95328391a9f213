/**
 * The store adapter for an app whose cart lives on its server, as Hydrogen's
 * skeleton keeps it: a cart handler (createCartHandler) behind a cart route
 * that takes CartForm posts, the cart id in the app's cookie. A CTA's write
 * goes through the app, never to the Storefront API directly, so the cart id
 * the app keeps is the one written to and the page's loaders read the change:
 *
 * - `action`: the app's cart route ("/cart"); Beckon posts the CartForm form
 *   data (cartFormInput) to it, with the page's cookies, and reads its answer;
 * - `handler`: the app's own call, `(action, inputs) => answer`, for an app
 *   that reaches its cart handler another way.
 *
 * After each answered write the app's `revalidate` runs (React Router's
 * useRevalidator().revalidate), so the page's cart shows the change without
 * a reload. The page's own cart (its loader's cart.get()) is handed in as it
 * changes (`pageCart`): it gives the codes kept on a discount and the cart read
 * between writes. One write at a time: two first adds at once would make two
 * carts on the server.
 */
import { warn } from "#widget/core/log";
import { CART_ATTRIBUTE_KEY } from "#widget/store/constants";
import { NOT_ADDED } from "#widget/store/cart-refusal";
import { toStorefrontLineInputs } from "#widget/store/cart";
import { errorMessage, fail, ok } from "#widget/store/result";
import type { AddResult, Cart, CartAction, CartAdapter, CartLineInput, Result } from "#widget/store/types";
import {
  cartFormData,
  cartFormInput,
  fromServerCart,
  MAX_DISCOUNT_CODE,
  noServerCart,
  readCartAnswer,
  type CartAttribute,
  type CartFormAction,
  type CartFormInputs,
  type ServerCartShape,
} from "./cart-form";

/** The app's own way to its cart handler: answers what the handler answered ({cart, userErrors, warnings}). */
export type ServerCartHandler = <A extends CartFormAction>(action: A, inputs: CartFormInputs[A]) => Promise<unknown>;

export interface ServerCartOptions {
  /** The app's cart route, which takes CartForm posts and answers JSON (`{cart, userErrors, warnings, errors}`). */
  action?: string;
  /** Instead of `action`: calls the app's cart handler. */
  handler?: ServerCartHandler;
  /** Called after every answered write (useRevalidator().revalidate); awaited when it answers a promise. */
  revalidate?: () => unknown;
  /** The value of the `_convertflow` attribute on the lines Beckon adds (SPEC 7): the visitor token. */
  tag?: () => string | null;
  currency?: string;
  /** Where "view cart" goes ("/cart" by default). */
  cartUrl?: string;
  onChange?: (cart: Cart, action: CartAction) => void;
  fetch?: typeof fetch;
  /** How long a post may take (default 20 s). */
  timeoutMs?: number;
}

export interface ServerCart extends CartAdapter {
  /** The page's cart as its loader answered it (hydrogen's cart.get()); call again whenever it changes. */
  pageCart(cart: unknown): void;
  /** Sets cart attributes (the handler's cart.updateAttributes). */
  updateAttributes(attributes: CartAttribute[]): Promise<Result<Cart>>;
  /** Tags the cart with the _convertflow attribute (SPEC 7). */
  tagCart(value: string): Promise<Result<Cart>>;
}

/** The most of an answer read (a cart of 250 lines is far below). */
const MAX_ANSWER_CHARS = 2 * 1024 * 1024;

/** A CartAdapter over the app's server cart. */
export function createServerCart(options: ServerCartOptions): ServerCart {
  if (!options.action === !options.handler)
    throw new Error("[beckon] a server cart needs either `action` or `handler`");
  const currency = options.currency ?? "";
  const timeoutMs = options.timeoutMs ?? 20_000;
  // The newest of the page's cart and the last write's answer (a minimal answer filled in from the cart before).
  let latest: ServerCartShape = noServerCart(currency);
  let queue: Promise<unknown> = Promise.resolve();
  let writing = 0;

  async function post(action: CartFormAction, inputs: CartFormInputs[CartFormAction]): Promise<Result<unknown>> {
    if (options.handler) {
      try {
        return ok(await options.handler(action, inputs));
      } catch (e) {
        return fail(`The cart refused ${action}: ${errorMessage(e)}`);
      }
    }
    const form = cartFormData(action, inputs);
    if (!form.ok) return form;
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), timeoutMs);
    try {
      const res = await (options.fetch ?? globalThis.fetch)(options.action!, {
        method: "POST",
        body: form.value,
        credentials: "same-origin",
        headers: { Accept: "application/json" },
        signal: abort.signal,
      });
      const body = await res.text();
      let json: unknown = undefined;
      if (body.length <= MAX_ANSWER_CHARS && /json/i.test(res.headers.get("Content-Type") ?? ""))
        try {
          json = JSON.parse(body);
        } catch {
          json = undefined;
        }
      if (!res.ok) {
        const said = readCartAnswer(json, action);
        if (said.ok) return fail(`The cart route answered ${res.status}`, { status: res.status });
        return fail(said.error.message, { status: res.status, ...(said.error.code ? { code: said.error.code } : {}) });
      }
      return json === undefined ? fail(`The cart route answered ${action} with no JSON`) : ok(json);
    } catch (e) {
      return fail(
        abort.signal.aborted
          ? `The cart route did not answer within ${timeoutMs / 1000} s`
          : `The cart route failed: ${errorMessage(e)}`,
      );
    } finally {
      clearTimeout(timer);
    }
  }

  async function revalidate() {
    try {
      await options.revalidate?.();
    } catch (e) {
      warn("The app's revalidate threw", e);
    }
  }

  /**
   * The cart after an answer: a minimal answer (Hydrogen's default mutation
   * fragment: id, totalQuantity, checkoutUrl) keeps the lines and codes of the
   * same cart before it, marked as not answered, until the page's revalidated
   * cart brings them.
   */
  const merge = (answer: ServerCartShape): ServerCartShape => {
    if (answer.cart.id !== latest.cart.id || (answer.hasLines && answer.hasDiscountCodes)) return answer;
    const old = latest.cart;
    return {
      cart: {
        ...answer.cart,
        lines: answer.hasLines ? answer.cart.lines : old.lines,
        value: answer.hasLines ? answer.cart.value : old.value,
        discountCodes: answer.hasDiscountCodes ? answer.cart.discountCodes : old.discountCodes,
        currency: answer.cart.currency || old.currency,
      },
      hasLines: answer.hasLines,
      hasDiscountCodes: answer.hasDiscountCodes,
      hasCount: answer.hasCount,
    };
  };

  /**
   * One write, after the ones before it: check and send, read the answer,
   * revalidate the page, then `check` the answered cart against the cart before.
   */
  function write<A extends CartFormAction, T>(
    action: A,
    inputs: () => Result<CartFormInputs[A]>,
    check: (before: ServerCartShape, answered: ServerCartShape) => Result<T>,
  ): Promise<Result<T>> {
    writing++;
    const run = queue.then(async (): Promise<Result<T>> => {
      try {
        const given = inputs();
        if (!given.ok) return given;
        // Checked here for the handler too: it gets only what a cart route could be posted.
        const encoded = cartFormInput(action, given.value);
        if (!encoded.ok) return encoded;
        const before = latest;
        const sent = await post(action, given.value);
        const read = sent.ok ? readCartAnswer(sent.value, action, currency) : sent;
        if (read.ok && read.value) latest = merge(read.value);
        // A write that reached the app (any answer, errors too): the page's loaders read the cart again.
        if (sent.ok || sent.error.status) await revalidate();
        if (!read.ok) return read;
        if (!read.value) return fail(`The cart answered ${action} without a cart`);
        return check(before, read.value);
      } finally {
        writing--;
      }
    });
    queue = run.catch(() => undefined);
    return run;
  }

  const report = (action: CartAction, cart: Cart) => {
    try {
      options.onChange?.(cart, action);
    } catch (e) {
      warn("onChange threw", e);
    }
  };
  const changed = (action: CartAction) => (): Result<Cart> => {
    report(action, latest.cart);
    return ok(latest.cart);
  };

  const quantityOf = (cart: Cart, variantId: string) =>
    cart.lines.filter((l) => l.variantId === variantId).reduce((n, l) => n + l.quantity, 0);

  /**
   * Did the cart take the lines? Hydrogen's skeleton leaves userErrors out of
   * its answer, so a refused line shows only as a cart without it: each line's
   * quantity must have grown, or with a minimal answer the item count.
   */
  function refused(
    before: ServerCartShape,
    answered: ServerCartShape,
    wanted: { merchandiseId: string }[],
  ): string | null {
    const was = before.cart.id === answered.cart.id ? before.cart : noServerCart().cart;
    if (answered.hasLines) {
      const missing = wanted.find(
        (l) => quantityOf(answered.cart, l.merchandiseId) <= quantityOf(was, l.merchandiseId),
      );
      return missing ? `The cart did not take ${missing.merchandiseId} (sold out or not available)` : null;
    }
    return answered.hasCount && answered.cart.count <= was.count
      ? "The cart did not take the lines (sold out or not available)"
      : null;
  }

  const tagValue = () => {
    try {
      const value = options.tag?.();
      return typeof value === "string" && value ? value : null;
    } catch (e) {
      warn("The cart tag threw", e);
      return null;
    }
  };

  function updateAttributes(attributes: CartAttribute[]) {
    return write(
      "AttributesUpdateInput",
      () => ok({ attributes }),
      () => ok(latest.cart),
    );
  }

  return {
    integration: "storefront",
    pageCart(value) {
      latest =
        (value === null || value === undefined ? null : fromServerCart(value, currency)) ?? noServerCart(currency);
    },
    getCart: async () => ok(latest.cart),
    busy: () => writing > 0,

    addLines(lines: CartLineInput[]) {
      let wanted: ReturnType<typeof toStorefrontLineInputs> = [];
      return write(
        "LinesAdd",
        () => {
          try {
            wanted = toStorefrontLineInputs(Array.isArray(lines) ? lines : []);
          } catch {
            return fail("Cannot send LinesAdd to the cart: a line has no variant");
          }
          const tag = tagValue();
          return ok({
            lines: wanted.map((l) => (tag ? { ...l, attributes: [{ key: CART_ATTRIBUTE_KEY, value: tag }] } : l)),
          });
        },
        (before, answered): Result<AddResult> => {
          const problem = refused(before, answered, wanted);
          if (problem) return fail(problem, { code: NOT_ADDED });
          report("add", latest.cart);
          const ids = new Set(wanted.map((l) => l.merchandiseId));
          return ok({ cart: latest.cart, added: latest.cart.lines.filter((l) => ids.has(l.variantId)) });
        },
      );
    },

    removeLine: (lineId: string) => write("LinesRemove", () => ok({ lineIds: [lineId] }), changed("remove")),

    clear() {
      if (latest.cart.lines.length === 0) return Promise.resolve(ok(latest.cart));
      return write("LinesRemove", () => ok({ lineIds: latest.cart.lines.map((l) => l.id) }), changed("clear"));
    },

    applyDiscount(code: string) {
      return write(
        "DiscountCodesUpdate",
        () => {
          const wanted = typeof code === "string" ? code.trim() : "";
          if (!wanted || wanted.length > MAX_DISCOUNT_CODE)
            return fail(`A discount code must be 1 to ${MAX_DISCOUNT_CODE} characters`);
          // cart.updateDiscountCodes replaces the list: the codes already on the cart are sent along.
          return ok({ discountCodes: [...new Set([...latest.cart.discountCodes.map((d) => d.code), wanted])] });
        },
        changed("discount"),
      );
    },

    updateAttributes,
    tagCart: (value: string) => updateAttributes([{ key: CART_ATTRIBUTE_KEY, value }]),

    cartUrl: () => options.cartUrl ?? "/cart",
    checkoutUrl: async () => (latest.cart.checkoutUrl ? ok(latest.cart.checkoutUrl) : fail("There is no cart yet")),
  };
}
