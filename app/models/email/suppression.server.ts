/**
 * The addresses a website never mails again: unsubscribed in one click, or
 * refused by their mail server (a hard bounce). Checked by every send.
 */
import type { Db } from "#app/db.server";
import type { Prisma } from "#app/generated/prisma-sqlite";
import { cleanAddress } from "#app/integrations/email/mail-address";

type Tx = Prisma.TransactionClient | Db;

export type SuppressionReason = "unsubscribed" | "bounced";

/** Whether the website may not mail this address (an unparseable address counts as suppressed). */
export async function isSuppressed(db: Tx, websiteId: number, email: string): Promise<boolean> {
  const address = cleanAddress(email);
  if (!address) return true;
  return (await db.emailSuppression.count({ where: { websiteId, email: address } })) > 0;
}

/** Adds the address to the website's suppression list; the first reason stays. */
export async function suppressAddress(
  db: Tx,
  websiteId: number,
  email: string,
  reason: SuppressionReason,
  detail: string | null = null,
): Promise<void> {
  const address = cleanAddress(email);
  if (!address) return;
  await db.emailSuppression.upsert({
    where: { websiteId_email: { websiteId, email: address } },
    create: { websiteId, email: address, reason, detail: detail?.slice(0, 500) ?? null },
    update: {},
  });
}
