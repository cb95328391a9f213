/**
 * The stock of codes made in the shop for a CTA whose unique codes come from
 * Shopify (contract/schema/unique-codes.ts, source "shopify"): made ahead of
 * time in batches, so a lead takes a code from the table (claim.server.ts)
 * and never waits for Shopify, and topped up in the background (every
 * minute in each server process, and at once when a claim leaves the stock
 * low).
 *
 * One process works on a CTA's stock at a time: it takes the CTA's lease
 * (Cta.codesLeasedUntil, set by one conditional update) and the others skip
 * that CTA until it is released or has run out. Only codes Shopify reports
 * made are stored, each at most once (the table's unique website + code).
 *
 * Expiry: Shopify ends a discount, not a code, so when codes expire after N
 * days each top-up makes a discount of its own that ends N + 1 days later;
 * its codes are handed out on that first day only (a code with less than N
 * days left is retired by the claim), so every lead has at least N days and
 * is shown the end Shopify enforces. Codes without an expiry share one
 * discount, kept in the settings' discount_id.
 */
import type { Db } from "#app/db.server";
import { AdminApiError } from "#app/integrations/shopify-admin/admin-graphql.server";
import { ADMIN_API_VERSION } from "#app/integrations/shopify-admin/api-version";
import {
  MAX_CODES_PER_BULK_ADD,
  addRedeemCodes,
  createCodeDiscount,
  generateCode,
  type BulkAddOptions,
} from "#app/integrations/shopify-admin/discount-codes.server";
import { uniqueCodesSchema, type ShopifyCodesSettings } from "#contract/schema/unique-codes";
import { logger } from "#app/server/logger.server";
import { serverEnv, type EnvSource } from "#app/server/env.server";
import { startPeriodicJob } from "#app/server/periodic-job.server";
import { grantsScope, shopConnection } from "#app/models/shop-connection.server";
import { addCodes } from "./pool.server";

/** The optional scope that lets Beckon make discounts. */
export const DISCOUNTS_SCOPE = "write_discounts";
/** How many codes a CTA keeps in stock at least (more when its warning threshold is higher). */
export const MIN_STOCK = 100;
/** How long a process may hold a CTA's stock before another may take over (a crashed process lets go this way). */
export const LEASE_MS = 2 * 60 * 1000;
export const TOP_UP_INTERVAL_MS = 60 * 1000;
const DAY_MS = 86_400_000;

/** Whether a stored scope list (Session.scope, comma-separated) grants making discounts. */
export const grantsDiscounts = (scope: string | null | undefined): boolean => grantsScope(scope, DISCOUNTS_SCOPE);

/** not_store: no Shopify shop; not_installed: no offline session; missing: the merchant has not granted write_discounts. */
export type DiscountsPermission = "not_store" | "not_installed" | "missing" | "granted";

/** Whether Beckon may make discounts in the website's shop (what the editor offers and asks for). */
export async function discountsPermission(db: Db, websiteId: number): Promise<DiscountsPermission> {
  const website = await db.website.findUnique({ where: { id: websiteId }, select: { shopDomain: true } });
  if (!website?.shopDomain) return "not_store";
  const session = await db.session.findFirst({
    where: { shop: website.shopDomain, isOnline: false },
    orderBy: { id: "asc" },
    select: { scope: true },
  });
  if (!session) return "not_installed";
  return grantsDiscounts(session.scope) ? "granted" : "missing";
}

/**
 * Asks the merchant for write_discounts when the shop has not granted it.
 * `requestScopes` is the library's scopes.request, which resolves when the
 * scope is granted and otherwise throws its redirect to Shopify's grant
 * screen (left to propagate: the admin follows it).
 */
export async function requestMissingDiscountScope(
  db: Db,
  websiteId: number,
  requestScopes: (scopes: string[]) => Promise<void>,
): Promise<void> {
  if ((await discountsPermission(db, websiteId)) === "missing") await requestScopes([DISCOUNTS_SCOPE]);
}

/** The stock a CTA aims for: twice its warning threshold, and at least MIN_STOCK. */
export const stockTarget = (settings: Pick<ShopifyCodesSettings, "warn_threshold">) =>
  Math.max(MIN_STOCK, 2 * settings.warn_threshold);

export type TopUpResult =
  | { state: "added"; added: number }
  | { state: "full" | "busy" | "not_shopify" }
  | { state: "not_connected" | "no_scope"; reason: string };

export interface TopUpOptions {
  env?: EnvSource;
  fetch?: typeof fetch;
  now?: () => Date;
  bulk?: BulkAddOptions;
}

/** The CTA's Shopify code settings, or null when its codes do not come from Shopify. */
async function shopifySettingsOf(
  db: Db,
  ctaId: number,
): Promise<{ websiteId: number; settings: ShopifyCodesSettings } | null> {
  const cta = await db.cta.findUnique({ where: { id: ctaId }, select: { websiteId: true, uniqueCodes: true } });
  const parsed = cta?.uniqueCodes ? uniqueCodesSchema.safeParse(cta.uniqueCodes) : null;
  if (!cta || !parsed?.success || parsed.data.source !== "shopify") return null;
  return { websiteId: cta.websiteId, settings: parsed.data };
}

/** Codes that can still be handed out: available, with the offer's days left before they end. */
function usableStock(db: Db, ctaId: number, settings: ShopifyCodesSettings, now: Date) {
  const days = settings.expires_after_days;
  return db.discountCode.count({
    where: {
      ctaId,
      status: "available",
      ...(days ? { OR: [{ expiresAt: null }, { expiresAt: { gte: new Date(now.getTime() + days * DAY_MS) } }] } : {}),
    },
  });
}

/** Takes the CTA's lease; false when another process holds it. */
async function lease(db: Db, ctaId: number, now: Date): Promise<Date | null> {
  const until = new Date(now.getTime() + LEASE_MS);
  const taken = await db.cta.updateMany({
    where: { id: ctaId, OR: [{ codesLeasedUntil: null }, { codesLeasedUntil: { lt: now } }] },
    data: { codesLeasedUntil: until },
  });
  return taken.count === 1 ? until : null;
}

/**
 * Tops up one CTA's stock to its target, in batches of at most 250 codes;
 * "busy" when another process is at it. Throttling and outages throw
 * (AdminApiError): the next run tries again.
 */
export async function topUpShopifyCodes(db: Db, ctaId: number, options: TopUpOptions = {}): Promise<TopUpResult> {
  const now = options.now ?? (() => new Date());
  const found = await shopifySettingsOf(db, ctaId);
  if (!found) return { state: "not_shopify" };
  const { websiteId } = found;
  const connection = await shopConnection(db, websiteId, now());
  if (connection.state !== "connected") return { state: "not_connected", reason: connection.state };
  if (!grantsDiscounts(connection.scope))
    return { state: "no_scope", reason: `The shop has not granted Beckon the ${DISCOUNTS_SCOPE} permission` };
  const leasedUntil = await lease(db, ctaId, now());
  if (!leasedUntil) return { state: "busy" };
  const env = serverEnv(options.env);
  const admin = {
    shop: connection.shop,
    accessToken: connection.accessToken,
    apiVersion: ADMIN_API_VERSION,
    baseUrl: env.shopifyAdminUrl ?? undefined,
    fetch: options.fetch,
    timeoutMs: env.providerTimeoutMs,
  };
  try {
    let added = 0;
    for (;;) {
      // Reread each batch: the owner may have changed the terms meanwhile.
      const current = await shopifySettingsOf(db, ctaId);
      if (!current) break;
      const settings = current.settings;
      const missing = stockTarget(settings) - (await usableStock(db, ctaId, settings, now()));
      if (missing <= 0) break;
      const codes = Array.from({ length: Math.min(missing, MAX_CODES_PER_BULK_ADD) }, () =>
        generateCode(settings.prefix),
      );
      const made = await makeBatch(db, ctaId, settings, codes, admin, now(), options.bulk);
      if (made.codes.length === 0) break;
      added += (await addCodes(db, websiteId, ctaId, "shopify", made.codes, made.endsAt)).added;
    }
    return added ? { state: "added", added } : { state: "full" };
  } finally {
    await db.cta.updateMany({ where: { id: ctaId, codesLeasedUntil: leasedUntil }, data: { codesLeasedUntil: null } });
  }
}

/** Makes one batch in the shop: a new discount (or the shared one) and its codes; the codes made and when they end. */
async function makeBatch(
  db: Db,
  ctaId: number,
  settings: ShopifyCodesSettings,
  codes: string[],
  admin: Parameters<typeof createCodeDiscount>[0],
  now: Date,
  bulk?: BulkAddOptions,
): Promise<{ codes: string[]; endsAt: Date | null }> {
  const days = settings.expires_after_days;
  const endsAt = days ? new Date(now.getTime() + (days + 1) * DAY_MS) : null;
  const shared = days ? null : (settings.discount_id ?? null);
  if (shared) return { codes: await addRedeemCodes(admin, shared, codes, bulk), endsAt };
  const cta = await db.cta.findUniqueOrThrow({ where: { id: ctaId }, select: { name: true } });
  const [first, ...rest] = codes;
  const discountId = await createCodeDiscount(
    admin,
    {
      title: `Beckon: ${cta.name}${days ? ` (${now.toISOString().slice(0, 10)})` : ""}`.slice(0, 255),
      kind: settings.kind,
      value: settings.value,
      minimumSubtotal: settings.minimum_subtotal,
      oncePerCustomer: settings.once_per_customer,
      startsAt: now,
      endsAt,
    },
    first,
  );
  if (!days) {
    // The shared discount: later batches add to it (a save keeps it while the terms stay: settings.ts).
    await db.cta.update({ where: { id: ctaId }, data: { uniqueCodes: { ...settings, discount_id: discountId } } });
  }
  return { codes: [first, ...(await addRedeemCodes(admin, discountId, rest, bulk))], endsAt };
}

/** One pass over every store CTA with Shopify codes; a failing CTA does not stop the others. */
export async function runShopifyCodeTopUps(db: Db, options: TopUpOptions = {}): Promise<Map<number, TopUpResult>> {
  const rows = await db.cta.findMany({
    where: { status: "published", website: { shopDomain: { not: null } } },
    select: { id: true, uniqueCodes: true },
    orderBy: { id: "asc" },
  });
  const results = new Map<number, TopUpResult>();
  for (const row of rows) {
    if ((row.uniqueCodes as { source?: unknown } | null)?.source !== "shopify") continue;
    try {
      results.set(row.id, await topUpShopifyCodes(db, row.id, options));
    } catch (error) {
      const why = error instanceof AdminApiError ? error.kind : "failed";
      logger("discount-codes").warn(
        { err: error },
        `CTA ${row.id}: topping up its Shopify codes ${why}; tried again later`,
      );
    }
  }
  return results;
}

/** Tops up one CTA now without waiting (a claim left its stock low); failures are logged, the job retries. */
export function topUpSoon(db: Db, ctaId: number, options: TopUpOptions = {}): void {
  void topUpShopifyCodes(db, ctaId, options).catch((error) =>
    logger("discount-codes").warn(
      { err: error },
      `CTA ${ctaId}: topping up its Shopify codes failed; tried again later`,
    ),
  );
}

/** Starts the top-up job inside the server process (scripts/serve.ts) on the application's own client. */
export async function startServerCodeTopUpJob(): Promise<() => Promise<void>> {
  const { prisma } = await import("#app/db.server");
  return startPeriodicJob(
    "discount-codes",
    () => runShopifyCodeTopUps(prisma),
    TOP_UP_INTERVAL_MS,
    "the discount code top-up failed; it runs again later",
  );
}
