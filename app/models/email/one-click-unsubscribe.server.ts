/**
 * The unsubscribe link of every e-mail (RFC 8058 one-click, and the
 * footer's link): no sign-in, the signed link is the authority. It stops all
 * further mail from the website to the address: the address is suppressed,
 * and every person with it leaves the built-in lists (and the outside tools,
 * through the outbox).
 */
import type { Db } from "#app/db.server";
import type { MailLinkClaim } from "#app/server/mail-link-token.server";
import { unsubscribeByEmail } from "#app/models/mailing-list.server";
import { isSuppressed, suppressAddress } from "./suppression.server";

export type UnsubscribeOutcome = "unsubscribed" | "already" | "gone";

/** Unsubscribes the address a verified unsubscribe link names; safe to repeat. */
export async function unsubscribeByLink(db: Db, claim: MailLinkClaim, now = new Date()): Promise<UnsubscribeOutcome> {
  const person = await db.person.findUnique({
    where: { id: claim.personId },
    select: { websiteId: true, email: true },
  });
  if (!person || person.websiteId !== claim.websiteId || !person.email) return "gone";
  const already = await isSuppressed(db, claim.websiteId, person.email);
  await suppressAddress(db, claim.websiteId, person.email, "unsubscribed", "one-click unsubscribe link");
  await unsubscribeByEmail(db, claim.websiteId, person.email, { now });
  return already ? "already" : "unsubscribed";
}
