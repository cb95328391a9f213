/**
 * The storefront's logged-in customer (Shopify privacy rules: the app embed
 * prints only `logged_in`, never the customer's details). Once per session,
 * after consent (the widget starts only then) and once the visitor exists,
 * the visitor token goes to Beckon's app proxy on the shop's own origin
 * (/apps/beckon/api/customer): Shopify signs the customer id into the
 * proxied request, the server links the visitor to that customer and answers
 * e-mail, name, last name and phone. Those fill only what the person lacks
 * (what the visitor typed stays), for prefill and merge tags. A failure is
 * logged and otherwise silent; nothing waits for it.
 */
import type { PublicPerson } from "#contract/schema/public-config";
import { requestJson, type FetchFn } from "#widget/core/api";
import type { ShopHints } from "#widget/core/cart";
import { debug } from "#widget/core/debug";
import type { LoadedVisitor } from "#widget/core/visitor";

const FIELDS = ["email", "name", "last_name", "phone"] as const;

export interface CustomerLink {
  fetchFn: FetchFn;
  win: Window;
  shop: ShopHints | null;
  v: LoadedVisitor;
  /** Stores the person after the answer filled it. */
  keepPerson(person: PublicPerson): void;
}

/** The fields of an answer worth keeping: short strings only; anything else is dropped. */
export function customerFields(answer: unknown): Partial<Record<(typeof FIELDS)[number], string>> {
  const customer = (answer as { customer?: unknown } | null)?.customer;
  const out: Partial<Record<(typeof FIELDS)[number], string>> = {};
  if (customer && typeof customer == "object")
    for (const key of FIELDS) {
      const value = (customer as Record<string, unknown>)[key];
      // Bounded, printable, and an e-mail that looks like one: a hostile or broken answer fills nothing.
      if (
        typeof value == "string" &&
        value.trim() &&
        value.length <= 254 &&
        !/[\x00-\x1f<>]/.test(value) &&
        (key != "email" || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value))
      )
        out[key] = value.trim();
    }
  return out;
}

/** Posts the visitor token to the app proxy and fills the person's empty fields from the answer. Never rejects. */
export async function linkCustomer(link: CustomerLink): Promise<void> {
  const root =
    link.shop?.root_url ||
    (link.win as Window & { Shopify?: { routes?: { root?: string } } }).Shopify?.routes?.root ||
    "/";
  try {
    const answer = await requestJson<unknown>(
      link.fetchFn,
      root.replace(/\/?$/, "/") + "apps/beckon/api/customer",
      { visitor_token: link.v.token },
      5000,
    );
    const person = link.v.person;
    if (!person) return;
    const fields = customerFields(answer);
    let changed = false;
    for (const key of FIELDS) {
      if (fields[key] && !person[key]) {
        person[key] = fields[key]!;
        changed = true;
      }
    }
    if (changed) link.keepPerson(person);
  } catch (e) {
    debug("Customer link failed", e);
  }
}
