/**
 * Hydrogen's CartForm wire format: the cartFormInput field a cart route reads
 * with CartForm.getFormInput, inputs checked before anything is posted, and
 * the route's answer (cart, userErrors, warnings, errors) read as untrusted.
 */
import { describe, expect, it } from "vitest";
import {
  CART_FORM_INPUT,
  cartFormData,
  cartFormInput,
  fromServerCart,
  MAX_CART_FORM_CHARS,
  readCartAnswer,
  safeCheckoutUrl,
} from "#widget/react/cart-form";

const KETTLE = "gid://shopify/ProductVariant/46100000000031";

/** What Hydrogen's CartForm.getFormInput does with the posted form: the JSON of the one field. */
const posted = (form: FormData) => JSON.parse(String(form.get(CART_FORM_INPUT)));

const serverCart = (over: Record<string, unknown> = {}) => ({
  id: "gid://shopify/Cart/abc",
  checkoutUrl: "https://shop.example/checkouts/cn/abc",
  totalQuantity: 2,
  cost: { totalAmount: { amount: "130.00", currencyCode: "USD" } },
  discountCodes: [{ code: "SAVE10", applicable: true }],
  lines: {
    nodes: [
      {
        id: "gid://shopify/CartLine/1",
        quantity: 2,
        cost: { totalAmount: { amount: "130.00", currencyCode: "USD" } },
        merchandise: { id: KETTLE, product: { id: "gid://shopify/Product/3", handle: "kettle", title: "Kettle" } },
      },
    ],
  },
  ...over,
});

describe("cartFormData", () => {
  it("posts one cartFormInput field with the JSON {action, inputs}, as a CartForm does", () => {
    const lines = [{ merchandiseId: KETTLE, quantity: 2, attributes: [{ key: "_convertflow", value: "visitor-1" }] }];
    const form = cartFormData("LinesAdd", { lines });
    expect(form.ok).toBe(true);
    if (!form.ok) return;
    expect([...form.value.keys()]).toEqual([CART_FORM_INPUT]);
    expect(posted(form.value)).toEqual({ action: "LinesAdd", inputs: { lines } });
  });

  it("encodes every action Beckon sends with Hydrogen's names and input fields", () => {
    const encode = (r: ReturnType<typeof cartFormData>) => (r.ok ? posted(r.value) : r.error.message);
    expect(encode(cartFormData("LinesRemove", { lineIds: ["gid://shopify/CartLine/1"] }))).toEqual({
      action: "LinesRemove",
      inputs: { lineIds: ["gid://shopify/CartLine/1"] },
    });
    expect(encode(cartFormData("DiscountCodesUpdate", { discountCodes: ["SAVE10", "FIVEOFF"] }))).toEqual({
      action: "DiscountCodesUpdate",
      inputs: { discountCodes: ["SAVE10", "FIVEOFF"] },
    });
    expect(
      encode(cartFormData("AttributesUpdateInput", { attributes: [{ key: "_convertflow", value: "v" }] })),
    ).toEqual({ action: "AttributesUpdateInput", inputs: { attributes: [{ key: "_convertflow", value: "v" }] } });
  });

  it("keeps hostile text intact as JSON (quotes, markup, line separators)", () => {
    const value = `"</script><img src=x onerror=alert(1)>\u2028'`;
    const form = cartFormData("AttributesUpdateInput", { attributes: [{ key: "_convertflow", value }] });
    expect(form.ok && posted(form.value).inputs.attributes[0].value).toBe(value);
  });

  it.each([
    ["LinesAdd", { lines: [] }, /no lines/],
    ["LinesAdd", { lines: [{ merchandiseId: "gid://shopify/Product/1", quantity: 1 }] }, /ProductVariant gid/],
    ["LinesAdd", { lines: [{ merchandiseId: "gid://shopify/ProductVariant/undefined", quantity: 1 }] }, /gid/],
    ["LinesAdd", { lines: [{ merchandiseId: KETTLE, quantity: 0 }] }, /quantity/],
    ["LinesAdd", { lines: [{ merchandiseId: KETTLE, quantity: 1.5 }] }, /quantity/],
    ["LinesAdd", { lines: [null] }, /ProductVariant gid/],
    ["LinesAdd", { lines: [{ merchandiseId: KETTLE, quantity: 1, attributes: [{ key: "", value: "" }] }] }, /key/],
    ["LinesAdd", { lines: "all" }, /no lines/],
    ["LinesRemove", { lineIds: [] }, /no lines/],
    ["LinesRemove", { lineIds: [42] }, /line id/],
    ["DiscountCodesUpdate", { discountCodes: ["  "] }, /discount code/],
    ["DiscountCodesUpdate", { discountCodes: ["x".repeat(256)] }, /discount code/],
    ["DiscountCodesUpdate", { discountCodes: "SAVE10" }, /list/],
    ["AttributesUpdateInput", { attributes: [] }, /no attributes/],
    ["AttributesUpdateInput", { attributes: [{ key: "k", value: 1 }] }, /value of k/],
    ["AttributesUpdateInput", { attributes: [{ key: "k", value: "v".repeat(1001) }] }, /value of k/],
    ["GiftCardCodesAdd", {}, /no cart action/],
  ])("refuses %s with %j before posting", (action, inputs, message) => {
    const result = cartFormData(action as never, inputs as never);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.message).toMatch(message);
  });

  it(`refuses an input past ${MAX_CART_FORM_CHARS} characters`, () => {
    const attributes = Array.from({ length: 80 }, (_, i) => ({ key: `k${i}`, value: "v".repeat(1000) }));
    const result = cartFormInput("AttributesUpdateInput", { attributes });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.message).toMatch(/more than 65536/);
  });
});

describe("fromServerCart", () => {
  it("reads a Hydrogen cart (lines as a connection) into Beckon's cart", () => {
    expect(fromServerCart(serverCart())).toEqual({
      cart: {
        id: "gid://shopify/Cart/abc",
        value: 130,
        count: 2,
        currency: "USD",
        lines: [
          {
            id: "gid://shopify/CartLine/1",
            variantId: KETTLE,
            quantity: 2,
            linePrice: 13000,
            sellingPlanId: null,
            product: { id: "gid://shopify/Product/3", handle: "kettle", title: "Kettle" },
          },
        ],
        discountCodes: [{ code: "SAVE10", applicable: true }],
        checkoutUrl: "https://shop.example/checkouts/cn/abc",
      },
      hasLines: true,
      hasDiscountCodes: true,
      hasCount: true,
    });
  });

  it("reads edges and flattened lines the same", () => {
    const nodes = serverCart().lines.nodes;
    const viaEdges = fromServerCart(serverCart({ lines: { edges: nodes.map((node) => ({ node })) } }));
    const flat = fromServerCart(serverCart({ lines: nodes }));
    expect(viaEdges?.cart.lines).toEqual(fromServerCart(serverCart())?.cart.lines);
    expect(flat?.cart.lines).toEqual(fromServerCart(serverCart())?.cart.lines);
  });

  it("marks a minimal mutation answer (id, totalQuantity, checkoutUrl) as having no lines or codes", () => {
    const shape = fromServerCart({ id: "gid://shopify/Cart/abc", totalQuantity: 3, checkoutUrl: "/checkouts/abc" });
    expect(shape).toMatchObject({ hasLines: false, hasDiscountCodes: false, hasCount: true, cart: { count: 3 } });
    expect(fromServerCart({ id: "gid://shopify/Cart/abc" })?.hasCount).toBe(false);
  });

  it("keeps only fields of the expected types from a hostile cart", () => {
    const shape = fromServerCart({
      id: "gid://shopify/Cart/abc",
      checkoutUrl: "javascript:alert(1)",
      totalQuantity: "lots",
      cost: "free",
      discountCodes: [{ code: 7 }, "SAVE10", null, { code: "OK", applicable: "yes" }],
      lines: {
        nodes: [
          null,
          { id: 5 },
          { id: "gid://shopify/CartLine/2", quantity: -4, merchandise: { id: {}, product: [] } },
        ],
      },
      __proto__: { polluted: true },
    });
    expect(shape?.cart).toEqual({
      id: "gid://shopify/Cart/abc",
      value: 0,
      count: 0,
      currency: "",
      lines: [
        {
          id: "gid://shopify/CartLine/2",
          variantId: "",
          quantity: 0,
          linePrice: 0,
          sellingPlanId: null,
          product: { id: "", handle: "", title: "" },
        },
      ],
      discountCodes: [{ code: "OK", applicable: false }],
      checkoutUrl: "",
    });
  });

  it.each([null, undefined, "cart", 42, [], {}, { id: "" }, { id: 12 }])("answers null for %j", (value) => {
    expect(fromServerCart(value)).toBeNull();
  });
});

describe("safeCheckoutUrl", () => {
  it.each([
    ["https://shop.example/checkouts/cn/a", "https://shop.example/checkouts/cn/a"],
    ["javascript:alert(1)", ""],
    ["data:text/html,<b>x</b>", ""],
    [42, ""],
    ["http://[bad", ""],
  ])("%j → %j", (input, expected) => {
    expect(safeCheckoutUrl(input)).toBe(expected);
  });
});

describe("readCartAnswer", () => {
  it("answers the cart of a clean answer, and null for an answer without one", () => {
    const read = readCartAnswer({ cart: serverCart(), userErrors: [], warnings: [] }, "LinesAdd");
    expect(read.ok && read.value?.cart.id).toBe("gid://shopify/Cart/abc");
    expect(readCartAnswer({ cart: null, errors: undefined }, "LinesRemove")).toEqual({ ok: true, value: null });
  });

  it("fails with the userErrors' messages and the first code", () => {
    const read = readCartAnswer(
      {
        cart: serverCart(),
        userErrors: [
          { field: ["lines", "0", "merchandiseId"], message: "The merchandise does not exist.", code: "INVALID" },
          { message: "Second." },
        ],
      },
      "LinesAdd",
    );
    expect(read).toEqual({
      ok: false,
      error: { message: "The merchandise does not exist.; Second.", code: "INVALID" },
    });
  });

  it("fails with GraphQL errors (the skeleton's `errors`), in a list or alone", () => {
    expect(readCartAnswer({ cart: null, errors: [{ message: "Throttled" }] }, "LinesAdd")).toMatchObject({
      ok: false,
      error: { message: "Throttled" },
    });
    expect(readCartAnswer({ errors: "Bad gateway" }, "LinesRemove")).toMatchObject({
      error: { message: "Bad gateway" },
    });
  });

  it("takes the refusal's code from userErrors, else an `errors` entry, else a stock warning; only a code-shaped one", () => {
    const soldOut = { code: "MERCHANDISE_OUT_OF_STOCK", message: "Sold out." };
    const read = (answer: unknown) => {
      const r = readCartAnswer(answer, "LinesAdd");
      return r.ok ? "ok" : r.error.code;
    };
    expect(read({ userErrors: [{ message: "Too many.", code: "MAXIMUM_EXCEEDED" }], warnings: [soldOut] })).toBe(
      "MAXIMUM_EXCEEDED",
    );
    expect(read({ errors: [{ message: "Nope", code: "INVALID" }] })).toBe("INVALID");
    expect(read({ userErrors: [{ message: "No code." }], warnings: [soldOut] })).toBe("MERCHANDISE_OUT_OF_STOCK");
    for (const code of ["<img src=x>", "lower_case", "A".repeat(101), 42, { toString: () => "INVALID" }])
      expect(read({ userErrors: [{ message: "Refused.", code }] })).toBeUndefined();
  });

  it("fails an add on a stock warning, not a discount on a discount warning", () => {
    const soldOut = { code: "MERCHANDISE_OUT_OF_STOCK", message: "Sold out.", target: KETTLE };
    expect(readCartAnswer({ cart: serverCart(), warnings: [soldOut] }, "LinesAdd")).toEqual({
      ok: false,
      error: { message: "Sold out.", code: "MERCHANDISE_OUT_OF_STOCK" },
    });
    const invalidCode = { code: "DISCOUNT_NOT_FOUND", message: "Not valid." };
    expect(readCartAnswer({ cart: serverCart(), warnings: [invalidCode] }, "DiscountCodesUpdate").ok).toBe(true);
  });

  it("bounds the messages of a hostile answer", () => {
    const userErrors = Array.from({ length: 50 }, () => ({ message: "x".repeat(400), code: { evil: true } }));
    const read = readCartAnswer({ userErrors }, "LinesAdd");
    expect(read.ok).toBe(false);
    if (!read.ok) {
      expect(read.error.message.length).toBe(500);
      expect(read.error.description).toBeUndefined();
    }
  });

  it.each([null, "ok", 42, [], true])("fails an answer that is no result: %j", (answer) => {
    expect(readCartAnswer(answer, "LinesAdd")).toMatchObject({ ok: false, error: { message: /no result/ } });
  });

  it("fails a cart field that is no cart", () => {
    expect(readCartAnswer({ cart: { lines: [] } }, "LinesAdd")).toMatchObject({
      ok: false,
      error: { message: /not a cart/ },
    });
  });
});
