/**
 * How the server reaches a store website's Shopify shop outside the embedded
 * admin: the website's myshopify domain and the shop's offline access token
 * (the Session row Shopify's install wrote). Standalone owners of a store
 * website search its products through this.
 */
import type { Db } from "#app/db.server";

export type ShopConnection =
  /** scope: what the shop granted (Session.scope, comma-separated), which the app/scopes_update webhook keeps current. */
  | { state: "connected"; shop: string; accessToken: string; scope: string | null }
  /** Not a Shopify store website, or the app was never installed / was uninstalled, or the token expired. */
  | { state: "not_store" | "not_installed" | "expired"; shop: string | null };

/** The website's shop and a usable offline token, or why there is none. */
export async function shopConnection(db: Db, websiteId: number, now = new Date()): Promise<ShopConnection> {
  const website = await db.website.findUnique({ where: { id: websiteId }, select: { shopDomain: true } });
  const shop = website?.shopDomain ?? null;
  if (!shop) return { state: "not_store", shop: null };
  const session = await db.session.findFirst({
    where: { shop, isOnline: false },
    orderBy: { id: "asc" },
    select: { accessToken: true, expires: true, scope: true },
  });
  if (!session?.accessToken) return { state: "not_installed", shop };
  // An expiring offline token past its time: the embedded admin refreshes it on the next visit.
  if (session.expires && session.expires.getTime() <= now.getTime()) return { state: "expired", shop };
  return { state: "connected", shop, accessToken: session.accessToken, scope: session.scope };
}

/** Whether a stored scope list (Session.scope, comma-separated) includes `scope`. */
export function grantsScope(scopes: string | null | undefined, scope: string): boolean {
  return (scopes ?? "")
    .split(",")
    .map((s) => s.trim())
    .includes(scope);
}
