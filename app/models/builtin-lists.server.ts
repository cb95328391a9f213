/**
 * Built-in lists: Beckon is the mailing tool. Actions are applied in the
 * submission's own transaction, so there is nothing to retry and nothing
 * leaves the database.
 */
import type { Prisma } from "#app/generated/prisma-sqlite";
import { ensureList, setPersonTag, subscribePerson, unsubscribePerson } from "./mailing-list.server";

export interface BuiltinActionInput {
  websiteId: number;
  integrationId: number;
  personId: number;
  actionType: string;
  listId: string | null;
  tag: string | null;
  marketingConsent: boolean | null | undefined;
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
