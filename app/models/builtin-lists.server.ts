/**
 * Built-in lists: Beckon is the mailing tool. Actions are applied in the
 * submission's own transaction, so there is nothing to retry and nothing
 * leaves the database.
 */
import type { Prisma } from "../generated/prisma-sqlite";
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
export async function applyBuiltinAction(tx: Prisma.TransactionClient, a: BuiltinActionInput): Promise<string | null> {
  const now = a.now ?? new Date();
  switch (a.actionType) {
    case "subscribe_list": {
      if (!a.listId) return null;
      // Same rule as the outside tools: a visitor who said no to marketing is not put on a list.
      if (a.marketingConsent === false) return "skipped: no marketing consent";
      const list = await ensureList(tx, a.websiteId, a.integrationId, a.listId);
      await subscribePerson(tx, list.id, a.personId, now);
      return `subscribed to ${a.listId}`;
    }
    case "unsubscribe_list": {
      if (!a.listId) return null;
      const list = await ensureList(tx, a.websiteId, a.integrationId, a.listId);
      await unsubscribePerson(tx, list.id, a.personId, now);
      return `unsubscribed from ${a.listId}`;
    }
    case "add_list_tag":
    case "add_tag":
      if (!a.tag) return null;
      await setPersonTag(tx, a.personId, a.tag, true);
      return `tagged ${a.tag}`;
    case "remove_list_tag":
    case "remove_tag":
      if (!a.tag) return null;
      await setPersonTag(tx, a.personId, a.tag, false);
      return `untagged ${a.tag}`;
    default:
      return null;
  }
}
