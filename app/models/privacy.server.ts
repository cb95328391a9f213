/**
 * Shopify's mandatory privacy webhooks, as domain operations:
 * - customers/data_request: assemble everything stored about a customer of a
 *   shop (people matched by e-mail or phone, with their submissions, events,
 *   orders and list memberships) into one report;
 * - customers/redact: delete those people and all their data;
 * - shop/redact: delete the shop's website with everything in it, its
 *   Shopify sessions and the owner profiles that only existed for it.
 * Each is naturally idempotent: a replay finds nothing new to collect or
 * delete, so no record of processed webhook ids is needed.
 */
import type { Db } from "../db.server";
import { deletePeople, noDeletions, personDataExport, type DeletedCounts } from "./contact-admin.server";

/** The customer fields of a privacy webhook's payload that can identify a person. */
export interface CustomerIdentity {
  email?: string | null;
  phone?: string | null;
}

/** The digits of a phone number (at least 7, or null), for matching differently written numbers. */
export function phoneDigits(phone: string | null | undefined): string | null {
  const digits = (phone ?? "").replace(/\D/g, "");
  return digits.length >= 7 ? digits : null;
}

function samePhone(a: string, b: string): boolean {
  // +46 70 123 45 67 and 070-123 45 67 are the same subscriber: compare the
  // national significant part (the last 9 digits, at least 7 in both).
  const tail = Math.min(9, a.length, b.length);
  return tail >= 7 && a.slice(-tail) === b.slice(-tail);
}

/** Reads the customer of a customers/* webhook payload. */
export function customerOfPayload(payload: unknown): CustomerIdentity {
  const p = payload && typeof payload === "object" ? (payload as Record<string, unknown>) : {};
  const c = p.customer && typeof p.customer === "object" ? (p.customer as Record<string, unknown>) : {};
  const email = typeof c.email === "string" && c.email.trim() ? c.email.trim().toLowerCase() : null;
  const phone = typeof c.phone === "string" && c.phone.trim() ? c.phone.trim() : null;
  return { email, phone };
}

/** The website of a shop domain, or null. */
async function shopWebsiteId(db: Db, shop: string): Promise<number | null> {
  const row = await db.website.findUnique({ where: { shopDomain: shop.trim().toLowerCase() }, select: { id: true } });
  return row?.id ?? null;
}

/** The ids of a website's people who are this customer (same e-mail, or same phone number). */
export async function matchingPeople(db: Db, websiteId: number, customer: CustomerIdentity): Promise<number[]> {
  const ids = new Set<number>();
  const email = customer.email?.trim().toLowerCase();
  if (email) {
    for (const p of await db.person.findMany({ where: { websiteId, email }, select: { id: true } })) ids.add(p.id);
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
      for (const p of page) {
        const other = phoneDigits(p.phone);
        if (other && samePhone(digits, other)) ids.add(p.id);
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
  ordersRequested: number[];
  people: Record<string, unknown>[];
}

/**
 * customers/data_request: everything stored about the customer in the shop's
 * website. Beckon keeps no copy of the report (it would be one more copy of
 * the data); the merchant finds the same data on the contact's page in the
 * admin, with its JSON download.
 */
export async function customerDataReport(db: Db, shop: string, payload: unknown): Promise<DataRequestReport> {
  const customer = customerOfPayload(payload);
  const p = payload && typeof payload === "object" ? (payload as Record<string, unknown>) : {};
  const ordersRequested = Array.isArray(p.orders_requested) ? p.orders_requested.filter((n): n is number => typeof n === "number") : [];
  const websiteId = await shopWebsiteId(db, shop);
  const report: DataRequestReport = { shop, websiteId, customer, ordersRequested, people: [] };
  if (websiteId === null) return report;
  for (const id of await matchingPeople(db, websiteId, customer)) {
    const data = await personDataExport(db, websiteId, id);
    if (data) report.people.push(data);
  }
  return report;
}

/** customers/redact: deletes the customer's people in the shop's website and all their data. */
export async function redactCustomer(db: Db, shop: string, payload: unknown): Promise<DeletedCounts> {
  const websiteId = await shopWebsiteId(db, shop);
  if (websiteId === null) return noDeletions();
  const ids = await matchingPeople(db, websiteId, customerOfPayload(payload));
  return deletePeople(db, websiteId, ids);
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
export async function redactShop(db: Db, shop: string): Promise<ShopRedaction> {
  const domain = shop.trim().toLowerCase();
  return db.$transaction(async (tx) => {
    const website = await tx.website.findUnique({ where: { shopDomain: domain }, select: { id: true } });
    let profiles = 0;
    let websites = 0;
    if (website) {
      const members = await tx.websiteMembership.findMany({ where: { websiteId: website.id }, select: { profileId: true } });
      websites = (await tx.website.deleteMany({ where: { id: website.id } })).count;
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

/**
 * Whether a webhook's topic is the expected one. Shopify's header says
 * "customers/redact"; the library may hand it over as "CUSTOMERS_REDACT".
 */
export function isTopic(topic: string | null | undefined, expected: string): boolean {
  const norm = (s: string) => s.toLowerCase().replace(/[/_]/g, "");
  return typeof topic === "string" && norm(topic) === norm(expected);
}
