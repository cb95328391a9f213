/**
 * Binding a verified webhook to the shop its signed body names
 * (lib/webhook-binding.server.ts) and reading shop domains strictly
 * (lib/shop-domain.ts): the exact myshopify domain or nothing, letter case
 * folded, every other spelling refused.
 */
import { describe, expect, it } from "vitest";
import { canonicalShopDomain } from "#app/server/shop-domain";
import { bindWebhook, receiveWebhook, type VerifiedWebhook } from "#app/server/webhook-binding.server";

const SHOP = "beckon-demo.myshopify.com";

describe("canonicalShopDomain", () => {
  it("accepts a myshopify domain, in lower case", () => {
    expect(canonicalShopDomain(SHOP)).toBe(SHOP);
    expect(canonicalShopDomain("Beckon-Demo.MYSHOPIFY.com")).toBe(SHOP);
    expect(canonicalShopDomain("a.myshopify.com")).toBe("a.myshopify.com");
    expect(canonicalShopDomain(`${"a".repeat(63)}.myshopify.com`)).toBe(`${"a".repeat(63)}.myshopify.com`);
  });

  it("refuses every other spelling rather than repairing it", () => {
    for (const odd of [
      ` ${SHOP}`,
      `${SHOP} `,
      `${SHOP}\n`,
      `${SHOP}.`,
      `https://${SHOP}`,
      `${SHOP}:443`,
      `${SHOP}/`,
      `${SHOP}/admin`,
      `${SHOP}.evil.example`,
      `x.${SHOP}`,
      "beckon-demo.shopify.com",
      "beckon-demo.myshopify.io",
      "beckon_demo.myshopify.com",
      "-beckon-demo.myshopify.com",
      ".myshopify.com",
      "myshopify.com",
      `${"a".repeat(64)}.myshopify.com`,
      // The Kelvin sign folds to "k" under Unicode case folding.
      "bec\u212aon-demo.myshopify.com",
      "beckon-demo.myshopify.\u0441om",
      "",
    ])
      expect(canonicalShopDomain(odd), JSON.stringify(odd)).toBeNull();
    for (const notAString of [null, undefined, 42, [SHOP], { shop: SHOP }])
      expect(canonicalShopDomain(notAString)).toBeNull();
  });
});

const redact = (o: Partial<VerifiedWebhook> = {}): VerifiedWebhook => ({
  shop: SHOP,
  topic: "customers/redact",
  webhookId: "b54557e4-8a5f-4bf7-8d70-bcd043000001",
  payload: { shop_id: 1, shop_domain: SHOP, customer: { id: 1 } },
  ...o,
});

async function refusal(answer: unknown): Promise<{ status: number; field: string | null }> {
  expect(answer).toBeInstanceOf(Response);
  const res = answer as Response;
  return { status: res.status, field: (await res.json()).error.field };
}

describe("bindWebhook", () => {
  it("binds a webhook whose header and body name the same shop", () => {
    expect(bindWebhook(redact({ shop: "BECKON-demo.myshopify.com" }), "customers/redact")).toMatchObject({
      shop: SHOP,
      topic: "customers/redact",
      webhookId: "b54557e4-8a5f-4bf7-8d70-bcd043000001",
    });
    expect(
      bindWebhook(
        redact({ topic: "APP_UNINSTALLED", payload: { id: 1, domain: "shop.example", myshopify_domain: SHOP } }),
        "app/uninstalled",
      ),
    ).toMatchObject({ shop: SHOP });
    // app/scopes_update names no shop domain: the header's shop, checked for its spelling.
    expect(
      bindWebhook(redact({ topic: "app/scopes_update", payload: { current: [] } }), "app/scopes_update"),
    ).toMatchObject({
      shop: SHOP,
    });
  });

  it("refuses, naming the field, what it cannot bind", async () => {
    const other = "other.myshopify.com";
    const cases: [VerifiedWebhook, string, string | null][] = [
      [redact({ topic: "shop/redact" }), "customers/redact", "X-Shopify-Topic"],
      [redact({ payload: [] }), "customers/redact", null],
      [redact({ payload: null }), "customers/redact", null],
      [redact({ shop: other }), "customers/redact", "shop_domain"],
      [redact({ shop: `https://${SHOP}` }), "customers/redact", "X-Shopify-Shop-Domain"],
      [redact({ payload: { customer: { id: 1 } } }), "customers/redact", "shop_domain"],
      [redact({ payload: { shop_domain: `${SHOP}.` } }), "customers/redact", "shop_domain"],
      [redact({ topic: "app/uninstalled", payload: { domain: SHOP } }), "app/uninstalled", "myshopify_domain"],
      [redact({ topic: "app/scopes_update", payload: { shop_domain: other } }), "app/scopes_update", "shop_domain"],
      [redact({ webhookId: "" }), "customers/redact", "X-Shopify-Webhook-Id"],
      [redact({ webhookId: null }), "customers/redact", "X-Shopify-Webhook-Id"],
      [redact({ webhookId: "id with spaces" }), "customers/redact", "X-Shopify-Webhook-Id"],
      [redact({ webhookId: "x".repeat(101) }), "customers/redact", "X-Shopify-Webhook-Id"],
    ];
    for (const [webhook, topic, field] of cases)
      expect(await refusal(bindWebhook(webhook, topic as "customers/redact")), JSON.stringify(webhook)).toEqual({
        status: 400,
        field,
      });
  });
});

describe("receiveWebhook", () => {
  const request = (shop: string) =>
    new Request("http://127.0.0.1/webhooks/customers/redact", {
      method: "POST",
      headers: { "X-Shopify-Shop-Domain": shop },
    });

  it("refuses a header that is not a shop before the library reads it", async () => {
    let verified = false;
    const answer = await receiveWebhook(
      request(`https://${SHOP}`),
      async () => {
        verified = true;
        return redact();
      },
      "customers/redact",
    );
    expect(await refusal(answer)).toEqual({ status: 400, field: "X-Shopify-Shop-Domain" });
    expect(verified).toBe(false);
  });

  it("lets the library's own answer (a wrong HMAC's 401) through", async () => {
    const answer = receiveWebhook(
      request(SHOP),
      async () => {
        throw new Response(undefined, { status: 401 });
      },
      "customers/redact",
    );
    await expect(answer).rejects.toMatchObject({ status: 401 });
    expect(await receiveWebhook(request(SHOP), async () => redact(), "customers/redact")).toMatchObject({ shop: SHOP });
  });
});
