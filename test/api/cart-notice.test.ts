/**
 * The cart notice of SPEC 7 against the built server: GET
 * /?cf_action=cf_shopify_cart&cart_id={id} answers JSON (it used to redirect
 * to /owner), 4xx JSON for a missing or malformed cart id; other visits to /
 * still go to the admin.
 */
import { expect, it } from "vitest";
import { withServedDatabase } from "#test/support/served-database";

const served = withServedDatabase();

const get = (query: string) => fetch(`${served.server.origin}/${query}`, { redirect: "manual" });

it("answers a cart notice with { ok: true } as JSON, for Ajax and Storefront cart ids", async () => {
  for (const id of ["c1-7a2b9f0e4d?key=0123456789abcdef", "gid://shopify/Cart/c1-7a2b9f0e4d"]) {
    const res = await get(`?cf_action=cf_shopify_cart&cart_id=${encodeURIComponent(id)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(await res.json()).toEqual({ ok: true });
  }
});

it("refuses a missing, empty, overlong or malformed cart id with 400 JSON", async () => {
  for (const q of [
    "?cf_action=cf_shopify_cart",
    "?cf_action=cf_shopify_cart&cart_id=",
    `?cf_action=cf_shopify_cart&cart_id=${"a".repeat(300)}`,
    "?cf_action=cf_shopify_cart&cart_id=%3Cscript%3E",
  ]) {
    const res = await get(q);
    expect(res.status).toBe(400);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(await res.json()).toMatchObject({ ok: false, error: expect.any(String) });
  }
});

it("an unknown cf_action is 400 JSON; a plain visit still goes to the admin", async () => {
  const bad = await get("?cf_action=nope&cart_id=c1");
  expect(bad.status).toBe(400);
  expect(await bad.json()).toMatchObject({ ok: false });
  const plain = await get("");
  expect(plain.status).toBe(302);
  expect(plain.headers.get("location")).toContain("/owner");
});
