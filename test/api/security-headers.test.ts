/**
 * The security headers at the server edge (scripts/serve.ts), per kind of
 * route, on the built server: every answer, an admin document, a widget
 * asset stores load cross-origin, the public API, a demo page. What the
 * product needs is asserted exactly (the admin's nonce CSP, cross-origin
 * widget files, no CSP, frame or resource-policy headers where stores and
 * the demo's own scripts would break), and what a route must not get.
 */
import { describe, expect, it } from "vitest";
import { withServedDatabase } from "#test/support/served-database";

const served = withServedDatabase({ env: { TRUST_PROXY: "1" } });

const SECURITY = [
  "content-security-policy",
  "cross-origin-embedder-policy",
  "cross-origin-opener-policy",
  "cross-origin-resource-policy",
  "origin-agent-cluster",
  "permissions-policy",
  "referrer-policy",
  "strict-transport-security",
  "x-content-type-options",
  "x-dns-prefetch-control",
  "x-download-options",
  "x-frame-options",
  "x-permitted-cross-domain-policies",
  "x-powered-by",
  "x-xss-protection",
];

/** The security headers of an answer to GET `path`, by lower-case name. */
async function headersOf(path: string, init: RequestInit = {}): Promise<Record<string, string>> {
  const res = await fetch(served.server.origin + path, { redirect: "manual", ...init });
  await res.arrayBuffer();
  return Object.fromEntries(SECURITY.filter((h) => res.headers.has(h)).map((h) => [h, res.headers.get(h)!]));
}

/** What every answer carries. */
const EVERY = {
  "referrer-policy": "strict-origin-when-cross-origin",
  "x-content-type-options": "nosniff",
  "origin-agent-cluster": "?1",
  "x-dns-prefetch-control": "off",
  "x-download-options": "noopen",
  "x-permitted-cross-domain-policies": "none",
  "x-xss-protection": "0",
};

describe("security headers per kind of route", () => {
  it("an admin document: the nonce CSP framed by this origin only, no sniffing, its own window", async () => {
    const h = await headersOf("/owner/login");
    // Two policies, both enforced: the admin's, and the sign-in page's own refusal to be framed at all.
    expect(h["content-security-policy"]).toMatch(
      /^default-src 'self'; script-src 'self' 'nonce-[A-Za-z0-9+/=]{24}' https:\/\/cdn\.shopify\.com\/shopifycloud\/app-bridge\.js; .*; frame-ancestors 'self', frame-ancestors 'none'$/,
    );
    expect(h).toEqual({
      ...EVERY,
      "content-security-policy": h["content-security-policy"],
      "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
      // The sign-in page sets DENY itself; SAMEORIGIN is only the default of other owner pages.
      "x-frame-options": "DENY",
      "cross-origin-opener-policy": "same-origin",
    });
  });

  it("an embedded admin document: framed by the shop's admin, so no X-Frame-Options and no opener isolation", async () => {
    const h = await headersOf("/app?shop=demo-shop.myshopify.com");
    expect(h["content-security-policy"]).toMatch(
      /frame-ancestors https:\/\/demo-shop\.myshopify\.com https:\/\/admin\.shopify\.com$/,
    );
    expect(h["x-frame-options"]).toBeUndefined();
    expect(h["cross-origin-opener-policy"]).toBeUndefined();
    expect(h["cross-origin-resource-policy"]).toBeUndefined();
  });

  it("an admin document's sources: App Bridge's one file on Shopify's CDN, style elements by this answer's nonce", async () => {
    for (const path of ["/owner/login", "/app?shop=demo-shop.myshopify.com", "/auth/login"]) {
      const policy = (await headersOf(path))["content-security-policy"];
      const nonce = /'nonce-([A-Za-z0-9+/=]{24})'/.exec(policy)?.[1];
      const sources = Object.fromEntries(
        policy
          .split(",")[0]
          .split(";")
          .map((d) => d.trim().split(/\s+/))
          .map(([name, ...list]) => [name, list.join(" ")]),
      );
      expect(nonce, path).toBeDefined();
      // A path ending in a file name allows that file only: nothing else on cdn.shopify.com may run.
      expect(sources["script-src"], path).toBe(
        `'self' 'nonce-${nonce}' https://cdn.shopify.com/shopifycloud/app-bridge.js`,
      );
      // Style elements and sheets: this origin, the answer's nonce and Google Fonts' sheets (the CTA preview's web
      // fonts); no 'unsafe-inline', which would let injected markup bring its own <style>.
      expect(sources["style-src"], path).toBe(`'self' 'nonce-${nonce}' https://fonts.googleapis.com`);
      expect(sources["style-src-elem"], path).toBeUndefined();
      // Only style attributes inline: what React renders server-side (Polaris's layout properties) needs them.
      expect(sources["style-src-attr"], path).toBe("'unsafe-inline'");
      expect(sources["font-src"], path).toBe("'self' data: https://fonts.gstatic.com");
    }
  });

  it.each([
    {
      title: "a widget file: loadable by any store (CORP cross-origin), no CSP, no frame or embedder policy",
      path: "/widget/beckon-loader.js",
      expected: { ...EVERY, "cross-origin-resource-policy": "cross-origin" },
    },
    {
      title: "the public API: no resource policy that would stop a store's page reading it, no CSP",
      path: "/api/visitors/nobody-0123456789abcdef?website_id=1",
      expected: EVERY,
    },
    {
      title: "a demo page: no CSP that would block its own and the widget's scripts, framable like a host site",
      path: "/demo/sv/",
      expected: EVERY,
    },
  ])("$title", async ({ path, expected }) => {
    expect(await headersOf(path)).toEqual(expected);
  });

  it("HSTS only on a request that came over HTTPS (here through the trusted proxy), never on plain HTTP", async () => {
    expect((await headersOf("/widget/beckon-loader.js"))["strict-transport-security"]).toBeUndefined();
    const secure = await headersOf("/widget/beckon-loader.js", { headers: { "X-Forwarded-Proto": "https" } });
    expect(secure["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    expect(secure["x-powered-by"]).toBeUndefined();
  });
});
