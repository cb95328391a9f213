/**
 * Leads as Shopify customers, end to end below HTTP: a submission on a store
 * website with the setting on queues one outbox job, which the outbox
 * delivers to the local Admin API stand-in (test/support/fake-providers/
 * shopify-admin.ts) with the shop's offline token: a new customer with its
 * consents and tags, an existing one tagged and raised, never duplicated nor
 * downgraded; throttling, a 429 and an outage are retried until it arrives
 * once; userErrors fail the job with Shopify's words on the contact.
 */
import { randomBytes } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import type { Db } from "#app/db.server";
import { createContact } from "#app/models/contact.server";
import { runOutboxOnce, type OutboxOptions } from "#app/integrations/outbox.server";
import {
  SHOPIFY_CUSTOMERS_TYPE,
  ctaTag,
  deliverShopifyCustomerJob,
  grantsCustomers,
} from "#app/models/shopify-customer-sync.server";
import { confirmMembership } from "#app/models/email/double-opt-in.server";
import { failedSyncs } from "#app/models/sync-failures.server";
import { customerDataReport, redactCustomer } from "#app/models/privacy.server";
import { withAdminAndDatabase } from "#test/support/admin-database";
import { contactMock, formCtaMock, integrationMock, websiteMock } from "#test/support/row-factories";
import { FakeShopifyAdmin } from "#test/support/fake-providers/shopify-admin";
import { createOfflineSession } from "#test/api/shopify-harness";

let db: Db;
const admin = new FakeShopifyAdmin("shpat_customers", []);
let clock = Date.now() + 60_000;
// The stand-in's address is read when a job is delivered, after beforeAll started it.
const options: OutboxOptions = {
  now: () => new Date(clock),
  random: () => 0.5,
  shopifyCustomers: (d, job) =>
    deliverShopifyCustomerJob(d, job, {
      env: { BECKON_SHOPIFY_ADMIN_URL: admin.url, BECKON_PROVIDER_TIMEOUT_MS: "3000" },
    }),
};

withAdminAndDatabase(admin, (ready) => (db = ready));
beforeEach(async () => {
  clock = Date.now() + 60_000;
  admin.throttleNext = 0;
  admin.server.clearFaults();
  await admin.server.start();
});

/** A store website with its offline session, a form CTA, and the setting on unless `on` is false. */
async function storeSite(opts: { on?: boolean; scope?: string; ctaName?: string } = {}) {
  const website = await websiteMock(db);
  const shop = `shop-${randomBytes(4).toString("hex")}.myshopify.com`;
  await db.website.update({ where: { id: website.id }, data: { shopDomain: shop } });
  const scope = opts.scope ?? "read_products,write_customers";
  await createOfflineSession(db, shop, { state: "s", scope, accessToken: admin.accessToken });
  if (opts.on !== false) await integrationMock(db, website.id, SHOPIFY_CUSTOMERS_TYPE);
  const form = await formCtaMock(db, website.id, []);
  if (opts.ctaName) await db.cta.update({ where: { id: form.ctaId }, data: { name: opts.ctaName } });
  return { website, shop, form };
}

async function drain(max = 10) {
  let claimed = 0;
  for (let i = 0; i < max; i++) {
    const pass = await runOutboxOnce(db, options);
    claimed += pass.claimed;
    if (pass.claimed === 0) break;
  }
  return claimed;
}

const jobsOf = (websiteId: number) => db.syncJob.findMany({ where: { websiteId }, orderBy: { id: "asc" } });
const customerCalls = () => admin.server.handled((r) => /customer|tagsAdd/i.test(JSON.stringify(r.body)));

async function lead(site: Awaited<ReturnType<typeof storeSite>>, extra: Record<string, unknown> = {}) {
  const contact = contactMock({ element_id: site.form.elementId, cta_id: site.form.ctaId, ...extra });
  await createContact(db, site.website.id, contact);
  return contact;
}

describe("a lead on a store website with the setting on", () => {
  it("becomes one customer with its e-mail consent, the consent's time and the CTA's tags", async () => {
    const site = await storeSite();
    const before = Date.now();
    const contact = await lead(site, { email: "Anna.Kund@Acme-Sales.se" });
    await createContact(db, site.website.id, contact); // resent: nothing new queued
    expect(await jobsOf(site.website.id)).toHaveLength(1);
    await drain();
    const customer = admin.customers.byEmail("anna.kund@acme-sales.se");
    expect(customer).toMatchObject({
      firstName: "Anna",
      lastName: "Svensson",
      tags: ["beckon", "beckon-cta-newsletter"],
      email_consent: { state: "SUBSCRIBED", level: "SINGLE_OPT_IN" },
    });
    const at = Date.parse(customer!.email_consent.at!);
    expect(at).toBeGreaterThanOrEqual(before - 1000);
    expect(at).toBeLessThanOrEqual(Date.now());
    const person = await db.person.findFirstOrThrow({
      where: { websiteId: site.website.id, visitorToken: contact.visitor_token },
    });
    expect(person.shopifyCustomerGid).toBe(customer!.id);
    expect((await jobsOf(site.website.id)).map((j) => j.status)).toEqual(["done"]);
  });

  it("sends an SMS consent with the phone in E.164 when one was given", async () => {
    const site = await storeSite();
    await lead(site, { email: "sms.kund@acme-sales.se", phone: "070-123 45 67", sms_consent: true });
    await drain();
    expect(admin.customers.byEmail("sms.kund@acme-sales.se")).toMatchObject({
      phone: "+46701234567",
      sms_consent: { state: "SUBSCRIBED", level: "SINGLE_OPT_IN" },
    });
  });

  it("sends nothing when the setting is off", async () => {
    const site = await storeSite({ on: false });
    const calls = customerCalls().length;
    await lead(site, { email: "off.kund@acme-sales.se" });
    expect(await jobsOf(site.website.id)).toHaveLength(0);
    await drain();
    expect(customerCalls()).toHaveLength(calls);
    expect(admin.customers.byEmail("off.kund@acme-sales.se")).toBeUndefined();
  });

  it("waits out a THROTTLED answer (the cost extension's wait) and a 429, then arrives once", async () => {
    const site = await storeSite();
    await lead(site, { email: "throttled.kund@acme-sales.se" });
    admin.throttleNext = 1;
    expect(await runOutboxOnce(db, options)).toMatchObject({ claimed: 1, retried: 1 });
    const [job] = await jobsOf(site.website.id);
    // 42 points wanted, 0 available, 100 restored per second: 420 ms.
    expect(job.nextAttemptAt.getTime() - clock).toBe(420);
    expect(job.lastError).toMatch(/limiting requests/);
    admin.server.failNext(1, { kind: "429", retryAfter: "2" });
    clock += 420;
    expect(await runOutboxOnce(db, options)).toMatchObject({ claimed: 1, retried: 1 });
    expect((await jobsOf(site.website.id))[0].nextAttemptAt.getTime() - clock).toBe(2000);
    clock += 2000;
    expect(await runOutboxOnce(db, options)).toMatchObject({ claimed: 1, done: 1 });
    expect(admin.customers.customers.filter((c) => c.email === "throttled.kund@acme-sales.se")).toHaveLength(1);
  });

  it("survives an Admin API outage and arrives exactly once after it", async () => {
    const site = await storeSite();
    await lead(site, { email: "outage.kund@acme-sales.se" });
    await admin.server.stop();
    expect(await runOutboxOnce(db, options)).toMatchObject({ claimed: 1, retried: 1 });
    await admin.server.start();
    clock += 60 * 60_000;
    await drain();
    await drain();
    expect(admin.customers.customers.filter((c) => c.email === "outage.kund@acme-sales.se")).toHaveLength(1);
  });

  it("updates and tags an existing customer instead of adding one, and never downgrades its consent", async () => {
    const site = await storeSite();
    const existing = admin.customers.add({
      email: "vip.kund@acme-sales.se",
      firstName: "Kept",
      tags: ["VIP", "Beckon"],
      email_consent: { state: "SUBSCRIBED", level: "CONFIRMED_OPT_IN", at: "2025-01-01T00:00:00Z" },
    });
    await lead(site, { email: "VIP.kund@acme-sales.se", name: "Typed" });
    await drain();
    expect(admin.customers.customers.filter((c) => c.email?.toLowerCase() === "vip.kund@acme-sales.se")).toHaveLength(
      1,
    );
    // The submitter proved nothing: the name stays; tags merge without case; the confirmed consent stays.
    expect(existing).toMatchObject({
      firstName: "Kept",
      tags: ["VIP", "Beckon", "beckon-cta-newsletter"],
      email_consent: { state: "SUBSCRIBED", level: "CONFIRMED_OPT_IN", at: "2025-01-01T00:00:00Z" },
    });
    const other = admin.customers.add({ email: "cold.kund@acme-sales.se" });
    await lead(site, { email: "cold.kund@acme-sales.se" });
    await drain();
    expect(other.email_consent).toMatchObject({ state: "SUBSCRIBED", level: "SINGLE_OPT_IN" });
  });

  it("is pending during a built-in double opt-in and a confirmed opt-in after the click", async () => {
    const site = await storeSite();
    const builtin = await integrationMock(db, site.website.id, "builtin");
    const list = await db.mailingList.create({
      data: {
        websiteId: site.website.id,
        integrationId: builtin.id,
        listId: "1",
        name: "News",
        requireConfirmation: true,
      },
    });
    const form = await formCtaMock(db, site.website.id, [
      { actionType: "subscribe_list", integrationId: builtin.id, data: { list_id: "1" } },
    ]);
    const contact = contactMock({ element_id: form.elementId, email: "doi.kund@acme-sales.se" });
    await createContact(db, site.website.id, contact);
    await drain();
    const customer = admin.customers.byEmail("doi.kund@acme-sales.se")!;
    expect(customer.email_consent).toMatchObject({ state: "PENDING", level: "CONFIRMED_OPT_IN" });
    const person = await db.person.findFirstOrThrow({
      where: { websiteId: site.website.id, email: "doi.kund@acme-sales.se" },
    });
    const claim = { websiteId: site.website.id, personId: person.id, listRowId: list.id } as Parameters<
      typeof confirmMembership
    >[1];
    expect(await confirmMembership(db, claim, { ip: null })).toBe("confirmed");
    await drain();
    const membership = await db.mailingListMembership.findUniqueOrThrow({
      where: { listId_personId: { listId: list.id, personId: person.id } },
    });
    expect(customer.email_consent).toEqual({
      state: "SUBSCRIBED",
      level: "CONFIRMED_OPT_IN",
      at: membership.confirmedAt!.toISOString(),
    });
  });

  it("waits while the shop has not granted write_customers, and sends nothing meanwhile", async () => {
    const site = await storeSite({ scope: "read_products" });
    const calls = customerCalls().length;
    await lead(site, { email: "noscope.kund@acme-sales.se" });
    expect(await runOutboxOnce(db, options)).toMatchObject({ claimed: 1, retried: 1 });
    expect((await jobsOf(site.website.id))[0].lastError).toMatch(/write_customers/);
    expect(customerCalls()).toHaveLength(calls);
  });
});

describe("hostile and odd input", () => {
  it("shows Shopify's userErrors on the contact as a failed sync, without retrying", async () => {
    const site = await storeSite();
    const contact = await lead(site, { email: "kund@acme-sales.se" });
    const person = await db.person.findFirstOrThrow({
      where: { websiteId: site.website.id, visitorToken: contact.visitor_token },
    });
    // An address Shopify refuses (as the job would carry one the browser's checks let through).
    const [job] = await jobsOf(site.website.id);
    const odd = 'kund"\\ "@x';
    const payload = job.payload as { shopify_customer: { email: string } };
    payload.shopify_customer.email = odd;
    await db.syncJob.update({ where: { id: job.id }, data: { payload } });
    expect(await runOutboxOnce(db, options)).toMatchObject({ claimed: 1, failed: 1 });
    const failed = (await failedSyncs(db, site.website.id))[0];
    expect(failed).toMatchObject({ personId: person.id, attempts: 1 });
    expect(failed.lastError).toBe("Shopify refused the new customer: email: Email is invalid");
    // The search value was escaped, and the stand-in read back exactly the address.
    const lookup = admin.server.handled((r) => JSON.stringify(r.body).includes("BeckonCustomerLookup")).at(-1)!;
    expect((lookup.body as { variables: { query: string } }).variables.query).toBe('email:"kund\\"\\\\ \\"@x"');
  });

  it("keeps unicode names whole and cuts a huge CTA name to a tag Shopify accepts", async () => {
    const site = await storeSite({ ctaName: `Vår 🌸 Nyhetsbrev, ${"å".repeat(5000)}` });
    await lead(site, { email: "åsa.kund@acme-sales.se", name: "Åsa", last_name: "Öberg-李" });
    await drain();
    const customer = admin.customers.byEmail("åsa.kund@acme-sales.se");
    expect(customer).toMatchObject({ firstName: "Åsa", lastName: "Öberg-李" });
    const tag = customer!.tags[1];
    expect(tag.startsWith("beckon-cta-vår-nyhetsbrev-ååå")).toBe(true);
    expect([...tag].length).toBeLessThanOrEqual(255);
    expect(tag).not.toContain(",");
  });

  it("names CTA tags by slug, falling back to the id, and reads scopes exactly", () => {
    expect(ctaTag({ id: 7, name: "Spring Sale — 20%!" })).toBe("beckon-cta-spring-sale-20");
    expect(ctaTag({ id: 7, name: "🌸🌸" })).toBe("beckon-cta-7");
    expect(grantsCustomers("read_products, write_customers")).toBe(true);
    expect(grantsCustomers("read_customers,write_customers_x")).toBe(false);
    expect(grantsCustomers(null)).toBe(false);
  });
});

describe("the privacy webhooks", () => {
  it("a data request names the Shopify customer the person was synced to; a redaction removes the GID with the person", async () => {
    const site = await storeSite();
    const contact = await lead(site, { email: "privacy.kund@acme-sales.se" });
    await drain();
    const gid = admin.customers.byEmail("privacy.kund@acme-sales.se")!.id;
    const numeric = gid.split("/").pop()!;
    // Shopify's payload names the customer by id; its e-mail may have changed there since.
    const payload = { shop_domain: site.shop, customer: { id: Number(numeric), email: "changed@elsewhere.se" } };
    const report = await customerDataReport(db, site.shop, payload);
    expect(report.people).toHaveLength(1);
    expect(report.people[0]).toMatchObject({
      shopify_customer: { synced_to: "Shopify customers", customer_gid: gid },
      person: { visitorToken: contact.visitor_token, shopifyCustomerGid: gid },
    });
    // Another shop's person synced to a customer of the same number is not this customer.
    const other = await storeSite();
    await lead(other, { email: "privacy.kund2@acme-sales.se" });
    const otherPerson = await db.person.findFirstOrThrow({ where: { websiteId: other.website.id } });
    await db.person.update({ where: { id: otherPerson.id }, data: { shopifyCustomerGid: gid } });
    const redacted = await redactCustomer(db, site.shop, payload);
    expect(redacted).toMatchObject({ people: 1, toolRemovals: 0 });
    expect(await db.person.count({ where: { shopifyCustomerGid: gid } })).toBe(1);
    expect(await db.person.count({ where: { websiteId: site.website.id, shopifyCustomerGid: { not: null } } })).toBe(0);
    expect(await db.syncJob.count({ where: { websiteId: site.website.id } })).toBe(0);
    // Shopify redacts its own customer: Beckon queues nothing against it.
    expect(admin.customers.byEmail("privacy.kund@acme-sales.se")).toBeDefined();
  });
});
