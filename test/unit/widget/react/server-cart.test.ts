/**
 * The server cart adapter against a fake Hydrogen cart route (CartForm posts
 * in, the handler's {cart, userErrors, warnings} out): what each write posts,
 * the page revalidated after every answered write, one write at a time, and
 * every failure (userErrors, refused lines, broken or hostile answers, a
 * route that never answers) a Result in words with nothing lost.
 */
import { describe, expect, it, vi } from "vitest";
import { CART_FORM_INPUT } from "#widget/react/cart-form";
import { createServerCart, type ServerCartOptions } from "#widget/react/server-cart";

const KETTLE = "gid://shopify/ProductVariant/46100000000031";
const FILTERS = "gid://shopify/ProductVariant/46100000000041";
const CART = "gid://shopify/Cart/c1";

type Line = { id: string; quantity: number; merchandise: { id: string } };

/** A cart route in the skeleton's shape over one in-memory cart; `answer` may replace what it says. */
function fakeRoute(opts: { soldOut?: string[]; answer?: (body: unknown) => Response | Promise<Response> } = {}) {
  const posts: { action: string; inputs: Record<string, unknown> }[] = [];
  let cart: { id: string; lines: Line[]; discountCodes: { code: string; applicable: boolean }[] } | null = null;
  const json = () =>
    cart && {
      id: cart.id,
      checkoutUrl: "https://shop.example/checkouts/cn/c1",
      totalQuantity: cart.lines.reduce((n, l) => n + l.quantity, 0),
      cost: { totalAmount: { amount: "10.00", currencyCode: "USD" } },
      discountCodes: cart.discountCodes,
      lines: { nodes: cart.lines },
    };
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    expect(String(url)).toBe("/cart");
    expect(init).toMatchObject({ method: "POST", credentials: "same-origin" });
    const body = JSON.parse(String((init!.body as FormData).get(CART_FORM_INPUT)));
    posts.push(body);
    if (opts.answer) return opts.answer(body);
    const { action, inputs } = body;
    cart ??= { id: CART, lines: [], discountCodes: [] };
    if (action === "LinesAdd")
      for (const l of inputs.lines as { merchandiseId: string; quantity: number }[]) {
        if (opts.soldOut?.includes(l.merchandiseId)) continue;
        const line = cart.lines.find((x) => x.merchandise.id === l.merchandiseId);
        if (line) line.quantity += l.quantity;
        else
          cart.lines.push({
            id: `gid://shopify/CartLine/${cart.lines.length + 1}`,
            quantity: l.quantity,
            merchandise: { id: l.merchandiseId },
          });
      }
    if (action === "LinesRemove") cart.lines = cart.lines.filter((l) => !(inputs.lineIds as string[]).includes(l.id));
    if (action === "DiscountCodesUpdate")
      cart.discountCodes = (inputs.discountCodes as string[]).map((code) => ({ code, applicable: true }));
    // The skeleton's route answers the cart, the GraphQL errors and warnings, and no userErrors.
    return Response.json({ cart: json(), errors: undefined, warnings: [] });
  });
  return { fetch, posts, cart: () => json() };
}

function serverCart(route: ReturnType<typeof fakeRoute>, over: Partial<ServerCartOptions> = {}) {
  const revalidate = vi.fn();
  const onChange = vi.fn();
  const cart = createServerCart({
    action: "/cart",
    fetch: route.fetch as unknown as typeof fetch,
    revalidate,
    onChange,
    tag: () => "visitor-7",
    ...over,
  });
  return { cart, revalidate, onChange };
}

describe("createServerCart through the app's cart route", () => {
  it("adds with LinesAdd (quantity, the _convertflow line attribute), revalidates, answers the app's cart", async () => {
    const route = fakeRoute();
    const { cart, revalidate, onChange } = serverCart(route);
    const added = await cart.addLines([{ variantId: "46100000000031", quantity: 2 }]);
    expect(route.posts).toEqual([
      {
        action: "LinesAdd",
        inputs: {
          lines: [{ merchandiseId: KETTLE, quantity: 2, attributes: [{ key: "_convertflow", value: "visitor-7" }] }],
        },
      },
    ]);
    expect(added.ok && added.value.cart).toMatchObject({ id: CART, count: 2 });
    expect(added.ok && added.value.added.map((l) => l.variantId)).toEqual([KETTLE]);
    expect(revalidate).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ id: CART }), "add");
    await expect(cart.checkoutUrl()).resolves.toEqual({ ok: true, value: "https://shop.example/checkouts/cn/c1" });
    expect(cart.busy!()).toBe(false);
  });

  it("adds without the attribute when there is no visitor token, or the tag throws", async () => {
    const route = fakeRoute();
    const { cart } = serverCart(route, {
      tag: () => {
        throw new Error("no storage");
      },
    });
    await cart.addLines([{ variantId: KETTLE, quantity: 1, sellingPlanId: "7" }]);
    expect(route.posts[0].inputs).toEqual({
      lines: [{ merchandiseId: KETTLE, quantity: 1, sellingPlanId: "gid://shopify/SellingPlan/7" }],
    });
  });

  it("sends a discount with the codes already on the page's cart, once each", async () => {
    const route = fakeRoute();
    const { cart, onChange } = serverCart(route);
    cart.pageCart({ id: CART, discountCodes: [{ code: "SAVE10", applicable: true }], lines: { nodes: [] } });
    const result = await cart.applyDiscount(" FIVEOFF ");
    await cart.applyDiscount("SAVE10");
    expect(route.posts.map((p) => p.inputs)).toEqual([
      { discountCodes: ["SAVE10", "FIVEOFF"] },
      { discountCodes: ["SAVE10", "FIVEOFF"] },
    ]);
    expect(result.ok && result.value.discountCodes.map((d) => d.code)).toEqual(["SAVE10", "FIVEOFF"]);
    expect(onChange).toHaveBeenLastCalledWith(expect.anything(), "discount");
  });

  it("removes a line and clears with LinesRemove; clearing an empty cart posts nothing", async () => {
    const route = fakeRoute();
    const { cart } = serverCart(route);
    await expect(cart.clear()).resolves.toMatchObject({ ok: true, value: { lines: [] } });
    expect(route.posts).toEqual([]);
    await cart.addLines([
      { variantId: KETTLE, quantity: 1 },
      { variantId: FILTERS, quantity: 1 },
    ]);
    await cart.removeLine("gid://shopify/CartLine/1");
    expect(route.posts[1]).toEqual({ action: "LinesRemove", inputs: { lineIds: ["gid://shopify/CartLine/1"] } });
    await expect(cart.clear()).resolves.toMatchObject({ ok: true, value: { count: 0 } });
    expect(route.posts[2]).toEqual({ action: "LinesRemove", inputs: { lineIds: ["gid://shopify/CartLine/2"] } });
  });

  it("sets cart attributes with AttributesUpdateInput, the _convertflow tag among them", async () => {
    const route = fakeRoute();
    const { cart } = serverCart(route);
    await cart.tagCart("visitor-7");
    await cart.updateAttributes([{ key: "gift", value: "yes" }]);
    expect(route.posts).toEqual([
      { action: "AttributesUpdateInput", inputs: { attributes: [{ key: "_convertflow", value: "visitor-7" }] } },
      { action: "AttributesUpdateInput", inputs: { attributes: [{ key: "gift", value: "yes" }] } },
    ]);
  });

  it("writes one at a time: a second add is posted after the first answered", async () => {
    const route = fakeRoute();
    const { cart } = serverCart(route);
    const both = Promise.all([
      cart.addLines([{ variantId: KETTLE, quantity: 1 }]),
      cart.addLines([{ variantId: FILTERS, quantity: 1 }]),
    ]);
    expect(cart.busy!()).toBe(true);
    const [a, b] = await both;
    expect(a.ok && b.ok).toBe(true);
    expect(b.ok && b.value.cart.count).toBe(2);
    expect(route.fetch).toHaveBeenCalledTimes(2);
  });
});

describe("createServerCart's failures", () => {
  it("a line the cart did not take (the skeleton drops userErrors) fails the add; the next add still goes", async () => {
    const route = fakeRoute({ soldOut: [FILTERS] });
    const { cart, revalidate, onChange } = serverCart(route);
    const refused = await cart.addLines([{ variantId: FILTERS, quantity: 1 }]);
    expect(refused).toEqual({
      ok: false,
      error: { message: `The cart did not take ${FILTERS} (sold out or not available)`, code: "NOT_ADDED" },
    });
    expect(revalidate).toHaveBeenCalledTimes(1);
    expect(onChange).not.toHaveBeenCalled();
    await expect(cart.addLines([{ variantId: KETTLE, quantity: 1 }])).resolves.toMatchObject({ ok: true });
  });

  it("userErrors in the answer are the add's error", async () => {
    const route = fakeRoute({
      answer: () =>
        Response.json({
          cart: null,
          userErrors: [{ field: ["lines"], message: "The merchandise with id 1 does not exist.", code: "INVALID" }],
        }),
    });
    const { cart, revalidate } = serverCart(route);
    await expect(cart.addLines([{ variantId: KETTLE, quantity: 1 }])).resolves.toEqual({
      ok: false,
      error: { message: "The merchandise with id 1 does not exist.", code: "INVALID" },
    });
    expect(revalidate).toHaveBeenCalledTimes(1);
  });

  it("a route answering an error status keeps the refusal's code, else only the status", async () => {
    const codes = [
      Response.json({ userErrors: [{ message: "Bad", code: "INVALID" }] }, { status: 400 }),
      new Response("Internal error", { status: 500 }),
    ];
    const { cart } = serverCart(fakeRoute({ answer: () => codes.shift()! }));
    const add = () => cart.addLines([{ variantId: KETTLE, quantity: 1 }]);
    await expect(add()).resolves.toEqual({ ok: false, error: { message: "Bad", status: 400, code: "INVALID" } });
    await expect(add()).resolves.toEqual({
      ok: false,
      error: { message: "The cart answered LinesAdd with no result", status: 500 },
    });
  });

  it("a minimal answer (id, totalQuantity, checkoutUrl) keeps the page's lines and checks the count", async () => {
    let total = 3;
    const route = fakeRoute({
      answer: () => Response.json({ cart: { id: CART, totalQuantity: total, checkoutUrl: "https://shop.example/co" } }),
    });
    const { cart } = serverCart(route);
    cart.pageCart({
      id: CART,
      totalQuantity: 2,
      discountCodes: [{ code: "SAVE10", applicable: true }],
      lines: [{ id: "gid://shopify/CartLine/1", quantity: 2, merchandise: { id: KETTLE } }],
    });
    const added = await cart.addLines([{ variantId: KETTLE, quantity: 1 }]);
    expect(added.ok && added.value.cart).toMatchObject({ count: 3, checkoutUrl: "https://shop.example/co" });
    expect(added.ok && added.value.cart.discountCodes).toEqual([{ code: "SAVE10", applicable: true }]);
    total = 3;
    await expect(cart.addLines([{ variantId: KETTLE, quantity: 1 }])).resolves.toMatchObject({
      ok: false,
      error: { message: /did not take the lines/, code: "NOT_ADDED" },
    });
  });

  it.each([
    [
      "an HTML document",
      () => new Response("<!doctype html><p>Cart</p>", { headers: { "Content-Type": "text/html" } }),
      /no JSON/,
    ],
    ["broken JSON", () => new Response("{", { headers: { "Content-Type": "application/json" } }), /no JSON/],
    ["a 500 page", () => new Response("oops", { status: 500 }), /answered 500/],
    [
      "a 400 with userErrors",
      () => Response.json({ userErrors: [{ message: "Bad input" }] }, { status: 400 }),
      /Bad input/,
    ],
    ["JSON that is no result", () => Response.json(["cart"]), /no result/],
    ["a cart that is no cart", () => Response.json({ cart: "yes" }), /not a cart/],
    ["no cart at all", () => Response.json({ warnings: [] }), /without a cart/],
    ["an oversized answer", () => Response.json({ cart: { id: CART, note: "x".repeat(3 * 1024 * 1024) } }), /no JSON/],
  ])("fails on %s", async (_name, answer, message) => {
    const route = fakeRoute({ answer });
    const { cart } = serverCart(route);
    await expect(cart.addLines([{ variantId: KETTLE, quantity: 1 }])).resolves.toMatchObject({
      ok: false,
      error: { message },
    });
    await expect(cart.getCart()).resolves.toMatchObject({ ok: true, value: { id: "" } });
  });

  it("fails when the route does not answer in time, or the network fails, and revalidates nothing", async () => {
    const hang = vi.fn(
      (_url: unknown, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) =>
          init?.signal?.addEventListener("abort", () => reject(new Error("aborted"))),
        ),
    );
    const slow = serverCart(fakeRoute(), { fetch: hang as unknown as typeof fetch, timeoutMs: 20 });
    await expect(slow.cart.addLines([{ variantId: KETTLE, quantity: 1 }])).resolves.toMatchObject({
      ok: false,
      error: { message: "The cart route did not answer within 0.02 s" },
    });
    const down = serverCart(fakeRoute(), { fetch: (() => Promise.reject(new TypeError("Failed to fetch"))) as never });
    await expect(down.cart.applyDiscount("SAVE10")).resolves.toMatchObject({
      error: { message: "The cart route failed: Failed to fetch" },
    });
    expect(slow.revalidate).not.toHaveBeenCalled();
    expect(down.revalidate).not.toHaveBeenCalled();
  });

  it("a throwing revalidate or onChange does not fail the write", async () => {
    const route = fakeRoute();
    const { cart } = serverCart(route, {
      revalidate: () => Promise.reject(new Error("navigation aborted")),
      onChange: () => {
        throw new Error("listener");
      },
    });
    await expect(cart.addLines([{ variantId: KETTLE, quantity: 1 }])).resolves.toMatchObject({ ok: true });
  });

  it.each([
    ["lines that are no list", "nope", /no lines/],
    ["a null line", [null], /has no variant/],
    ["a line without a variant", [{ quantity: 1 }], /ProductVariant gid/],
    ["a zero quantity", [{ variantId: KETTLE, quantity: 0 }], /quantity/],
  ])("refuses %s without posting", async (_name, lines, message) => {
    const route = fakeRoute();
    const { cart } = serverCart(route);
    await expect(cart.addLines(lines as never)).resolves.toMatchObject({ ok: false, error: { message } });
    expect(route.fetch).not.toHaveBeenCalled();
  });

  it.each(["", "   ", "x".repeat(256), 42])("refuses the discount code %j without posting", async (code) => {
    const route = fakeRoute();
    const { cart } = serverCart(route);
    await expect(cart.applyDiscount(code as never)).resolves.toMatchObject({
      ok: false,
      error: { message: /1 to 255/ },
    });
    expect(route.fetch).not.toHaveBeenCalled();
  });

  it("needs exactly one of action and handler", () => {
    expect(() => createServerCart({})).toThrow(/either `action` or `handler`/);
    expect(() => createServerCart({ action: "/cart", handler: async () => null })).toThrow(/either/);
  });
});

describe("createServerCart with the app's handler", () => {
  it("calls the handler with the action and inputs a cart route would get, and reads its answer", async () => {
    const handler = vi.fn(async () => ({
      cart: {
        id: CART,
        totalQuantity: 1,
        lines: [{ id: "gid://shopify/CartLine/1", quantity: 1, merchandise: { id: KETTLE } }],
      },
      userErrors: [],
    }));
    const revalidate = vi.fn();
    const cart = createServerCart({ handler, revalidate });
    await expect(cart.addLines([{ variantId: KETTLE, quantity: 1 }])).resolves.toMatchObject({ ok: true });
    expect(handler).toHaveBeenCalledWith("LinesAdd", { lines: [{ merchandiseId: KETTLE, quantity: 1 }] });
    expect(revalidate).toHaveBeenCalledTimes(1);
  });

  it("the handler's stock warning or userError refuses the add with its code (the CTA's text comes from it)", async () => {
    const answers = [
      {
        cart: { id: CART, totalQuantity: 0 },
        userErrors: [],
        warnings: [{ code: "MERCHANDISE_OUT_OF_STOCK", message: "Sold out" }],
      },
      { cart: null, userErrors: [{ field: ["lines", "0", "quantity"], message: "Max 2", code: "MAXIMUM_EXCEEDED" }] },
    ];
    const cart = createServerCart({ handler: async () => answers.shift() });
    const add = () => cart.addLines([{ variantId: KETTLE, quantity: 3 }]);
    await expect(add()).resolves.toEqual({
      ok: false,
      error: { message: "Sold out", code: "MERCHANDISE_OUT_OF_STOCK" },
    });
    await expect(add()).resolves.toEqual({ ok: false, error: { message: "Max 2", code: "MAXIMUM_EXCEEDED" } });
  });

  it("a throwing handler fails the write in words", async () => {
    const cart = createServerCart({
      handler: async () => {
        throw new Error("cart handler down");
      },
    });
    await expect(cart.removeLine("gid://shopify/CartLine/1")).resolves.toEqual({
      ok: false,
      error: { message: "The cart refused LinesRemove: cart handler down" },
    });
  });
});

describe("the page's cart", () => {
  it("is the cart read between writes; a hostile or missing one reads as no cart", async () => {
    const { cart } = serverCart(fakeRoute());
    cart.pageCart({ id: CART, totalQuantity: 1, checkoutUrl: "https://shop.example/co", lines: [] });
    await expect(cart.getCart()).resolves.toMatchObject({ ok: true, value: { id: CART, count: 1 } });
    for (const hostile of [null, undefined, "cart", { id: 5 }, { checkoutUrl: "javascript:alert(1)" }]) {
      cart.pageCart(hostile);
      await expect(cart.getCart()).resolves.toMatchObject({ ok: true, value: { id: "", count: 0 } });
      await expect(cart.checkoutUrl()).resolves.toMatchObject({ ok: false });
    }
  });
});
