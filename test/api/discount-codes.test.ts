/**
 * Unique discount codes through the built server: the widget's
 * POST /api/websites/{id}/discount_code against malformed, oversized and
 * hostile input and visitors who are no lead; and, on PostgreSQL, 200 leads
 * at once across three server processes behind a round-robin proxy get 200
 * different codes, from an uploaded pool and from codes made ahead of time
 * in a Shopify Admin stand-in (which throttles the first top-up), while the
 * processes top up the stock themselves; and a prize wheel's limited prize,
 * played by 60 visitors at once across the same processes, is won exactly
 * as often as its limit allows. SQLite is one embedded process: that part
 * skips there.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saveCtaDocument } from "#app/models/cta.server";
import { addCodes, codeCounts } from "#app/models/discount-codes/pool.server";
import { topUpShopifyCodes } from "#app/models/discount-codes/shopify-stock.server";
import { AdminApiError } from "#app/integrations/shopify-admin/admin-graphql.server";
import { FakeShopifyAdmin } from "#test/support/fake-providers/shopify-admin";
import { createOfflineSession } from "#test/api/shopify-harness";
import { publishedCtaMock } from "#test/support/factories";
import { postPublic } from "#test/support/http";
import type { RoundRobinProxy } from "#test/support/round-robin-proxy";
import { startServerCluster, stopServerCluster } from "#test/support/server-cluster";
import { contactMock, token, websiteMock } from "#test/support/row-factories";
import { startTestServer, type TestServer } from "#test/support/server";
import { createTestDatabase, testDatabaseKind, type TestDatabase } from "#test/support/test-database";
import { HOSTILE_KEYS } from "#test/support/hostile-keys";
import { ctaWithElements } from "#test/support/factories";

const LEADS = 200;
const ENV = {
  SESSION_SECRET: "discount-codes-".padEnd(40, "x"),
  TRUST_PROXY: "1",
  // 400 writes from one address in a moment: the limits are not what this file tests.
  BECKON_RATE_LIMIT_IP_WRITE: "off",
  BECKON_RATE_LIMIT_WEBSITE_WRITE: "off",
};

let t: TestDatabase;
let site: number;
let ctaId: number;

async function poolCta(name: string, codes: string[]) {
  const doc = await saveCtaDocument(
    t.db,
    site,
    publishedCtaMock(name, [["form"], ["discount_code"]], ["A"], { unique_codes: { source: "pool" } }),
  );
  await addCodes(t.db, site, doc.id!, "pool", codes);
  return doc.id!;
}

/** A new lead of the CTA through `origin`, then its code as the widget asks for it (`times` times). */
async function leadAndCode(origin: string, cta: number, times = 1, website = site) {
  const contact = contactMock({ cta_id: cta, contactable_id: cta });
  const created = await postPublic(origin, `/api/websites/${website}/contacts/create`, { contact });
  expect(created.status, created.text).toBe(201);
  const answers = [];
  for (let i = 0; i < times; i++) {
    const asked = await postPublic(origin, `/api/websites/${website}/discount_code`, {
      visitor_token: contact.visitor_token,
      cta_id: cta,
    });
    expect(asked.status, asked.text).toBe(200);
    answers.push(asked.json as { code: string | null; expires_at: string | null });
  }
  expect(new Set(answers.map((a) => a.code)).size).toBe(1);
  return answers[0];
}

beforeAll(async () => {
  t = await createTestDatabase();
  site = (await websiteMock(t.db)).id;
  ctaId = await poolCta("Codes", ["API-0001", "API-0002"]);
});

afterAll(async () => {
  await t?.drop();
});

describe("POST /api/websites/{id}/discount_code", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ databaseUrl: t.url, env: ENV });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });
  const ask = (body: unknown, websiteId = site) =>
    postPublic(server.origin, `/api/websites/${websiteId}/discount_code`, body);

  it("hands a lead its code, the same one each time it asks", async () => {
    const first = await leadAndCode(server.origin, ctaId, 3);
    expect(first.code).toMatch(/^API-000[12]$/);
    expect((await codeCounts(t.db, ctaId)).issued).toBe(1);
  });

  it("answers a null code once none is left, and 404 to visitors who are no lead of the CTA", async () => {
    const empty = await poolCta("Empty", []);
    expect(await leadAndCode(server.origin, empty)).toEqual({ code: null, expires_at: null });
    const stranger = await ask({ visitor_token: token(), cta_id: ctaId });
    expect(stranger.status).toBe(404);
    expect(stranger.json.error.field).toBe("cta_id");
    expect((await ask({ visitor_token: token(), cta_id: ctaId }, 999_999)).status).toBe(404);
  });

  it("refuses malformed, oversized and hostile bodies with a clear 4xx", async () => {
    const bodies: unknown[] = [
      "",
      "not json",
      "[]",
      "null",
      {},
      { visitor_token: token() },
      { visitor_token: "x", cta_id: ctaId },
      { visitor_token: token(), cta_id: "1 OR 1=1" },
      { visitor_token: token(), cta_id: ctaId, person_id: 1 },
      { visitor_token: token(), cta_id: ctaId, pad: "x".repeat(10_000) },
      ...HOSTILE_KEYS.map((key) => `{"visitor_token":"${token()}","cta_id":${ctaId},"${key}":1}`),
    ];
    for (const body of bodies) {
      const res = await ask(body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    expect((await ask({ visitor_token: token(), cta_id: ctaId }, "abc" as never)).status).toBe(404);
    const get = await fetch(`${server.origin}/api/websites/${site}/discount_code`);
    expect(get.status).toBe(405);
  });
});

describe.skipIf(testDatabaseKind() !== "postgresql")("three server processes on one PostgreSQL", () => {
  let servers: TestServer[] = [];
  let proxy: RoundRobinProxy;
  const admin = new FakeShopifyAdmin("shpat_cluster_codes", []);
  const adminEnv = () => ({ BECKON_SHOPIFY_ADMIN_URL: admin.url, BECKON_PROVIDER_TIMEOUT_MS: "5000" });
  beforeAll(async () => {
    await admin.start();
    ({ servers, proxy } = await startServerCluster(3, { databaseUrl: t.url, env: { ...ENV, ...adminEnv() } }));
  }, 330_000);
  afterAll(async () => {
    await stopServerCluster({ servers, proxy });
    await admin.server.stop();
  });

  it(`gives ${LEADS} leads at once ${LEADS} different codes`, async () => {
    const codes = Array.from({ length: LEADS + 20 }, (_, i) => `MP-${String(i).padStart(4, "0")}`);
    const cta = await poolCta("Three processes", codes);
    const served = proxy.served.length;
    const got = await Promise.all(Array.from({ length: LEADS }, () => leadAndCode(proxy.origin, cta)));
    const handed = got.map((g) => g.code);
    expect(handed.every((c) => typeof c === "string")).toBe(true);
    expect(new Set(handed).size).toBe(LEADS);
    // Every process answered its share.
    const backends = proxy.served.slice(served);
    for (const s of servers) expect(backends.filter((b) => b === s.origin).length).toBeGreaterThan(0);
    expect(await codeCounts(t.db, cta)).toEqual({ available: 20, issued: LEADS, redeemed: 0 });
  }, 240_000);

  it("hands a limited prize out exactly as often as its limit allows when 60 visitors play at once", async () => {
    const LIMIT = 5;
    const PLAYERS = 60;
    const doc = await saveCtaDocument(
      t.db,
      site,
      ctaWithElements(
        [
          {
            element_type: "prize_wheel",
            options: {
              prizes: [
                // Nearly every draw picks the top prize first: the limit, not the weights, must stop it.
                { id: "top", label: "Top", kind: "discount_code", code: "TOP", weight: 1000, limit: LIMIT },
                { id: "miss", label: "No luck", kind: "no_luck", weight: 1 },
              ],
            },
          },
        ],
        { name: "Limited wheel", status: "published" },
      ),
    );
    const elementId = doc.variants[0].steps[0].sections[0].columns[0].elements[0].id!;
    const served = proxy.served.length;
    const plays = await Promise.all(
      Array.from({ length: PLAYERS }, (_, i) =>
        postPublic(proxy.origin, `/api/websites/${site}/prize_draws`, {
          contact: { ...contactMock({ cta_id: doc.id! }), email: `player${i}@example.se`, element_id: elementId },
        }),
      ),
    );
    expect(plays.map((p) => p.status)).toEqual(Array(PLAYERS).fill(201));
    const won = plays.map((p) => (p.json as { prize: { id: string } }).prize.id);
    expect(won.filter((id) => id === "top")).toHaveLength(LIMIT);
    for (const s of servers) expect(proxy.served.slice(served).filter((b) => b === s.origin).length).toBeGreaterThan(0);
    const counter = await t.db.prizeWinCount.findUniqueOrThrow({
      where: { elementId_prizeId: { elementId, prizeId: "top" } },
    });
    expect(counter.wins).toBe(LIMIT);
    expect(await t.db.prizeDraw.count({ where: { ctaId: doc.id!, prizeId: "top" } })).toBe(LIMIT);
  }, 120_000);

  it(`gives ${LEADS} leads at once ${LEADS} different codes made in Shopify, topped up by the processes`, async () => {
    const store = await websiteMock(t.db);
    const shop = "cluster-codes.myshopify.com";
    await t.db.website.update({ where: { id: store.id }, data: { shopDomain: shop } });
    const session = { state: "s", scope: "read_products,write_discounts", accessToken: admin.accessToken };
    await createOfflineSession(t.db, shop, session, { legacy: true });
    const doc = await saveCtaDocument(
      t.db,
      store.id,
      publishedCtaMock("Shopify codes", [["form"], ["discount_code"]], ["A"], {
        // A draft until its stock is made: the processes' job tops up published CTAs only.
        status: "draft",
        unique_codes: { source: "shopify", kind: "percentage", value: 10, warn_threshold: 110 },
      }),
    );
    const cta = doc.id!;
    // Shopify throttles the first top-up (past the client's retries); the next one fills the stock (2 x 110 codes).
    admin.throttleNext = 10;
    const fill = () => topUpShopifyCodes(t.db, cta, { env: adminEnv(), bulk: { sleep: async () => undefined } });
    await expect(fill()).rejects.toBeInstanceOf(AdminApiError);
    admin.throttleNext = 0;
    expect(await fill()).toEqual({ state: "added", added: 220 });
    await saveCtaDocument(t.db, store.id, { ...doc, status: "published" });

    const got = await Promise.all(Array.from({ length: LEADS }, () => leadAndCode(proxy.origin, cta, 1, store.id)));
    const handed = got.map((g) => g.code);
    expect(handed.every((c) => typeof c === "string")).toBe(true);
    expect(new Set(handed).size).toBe(LEADS);
    // Every code handed out exists in the shop, in the one discount Beckon made for this CTA.
    const [discount, ...others] = admin.discounts.discounts;
    expect(others).toEqual([]);
    const inShop = new Set(discount.codes);
    expect(handed.filter((c) => !inShop.has(c!))).toEqual([]);
    expect(discount.input).toMatchObject({ customerGets: { value: { percentage: 0.1 } }, usageLimit: 1 });
    // The stock fell below half its target, so the processes topped it up (one at a time, through the lease).
    const stockState = async () => {
      const row = await t.db.cta.findUniqueOrThrow({ where: { id: cta }, select: { codesLeasedUntil: true } });
      return { full: (await codeCounts(t.db, cta)).available >= 220, leased: row.codesLeasedUntil !== null };
    };
    await expect.poll(stockState, { timeout: 60_000 }).toEqual({ full: true, leased: false });
    expect((await codeCounts(t.db, cta)).issued).toBe(LEADS);
    // Each code stored once, each one the shop's.
    const stored = await t.db.discountCode.findMany({ where: { ctaId: cta }, select: { code: true } });
    expect(new Set(stored.map((row) => row.code)).size).toBe(stored.length);
    const nowInShop = new Set(admin.discounts.allCodes());
    expect(stored.filter((row) => !nowInShop.has(row.code))).toEqual([]);
  }, 240_000);
});
