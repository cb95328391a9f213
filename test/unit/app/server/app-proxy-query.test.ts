/**
 * The app proxy's signed query: the values read are exactly the ones the
 * signature covers, and a query in which a parameter could be read two ways
 * (repeated, or spelled another way) is refused before anything is trusted.
 */
import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  APP_PROXY_CLOCK_TOLERANCE_SECONDS,
  verifyAppProxyQuery,
  type AppProxyQueryResult,
} from "#app/server/app-proxy-query.server";

const SECRET = "proxy-query-test-secret";
const NOW = 1_795_000_000;
const SHOP = "beckon-demo.myshopify.com";
const VICTIM = "7001";

/** Shopify's documented signature: pairs sorted by name, `name=value` joined without separators, HMAC-SHA256 hex. */
function sign(pairs: [string, string][], secret = SECRET): string {
  const message = [...pairs]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join("");
  return createHmac("sha256", secret).update(message).digest("hex");
}

const guestPairs = (shop = SHOP, customerId = ""): [string, string][] => [
  ["shop", shop],
  ["logged_in_customer_id", customerId],
  ["path_prefix", "/apps/beckon"],
  ["timestamp", String(NOW)],
];

/** The query string Shopify would send for these pairs. */
function signedQuery(pairs: [string, string][] = guestPairs(), secret = SECRET): string {
  return new URLSearchParams([...pairs, ["signature", sign(pairs, secret)]]).toString();
}

const verify = (query: string, now = NOW): AppProxyQueryResult => verifyAppProxyQuery(query, SECRET, now);

/** Asserts a refusal naming `field`, with a message in words. */
function expectRefused(result: AppProxyQueryResult, field: string | null) {
  expect(result.ok, JSON.stringify(result)).toBe(false);
  if (result.ok) return;
  expect(result.field).toBe(field);
  expect(result.message.length).toBeGreaterThan(10);
}

describe("a genuine app proxy query", () => {
  it("gives the signed shop and customer, with or without a leading '?'", () => {
    for (const query of [signedQuery(guestPairs(SHOP, "7002")), `?${signedQuery(guestPairs(SHOP, "7002"))}`]) {
      const result = verify(query);
      expect(result).toMatchObject({ ok: true, query: { shop: SHOP, loggedInCustomerId: "7002", timestamp: NOW } });
    }
  });

  it("gives an empty customer id for a guest and for a query without one", () => {
    expect(verify(signedQuery())).toMatchObject({ ok: true, query: { loggedInCustomerId: "" } });
    const withoutCustomer = guestPairs().filter(([name]) => name !== "logged_in_customer_id");
    expect(verify(signedQuery(withoutCustomer))).toMatchObject({ ok: true, query: { loggedInCustomerId: "" } });
  });

  it("covers extra parameters the storefront added, decoding values as Shopify signs them", () => {
    const pairs: [string, string][] = [...guestPairs(), ["utm_source", "news letter/å"]];
    const result = verify(signedQuery(pairs));
    expect(result.ok && result.query.params.get("utm_source")).toBe("news letter/å");
    // `+` and %20 are both a space, as in every form-encoded query.
    const plus = `${signedQuery(guestPairs())}&note=a+b`.replace(
      /signature=[0-9a-f]+/,
      `signature=${sign([...guestPairs(), ["note", "a b"]])}`,
    );
    expect(verify(plus)).toMatchObject({ ok: true });
  });

  it("accepts a timestamp within the clock tolerance either way, and refuses one past it", () => {
    expect(verify(signedQuery(), NOW + APP_PROXY_CLOCK_TOLERANCE_SECONDS).ok).toBe(true);
    expect(verify(signedQuery(), NOW - APP_PROXY_CLOCK_TOLERANCE_SECONDS).ok).toBe(true);
    expectRefused(verify(signedQuery(), NOW + APP_PROXY_CLOCK_TOLERANCE_SECONDS + 1), "timestamp");
    expectRefused(verify(signedQuery(), NOW - APP_PROXY_CLOCK_TOLERANCE_SECONDS - 1), "timestamp");
  });
});

describe("forged and incomplete queries", () => {
  it("refuses a wrong secret, a changed value, an added parameter and a removed one", () => {
    expectRefused(verifyAppProxyQuery(signedQuery(), "another-secret", NOW), "signature");
    expectRefused(
      verify(signedQuery().replace("logged_in_customer_id=", `logged_in_customer_id=${VICTIM}`)),
      "signature",
    );
    expectRefused(verify(`${signedQuery()}&extra=1`), "signature");
    expectRefused(verify(signedQuery().replace(/path_prefix=[^&]*&/, "")), "signature");
  });

  it("refuses parameters the signature leaves out in the library's reading (hmac, _data, index)", () => {
    for (const extra of ["hmac=abc", "_data=routes%2Fproxy.api.customer", "index="])
      expectRefused(verify(`${signedQuery()}&${extra}`), "signature");
  });

  it("refuses a missing, empty, malformed or truncated signature", () => {
    const unsigned = new URLSearchParams(guestPairs()).toString();
    expectRefused(verify(unsigned), "signature");
    expectRefused(verify(`${unsigned}&signature=`), "signature");
    expectRefused(verify(`${unsigned}&signature=${"z".repeat(64)}`), "signature");
    expectRefused(verify(signedQuery().slice(0, -2)), "signature");
    expectRefused(
      verify(signedQuery().replace(/signature=([0-9a-f]+)/, (_m, hex: string) => `signature=${hex.toUpperCase()}`)),
      "signature",
    );
    expectRefused(verify(""), "signature");
  });

  it("refuses a signed query without a shop or a timestamp, or with a timestamp that is not whole seconds", () => {
    expectRefused(verify(signedQuery(guestPairs().filter(([name]) => name !== "shop"))), "shop");
    expectRefused(verify(signedQuery(guestPairs(""))), "shop");
    expectRefused(verify(signedQuery(guestPairs().filter(([name]) => name !== "timestamp"))), "timestamp");
    for (const stamp of [`${NOW}.0`, `${NOW}e0`, ` ${NOW}`, "-1", ""]) {
      const pairs = guestPairs().map(([name, value]): [string, string] => [name, name === "timestamp" ? stamp : value]);
      expectRefused(verify(signedQuery(pairs)), "timestamp");
    }
  });

  it("refuses a comma in a Shopify parameter, the way Shopify joins a repeated one before signing", () => {
    expectRefused(verify(signedQuery(guestPairs(SHOP, `${VICTIM},`))), "logged_in_customer_id");
    expectRefused(verify(signedQuery(guestPairs(`other.myshopify.com,${SHOP}`))), "shop");
  });
});

describe("a parameter given twice or spelled another way (parameter pollution)", () => {
  const genuine = signedQuery();
  /** The genuine guest query with `pair` put first, the way the finding's attack adds it. */
  const leading = (pair: string) => `${pair}&${genuine}`;
  /** ... and with it put last. */
  const trailing = (pair: string) => `${genuine}&${pair}`;

  it("refuses a repeated customer id, shop, timestamp or signature, first or last", () => {
    for (const [pair, field] of [
      [`logged_in_customer_id=${VICTIM}`, "logged_in_customer_id"],
      ["shop=other-shop.myshopify.com", "shop"],
      [`timestamp=${NOW + 3600}`, "timestamp"],
      [`signature=${sign(guestPairs())}`, "signature"],
      ["path_prefix=%2Fapps%2Fbeckon", "path_prefix"],
    ] as const) {
      expectRefused(verify(leading(pair)), field);
      expectRefused(verify(trailing(pair)), field);
    }
  });

  it("refuses the same parameter repeated with the same value, and an extra parameter repeated", () => {
    expectRefused(verify(leading(`shop=${SHOP}`)), "shop");
    const pairs: [string, string][] = [...guestPairs(), ["ref", "a"]];
    expectRefused(verify(`${signedQuery(pairs)}&ref=a`), "ref");
  });

  it("refuses every other spelling of a Shopify parameter's name", () => {
    const spellings: [string, string][] = [
      [`logged_in_customer_id[]=${VICTIM}`, "logged_in_customer_id"],
      [`logged_in_customer_id[0]=${VICTIM}`, "logged_in_customer_id"],
      [`logged_in_customer_id%5B%5D=${VICTIM}`, "logged_in_customer_id"],
      [`%6Cogged_in_customer_id=${VICTIM}`, "logged_in_customer_id"],
      [`logged%5Fin%5Fcustomer%5Fid=${VICTIM}`, "logged_in_customer_id"],
      [`Logged_In_Customer_Id=${VICTIM}`, "logged_in_customer_id"],
      ["%73hop=other-shop.myshopify.com", "shop"],
      ["%53hop=other-shop.myshopify.com", "shop"],
      ["Shop=other-shop.myshopify.com", "shop"],
      ["SHOP=other-shop.myshopify.com", "shop"],
      ["shop%20=other-shop.myshopify.com", "shop"],
      ["%20shop=other-shop.myshopify.com", "shop"],
      ["shop+=other-shop.myshopify.com", "shop"],
      ["+shop=other-shop.myshopify.com", "shop"],
      ["shop%00=other-shop.myshopify.com", "shop"],
      ["shop%09=other-shop.myshopify.com", "shop"],
      ["shop%0A=other-shop.myshopify.com", "shop"],
      ["shop%7F=other-shop.myshopify.com", "shop"],
      ["sh%C3%B6p=other-shop.myshopify.com", "shöp"],
      ["shop%=other-shop.myshopify.com", "shop"],
      ["SIGNATURE=00", "signature"],
    ];
    for (const [pair, field] of spellings) {
      expectRefused(verify(leading(pair)), field);
      expectRefused(verify(trailing(pair)), field);
    }
  });

  it("refuses even a genuine signature over an oddly spelled name", () => {
    // The pairs are signed as given, so only the spelling rule refuses them.
    for (const name of ["Shop", "shop[]", "shop ", "user-id", "ref2"]) {
      const pairs: [string, string][] = [...guestPairs().filter(([n]) => n !== "shop"), [name, SHOP]];
      const query = new URLSearchParams([...pairs, ["signature", sign(pairs)]]).toString();
      const result = verify(query);
      expect(result.ok, name).toBe(false);
    }
  });

  it("refuses empty names, pairs without '=', and stray separators", () => {
    expectRefused(verify(leading(`=${VICTIM}`)), null);
    expectRefused(verify(leading("")), null);
    expectRefused(verify(trailing("")), null);
    expectRefused(verify(genuine.replace("&", "&&")), null);
    expectRefused(verify(leading("logged_in_customer_id")), "logged_in_customer_id");
  });

  it("refuses a value that is not valid percent-encoded text or that holds a control character", () => {
    for (const value of ["%", "%zz", "%C3", "%FF", "a%00b", "a%0Ab", "%7F"]) {
      const query = genuine.replace("path_prefix=", `path_prefix=${value}`);
      expectRefused(verify(query), "path_prefix");
    }
  });

  it("names the parameter in words and never echoes a control character", () => {
    const result = verify(leading(`shop%00=x`));
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.message).toMatch(/shop/);
      expect(result.message).not.toMatch(/[\u0000-\u001f]/);
    }
  });
});
