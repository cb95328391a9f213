/**
 * Shopify's mandatory privacy webhooks, as domain operations:
 * - customers/data_request: assemble everything stored about a customer of a
 *   shop (people matched by Shopify customer id, the customer Beckon synced
 *   them to, e-mail or phone, with their submissions, events, orders, list
 *   memberships and their sync to Shopify Customers) into one report, kept
 *   for the merchant to download (CustomerDataRequest);
 * - customers/redact: delete those people and all their data (the synced
 *   customer's GID with them), and queue the removal of their address from
 *   the shop's connected e-mail tools (not from Shopify, whose customer the
 *   webhook itself redacts);
 * - shop/redact: delete the shop's website with everything in it, its
 *   Shopify sessions and the owner profiles that only existed for it.
 * The routes bind each webhook to the shop its signed body names
 * (lib/webhook-binding.server.ts). A data request is refreshed by a replay;
 * the redactions run inside the caller's transaction, so the routes store a
 * receipt of the webhook with them and a replay does nothing
 * (webhook-receipt.server.ts): without it, a replay after the customer
 * signed up again, or after the shop reinstalled, would delete them again.
 */
import type { Db } from "#app/db.server";
import { deletePeople, noDeletions, personDataExport, type DeletedCounts } from "./person-data.server";
import { inTransaction, type DbClient } from "./model-kit.server";
import { parseShopifyCustomerId } from "./shop-customer.server";
import { enqueueSyncJob } from "#app/integrations/outbox.server";
import { isProviderType } from "#app/integrations/mailing/registry.server";
import { sitesChanged } from "./site-publication.server";

/** The customer fields of a privacy webhook's payload that can identify a person. */
export interface CustomerIdentity {
  /** Shopify's customer id (linked to visitors only through the app proxy's signature). */
  id?: string | null;
  email?: string | null;
  phone?: string | null;
}

/** The digits of a phone number (at least 7, or null), for matching differently written numbers. */
export function phoneDigits(phone: string | null | undefined): string | null {
  const digits = (phone ?? "").replace(/\D/g, "");
  return digits.length >= 7 ? digits : null;
}

function samePhone(first: string, second: string): boolean {
  // +46 70 123 45 67 and 070-123 45 67 are the same subscriber: compare the
  // national significant part (the last 9 digits, at least 7 in both).
  const tail = Math.min(9, first.length, second.length);
  return tail >= 7 && first.slice(-tail) === second.slice(-tail);
}

/** Reads the customer of a customers/* webhook payload. */
export function customerOfPayload(payload: unknown): CustomerIdentity {
  const body = payload && typeof payload === "object" ? (payload as Record<string, unknown>) : {};
  const customer = body.customer && typeof body.customer === "object" ? (body.customer as Record<string, unknown>) : {};
  const email =
    typeof customer.email === "string" && customer.email.trim() ? customer.email.trim().toLowerCase() : null;
  const phone = typeof customer.phone === "string" && customer.phone.trim() ? customer.phone.trim() : null;
  const id =
    typeof customer.id === "number" || typeof customer.id === "string" ? parseShopifyCustomerId(customer.id) : null;
  return { id, email, phone };
}

/** The website of a shop domain, or null. */
async function shopWebsiteId(db: DbClient, shop: string): Promise<number | null> {
  const row = await db.website.findUnique({ where: { shopDomain: shop.trim().toLowerCase() }, select: { id: true } });
  return row?.id ?? null;
}

/** The ids of a website's people who are this customer (same Shopify customer id, same e-mail, or same phone number). */
export async function matchingPeople(db: DbClient, websiteId: number, customer: CustomerIdentity): Promise<number[]> {
  const ids = new Set<number>();
  if (customer.id) {
    // Signed in as this customer, or synced to it (its e-mail may have changed in Shopify since).
    const gid = `gid://shopify/Customer/${customer.id}`;
    for (const person of await db.person.findMany({
      where: { websiteId, OR: [{ shopifyCustomerId: customer.id }, { shopifyCustomerGid: gid }] },
      select: { id: true },
    }))
      ids.add(person.id);
  }
  const email = customer.email?.trim().toLowerCase();
  if (email) {
    for (const person of await db.person.findMany({ where: { websiteId, email }, select: { id: true } }))
      ids.add(person.id);
  }
  const digits = phoneDigits(customer.phone);
  if (digits) {
    // Phones are stored as typed ("070-123 45 67"), so no database filter
    // can match them reliably: compare digits in code, a page at a time.
    // Privacy requests are rare; missing a person is worse than a slow scan.
    let cursor = 0;
    for (;;) {
      const page = await db.person.findMany({
        where: { websiteId, phone: { not: null }, id: { gt: cursor } },
        select: { id: true, phone: true },
        orderBy: { id: "asc" },
        take: 2000,
      });
      for (const person of page) {
        const other = phoneDigits(person.phone);
        if (other && samePhone(digits, other)) ids.add(person.id);
      }
      if (page.length < 2000) break;
      cursor = page[page.length - 1].id;
    }
  }
  return [...ids].sort((a, b) => a - b);
}

export interface DataRequestReport {
  shop: string;
  websiteId: number | null;
  customer: CustomerIdentity;
  /** Shopify's data_request.id, when the payload has one. */
  requestId: string | null;
  ordersRequested: number[];
  /** Each person: profile, submissions, events (with a count per type), orders, list memberships, syncs. */
  people: Record<string, unknown>[];
}

/** Counts of a person's tracked events by type, the summary the merchant reads first. */
function eventsSummary(events: unknown): Record<string, number> {
  const summary: Record<string, number> = {};
  for (const event of Array.isArray(events) ? events : []) {
    const type =
      event && typeof event === "object" && typeof (event as { eventType?: unknown }).eventType === "string"
        ? (event as { eventType: string }).eventType
        : "other";
    summary[type] = (summary[type] ?? 0) + 1;
  }
  return summary;
}

/** customers/data_request: everything stored about the customer in the shop's website. */
export async function customerDataReport(db: Db, shop: string, payload: unknown): Promise<DataRequestReport> {
  const customer = customerOfPayload(payload);
  const body = payload && typeof payload === "object" ? (payload as Record<string, unknown>) : {};
  const ordersRequested = Array.isArray(body.orders_requested)
    ? body.orders_requested.filter((n): n is number => typeof n === "number").slice(0, 1000)
    : [];
  const dr =
    body.data_request && typeof body.data_request === "object"
      ? (body.data_request as Record<string, unknown>).id
      : null;
  const requestId = typeof dr === "number" || typeof dr === "string" ? String(dr).slice(0, 40) : null;
  const websiteId = await shopWebsiteId(db, shop);
  const report: DataRequestReport = { shop, websiteId, customer, requestId, ordersRequested, people: [] };
  if (websiteId === null) return report;
  for (const id of await matchingPeople(db, websiteId, customer)) {
    const data = await personDataExport(db, websiteId, id);
    if (data) report.people.push({ ...data, events_summary: eventsSummary(data.events) });
  }
  return report;
}

/**
 * customers/data_request, stored: the report is kept for the merchant, who
 * must hand it to the customer (Shopify sends the request to the app, not the
 * data to the customer). A replayed webhook (same X-Shopify-Webhook-Id)
 * refreshes its request instead of adding a second one. Null when the shop
 * has no website: Beckon holds nothing for it.
 */
export async function recordDataRequest(
  db: Db,
  shop: string,
  webhookId: string,
  payload: unknown,
): Promise<{ id: number; people: number } | null> {
  const report = await customerDataReport(db, shop, payload);
  if (report.websiteId === null) return null;
  const websiteId = report.websiteId;
  const key = webhookId.slice(0, 100) || `request-${report.requestId ?? Date.now()}`;
  const data = {
    requestId: report.requestId,
    shopifyCustomerId: report.customer.id ?? null,
    email: report.customer.email ?? null,
    people: report.people.length,
    report: JSON.stringify({ ...report, generated_at: new Date().toISOString() }),
  };
  const row = await db.customerDataRequest.upsert({
    where: { websiteId_webhookId: { websiteId, webhookId: key } },
    create: { websiteId, webhookId: key, ...data },
    update: data,
    select: { id: true, people: true },
  });
  return row;
}

export interface DataRequestSummary {
  id: number;
  createdAt: string;
  email: string | null;
  shopifyCustomerId: string | null;
  requestId: string | null;
  people: number;
}

/** A website's stored data requests, newest first (the admin's list). */
export async function listDataRequests(db: Db, websiteId: number, take = 100): Promise<DataRequestSummary[]> {
  const rows = await db.customerDataRequest.findMany({
    where: { websiteId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take,
    select: { id: true, createdAt: true, email: true, shopifyCustomerId: true, requestId: true, people: true },
  });
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/** One stored request's report as a download (JSON text and a file name), or null when it is not this website's. */
export async function dataRequestDownload(
  db: Db,
  websiteId: number,
  id: number,
): Promise<{ filename: string; json: string } | null> {
  if (!Number.isSafeInteger(id)) return null;
  const row = await db.customerDataRequest.findFirst({
    where: { id, websiteId },
    select: { id: true, report: true, createdAt: true },
  });
  if (!row) return null;
  return {
    filename: `customer-data-request-${row.id}-${row.createdAt.toISOString().slice(0, 10)}.json`,
    json: row.report,
  };
}

/**
 * The removal jobs for the e-mail tools Beckon pushed these people to (a sync
 * job or a list membership there): one per tool and address, per list on
 * Mailchimp, whose deletion call is per list. Queued without a person, so
 * they outlive the deletion that follows, and idempotent, so a replayed
 * webhook queues nothing twice.
 */
async function queueToolRemovals(db: DbClient, websiteId: number, personIds: number[]): Promise<number> {
  if (!personIds.length) return 0;
  const people = await db.person.findMany({
    where: { websiteId, id: { in: personIds } },
    select: {
      email: true,
      phone: true,
      syncJobs: { select: { integrationId: true, payload: true } },
      lists: { select: { list: { select: { integrationId: true, listId: true } } } },
    },
  });
  const integrations = await db.integration.findMany({
    where: { websiteId },
    select: { id: true, integrationType: true },
  });
  const typeOf = new Map(
    integrations.filter((i) => isProviderType(i.integrationType)).map((i) => [i.id, i.integrationType]),
  );
  let queued = 0;
  for (const person of people) {
    const email = person.email?.trim().toLowerCase() || null;
    if (!email && !person.phone) continue;
    const lists = new Map<number, Set<string>>();
    const add = (integrationId: number, listId: string | null) => {
      if (!typeOf.has(integrationId)) return;
      const set = lists.get(integrationId) ?? new Set<string>();
      if (listId) set.add(listId);
      lists.set(integrationId, set);
    };
    for (const job of person.syncJobs)
      add(
        job.integrationId,
        typeof (job.payload as { list_id?: unknown })?.list_id === "string"
          ? (job.payload as { list_id: string }).list_id
          : null,
      );
    for (const membership of person.lists) add(membership.list.integrationId, membership.list.listId);
    for (const [integrationId, listIds] of lists) {
      const type = typeOf.get(integrationId)!;
      // Mailchimp needs an address and a list; the others delete by address (Klaviyo also by phone).
      if (type === "mailchimp" && !email) continue;
      if (type === "activecampaign" && !email) continue;
      const targets = type === "mailchimp" ? [...listIds] : [null];
      for (const listId of targets) {
        const { created } = await enqueueSyncJob(db, {
          websiteId,
          integrationId,
          personId: null,
          operation: "forget",
          payload: { contact: { email, phone: email ? null : person.phone }, consents: {}, list_id: listId },
          idempotencyKey: `forget:${email ?? person.phone}:${listId ?? ""}`.slice(0, 300),
        });
        if (created) queued++;
      }
    }
  }
  return queued;
}

/**
 * customers/redact: deletes the customer's people in the shop's website
 * (matched by Shopify customer id, e-mail or phone) and all their data, after
 * queueing their removal from the e-mail tools Beckon sent them to, in one
 * transaction (the caller's, when given one): the removals are queued only
 * if the deletion commits.
 */
export async function redactCustomer(
  db: DbClient,
  shop: string,
  payload: unknown,
): Promise<DeletedCounts & { toolRemovals: number }> {
  return inTransaction(db, async (tx) => {
    const websiteId = await shopWebsiteId(tx, shop);
    if (websiteId === null) return { ...noDeletions(), toolRemovals: 0 };
    const ids = await matchingPeople(tx, websiteId, customerOfPayload(payload));
    const toolRemovals = await queueToolRemovals(tx, websiteId, ids);
    return { ...(await deletePeople(tx, websiteId, ids)), toolRemovals };
  });
}

export interface ShopRedaction {
  websites: number;
  sessions: number;
  profiles: number;
}

/**
 * shop/redact (sent 48 hours after uninstall): deletes the shop's website
 * (CTAs, people, events, submissions, orders, lists, integrations all
 * cascade), its Shopify sessions, and owner profiles without a login of
 * their own that no other website keeps.
 */
export async function redactShop(db: DbClient, shop: string): Promise<ShopRedaction> {
  const domain = shop.trim().toLowerCase();
  return inTransaction(db, async (tx) => {
    const website = await tx.website.findUnique({ where: { shopDomain: domain }, select: { id: true } });
    let profiles = 0;
    let websites = 0;
    if (website) {
      const members = await tx.websiteMembership.findMany({
        where: { websiteId: website.id },
        select: { profileId: true },
      });
      websites = (await tx.website.deleteMany({ where: { id: website.id } })).count;
      await sitesChanged(tx);
      const orphans = await tx.ownerProfile.findMany({
        where: { id: { in: members.map((m) => m.profileId) }, account: null, websites: { none: {} } },
        select: { id: true },
      });
      profiles = (await tx.ownerProfile.deleteMany({ where: { id: { in: orphans.map((o) => o.id) } } })).count;
    }
    const sessions = (await tx.session.deleteMany({ where: { shop: domain } })).count;
    return { websites, sessions, profiles };
  });
}
