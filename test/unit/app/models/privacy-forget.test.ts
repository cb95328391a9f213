/**
 * customers/redact reaches the e-mail tools: a lead that Beckon sent to
 * Klaviyo, Mailchimp and ActiveCampaign, known to the shop only by its
 * Shopify customer id (the webhook carries no e-mail), is deleted in Beckon
 * and a forget job per tool (per list on Mailchimp) is queued without a
 * person, so it outlives the deletion; the outbox then deletes the contact
 * in each local fake through the tool's documented deletion call.
 */
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createContact } from "#app/models/contact.server";
import { redactCustomer } from "#app/models/privacy.server";
import { contactMock, formCtaMock, websiteMock } from "#test/support/row-factories";
import {
  ac,
  connectTools,
  db,
  drain,
  klaviyo,
  mailchimp,
  withOutboxDatabase,
} from "#test/unit/app/integrations/outbox-harness";

withOutboxDatabase();

async function shopWithLead(shop: string, customerId: string) {
  const website = await websiteMock(db);
  await db.website.update({ where: { id: website.id }, data: { shopDomain: shop } });
  const { k, mc, a } = await connectTools(website.id);
  const form = await formCtaMock(db, website.id, [
    { actionType: "subscribe_list", integrationId: k.id, data: { list_id: "1" } },
    { actionType: "subscribe_list", integrationId: mc.id, data: { list_id: "7" } },
    { actionType: "subscribe_list", integrationId: a.id, data: { list_id: 7 } },
  ]);
  const email = `kund.${randomBytes(3).toString("hex")}@acme-sales.se`;
  const { personId } = await createContact(db, website.id, contactMock({ element_id: form.elementId, email }));
  await db.person.update({ where: { id: personId }, data: { shopifyCustomerId: customerId } });
  await drain();
  return { website, k, mc, a, email, personId };
}

describe("customers/redact in the e-mail tools", () => {
  it("deletes the person found by Shopify customer id and deletes their address in Klaviyo, Mailchimp and ActiveCampaign", async () => {
    const s = await shopWithLead("forget-shop.myshopify.com", "5550001");
    // Another shop's lead with the same customer id number: never touched.
    const other = await shopWithLead("other-forget-shop.myshopify.com", "5550001");
    expect(klaviyo.profileByEmail(s.email)).toBeDefined();
    expect(mailchimp.lists.get("7")?.size).toBeGreaterThan(0);
    expect(ac.contactByEmail(s.email)).toBeDefined();

    const counts = await redactCustomer(db, "forget-shop.myshopify.com", {
      shop_domain: "forget-shop.myshopify.com",
      customer: { id: 5550001 },
      orders_to_redact: [],
    });
    expect(counts).toMatchObject({ people: 1, toolRemovals: 3 });
    expect(await db.person.count({ where: { id: s.personId } })).toBe(0);
    const jobs = await db.syncJob.findMany({
      where: { websiteId: s.website.id, operation: "forget" },
      orderBy: { integrationId: "asc" },
    });
    expect(jobs.map((j) => [j.integrationId, j.personId, (j.payload as { list_id: string | null }).list_id])).toEqual([
      [s.k.id, null, null],
      [s.mc.id, null, "7"],
      [s.a.id, null, null],
    ]);

    await drain();
    expect(
      (await db.syncJob.findMany({ where: { websiteId: s.website.id, operation: "forget" } })).map((j) => j.status),
    ).toEqual(["done", "done", "done"]);
    expect(klaviyo.deletions).toContainEqual({ email: s.email });
    expect(klaviyo.profileByEmail(s.email)).toBeUndefined();
    expect(mailchimp.deleted).toContainEqual({ listId: "7", email: s.email });
    expect(ac.contactByEmail(s.email)).toBeUndefined();

    // The other shop's customer is still everywhere.
    expect(await db.person.count({ where: { id: other.personId } })).toBe(1);
    expect(klaviyo.profileByEmail(other.email)).toBeDefined();
    expect(ac.contactByEmail(other.email)).toBeDefined();
    expect(mailchimp.deleted.map((d) => d.email)).not.toContain(other.email);

    // A replay finds nothing more to delete or queue.
    expect(await redactCustomer(db, "forget-shop.myshopify.com", { customer: { id: 5550001 } })).toMatchObject({
      people: 0,
      toolRemovals: 0,
    });
  });

  it("counts a contact the tool no longer has as removed", async () => {
    const s = await shopWithLead("gone-shop.myshopify.com", "5550002");
    await redactCustomer(db, "gone-shop.myshopify.com", { customer: { id: "5550002" } });
    // Deleted in the tools by someone else before the outbox runs.
    ac.contacts.delete(ac.contactByEmail(s.email)!.id);
    for (const list of mailchimp.lists.values())
      for (const [hash, m] of list) if (m.email_address.toLowerCase() === s.email) list.delete(hash);
    await drain();
    expect(
      (await db.syncJob.findMany({ where: { websiteId: s.website.id, operation: "forget" } })).map((j) => j.status),
    ).toEqual(["done", "done", "done"]);
  });
});
