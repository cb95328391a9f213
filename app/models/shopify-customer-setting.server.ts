/**
 * The website's "Leads in Shopify Customers" setting (off by default): on is
 * the presence of its shopify_customers integration, which the outbox jobs
 * hang on; off removes it with the jobs still queued, so nothing more is
 * sent. Its status says whether the shop granted the optional
 * write_customers scope (the offline session's scope, which the
 * app/scopes_update webhook and every token exchange keep current).
 */
import type { Db } from "#app/db.server";
import { InputError } from "#app/server/input-error";
import { CUSTOMERS_SCOPE, SHOPIFY_CUSTOMERS_TYPE, grantsCustomers } from "./shopify-customer-sync.server";

/** granted: customers can be written; missing: the merchant must grant write_customers; not_installed: no offline session. */
export type CustomerSyncPermission = "granted" | "missing" | "not_installed";

export interface CustomerSyncSetting {
  /** A Shopify store website (only these have Shopify customers). */
  store: boolean;
  enabled: boolean;
  permission: CustomerSyncPermission;
  /** The scope the setting needs, for the request and the page's words. */
  scope: string;
}

/** The setting and its permission for a website. */
export async function customerSyncSetting(db: Db, websiteId: number): Promise<CustomerSyncSetting> {
  const website = await db.website.findUnique({ where: { id: websiteId }, select: { shopDomain: true } });
  const shop = website?.shopDomain ?? null;
  const [integration, session] = await Promise.all([
    db.integration.findFirst({ where: { websiteId, integrationType: SHOPIFY_CUSTOMERS_TYPE }, select: { id: true } }),
    shop
      ? db.session.findFirst({ where: { shop, isOnline: false }, orderBy: { id: "asc" }, select: { scope: true } })
      : null,
  ]);
  const permission: CustomerSyncPermission = !session
    ? "not_installed"
    : grantsCustomers(session.scope)
      ? "granted"
      : "missing";
  return { store: Boolean(shop), enabled: Boolean(integration), permission, scope: CUSTOMERS_SCOPE };
}

/** Turns the setting on or off for a store website; doing what is already done changes nothing. */
export async function setCustomerSync(db: Db, websiteId: number, enabled: boolean): Promise<void> {
  const website = await db.website.findUnique({ where: { id: websiteId }, select: { shopDomain: true } });
  if (!website?.shopDomain) throw new InputError("Only a Shopify store website has Shopify customers", "enabled");
  await db.$transaction(async (tx) => {
    const existing = await tx.integration.findMany({
      where: { websiteId, integrationType: SHOPIFY_CUSTOMERS_TYPE },
      select: { id: true },
    });
    if (!enabled) {
      if (existing.length) await tx.integration.deleteMany({ where: { id: { in: existing.map((i) => i.id) } } });
      return;
    }
    if (existing.length) return;
    await tx.integration.create({
      data: {
        websiteId,
        integrationType: SHOPIFY_CUSTOMERS_TYPE,
        name: "Shopify customers",
        actionTypes: {},
        syncSettings: {},
        credentials: {},
      },
    });
  });
}

/**
 * After turning the setting on in the Shopify admin: asks the merchant for
 * write_customers when the shop has not granted it. `requestScopes` is the
 * library's scopes.request, which resolves when the scope is granted and
 * otherwise throws its redirect to Shopify's grant screen (left to
 * propagate: the admin follows it).
 */
export async function requestMissingCustomerScope(
  db: Db,
  websiteId: number,
  requestScopes: (scopes: string[]) => Promise<void>,
): Promise<void> {
  const setting = await customerSyncSetting(db, websiteId);
  if (setting.enabled && setting.permission === "missing") await requestScopes([setting.scope]);
}
