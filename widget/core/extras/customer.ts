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
import type { PublicPerson } from "../../../contract/schema/public-config";
import { requestJson, type FetchFn } from "../api";
import type { ShopHints } from "../cart";
import { debug } from "../debug";
import type { LoadedVisitor } from "../visitor";

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
  const c = (answer as { customer?: unknown } | null)?.customer;
  const out: Partial<Record<(typeof FIELDS)[number], string>> = {};
  if (c && typeof c == "object")
    for (const k of FIELDS) {
      const v = (c as Record<string, unknown>)[k];
      // Bounded, printable, and an e-mail that looks like one: a hostile or broken answer fills nothing.
      if (
        typeof v == "string" &&
        v.trim() &&
        v.length <= 254 &&
        !/[\x00-\x1f<>]/.test(v) &&
        (k != "email" || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v))
      )
        out[k] = v.trim();
    }
  return out;
}

/** Posts the visitor token to the app proxy and fills the person's empty fields from the answer. Never rejects. */
export async function linkCustomer(o: CustomerLink): Promise<void> {
  const root =
    o.shop?.root_url || (o.win as Window & { Shopify?: { routes?: { root?: string } } }).Shopify?.routes?.root || "/";
  try {
    const answer = await requestJson<unknown>(
      o.fetchFn,
      root.replace(/\/?$/, "/") + "apps/beckon/api/customer",
      { visitor_token: o.v.token },
      5000,
    );
    const p = o.v.person;
    if (!p) return;
    const fields = customerFields(answer);
    let changed = false;
    for (const k of FIELDS) {
      if (fields[k] && !p[k]) {
        p[k] = fields[k]!;
        changed = true;
      }
    }
    if (changed) o.keepPerson(p);
  } catch (e) {
    debug("Customer link failed", e);
  }
}
