/**
 * The CTA editor's product search endpoint of the standalone admin
 * (POST /owner/websites/:id/products/search) against the built server and a
 * local fake of the demo store's Shopify Admin API: owner-only (no session,
 * another owner's website, another site's form, a missing CSRF token are
 * refused before Shopify is asked), input validated with field-named
 * errors (overlong, control characters, bad cursor, hostile search syntax
 * kept literal), results with cursor paging, and each Shopify failure
 * (revoked token, throttled, down, no install, expired token) as a clear
 * message.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "#test/support/test-database";
import { startTestServer, type TestServer } from "#test/support/server";
import { cookiePair, postForm, signInByForm } from "#test/support/http";
import { FakeShopifyAdmin, type FakeCollection, type FakeProduct } from "#test/support/fake-providers/shopify-admin";
import { seedIfEmpty } from "#prisma/seed";
import { DEMO_SHOP_DOMAIN } from "#prisma/seed-data/demo-store";

let t: TestDatabase;
let server: TestServer;
let shopify: FakeShopifyAdmin;
let origin: string;
let SV: number;
let STORE: number;
let ownerOfSv: string;
let ownerOfStore: string;
let csrfOfStore: string;
let csrfOfSv: string;

const TOKEN = "shpat_demo_offline";
const PASSWORD = "beckon-demo-2026";
const products: FakeProduct[] = Array.from({ length: 13 }, (_, i) => ({
  id: 800 + i,
  title: `Bryggkaffe ${String(i + 1).padStart(2, "0")}`,
  handle: `bryggkaffe-${i + 1}`,
  image: `https://cdn.shopify.test/bk-${i}.jpg`,
  variants: [
    { id: 9000 + 2 * i, title: "250 g", price: "79.00" },
    { id: 9001 + 2 * i, title: "1 kg", price: "249.00" },
  ],
}));

const collections: FakeCollection[] = Array.from({ length: 12 }, (_, i) => ({
  id: 700 + i,
  title: `Julkaffe ${String(i + 1).padStart(2, "0")}`,
  handle: `julkaffe-${i + 1}`,
  image: i === 0 ? "https://cdn.shopify.test/jul.jpg" : null,
  productsCount: 3 + i,
}));

const csrfIn = (html: string) => /name="csrf" value="([^"]+)"/.exec(html)?.[1] ?? "";
const get = (path: string, cookie?: string) =>
  fetch(`${origin}${path}`, { redirect: "manual", headers: cookie ? { Cookie: cookie } : {} });

async function signIn(email: string): Promise<{ cookie: string; csrf: string }> {
  const res = await signInByForm(origin, email, PASSWORD);
  expect(res.status).toBe(302);
  const cookie = cookiePair(res, "beckon_owner");
  return { cookie, csrf: csrfIn(await (await get("/owner", cookie)).text()) };
}

const searchPath = (websiteId: number) => `/owner/websites/${websiteId}/products/search`;
async function search(
  fields: Record<string, string>,
  as: "store" | "sv" = "store",
  websiteId = as === "store" ? STORE : SV,
  headers: Record<string, string> = {},
) {
  const cookie = as === "store" ? ownerOfStore : ownerOfSv;
  const csrf = as === "store" ? csrfOfStore : csrfOfSv;
  const res = await postForm(
    origin,
    searchPath(websiteId),
    { csrf, ...fields },
    { Cookie: cookie, Accept: "application/json", ...headers },
  );
  const body = res.headers.get("content-type")?.includes("json") ? ((await res.json()) as any) : await res.text();
  return { status: res.status, body };
}

async function setOfflineSession(expires: Date | null = null) {
  await t.db.session.deleteMany({ where: { shop: DEMO_SHOP_DOMAIN } });
  await t.db.session.create({
    data: {
      id: `offline_${DEMO_SHOP_DOMAIN}`,
      shop: DEMO_SHOP_DOMAIN,
      state: "",
      isOnline: false,
      accessToken: TOKEN,
      scope: "read_products",
      expires,
    },
  });
}

beforeAll(async () => {
  t = await createTestDatabase();
  await seedIfEmpty(t.db);
  SV = (await t.db.website.findFirstOrThrow({ where: { shopDomain: null } })).id;
  STORE = (await t.db.website.findFirstOrThrow({ where: { shopDomain: DEMO_SHOP_DOMAIN } })).id;
  shopify = await new FakeShopifyAdmin(TOKEN, products, "2026-07", collections).start();
  server = await startTestServer({
    databaseUrl: t.url,
    env: { SESSION_SECRET: "x".repeat(32), BECKON_SHOPIFY_ADMIN_URL: shopify.url },
  });
  origin = server.origin;
  ({ cookie: ownerOfStore, csrf: csrfOfStore } = await signIn("owner@beckon-demo.test"));
  ({ cookie: ownerOfSv, csrf: csrfOfSv } = await signIn("agare@saljakademin.se"));
});

afterAll(async () => {
  await server?.stop();
  await shopify?.server.stop();
  await t?.drop();
});

beforeEach(async () => {
  shopify.revoked = false;
  shopify.throttleNext = 0;
  shopify.server.clearFaults();
  await setOfflineSession();
});

describe("who may search", () => {
  it("refuses without a session, for another owner's website, from another site, and without the CSRF token — Shopify is never asked", async () => {
    const before = shopify.server.requests.length;
    const anonymous = await postForm(origin, searchPath(STORE), { q: "kaffe" });
    expect([302, 303]).toContain(anonymous.status);
    expect(anonymous.headers.get("location")).toContain("/owner/login");
    expect((await search({ q: "kaffe" }, "sv", STORE)).status).toBe(404);
    expect((await search({ q: "kaffe" }, "store", STORE, { Origin: "https://evil.example" })).status).toBe(403);
    const noToken = await postForm(origin, searchPath(STORE), { q: "kaffe" }, { Cookie: ownerOfStore });
    expect(noToken.status).toBe(403);
    const wrongToken = await postForm(
      origin,
      searchPath(STORE),
      { q: "kaffe", csrf: csrfOfSv },
      { Cookie: ownerOfStore },
    );
    expect(wrongToken.status).toBe(403);
    expect((await get(searchPath(STORE), ownerOfStore)).status).toBe(405);
    expect(shopify.server.requests.length).toBe(before);
  });

  it("a website that is not a Shopify store gets a field-named answer, not a search", async () => {
    const res = await search({ q: "kaffe" }, "sv");
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      error: { field: "shop", code: "not_store", message: expect.stringContaining("not a Shopify store") },
    });
  });
});

describe("results", () => {
  it("come with image, title, price range and variants, and page by cursor", async () => {
    const first = await search({ q: "bryggkaffe" });
    expect(first.status).toBe(200);
    expect(first.body.products).toHaveLength(10);
    expect(first.body.products[0]).toMatchObject({
      id: "gid://shopify/Product/800",
      title: "Bryggkaffe 01",
      image: "https://cdn.shopify.test/bk-0.jpg",
      priceMin: "79.00",
      priceMax: "249.00",
      currency: "SEK",
      variantsCount: 2,
      variants: [
        { id: "gid://shopify/ProductVariant/9000", title: "250 g", price: "79.00", available: true },
        { id: "gid://shopify/ProductVariant/9001", title: "1 kg", price: "249.00", available: true },
      ],
    });
    expect(first.body.pageInfo.hasNextPage).toBe(true);
    const second = await search({ q: "bryggkaffe", after: first.body.pageInfo.endCursor });
    expect(second.body.products.map((p: { title: string }) => p.title)).toEqual([
      "Bryggkaffe 11",
      "Bryggkaffe 12",
      "Bryggkaffe 13",
    ]);
    expect(second.body.pageInfo.hasNextPage).toBe(false);
    // The server used the shop's offline token at the documented endpoint.
    const req = shopify.server.requests.at(-1)!;
    expect(req.path).toBe("/admin/api/2026-07/graphql.json");
    expect(req.headers["x-shopify-access-token"]).toBe(TOKEN);
  });

  it("search syntax typed into the box stays literal", async () => {
    const res = await search({ q: 'status:draft OR "x" (y)' });
    expect(res.status).toBe(200);
    expect(res.body.products).toEqual([]);
    expect(shopify.searches().at(-1)!.query).toBe('status\\:draft* OR* \\"x\\"* \\(y\\)* status:active');
  });
});

describe("collections (kind=collections)", () => {
  it("come with handle, title, image and product count, by a title search, and page by cursor", async () => {
    const first = await search({ q: "julkaffe", kind: "collections" });
    expect(first.status).toBe(200);
    expect(first.body.products).toBeUndefined();
    expect(first.body.collections).toHaveLength(10);
    expect(first.body.collections[0]).toEqual({
      id: "gid://shopify/Collection/700",
      handle: "julkaffe-1",
      title: "Julkaffe 01",
      image: "https://cdn.shopify.test/jul.jpg",
      imageAlt: null,
      productsCount: 3,
    });
    expect(shopify.searches().at(-1)).toMatchObject({ first: 10, query: "title:*julkaffe*" });
    expect((shopify.server.requests.at(-1)!.body as { query: string }).query).toMatch(/collections\(first: \$first/);
    const second = await search({ q: "julkaffe", kind: "collections", after: first.body.pageInfo.endCursor });
    expect(second.body.collections.map((c: { handle: string }) => c.handle)).toEqual(["julkaffe-11", "julkaffe-12"]);
    expect(second.body.pageInfo.hasNextPage).toBe(false);
  });

  it("typed search syntax stays literal, and Shopify failures are explained as for products", async () => {
    expect((await search({ q: 'title:* "x"', kind: "collections" })).body.collections).toEqual([]);
    expect(shopify.searches().at(-1)!.query).toBe('title:*title\\:\\** title:*\\"x\\"*');
    shopify.revoked = true;
    const res = await search({ q: "jul", kind: "collections" });
    expect(res.status).toBe(502);
    expect(res.body.error).toMatchObject({ field: "shop", code: "unauthorized" });
  });

  it("the default kind is products", async () => {
    expect((await search({ q: "bryggkaffe", kind: "products" })).body.products).toHaveLength(10);
  });

  it("a bad kind is refused with the field named, before Shopify is asked", async () => {
    const before = shopify.server.requests.length;
    for (const kind of ["collection", "orders", "", "COLLECTIONS", "collections\u0000"]) {
      const res = await search({ q: "jul", kind });
      expect(res.status, kind).toBe(400);
      expect(res.body.error).toMatchObject({ field: "kind", code: "invalid", message: expect.stringMatching(/\w/) });
    }
    expect(shopify.server.requests.length).toBe(before);
  });
});

describe("bad input", () => {
  it("is refused with the field named, before Shopify is asked", async () => {
    const before = shopify.server.requests.length;
    const cases: [Record<string, string>, string][] = [
      [{ q: "k".repeat(101) }, "q"],
      [{ q: "kaffe\u0000" }, "q"],
      [{ q: "kaffe\u202e" }, "q"],
      [{ q: "ka\u2066ffe" }, "q"],
      [{ q: "kaffe", after: "'; DROP TABLE" }, "after"],
      [{ q: "kaffe", after: "a".repeat(600) }, "after"],
      [{ q: "kaffe", after: "<script>" }, "after"],
    ];
    for (const [fields, field] of cases) {
      const res = await search(fields);
      expect(res.status, JSON.stringify(fields).slice(0, 40)).toBe(400);
      expect(res.body.error.field).toBe(field);
      expect(res.body.error.message).toMatch(/\w/);
    }
    expect(shopify.server.requests.length).toBe(before);
  });

  it("an oversized body is refused", async () => {
    const res = await search({ q: "x".repeat(2_000_000) });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });
});

describe("Shopify failures are explained", () => {
  it("a revoked token", async () => {
    shopify.revoked = true;
    const res = await search({ q: "kaffe" });
    expect(res.status).toBe(502);
    expect(res.body.error).toMatchObject({
      field: "shop",
      code: "unauthorized",
      message: expect.stringContaining("uninstalled or its access revoked"),
    });
  });

  it("throttling is retried, and explained when it lasts", async () => {
    shopify.throttleNext = 1;
    expect((await search({ q: "bryggkaffe" })).status).toBe(200);
    shopify.server.failNext(3, { kind: "429", retryAfter: "0" });
    const res = await search({ q: "bryggkaffe" });
    expect(res.status).toBe(503);
    expect(res.body.error).toMatchObject({ code: "throttled", message: expect.stringContaining("limiting requests") });
  });

  it("Shopify down", async () => {
    shopify.server.failNext(1, { kind: "500" });
    const res = await search({ q: "kaffe" });
    expect(res.status).toBe(502);
    expect(res.body.error).toMatchObject({ code: "network", message: expect.stringContaining("could not be reached") });
  });

  it("no install, and an expired offline token", async () => {
    await t.db.session.deleteMany({ where: { shop: DEMO_SHOP_DOMAIN } });
    expect((await search({ q: "kaffe" })).body.error).toMatchObject({ code: "not_installed", field: "shop" });
    await setOfflineSession(new Date(Date.now() - 60_000));
    expect((await search({ q: "kaffe" })).body.error).toMatchObject({ code: "expired", field: "shop" });
  });
});
