/**
 * Hydrogen's CartForm wire format, so Beckon can write to a Hydrogen app's
 * server cart without depending on @shopify/hydrogen. A CartForm posts one
 * form field, `cartFormInput`, whose value is the JSON `{action, inputs}`;
 * the app's cart route reads it back with CartForm.getFormInput and calls its
 * cart handler (cart.addLines, cart.removeLines, ...). The route's answer is
 * the handler's result (`{cart, userErrors, warnings, errors}`), read here
 * into a Beckon Cart or a failure in words. Everything the route answers is
 * treated as untrusted: only fields of the expected types are kept, and a
 * refusal's code (userErrors' first, else an `errors` entry's, else a stock
 * warning's) only when it looks like one.
 */
import { emptyCart } from "#widget/store/cart";
import { STOCK_WARNINGS } from "#widget/store/cart-refusal";
import { fail, ok } from "#widget/store/result";
import type { Cart, Result } from "#widget/store/types";
import { fromCartProviderState, type CartProviderState } from "./cart-provider-cart";

/** The form field a CartForm posts (CartForm.INPUT_NAME). */
export const CART_FORM_INPUT = "cartFormInput";

/** The CartForm.ACTIONS Beckon sends (the names are Hydrogen's). */
export const CART_FORM_ACTIONS = {
  LinesAdd: "LinesAdd",
  LinesRemove: "LinesRemove",
  DiscountCodesUpdate: "DiscountCodesUpdate",
  AttributesUpdateInput: "AttributesUpdateInput",
} as const;

export type CartFormAction = (typeof CART_FORM_ACTIONS)[keyof typeof CART_FORM_ACTIONS];

export interface CartAttribute {
  key: string;
  value: string;
}

/** A Storefront CartLineInput, as cart.addLines takes it. */
export interface CartFormLine {
  merchandiseId: string;
  quantity: number;
  sellingPlanId?: string;
  attributes?: CartAttribute[];
}

/** Each action's inputs, as the skeleton's cart route reads them. */
export interface CartFormInputs {
  LinesAdd: { lines: CartFormLine[] };
  LinesRemove: { lineIds: string[] };
  /** The whole list: cart.updateDiscountCodes replaces the codes on the cart. */
  DiscountCodesUpdate: { discountCodes: string[] };
  AttributesUpdateInput: { attributes: CartAttribute[] };
}

/**
 * Beckon's own bound on one post: far above any real CTA add (the Storefront
 * API takes 250 lines a call), low enough that a broken CTA document cannot
 * post megabytes to the shop's server.
 */
export const MAX_CART_FORM_CHARS = 64 * 1024;

/** Attribute limits of the local checks (Shopify's cart attribute keys and values are short strings). */
const MAX_ATTRIBUTE_KEY = 255;
const MAX_ATTRIBUTE_VALUE = 1000;
/** A discount code longer than this is no code Shopify can have issued. */
export const MAX_DISCOUNT_CODE = 255;

const isText = (v: unknown): v is string => typeof v === "string";

/** Why an input cannot be posted, or null when it can. */
function invalidInput<A extends CartFormAction>(action: A, inputs: CartFormInputs[A]): string | null {
  const attributes = (list: unknown): string | null => {
    if (!Array.isArray(list)) return "attributes must be a list";
    for (const attribute of list as Partial<CartAttribute>[]) {
      if (!attribute || !isText(attribute.key) || !attribute.key || attribute.key.length > MAX_ATTRIBUTE_KEY)
        return `an attribute key must be 1 to ${MAX_ATTRIBUTE_KEY} characters`;
      if (!isText(attribute.value) || attribute.value.length > MAX_ATTRIBUTE_VALUE)
        return `the value of ${attribute.key} must be text of at most ${MAX_ATTRIBUTE_VALUE} characters`;
    }
    return null;
  };
  switch (action) {
    case "LinesAdd": {
      const { lines } = inputs as CartFormInputs["LinesAdd"];
      if (!Array.isArray(lines) || lines.length === 0) return "there are no lines to add";
      for (const line of lines) {
        if (!line || !isText(line.merchandiseId) || !/^gid:\/\/shopify\/ProductVariant\/\d+$/.test(line.merchandiseId))
          return "a line's merchandiseId must be a ProductVariant gid";
        if (!Number.isInteger(line.quantity) || line.quantity < 1)
          return `the quantity of ${line.merchandiseId} must be 1 or more`;
        if (line.sellingPlanId !== undefined && !isText(line.sellingPlanId)) return "a selling plan id must be text";
        const bad = line.attributes === undefined ? null : attributes(line.attributes);
        if (bad) return bad;
      }
      return null;
    }
    case "LinesRemove": {
      const { lineIds } = inputs as CartFormInputs["LinesRemove"];
      if (!Array.isArray(lineIds) || lineIds.length === 0) return "there are no lines to remove";
      return lineIds.every((id) => isText(id) && id) ? null : "a line id must be text";
    }
    case "DiscountCodesUpdate": {
      const { discountCodes } = inputs as CartFormInputs["DiscountCodesUpdate"];
      if (!Array.isArray(discountCodes)) return "discountCodes must be a list";
      return discountCodes.every((c) => isText(c) && c.trim() && c.length <= MAX_DISCOUNT_CODE)
        ? null
        : `a discount code must be 1 to ${MAX_DISCOUNT_CODE} characters`;
    }
    case "AttributesUpdateInput": {
      const list = (inputs as CartFormInputs["AttributesUpdateInput"]).attributes;
      return Array.isArray(list) && list.length === 0 ? "there are no attributes to set" : attributes(list);
    }
    default:
      return `${String(action)} is no cart action Beckon sends`;
  }
}

/** The `cartFormInput` value for an action, checked (a Result: a bad input never reaches the app). */
export function cartFormInput<A extends CartFormAction>(action: A, inputs: CartFormInputs[A]): Result<string> {
  const bad = invalidInput(action, inputs);
  if (bad) return fail(`Cannot send ${String(action)} to the cart: ${bad}`);
  const json = JSON.stringify({ action, inputs });
  return json.length > MAX_CART_FORM_CHARS
    ? fail(`Cannot send ${action} to the cart: ${json.length} characters is more than ${MAX_CART_FORM_CHARS}`)
    : ok(json);
}

/** The form data a CartForm with this action and these inputs would post. */
export function cartFormData<A extends CartFormAction>(action: A, inputs: CartFormInputs[A]): Result<FormData> {
  const value = cartFormInput(action, inputs);
  if (!value.ok) return value;
  const form = new FormData();
  form.set(CART_FORM_INPUT, value.value);
  return ok(form);
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => !!v && typeof v === "object" && !Array.isArray(v);
const text = (v: unknown) => (isText(v) ? v : undefined);

/** A MoneyV2 with only its string fields. */
const money = (v: unknown) =>
  isObject(v) ? { amount: text(v.amount) ?? null, currencyCode: text(v.currencyCode) ?? null } : null;

/** A checkout URL the shopper may be sent to: http(s) only (never javascript: or data:). */
export function safeCheckoutUrl(value: unknown): string {
  if (!isText(value)) return "";
  try {
    const url = new URL(value, globalThis.location?.href ?? "http://localhost/");
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : "";
  } catch {
    return "";
  }
}

/** A cart line with only the fields fromCartProviderState reads, each of its type. */
function cleanLine(v: unknown) {
  if (!isObject(v) || !isText(v.id)) return null;
  const merchandise = isObject(v.merchandise) ? v.merchandise : {};
  const product = isObject(merchandise.product) ? merchandise.product : {};
  const allocation = isObject(v.sellingPlanAllocation) ? v.sellingPlanAllocation : {};
  const plan = isObject(allocation.sellingPlan) ? allocation.sellingPlan : {};
  return {
    id: v.id,
    quantity: Number.isInteger(v.quantity) && (v.quantity as number) > 0 ? (v.quantity as number) : 0,
    cost: isObject(v.cost) ? { totalAmount: money(v.cost.totalAmount) } : null,
    sellingPlanAllocation: text(plan.id) ? { sellingPlan: { id: text(plan.id) } } : null,
    merchandise: {
      id: text(merchandise.id) ?? "",
      product: { id: text(product.id) ?? "", handle: text(product.handle) ?? "", title: text(product.title) ?? "" },
    },
  };
}

/** A connection's nodes (`{nodes}` or `{edges: [{node}]}`) or a flattened list; anything else is no list. */
function nodesOf(v: unknown): unknown[] | null {
  if (Array.isArray(v)) return v;
  if (!isObject(v)) return null;
  if (Array.isArray(v.nodes)) return v.nodes;
  if (Array.isArray(v.edges)) return v.edges.map((e) => (isObject(e) ? e.node : null));
  return null;
}

/** What a server cart answer says about the cart, lines and all, or only the minimal fragment's fields. */
export interface ServerCartShape {
  cart: Cart;
  /** False when the answer had no lines (Hydrogen's default mutation fragment selects id, totalQuantity, checkoutUrl). */
  hasLines: boolean;
  /** False when the answer had no discountCodes list. */
  hasDiscountCodes: boolean;
  /** False when the answer had neither totalQuantity nor lines. */
  hasCount: boolean;
}

/**
 * A Storefront API cart as a Hydrogen app has it (cart.get(), a mutation's
 * cart, lines as a connection or flattened) into Beckon's Cart; null when it
 * is no cart (no id).
 */
export function fromServerCart(value: unknown, currency = ""): ServerCartShape | null {
  if (!isObject(value) || !isText(value.id) || !value.id) return null;
  const lines = nodesOf(value.lines);
  const codes = Array.isArray(value.discountCodes) ? value.discountCodes : null;
  const state: Parameters<typeof fromCartProviderState>[0] = {
    id: value.id,
    checkoutUrl: safeCheckoutUrl(value.checkoutUrl),
    totalQuantity: Number.isInteger(value.totalQuantity) ? (value.totalQuantity as number) : undefined,
    cost: isObject(value.cost) ? { totalAmount: money(value.cost.totalAmount) } : null,
    discountCodes: (codes ?? []).map((d) =>
      isObject(d) && isText(d.code) ? { code: d.code, applicable: d.applicable === true } : null,
    ),
    lines: (lines ?? []).map(cleanLine).filter((l) => !!l) as CartProviderState["lines"],
  };
  return {
    cart: fromCartProviderState(state, currency),
    hasLines: !!lines,
    hasDiscountCodes: !!codes,
    hasCount: !!lines || state.totalQuantity !== undefined,
  };
}

/** At most this much of the route's messages reaches a CTA's error. */
const MAX_MESSAGE = 500;

/** The messages of a list of errors (`[{message}]`), a single one, or a string. */
function messagesOf(v: unknown): string[] {
  const list = Array.isArray(v) ? v : v === undefined || v === null ? [] : [v];
  return list
    .map((e) => (isText(e) ? e : isObject(e) && isText(e.message) ? e.message : ""))
    .filter((m) => m.trim())
    .slice(0, 10);
}

/** A cart code (CartErrorCode, CartWarningCode: upper-case words) of the first entry of a list that has one. */
function firstCode(list: unknown): string | undefined {
  if (!Array.isArray(list)) return undefined;
  for (const entry of list.slice(0, 10)) {
    const code = isObject(entry) ? text(entry.code) : undefined;
    if (code && /^[A-Z][A-Z0-9_]{0,99}$/.test(code)) return code;
  }
  return undefined;
}

/**
 * The cart route's answer, `{cart, userErrors, errors, warnings}` as the
 * handler answers them, into the cart or the failure to show. userErrors
 * and GraphQL errors fail the write; so do stock warnings on an add.
 */
export function readCartAnswer(answer: unknown, action: CartFormAction, currency = ""): Result<ServerCartShape | null> {
  if (!isObject(answer)) return fail(`The cart answered ${action} with no result`);
  const userErrors = messagesOf(answer.userErrors);
  const errors = [...userErrors, ...messagesOf(answer.errors)];
  const stock =
    action === "LinesAdd" && Array.isArray(answer.warnings)
      ? answer.warnings.filter((w) => isObject(w) && isText(w.code) && STOCK_WARNINGS.has(w.code))
      : [];
  const problems = [...errors, ...messagesOf(stock)];
  if (problems.length) {
    const code = firstCode(answer.userErrors) ?? firstCode(answer.errors) ?? firstCode(stock);
    return fail(problems.join("; ").slice(0, MAX_MESSAGE), code ? { code } : {});
  }
  if (answer.cart === null || answer.cart === undefined) return ok(null);
  const cart = fromServerCart(answer.cart, currency);
  return cart ? ok(cart) : fail(`The cart answered ${action} with something that is not a cart`);
}

/** The cart before the app has one. */
export const noServerCart = (currency = ""): ServerCartShape => ({
  cart: emptyCart(currency),
  hasLines: true,
  hasDiscountCodes: true,
  hasCount: true,
});
