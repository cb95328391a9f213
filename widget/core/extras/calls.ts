/**
 * The identify and trackPurchase calls that wait in storage (tracking.ts
 * queues them in call order), handled by SPEC 5's rules. In the extras
 * chunk with those rules: the loader only keeps the list.
 */
import { debug } from "#widget/core/debug";
import { warn } from "#widget/core/log";
import type { Session } from "#widget/core/session";
import type { Store } from "#widget/core/storage";
import { identifyFields, purchaseOf } from "#widget/core/validate";

/** A waiting call: its argument, the page address it was made on, and 1 for trackPurchase. */
export type WaitingCall = [unknown, string, 1?];

/** What handling a call does to the widget: the runtime's own functions. */
export interface CallHandlers {
  /** The current session, marked active. */
  session(): Session;
  saveSession(s: Session): void;
  track(eventType: string, ids: Record<string, never>, data: Record<string, unknown>, revenue?: number): void;
  sendContact(fields: Record<string, unknown>): Promise<unknown>;
}

/**
 * Handles the calls in order: an order counts once per session and becomes
 * an Order event; an identify sends what is new about the person. A call
 * that breaks a rule is logged (SPEC 8); nothing here rejects.
 */
export async function handleCalls(
  list: WaitingCall[],
  person: Record<string, unknown> | null,
  handlers: CallHandlers,
): Promise<void> {
  for (const [props, url, purchase] of list) {
    if (purchase) {
      const session = handlers.session();
      const purchaseProps = purchaseOf(props, session.orders);
      if (typeof purchaseProps == "string") warn(purchaseProps);
      else {
        session.orders.push(purchaseProps.orderId);
        handlers.saveSession(session);
        handlers.track("Order", {}, { order_id: purchaseProps.orderId }, purchaseProps.revenue);
      }
      continue;
    }
    const fields = identifyFields(props, person);
    // A string is the console message of a call that cannot identify; null: nothing new to send.
    if (typeof fields == "string") warn(fields);
    // Awaited one by one: a later call sees what the earlier one set.
    else if (fields)
      await handlers.sendContact({ ...fields, source_url: url }).catch((e) => debug("identify failed", e));
  }
}

/**
 * Handles the calls waiting in storage under `key` once the visitor is
 * there. The list is read and cleared at once, after the waits: calls made
 * meanwhile are in it; what cannot be handled now waits for a later call or page.
 */
export async function drainCalls(
  store: Store,
  key: string,
  visitor: Promise<{ person: unknown }>,
  handlers: CallHandlers,
): Promise<void> {
  const person = (await visitor).person as Record<string, unknown> | null;
  const list = store.get<WaitingCall[]>(key) || [];
  store.set(key, []);
  await handleCalls(list, person, handlers);
}
