/**
 * Webhooks act on the shop their signed body names, once per webhook id,
 * over HTTP with Shopify switched on (real signatures):
 * - the HMAC covers the body only, so a signed body of one shop sent with
 *   another shop's X-Shopify-Shop-Domain is refused (400, naming the body's
 *   field) and changes nothing of either shop, on every webhook route;
 * - odd spellings of a shop (whitespace, trailing dot, scheme, port, path,
 *   other domains, non-strings) are refused in the header and in the body,
 *   never "fixed"; letter case alone is the same shop;
 * - a body that names no shop where the topic's payload always does is refused;
 * - a replayed customers/redact, shop/redact or app/uninstalled (same shop and
 *   X-Shopify-Webhook-Id) answers 200 and changes nothing, even when the data
 *   came back in between: no second deletion, no second removal queued in an
 *   e-mail tool; a new id does the work.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestDatabase } from "#test/support/test-database";
import type { TestServer } from "#test/support/server";
import { stopServerAndDrop } from "#test/support/served-database";
import { openShopsDatabase, postWebhook, startShopifyAppServer } from "./shopify-harness";
import { linkShopOwner } from "#app/models/owner.server";

let t: TestDatabase;
let server: TestServer;
let origin: string;
let store: number;
let other: number;

const SHOP = "beckon-demo.myshopify.com";
const OTHER_SHOP = "binding-other.myshopify.com";
const API_SECRET = "binding-test-secret";

interface Delivery {
  /** X-Shopify-Shop-Domain (default SHOP). */
  shop?: string;
  /** X-Shopify-Webhook-Id (default a new one; null leaves it out). */
  webhookId?: string | null;
}

/** POSTs a webhook to its topic's route the way Shopify does, signed with the app's secret. */
const webhook = (topic: string, payload: unknown, o: Delivery = {}): Promise<Response> =>
  postWebhook(`${origin}/webhooks/${topic}`, topic, payload, {
    shop: o.shop ?? SHOP,
    secret: API_SECRET,
    webhookId: o.webhookId,
  });

/** Shopify's documented payloads, for a shop. */
const redactBody = (shop: unknown, email: string) => ({
  shop_id: 954889,
  shop_domain: shop,
  customer: { id: 191167, email, phone: null },
  orders_to_redact: [],
});
const dataRequestBody = (shop: unknown, email: string) => ({
  shop_id: 954889,
  shop_domain: shop,
  customer: { id: 191167, email, phone: null },
  orders_requested: [],
  data_request: { id: 9999 },
});
const shopRedactBody = (shop: unknown) => ({ shop_id: 954889, shop_domain: shop });
/** app/uninstalled carries the shop resource: `domain` may be the store's own domain, `myshopify_domain` is the shop. */
const uninstalledBody = (shop: unknown) => ({
  id: 954889,
  name: "A shop",
  domain: "www.a-shop.example",
  myshopify_domain: shop,
});

let tokens = 0;
async function person(websiteId: number, email: string): Promise<number> {
  const p = await t.db.person.create({
    data: {
      websiteId,
      visitorToken: `bind-${++tokens}-${randomBytes(4).toString("hex")}`,
      personType: "Contact",
      email,
      extra: {},
      data: {},
    },
  });
  return p.id;
}

/** A Klaviyo connection of the website, and a sync job that sent the person there (so a redaction queues a removal). */
async function sentToTool(websiteId: number, personId: number): Promise<number> {
  const integration = await t.db.integration.create({
    data: {
      websiteId,
      integrationType: "klaviyo",
      name: `Klaviyo ${++tokens}`,
      actionTypes: {},
      syncSettings: {},
      credentials: { api_key: "pk_x" },
    },
  });
  await t.db.syncJob.create({
    data: {
      websiteId,
      integrationId: integration.id,
      personId,
      operation: "upsert_profile",
      payload: {},
      idempotencyKey: `sent-${tokens}`,
      status: "done",
    },
  });
  return integration.id;
}

const forgetJobs = (websiteId: number) => t.db.syncJob.count({ where: { websiteId, operation: "forget" } });

async function offlineSession(shop: string) {
  await t.db.session.upsert({
    where: { id: `offline_${shop}` },
    create: { id: `offline_${shop}`, shop, state: "s", isOnline: false, scope: "read_products", accessToken: "tok" },
    update: {},
  });
}

beforeAll(async () => {
  ({ tdb: t, store, other } = await openShopsDatabase(SHOP, OTHER_SHOP));
  for (const shop of [SHOP, OTHER_SHOP]) await offlineSession(shop);
  server = await startShopifyAppServer(
    t.url,
    { apiKey: "binding-test-key", apiSecret: API_SECRET },
    { BECKON_OUTBOX_WORKER: "0" },
  );
  origin = server.origin;
});

afterAll(() => stopServerAndDrop(server, t));

/** Expects a refusal naming the field, with a message. */
async function expectRefused(res: Response, field: string, what: string) {
  expect(res.status, what).toBe(400);
  const answer = await res.json();
  expect(answer.error.field, what).toBe(field);
  expect(answer.error.message, what).toEqual(expect.any(String));
}

describe("a signed body of one shop sent with another shop's header", () => {
  it("customers/redact deletes nothing of either shop and queues no removal", async () => {
    const victim = await person(other, "victim@binding.example");
    await sentToTool(other, victim);
    const before = await forgetJobs(other);
    const res = await webhook("customers/redact", redactBody(SHOP, "victim@binding.example"), { shop: OTHER_SHOP });
    await expectRefused(res, "shop_domain", "customers/redact");
    expect(await t.db.person.count({ where: { id: victim } })).toBe(1);
    expect(await forgetJobs(other)).toBe(before);
    // Nor the other way round: the header's shop is never the one acted on.
    const back = await webhook("customers/redact", redactBody(OTHER_SHOP, "victim@binding.example"), { shop: SHOP });
    await expectRefused(back, "shop_domain", "customers/redact, reversed");
    expect(await t.db.person.count({ where: { id: victim } })).toBe(1);
  });

  it("customers/data_request stores no report for either shop", async () => {
    await person(other, "asker@binding.example");
    const id = randomUUID();
    const res = await webhook("customers/data_request", dataRequestBody(SHOP, "asker@binding.example"), {
      shop: OTHER_SHOP,
      webhookId: id,
    });
    await expectRefused(res, "shop_domain", "customers/data_request");
    expect(await t.db.customerDataRequest.count({ where: { webhookId: id } })).toBe(0);
  });

  it("shop/redact keeps the header's shop's website and sessions", async () => {
    const res = await webhook("shop/redact", shopRedactBody(SHOP), { shop: OTHER_SHOP });
    await expectRefused(res, "shop_domain", "shop/redact");
    expect(await t.db.website.count({ where: { id: { in: [store, other] } } })).toBe(2);
    expect(await t.db.session.count({ where: { shop: OTHER_SHOP } })).toBe(1);
  });

  it("app/uninstalled keeps the header's shop's sessions", async () => {
    const res = await webhook("app/uninstalled", uninstalledBody(SHOP), { shop: OTHER_SHOP });
    await expectRefused(res, "myshopify_domain", "app/uninstalled");
    expect(await t.db.session.count({ where: { shop: { in: [SHOP, OTHER_SHOP] } } })).toBe(2);
  });

  it("app/scopes_update refuses a body that names another shop", async () => {
    const res = await webhook(
      "app/scopes_update",
      { id: 1, shop_domain: SHOP, previous: [], current: ["write_orders"], updated_at: "2026-11-25T12:00:00Z" },
      { shop: OTHER_SHOP },
    );
    await expectRefused(res, "shop_domain", "app/scopes_update");
    expect((await t.db.session.findUniqueOrThrow({ where: { id: `offline_${OTHER_SHOP}` } })).scope).toBe(
      "read_products",
    );
  });
});

describe("shop spellings", () => {
  const odd = [
    `https://${SHOP}`,
    `http://${SHOP}`,
    `${SHOP}.`,
    `${SHOP}:443`,
    `${SHOP}/`,
    `${SHOP}/admin`,
    `${SHOP}.evil.example`,
    `evil-${SHOP.replace(".myshopify.com", "")}.example`,
    "beckon-demo.shopify.com",
    "beckon-demo",
    `beckon_demo.myshopify.com`,
    `-beckon-demo.myshopify.com`,
    `beckon-demo..myshopify.com`,
    `admin.shopify.com/store/beckon-demo`,
    `${SHOP}?x=1`,
    `${SHOP}#x`,
    `user@${SHOP}`,
    "",
  ];

  it("refuses odd spellings in the body, even when the header is spelled the same way, deleting nothing", async () => {
    const target = await person(store, "spelling@binding.example");
    const bodyOnly = [...odd, ` ${SHOP}`, `${SHOP} `, `${SHOP}\n`, `\t${SHOP}`, `${SHOP}\u0000`, `${SHOP}\u200b`];
    for (const spelling of bodyOnly) {
      const res = await webhook("customers/redact", redactBody(spelling, "spelling@binding.example"));
      await expectRefused(res, "shop_domain", `body ${JSON.stringify(spelling)}`);
    }
    // Both sides equally odd: still refused, not "fixed" into the shop.
    for (const spelling of odd.filter((s) => s !== "")) {
      const res = await webhook("customers/redact", redactBody(spelling, "spelling@binding.example"), {
        shop: spelling,
      });
      expect(res.status, `both ${JSON.stringify(spelling)}`).toBe(400);
    }
    for (const notAString of [null, 42, ["x"], { domain: SHOP }, true]) {
      const res = await webhook("customers/redact", redactBody(notAString, "spelling@binding.example"));
      await expectRefused(res, "shop_domain", `body ${JSON.stringify(notAString)}`);
    }
    expect(await t.db.person.count({ where: { id: target } })).toBe(1);
  });

  it("refuses odd spellings of the header against the right body, deleting nothing", async () => {
    const target = await person(store, "header-spelling@binding.example");
    for (const spelling of odd.filter((s) => s !== "")) {
      const res = await webhook("customers/redact", redactBody(SHOP, "header-spelling@binding.example"), {
        shop: spelling,
      });
      expect(res.status, `header ${JSON.stringify(spelling)}`).toBe(400);
    }
    expect(await t.db.person.count({ where: { id: target } })).toBe(1);
  });

  it("takes letter case as the same shop (domain names have no case)", async () => {
    const target = await person(store, "case@binding.example");
    const res = await webhook("customers/redact", redactBody("Beckon-Demo.MyShopify.com", "case@binding.example"), {
      shop: "BECKON-DEMO.myshopify.com",
    });
    expect(res.status).toBe(200);
    expect(await t.db.person.count({ where: { id: target } })).toBe(0);
  });

  it("refuses a body that names no shop where the topic's payload always does", async () => {
    const target = await person(store, "nameless@binding.example");
    const { shop_domain: _shop, ...nameless } = redactBody(SHOP, "nameless@binding.example");
    await expectRefused(await webhook("customers/redact", nameless), "shop_domain", "customers/redact");
    const { shop_domain: _asked, ...namelessRequest } = dataRequestBody(SHOP, "nameless@binding.example");
    await expectRefused(
      await webhook("customers/data_request", namelessRequest),
      "shop_domain",
      "customers/data_request",
    );
    await expectRefused(await webhook("shop/redact", { shop_id: 954889 }), "shop_domain", "shop/redact");
    // `domain` can be the store's own domain: only myshopify_domain names the shop.
    await expectRefused(
      await webhook("app/uninstalled", { id: 954889, domain: SHOP }),
      "myshopify_domain",
      "app/uninstalled",
    );
    for (const notAnObject of [[], "text", 7, null]) {
      const res = await webhook("customers/redact", notAnObject);
      expect(res.status, JSON.stringify(notAnObject)).toBe(400);
    }
    expect(await t.db.person.count({ where: { id: target } })).toBe(1);
    expect(await t.db.website.count({ where: { id: store } })).toBe(1);
    expect(await t.db.session.count({ where: { shop: SHOP } })).toBe(1);
  });

  it("refuses a webhook without an id, changing nothing", async () => {
    const target = await person(store, "no-id@binding.example");
    const res = await webhook("customers/redact", redactBody(SHOP, "no-id@binding.example"), { webhookId: null });
    expect(res.status).toBe(400);
    expect(await t.db.person.count({ where: { id: target } })).toBe(1);
  });
});

describe("replays (same shop and X-Shopify-Webhook-Id)", () => {
  it("customers/redact runs once: a replay after the customer came back deletes nothing and queues no removal", async () => {
    const email = "returning@binding.example";
    const first = await person(store, email);
    await sentToTool(store, first);
    const id = randomUUID();
    const queued = await forgetJobs(store);
    expect((await webhook("customers/redact", redactBody(SHOP, email), { webhookId: id })).status).toBe(200);
    expect(await t.db.person.count({ where: { id: first } })).toBe(0);
    expect(await forgetJobs(store)).toBe(queued + 1);

    // The customer signs up again and is sent to another tool.
    const again = await person(store, email);
    await sentToTool(store, again);
    const replay = await webhook("customers/redact", redactBody(SHOP, email), { webhookId: id });
    expect(replay.status).toBe(200);
    expect(await t.db.person.count({ where: { id: again } })).toBe(1);
    expect(await forgetJobs(store)).toBe(queued + 1);
    await expect.poll(() => server.output()).toContain(`customers/redact ${id} for ${SHOP}: already processed`);

    // A new request (a new id) does the work.
    expect((await webhook("customers/redact", redactBody(SHOP, email))).status).toBe(200);
    expect(await t.db.person.count({ where: { id: again } })).toBe(0);
    expect(await forgetJobs(store)).toBe(queued + 2);
  });

  it("two deliveries of one id at the same time do the work once, and both are answered 200", async () => {
    const email = "twice-at-once@binding.example";
    await sentToTool(store, await person(store, email));
    const queued = await forgetJobs(store);
    const id = randomUUID();
    const answers = await Promise.all(
      [0, 1].map(() => webhook("customers/redact", redactBody(SHOP, email), { webhookId: id })),
    );
    expect(answers.map((res) => res.status)).toEqual([200, 200]);
    expect(await t.db.person.count({ where: { websiteId: store, email } })).toBe(0);
    expect(await forgetJobs(store)).toBe(queued + 1);
    expect(await t.db.webhookReceipt.count({ where: { shop: SHOP, webhookId: id } })).toBe(1);
  });

  it("an id is one shop's: the same id for another shop is that shop's own webhook", async () => {
    const id = randomUUID();
    const mine = await person(store, "shared-id@binding.example");
    const theirs = await person(other, "shared-id@binding.example");
    expect(
      (await webhook("customers/redact", redactBody(SHOP, "shared-id@binding.example"), { webhookId: id })).status,
    ).toBe(200);
    const res = await webhook("customers/redact", redactBody(OTHER_SHOP, "shared-id@binding.example"), {
      shop: OTHER_SHOP,
      webhookId: id,
    });
    expect(res.status).toBe(200);
    expect(await t.db.person.count({ where: { id: { in: [mine, theirs] } } })).toBe(0);
  });

  it("app/uninstalled runs once: a replay after a reinstall keeps the new sessions", async () => {
    const shop = "binding-uninstall.myshopify.com";
    await linkShopOwner(t.db, shop, { name: "Uninstalling shop" });
    await offlineSession(shop);
    const id = randomUUID();
    expect((await webhook("app/uninstalled", uninstalledBody(shop), { shop, webhookId: id })).status).toBe(200);
    expect(await t.db.session.count({ where: { shop } })).toBe(0);
    await offlineSession(shop);
    expect((await webhook("app/uninstalled", uninstalledBody(shop), { shop, webhookId: id })).status).toBe(200);
    expect(await t.db.session.count({ where: { shop } })).toBe(1);
  });

  it("shop/redact runs once: a replay after a reinstall keeps the new website and sessions", async () => {
    const shop = "binding-redact.myshopify.com";
    const firstSite = (await linkShopOwner(t.db, shop, { name: "Leaving shop" })).websiteId;
    await offlineSession(shop);
    const id = randomUUID();
    expect((await webhook("shop/redact", shopRedactBody(shop), { shop, webhookId: id })).status).toBe(200);
    expect(await t.db.website.count({ where: { id: firstSite } })).toBe(0);
    expect(await t.db.session.count({ where: { shop } })).toBe(0);

    // The shop installs again, then the old webhook arrives once more.
    const secondSite = (await linkShopOwner(t.db, shop, { name: "Returning shop" })).websiteId;
    await offlineSession(shop);
    const replay = await webhook("shop/redact", shopRedactBody(shop), { shop, webhookId: id });
    expect(replay.status).toBe(200);
    expect(await t.db.website.count({ where: { id: secondSite } })).toBe(1);
    expect(await t.db.session.count({ where: { shop } })).toBe(1);
    await expect.poll(() => server.output()).toContain(`shop/redact ${id} for ${shop}: already processed`);
  });
});
