/**
 * App proxy parameter pollution, over HTTP with Shopify switched on (real
 * signatures): a genuinely signed query with an extra copy of a Shopify
 * parameter put in front of it (or the same name spelled another way) is
 * refused with a field-named 400 on every proxy route, answers nobody's
 * data and links nothing, whichever copy the signature covered.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestDatabase } from "#test/support/test-database";
import type { TestServer } from "#test/support/server";
import { stopServerAndDrop } from "#test/support/served-database";
import { customerProxyParams, openShopsDatabase, signedProxyQuery, startShopifyAppServer } from "./shopify-harness";

let t: TestDatabase;
let server: TestServer;
let store: number;
let other: number;

const SHOP = "beckon-demo.myshopify.com";
const OTHER_SHOP = "pollution-other.myshopify.com";
const API_SECRET = "pollution-test-secret";
const VICTIM_ID = "7101";
const ATTACKER_ID = "7102";

/** The query Shopify's app proxy adds for this shop and customer ("" for a guest), signed as Shopify documents it. */
const signedQuery = (shop: string, customerId: string): string =>
  signedProxyQuery(customerProxyParams(shop, customerId), API_SECRET).toString();

const askCustomer = (query: string, visitorToken?: string) =>
  fetch(`${server.origin}/proxy/api/customer?${query}`, {
    method: "POST",
    headers: { "Content-Type": "text/plain" },
    body: JSON.stringify(visitorToken ? { visitor_token: visitorToken } : {}),
  });

const askScript = (query: string) => fetch(`${server.origin}/proxy/api/websites/shop.js?${query}`);

/** A field-named JSON 400 that holds none of `secrets`. */
async function expectRefusal(res: Response, field: string, secrets: string[]) {
  const text = await res.text();
  expect(res.status, text.slice(0, 300)).toBe(400);
  const body = JSON.parse(text);
  expect(body.error.field).toBe(field);
  expect(body.error.message).toMatch(new RegExp(field));
  for (const secret of secrets) expect(text).not.toContain(secret);
}

async function visitor(websiteId: number) {
  return t.db.person.create({
    data: {
      websiteId,
      visitorToken: `pollution-${randomBytes(8).toString("hex")}`,
      personType: "Visitor",
      extra: {},
      data: {},
    },
  });
}

const VICTIM_DATA = ["victim.kund@exempel.se", "Viktoria", "+46709998877"];
const OTHER_SHOP_DATA = ["someone@pollution-other.se", "Sigrid"];

beforeAll(async () => {
  ({ tdb: t, store, other } = await openShopsDatabase(SHOP, OTHER_SHOP));
  const base = { personType: "Contact", extra: {}, data: {} };
  await t.db.person.create({
    data: {
      ...base,
      websiteId: store,
      visitorToken: "pollution-victim",
      email: VICTIM_DATA[0],
      name: VICTIM_DATA[1],
      phone: VICTIM_DATA[2],
      shopifyCustomerId: VICTIM_ID,
    },
  });
  // The attacker's own customer id, in another shop, belongs to someone else there.
  await t.db.person.create({
    data: {
      ...base,
      websiteId: other,
      visitorToken: "pollution-other-shop",
      email: OTHER_SHOP_DATA[0],
      name: OTHER_SHOP_DATA[1],
      shopifyCustomerId: ATTACKER_ID,
    },
  });
  server = await startShopifyAppServer(
    t.url,
    { apiKey: "pollution-test-key", apiSecret: API_SECRET },
    { BECKON_OUTBOX_WORKER: "0" },
  );
});

afterAll(() => stopServerAndDrop(server, t));

describe("POST /proxy/api/customer with a polluted signed query", () => {
  it("still answers the genuine signed queries (the attack's starting points)", async () => {
    expect(await (await askCustomer(signedQuery(SHOP, ""))).json()).toEqual({ customer: null });
    expect((await (await askCustomer(signedQuery(SHOP, VICTIM_ID))).json()).customer.email).toBe(VICTIM_DATA[0]);
  });

  it("gives a guest who puts the victim's id in front no victim data, and links the guest's visitor to nobody", async () => {
    const guest = await visitor(store);
    const spellings = [
      `logged_in_customer_id=${VICTIM_ID}`,
      `logged_in_customer_id[]=${VICTIM_ID}`,
      `%6Cogged_in_customer_id=${VICTIM_ID}`,
      `Logged_In_Customer_Id=${VICTIM_ID}`,
      `logged_in_customer_id%00=${VICTIM_ID}`,
    ];
    for (const pair of spellings) {
      await expectRefusal(
        await askCustomer(`${pair}&${signedQuery(SHOP, "")}`, guest.visitorToken),
        "logged_in_customer_id",
        VICTIM_DATA,
      );
    }
    // After the guest's query too: whichever copy the signature covered, both are refused.
    await expectRefusal(
      await askCustomer(`${signedQuery(SHOP, "")}&logged_in_customer_id=${VICTIM_ID}`, guest.visitorToken),
      "logged_in_customer_id",
      VICTIM_DATA,
    );
    expect((await t.db.person.findUniqueOrThrow({ where: { id: guest.id } })).shopifyCustomerId).toBeNull();
  });

  it("keeps a signed-in customer who puts another shop in front out of that shop", async () => {
    const before = await t.db.person.count({ where: { websiteId: other } });
    for (const pair of [`shop=${OTHER_SHOP}`, `%73hop=${OTHER_SHOP}`, `SHOP=${OTHER_SHOP}`, `shop%20=${OTHER_SHOP}`])
      await expectRefusal(await askCustomer(`${pair}&${signedQuery(SHOP, ATTACKER_ID)}`), "shop", OTHER_SHOP_DATA);
    expect(await t.db.person.count({ where: { websiteId: other } })).toBe(before);
  });

  it("refuses a second signature", async () => {
    const genuine = signedQuery(SHOP, "");
    const signature = new URLSearchParams(genuine).get("signature");
    await expectRefusal(
      await askCustomer(`logged_in_customer_id=${VICTIM_ID}&signature=${signature}&${genuine}`),
      "logged_in_customer_id",
      VICTIM_DATA,
    );
    await expectRefusal(await askCustomer(`${genuine}&signature=${signature}`), "signature", VICTIM_DATA);
  });
});

describe("GET /proxy/api/websites/shop.js with a polluted signed query", () => {
  it("answers the signed shop's script, and refuses a query that puts another shop in front", async () => {
    const genuine = await askScript(signedQuery(SHOP, ""));
    expect(genuine.status).toBe(200);
    expect(await genuine.text()).toContain(`"website_id":${store}`);
    for (const pair of [`shop=${OTHER_SHOP}`, `shop[]=${OTHER_SHOP}`, `Shop=${OTHER_SHOP}`, `+shop=${OTHER_SHOP}`]) {
      const res = await askScript(`${pair}&${signedQuery(SHOP, "")}`);
      await expectRefusal(res, "shop", [`"website_id":${other}`, OTHER_SHOP]);
    }
  });
});
