// @vitest-environment happy-dom
import { describe, expect, it, vi } from "vitest";
import { fetchCartValue, readShop, watchCartAdds } from "../../../widget/core/cart";
import { fakeFetch } from "./helpers";

describe("store cart", () => {
  it("reads the Shopify app embed's JSON, and nothing off Shopify", () => {
    document.body.innerHTML = `<script type="application/json" id="beckon-shop-context">{"v":1,"shop":"demo.myshopify.com","root_url":"/sv","cart":{"total_price":52000},"country":"SE","design_mode":false}</script>`;
    expect(readShop(document)).toMatchObject({ root_url: "/sv", cart: { total_price: 52000 }, country: "SE" });
    document.body.innerHTML = `<script type="application/json" id="beckon-shop-context">{broken</script>`;
    expect(readShop(document)).toBeNull();
    document.body.innerHTML = "";
    expect(readShop(document)).toBeNull();
  });

  it("fetches cart.js under the store root and divides cents by 100", async () => {
    const f = fakeFetch(() => ({ status: 200, body: { total_price: 12345, items: [] } }));
    await expect(fetchCartValue(f, "/sv")).resolves.toBe(123.45);
    expect(f.calls[0].url).toBe("/sv/cart.js");
    await expect(fetchCartValue(fakeFetch(() => ({ status: 500 })))).rejects.toMatchObject({ status: 500 });
  });

  it("sees the page's adds to cart through fetch and XMLHttpRequest without changing them", async () => {
    const answers: string[] = [];
    const win = {
      fetch: vi.fn(async (u: string | Request) => (answers.push(String(u)), new Response("{}", { status: String(typeof u == "string" ? u : u.url).includes("fail") ? 422 : 200 }))),
      XMLHttpRequest: window.XMLHttpRequest,
    } as unknown as Window & { fetch: typeof fetch };
    const original = win.fetch;
    const subscribe = watchCartAdds(win);
    const seen = vi.fn();
    const off = subscribe(seen);
    const res = await win.fetch("/cart/add.js", { method: "POST", body: "{}" });
    expect(res.status).toBe(200);
    expect(original).toHaveBeenCalledWith("/cart/add.js", { method: "POST", body: "{}" });
    await new Promise((r) => setTimeout(r, 0));
    expect(seen).toHaveBeenCalledTimes(1);
    await win.fetch(new Request("https://shop.test/cart/add?fail=1") as never);
    await win.fetch("/cart/update.js");
    await new Promise((r) => setTimeout(r, 0));
    expect(seen).toHaveBeenCalledTimes(1);
    off();
    await win.fetch("/cart/add.js");
    await new Promise((r) => setTimeout(r, 0));
    expect(seen).toHaveBeenCalledTimes(1);
  });
});
