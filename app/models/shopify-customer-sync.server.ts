/**
 * Leads of a store website as Shopify customers, when the owner turned it on
 * (an Integration row of type shopify_customers is the setting): each lead
 * queues one outbox job in its submission's transaction, so an Admin API
 * outage or throttling delays the customer and never loses it; a confirmed
 * double opt-in queues one more, raising the consent to CONFIRMED_OPT_IN.
 * The job is delivered by deliverShopifyCustomerJob (OutboxOptions.
 * shopifyCustomers) with the shop's offline token, and the customer's GID
 * is kept on the person, so a data request can name it and a redaction
 * removes it with the person.
 */
import type { Db } from "#app/db.server";
import type { Person, SyncJob } from "#app/generated/prisma-sqlite";
import { asRecord } from "#contract/json-record";
import { AdminApiError } from "#app/integrations/shopify-admin/admin-graphql.server";
import { ADMIN_API_VERSION } from "#app/integrations/shopify-admin/api-version";
import {
  CustomerInputRefused,
  syncShopifyCustomer,
  type ShopifyCustomerLead,
} from "#app/integrations/shopify-admin/shopify-customers.server";
import { SHOPIFY_CUSTOMERS_INTEGRATION, enqueueSyncJob } from "#app/integrations/outbox.server";
import { ProviderError } from "#app/integrations/mailing/types";
import { serverEnv, type EnvSource } from "#app/server/env.server";
import { grantsScope, shopConnection } from "./shop-connection.server";
import type { DbClient } from "./model-kit.server";

/** Integration.integrationType of the setting. */
export const SHOPIFY_CUSTOMERS_TYPE = SHOPIFY_CUSTOMERS_INTEGRATION;
/** The optional scope the sync needs (it implies read_customers). */
export const CUSTOMERS_SCOPE = "write_customers";
/** The tag every synced customer gets, and the prefix of the CTA's. */
export const BECKON_TAG = "beckon";

/** A CTA's tag: beckon-cta-<its name as a slug> (letters of any script kept), or its id when the name has none. */
export function ctaTag(cta: { id: number; name: string }): string {
  const slug = cta.name
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "");
  return `${BECKON_TAG}-cta-${[...slug].slice(0, 200).join("").replace(/-+$/, "") || cta.id}`;
}

/** Whether a stored scope list (Session.scope, comma-separated) grants writing customers. */
export const grantsCustomers = (scope: string | null | undefined): boolean => grantsScope(scope, CUSTOMERS_SCOPE);

type Tx = DbClient;

/** The website's shopify_customers integration, when the setting is on. */
export async function customerSyncIntegration(db: Tx, websiteId: number): Promise<{ id: number } | null> {
  return db.integration.findFirst({
    where: { websiteId, integrationType: SHOPIFY_CUSTOMERS_TYPE },
    select: { id: true },
    orderBy: { id: "asc" },
  });
}

/** The e-mail consent a person's lead carries: pending while a built-in list waits for its click, confirmed after it. */
async function emailConsentOf(tx: Tx, person: Person, now: Date): Promise<ShopifyCustomerLead["emailConsent"]> {
  if (!person.email || person.marketingConsent !== true) return null;
  const memberships = await tx.mailingListMembership.findMany({
    where: { personId: person.id, unsubscribedAt: null, list: { requireConfirmation: true } },
    select: { status: true, confirmedAt: true },
    orderBy: { subscribedAt: "desc" },
  });
  const confirmed = memberships.find((m) => m.status === "confirmed" && m.confirmedAt);
  if (confirmed?.confirmedAt)
    return { state: "SUBSCRIBED", optInLevel: "CONFIRMED_OPT_IN", at: confirmed.confirmedAt.toISOString() };
  if (memberships.some((m) => m.status === "pending"))
    return { state: "PENDING", optInLevel: "CONFIRMED_OPT_IN", at: now.toISOString() };
  return { state: "SUBSCRIBED", optInLevel: "SINGLE_OPT_IN", at: now.toISOString() };
}

/** The lead as the job stores it (SyncJob.payload.shopify_customer). */
export async function customerLeadOf(
  tx: Tx,
  person: Person,
  input: { phone: string | null; tags: string[]; keepExisting: boolean; now: Date },
): Promise<ShopifyCustomerLead> {
  return {
    email: person.email,
    phone: input.phone,
    firstName: person.name,
    lastName: person.lastName,
    emailConsent: await emailConsentOf(tx, person, input.now),
    smsConsent:
      input.phone && person.smsConsent === true ? { optInLevel: "SINGLE_OPT_IN", at: input.now.toISOString() } : null,
    tags: input.tags,
    keepExisting: input.keepExisting,
  };
}

export interface CustomerJobInput {
  websiteId: number;
  person: Person;
  /** E.164 when it parses (lead-sync's toE164). */
  phone: string | null;
  ctaId: number | null;
  keepExisting: boolean;
  idempotencyKey: string;
  now: Date;
}

/** Queues the person's customer sync when the website has it on; call inside the submission's transaction. */
export async function queueShopifyCustomer(tx: Tx, input: CustomerJobInput): Promise<boolean> {
  if (!input.person.email && !input.phone) return false;
  const integration = await customerSyncIntegration(tx, input.websiteId);
  if (!integration) return false;
  const cta = input.ctaId
    ? await tx.cta.findFirst({
        where: { id: input.ctaId, websiteId: input.websiteId },
        select: { id: true, name: true },
      })
    : null;
  const lead = await customerLeadOf(tx, input.person, {
    phone: input.phone,
    tags: [BECKON_TAG, ...(cta ? [ctaTag(cta)] : [])],
    keepExisting: input.keepExisting,
    now: input.now,
  });
  const { created } = await enqueueSyncJob(tx, {
    websiteId: input.websiteId,
    integrationId: integration.id,
    personId: input.person.id,
    operation: "upsert_profile",
    payload: {
      contact: { email: lead.email, phone: lead.phone, name: lead.firstName, last_name: lead.lastName },
      consents: { marketing: input.person.marketingConsent, sms: input.person.smsConsent },
      shopify_customer: lead,
    } as never,
    idempotencyKey: input.idempotencyKey,
    now: input.now,
  });
  return created;
}

/** After a double opt-in's click: the customer's consent becomes a confirmed one (when the setting is on). */
export async function queueConfirmedOptIn(db: Db, websiteId: number, personId: number, listRowId: number) {
  const person = await db.person.findFirst({ where: { id: personId, websiteId } });
  if (!person?.email) return false;
  return queueShopifyCustomer(db, {
    websiteId,
    person,
    phone: null,
    ctaId: null,
    keepExisting: true,
    idempotencyKey: `confirm:${listRowId}:${personId}:shopify_customer`,
    now: new Date(),
  });
}

function leadOfJob(job: SyncJob): ShopifyCustomerLead {
  const lead = asRecord(asRecord(job.payload).shopify_customer);
  const text = (v: unknown) => (typeof v === "string" && v ? v : null);
  const consent = asRecord(lead.emailConsent);
  const sms = asRecord(lead.smsConsent);
  const level = (v: unknown) => (v === "CONFIRMED_OPT_IN" ? "CONFIRMED_OPT_IN" : "SINGLE_OPT_IN");
  return {
    email: text(lead.email),
    phone: text(lead.phone),
    firstName: text(lead.firstName),
    lastName: text(lead.lastName),
    emailConsent: text(consent.at)
      ? {
          state: consent.state === "PENDING" ? "PENDING" : "SUBSCRIBED",
          optInLevel: level(consent.optInLevel),
          at: consent.at as string,
        }
      : null,
    smsConsent: text(sms.at) ? { optInLevel: level(sms.optInLevel), at: sms.at as string } : null,
    tags: Array.isArray(lead.tags) ? lead.tags.filter((t): t is string => typeof t === "string") : [],
    keepExisting: lead.keepExisting !== false,
  };
}

export interface CustomerDeliveryOptions {
  env?: EnvSource;
  fetch?: typeof fetch;
}

/**
 * Delivers one customer job (the outbox's OutboxOptions.shopifyCustomers),
 * throwing ProviderErrors as a mailing tool would: throttling, outages and
 * an expired or not yet granted token are retried; Shopify's userErrors, a
 * revoked token and an uninstalled app are not.
 */
export async function deliverShopifyCustomerJob(
  db: Db,
  job: SyncJob,
  options: CustomerDeliveryOptions = {},
): Promise<void> {
  const connection = await shopConnection(db, job.websiteId);
  if (connection.state !== "connected") {
    if (connection.state === "expired")
      throw new ProviderError("The shop's access token expired; it is renewed on the next admin visit", true);
    throw new ProviderError(
      connection.state === "not_store" ? "This website is not a Shopify store" : "The Shopify app is not installed",
      false,
    );
  }
  if (!grantsCustomers(connection.scope))
    throw new ProviderError(`The shop has not granted Beckon the ${CUSTOMERS_SCOPE} permission yet`, true);
  const env = serverEnv(options.env);
  try {
    const result = await syncShopifyCustomer(
      {
        shop: connection.shop,
        accessToken: connection.accessToken,
        apiVersion: ADMIN_API_VERSION,
        baseUrl: env.shopifyAdminUrl ?? undefined,
        fetch: options.fetch,
        // The outbox backs off and retries; a throttled job waits there, not in this call.
        retries: 0,
        timeoutMs: env.providerTimeoutMs,
      },
      leadOfJob(job),
    );
    if (job.personId !== null)
      await db.person.updateMany({
        where: { id: job.personId, websiteId: job.websiteId },
        data: { shopifyCustomerGid: result.customerGid, shopifyCustomerSyncedAt: new Date() },
      });
  } catch (error) {
    if (error instanceof CustomerInputRefused) throw new ProviderError(error.message, false, 422);
    if (error instanceof AdminApiError) {
      if (error.kind === "throttled") throw new ProviderError(error.message, true, 429, error.retryAfterMs);
      throw new ProviderError(error.message, error.kind === "network", null);
    }
    throw error;
  }
}
