/**
 * /app on a server without (all of) Shopify's credentials: a 503 Polaris page
 * naming which variables are missing and how to set them, in the admin's
 * language, that never echoes the values the server does have.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "#test/support/test-database";
import { startTestServer, type TestServer } from "#test/support/server";

let t: TestDatabase;
let server: TestServer;

// Set, but not enough: SHOPIFY_APP_URL and SCOPES are empty.
const API_KEY = "key-that-must-not-show-7f3a9c";
const API_SECRET = "secret-that-must-not-show-51be02";

beforeAll(async () => {
  t = await createTestDatabase();
  server = await startTestServer({
    databaseUrl: t.url,
    env: { SHOPIFY_API_KEY: API_KEY, SHOPIFY_API_SECRET: API_SECRET, SHOPIFY_APP_URL: "", SCOPES: "" },
  });
});

afterAll(async () => {
  await server?.stop();
  await t?.drop();
});

/** The page's text and the variables list's items, tags stripped (Polaris adds the badge tone for screen readers). */
async function page(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(server.origin + path, { headers });
  const html = await res.text();
  const list = /<ul aria-label[^>]*>([\s\S]*?)<\/ul>/.exec(html)?.[1] ?? "";
  const items = [...list.matchAll(/<li[^>]*>([\s\S]*?)<\/li>/g)].map((m) =>
    m[1]
      .replace(/<[^>]+>/g, " ")
      .replace(/\s+/g, " ")
      .trim(),
  );
  const text = html
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&#x27;|&#39;/g, "'");
  return { res, html, items, text };
}

describe("/app while Shopify install is off", () => {
  it("answers 503 with a page naming each variable, set or missing, and how to set them", async () => {
    const { res, items, text } = await page("/app");
    expect(res.status).toBe(503);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(text).toContain("Connect Beckon to Shopify");
    expect(items).toEqual([
      "SHOPIFY_API_KEY Success set",
      "SHOPIFY_API_SECRET Success set",
      "SHOPIFY_APP_URL Critical missing",
      "SCOPES Critical missing",
    ]);
    expect(text).toContain("shopify app dev");
    expect(text).toContain("SCOPES=read_products,read_themes,write_app_proxy,write_pixels,read_customer_events");
    expect(text).toContain('README.md, section "Shopify app"');
  });

  it("never echoes the key or the secret, in the page or its hydration data", async () => {
    const { html } = await page("/app");
    expect(html).not.toContain(API_KEY);
    expect(html).not.toContain(API_SECRET);
  });

  it("shows the same page under every /app route, in Swedish for a Swedish admin", async () => {
    const { res, text, items } = await page("/app/settings", { "Accept-Language": "sv-SE,sv;q=0.9" });
    expect(res.status).toBe(503);
    expect(text).toContain("Koppla Beckon till Shopify");
    expect(items.at(-1)).toMatch(/^SCOPES .*\bsaknas$/);
    expect(text).not.toContain(API_KEY);
  });
});
