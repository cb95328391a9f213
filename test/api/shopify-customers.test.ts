/**
 * "Leads in Shopify Customers" over HTTP against the real server and its
 * outbox worker, with the local Admin API stand-in as the shop: the setting
 * on the integrations page (off by default, says when write_customers is
 * missing, refused for a website that is no store, hostile values), and a
 * lead posted to the public API that becomes exactly one customer with its
 * consent, across the permission's grant and an Admin API outage; with the
 * setting off nothing reaches Shopify.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "#test/support/server";
import { newSessionSecret, newTestDatabase, stopServerAndDrop } from "#test/support/served-database";
import type { TestDatabase } from "#test/support/test-database";
import { addWebsiteOwner, ownerCookie, submitAsOwner } from "#test/support/owner-session";
import { contactMock, formCtaMock, websiteMock } from "#test/support/row-factories";
import { postPublic } from "#test/support/http";
import { eventually } from "#test/support/eventually";
import { FakeShopifyAdmin } from "#test/support/fake-providers/shopify-admin";
import { createOfflineSession } from "./shopify-harness";
import { updateShopScopes } from "#app/models/owner.server";

const owner = { email: "kunder@butik.se", password: "kunder-lösen-2026", name: "Butiksägare" };
const admin = new FakeShopifyAdmin("shpat_api_customers", []);
let t: TestDatabase;
let server: TestServer;
let cookie: string;
let store: { id: number; shop: string; ctaId: number; elementId: number };
let plain: number;

beforeAll(async () => {
  t = await newTestDatabase();
  await admin.start();
  const website = await websiteMock(t.db);
  const shop = `kunder-${randomBytes(3).toString("hex")}.myshopify.com`;
  await t.db.website.update({ where: { id: website.id }, data: { shopDomain: shop } });
  await createOfflineSession(t.db, shop, { state: "s", scope: "read_products", accessToken: admin.accessToken });
  const form = await formCtaMock(t.db, website.id, []);
  store = { id: website.id, shop, ctaId: form.ctaId, elementId: form.elementId };
  plain = (await websiteMock(t.db)).id;
  const account = await addWebsiteOwner(t.db, website.id, owner);
  await t.db.websiteMembership.create({ data: { profileId: account.profileId, websiteId: plain } });
  server = await startTestServer({
    databaseUrl: t.url,
    env: {
      ...newSessionSecret(),
      BECKON_SHOPIFY_ADMIN_URL: admin.url,
      BECKON_OUTBOX_INTERVAL_MS: "50",
      BECKON_OUTBOX_BASE_DELAY_MS: "100",
      BECKON_PROVIDER_TIMEOUT_MS: "3000",
    },
  });
  cookie = await ownerCookie(server.origin, owner.email, owner.password);
});

afterAll(async () => {
  await admin.server.stop();
  await stopServerAndDrop(server, t);
});

const page = async (websiteId: number) =>
  (await fetch(`${server.origin}/owner/websites/${websiteId}/integrations`, { headers: { Cookie: cookie } })).text();
const setting = (websiteId: number, enabled: string) =>
  submitAsOwner(server.origin, cookie, `/owner/websites/${websiteId}/integrations`, {
    intent: "shopify-customers",
    enabled,
  });
const lead = (email: string, extra: Record<string, unknown> = {}) =>
  postPublic(server.origin, `/api/websites/${store.id}/contacts/create`, {
    contact: contactMock({ email, element_id: store.elementId, cta_id: store.ctaId, ...extra }),
  });
const customerCalls = () => admin.server.handled((r) => /Customer/.test(JSON.stringify(r.body))).length;

describe("the setting", () => {
  it("is off by default, shown only for a store website, and refused for one that is not", async () => {
    const html = await page(store.id);
    expect(html).toContain("Leads in Shopify Customers");
    expect(html).toContain("Off: nothing is sent to Shopify Customers.");
    expect(await page(plain)).not.toContain("Leads in Shopify Customers");
    const refused = await setting(plain, "1");
    expect(refused.status).toBe(422);
    expect(await refused.text()).toContain("Only a Shopify store website has Shopify customers");
    expect(await t.db.integration.count({ where: { websiteId: plain, integrationType: "shopify_customers" } })).toBe(0);
  });

  it("sends nothing while off", async () => {
    const calls = customerCalls();
    expect((await lead("off.kund@acme-sales.se")).status).toBe(201);
    expect(await t.db.syncJob.count({ where: { websiteId: store.id } })).toBe(0);
    expect(customerCalls()).toBe(calls);
  });

  it("turns on, says the permission is missing, and treats a hostile value as off", async () => {
    for (const hostile of ["yes", "1\u0000", "<script>", "x".repeat(5000)])
      expect((await setting(store.id, hostile)).status).toBe(200);
    expect(await t.db.integration.count({ where: { websiteId: store.id, integrationType: "shopify_customers" } })).toBe(
      0,
    );
    expect((await setting(store.id, "1")).status).toBe(200);
    expect((await setting(store.id, "1")).status).toBe(200); // again: still one
    expect(await t.db.integration.count({ where: { websiteId: store.id, integrationType: "shopify_customers" } })).toBe(
      1,
    );
    const html = await page(store.id);
    expect(html).toContain("On: new leads are added to Shopify Customers.");
    expect(html).toContain("Beckon may not write customers yet (write_customers)");
    expect(html).toContain("Open Beckon in your Shopify admin and grant the permission there.");
  });
});

describe("a lead with the setting on", () => {
  it("waits for the grant, then becomes one customer with its consent, across an outage", async () => {
    expect((await lead("Kund.Ett@Acme-Sales.se", { name: "Åsa", last_name: "Öberg" })).status).toBe(201);
    const job = await eventually(() =>
      t.db.syncJob.findFirst({ where: { websiteId: store.id, lastError: { contains: "write_customers" } } }),
    );
    expect(job.status).toBe("pending");
    expect(admin.customers.byEmail("kund.ett@acme-sales.se")).toBeUndefined();
    await admin.server.stop(); // Shopify down when the grant arrives
    await updateShopScopes(t.db, store.shop, ["read_products", "write_customers"]);
    await eventually(() =>
      t.db.syncJob.findFirst({ where: { id: job.id, lastError: { contains: "could not be reached" } } }),
    );
    await admin.server.start();
    const customer = await eventually(async () => admin.customers.byEmail("kund.ett@acme-sales.se"));
    expect(customer).toMatchObject({
      firstName: "Åsa",
      lastName: "Öberg",
      tags: ["beckon", "beckon-cta-newsletter"],
      email_consent: { state: "SUBSCRIBED", level: "SINGLE_OPT_IN" },
    });
    await eventually(() => t.db.syncJob.findFirst({ where: { id: job.id, status: "done" } }));
    expect(admin.customers.customers.filter((c) => c.email?.toLowerCase() === "kund.ett@acme-sales.se")).toHaveLength(
      1,
    );
    const person = await t.db.person.findFirstOrThrow({
      where: { websiteId: store.id, shopifyCustomerGid: customer.id },
    });
    expect(person.shopifyCustomerSyncedAt).not.toBeNull();
  });

  it("stops sending once turned off", async () => {
    expect((await setting(store.id, "0")).status).toBe(200);
    const calls = customerCalls();
    expect((await lead("kund.tva@acme-sales.se")).status).toBe(201);
    expect(await t.db.syncJob.count({ where: { websiteId: store.id, status: "pending" } })).toBe(0);
    expect(customerCalls()).toBe(calls);
  });
});
