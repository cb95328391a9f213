/**
 * Built-in lists: Beckon is the mailing tool. Actions are applied in the
 * submission's own transaction. A list that requires confirmation (double
 * opt-in) makes the member pending and queues the confirmation e-mail in
 * that same transaction; the outbox sends it.
 */
import type { Prisma } from "#app/generated/prisma-sqlite";
import { ensureList, setPersonTag, subscribePerson, unsubscribePerson } from "./mailing-list.server";
import { requestConfirmation } from "./email/double-opt-in.server";

export interface BuiltinActionInput {
  websiteId: number;
  integrationId: number;
  personId: number;
  actionType: string;
  listId: string | null;
  tag: string | null;
  marketingConsent: boolean | null | undefined;
  /** The person's address, for a confirmation e-mail. */
  email?: string | null;
  /** Unique per submission and action: a resent submission queues no second e-mail. */
  idempotencyKey: string;
  now?: Date;
}

/** Applies one list or tag action to a built-in list; returns what it did, for tests and logs. */
export async function applyBuiltinAction(
  tx: Prisma.TransactionClient,
  action: BuiltinActionInput,
): Promise<string | null> {
  const now = action.now ?? new Date();
  switch (action.actionType) {
    case "subscribe_list": {
      if (!action.listId) return null;
      // Same rule as the outside tools: a visitor who said no to marketing is not put on a list.
      if (action.marketingConsent === false) return "skipped: no marketing consent";
      const list = await ensureList(tx, action.websiteId, action.integrationId, action.listId);
      if (list.requireConfirmation)
        return requestConfirmation(tx, {
          websiteId: action.websiteId,
          list,
          personId: action.personId,
          email: action.email,
          idempotencyKey: action.idempotencyKey,
          now,
        });
      await subscribePerson(tx, list.id, action.personId, now);
      return `subscribed to ${action.listId}`;
    }
    case "unsubscribe_list": {
      if (!action.listId) return null;
      const list = await ensureList(tx, action.websiteId, action.integrationId, action.listId);
      await unsubscribePerson(tx, list.id, action.personId, now);
      return `unsubscribed from ${action.listId}`;
    }
    case "add_list_tag":
    case "add_tag":
      if (!action.tag) return null;
      await setPersonTag(tx, action.personId, action.tag, true);
      return `tagged ${action.tag}`;
    case "remove_list_tag":
    case "remove_tag":
      if (!action.tag) return null;
      await setPersonTag(tx, action.personId, action.tag, false);
      return `untagged ${action.tag}`;
    default:
      return null;
  }
}
