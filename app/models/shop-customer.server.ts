/**
 * A logged-in Shopify customer as the storefront widget may know them. The
 * app embed prints nothing about the customer into the page; the widget asks
 * through the app proxy instead, and Shopify adds the signed
 * `logged_in_customer_id` to that request. Only that signed id links a
 * visitor to a customer (Person.shopifyCustomerId), and the answer holds
 * only what a CTA prefills (e-mail, name, phone) from what this shop's
 * website already stores for that customer: never another shop's data, and
 * never what a visitor merely claims.
 */
import type { Db } from "#app/db.server";

/** What a CTA may prefill for a recognised customer. */
export interface ShopCustomerPrefill {
  email: string | null;
  name: string | null;
  last_name: string | null;
  phone: string | null;
}

/**
 * A Shopify customer id as the app proxy sends it (decimal digits, at most
 * 20: Shopify ids are 64-bit), or null when it is anything else.
 */
export function parseShopifyCustomerId(value: string | number | null | undefined): string | null {
  const text = typeof value === "number" ? (Number.isSafeInteger(value) ? String(value) : "") : (value ?? "").trim();
  return /^[1-9]\d{0,19}$/.test(text) ? text : null;
}

/**
 * Links the visitor (when its token belongs to this website) to the signed
 * customer, and returns what the website stores for that customer, or null.
 * A visitor already linked to another customer (a shared computer) keeps that
 * link and learns nothing: the answer is only ever built from people linked
 * to the signed customer, and a browser cannot move someone else's data over.
 */
export async function recognizeShopCustomer(
  db: Db,
  websiteId: number,
  customerId: string,
  visitorToken: string | null,
): Promise<ShopCustomerPrefill | null> {
  if (visitorToken) {
    const visitor = await db.person.findUnique({
      where: { websiteId_visitorToken: { websiteId, visitorToken } },
      select: { id: true, shopifyCustomerId: true },
    });
    if (visitor && visitor.shopifyCustomerId && visitor.shopifyCustomerId !== customerId) return null;
    if (visitor && !visitor.shopifyCustomerId)
      await db.person.update({ where: { id: visitor.id }, data: { shopifyCustomerId: customerId } });
  }
  const known = await db.person.findFirst({
    where: { websiteId, shopifyCustomerId: customerId, OR: [{ email: { not: null } }, { phone: { not: null } }] },
    orderBy: [{ updatedAt: "desc" }, { id: "desc" }],
    select: { email: true, name: true, lastName: true, phone: true },
  });
  return known ? { email: known.email, name: known.name, last_name: known.lastName, phone: known.phone } : null;
}
