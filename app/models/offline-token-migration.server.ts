/**
 * Moves shops installed before expiring offline tokens onto them. The
 * Shopify library treats a stored offline session without `expires` as
 * active forever and never swaps it, and Shopify refuses non-expiring
 * tokens from 2027-01-01: such a shop's token is exchanged once (on its next
 * admin request or webhook, shopify.server.ts, or by
 * scripts/migrate-offline-tokens.ts for all of them) and the expiring token,
 * its expiry and refresh token are stored in its Session row.
 *
 * Many server processes may see the same old session at once. One exchange
 * per shop: a process first claims the shop (an OfflineTokenMigration row,
 * created or taken over by a conditional update once its lease or back-off
 * has passed), then checks the session is still the old one, exchanges, and
 * writes the new token only over that same old token. A failure keeps the
 * old token, is logged and is tried again after a back-off that grows with
 * each attempt; Shopify answers a retried exchange with the pair it issued,
 * so an answer lost on the way is recovered, not lost.
 */
import type { Db } from "#app/db.server";
import { isUniqueViolation } from "#app/db/db-errors.server";
import { logger } from "#app/server/logger.server";
import type { ExpiringToken } from "#app/integrations/shopify-admin/token-migration.server";

/** Exchanges a shop's non-expiring token (token-migration.server.ts, or a stand-in in tests). */
export type TokenExchange = (shop: string, accessToken: string) => Promise<ExpiringToken>;

export type TokenMigrationOutcome =
  /** The expiring token is stored. */
  | "migrated"
  /** The shop has no non-expiring offline session (already migrated, or none at all). */
  | "not_needed"
  /** Another process holds the shop, or its back-off has not passed. */
  | "busy"
  /** Shopify refused or the answer was unusable: the old token is kept and tried again later. */
  | "failed";

/** How long a claim keeps other processes off while one exchanges (well above the exchange's time-out). */
export const CLAIM_LEASE_MS = 60_000;
const MINUTE_MS = 60_000;
/** The longest wait between two attempts for one shop. */
export const MAX_BACKOFF_MS = 24 * 60 * MINUTE_MS;

/** Wait after the nth failed attempt: 5 minutes, doubling, at most a day. */
export function backoffMs(attempts: number): number {
  return Math.min(MAX_BACKOFF_MS, 5 * MINUTE_MS * 2 ** Math.max(0, Math.min(attempts - 1, 20)));
}

const oldSessionOf = (db: Db, shop: string) =>
  db.session.findFirst({
    where: { shop, isOnline: false, expires: null },
    orderBy: { id: "asc" },
    select: { id: true, accessToken: true },
  });

/** Claims the shop for this process: true when no one else may exchange until the lease ends. */
async function claim(db: Db, shop: string, now: Date): Promise<boolean> {
  const availableAt = new Date(now.getTime() + CLAIM_LEASE_MS);
  try {
    await db.offlineTokenMigration.create({ data: { shop, availableAt, attempts: 1 } });
    return true;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  const { count } = await db.offlineTokenMigration.updateMany({
    where: { shop, availableAt: { lte: now } },
    data: { availableAt, attempts: { increment: 1 } },
  });
  return count === 1;
}

/** Swaps the shop's non-expiring offline token for an expiring one, once across processes. */
export async function migrateOfflineToken(
  db: Db,
  shop: string,
  exchange: TokenExchange,
  now = new Date(),
): Promise<TokenMigrationOutcome> {
  if (!(await oldSessionOf(db, shop))) return "not_needed";
  if (!(await claim(db, shop, now))) return "busy";
  // Read again under the claim: a process that finished just before it stored the new token first.
  const session = await oldSessionOf(db, shop);
  if (!session) {
    await db.offlineTokenMigration.deleteMany({ where: { shop } });
    return "not_needed";
  }
  let token: ExpiringToken;
  try {
    token = await exchange(shop, session.accessToken);
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
    const row = await db.offlineTokenMigration.findUnique({ where: { shop }, select: { attempts: true } });
    const attempts = row?.attempts ?? 1;
    const retryAt = new Date(now.getTime() + backoffMs(attempts));
    await db.offlineTokenMigration.updateMany({ where: { shop }, data: { availableAt: retryAt, lastError: message } });
    logger("shopify").warn(
      `could not move ${shop} to an expiring offline token (attempt ${attempts}, next after ${retryAt.toISOString()}): ${message}`,
    );
    return "failed";
  }
  // Only over the token that was exchanged: a new install meanwhile wrote a token of its own, which wins.
  const { count } = await db.session.updateMany({
    where: { id: session.id, accessToken: session.accessToken, expires: null },
    data: {
      accessToken: token.accessToken,
      expires: token.expires,
      refreshToken: token.refreshToken,
      refreshTokenExpires: token.refreshTokenExpires,
      ...(token.scope !== null ? { scope: token.scope } : {}),
    },
  });
  await db.offlineTokenMigration.deleteMany({ where: { shop } });
  if (count === 1) logger("shopify").info(`moved ${shop} to an expiring offline token`);
  return count === 1 ? "migrated" : "not_needed";
}

/** Every shop that still has a non-expiring offline session, in name order. */
export async function shopsWithOldTokens(db: Db): Promise<string[]> {
  const rows = await db.session.findMany({
    where: { isOnline: false, expires: null },
    select: { shop: true },
    distinct: ["shop"],
    orderBy: { shop: "asc" },
  });
  return rows.map((r) => r.shop);
}

/** Migrates every remaining shop, one at a time; answers how many ended in each outcome. */
export async function migrateRemainingOfflineTokens(
  db: Db,
  exchange: TokenExchange,
  now: () => Date = () => new Date(),
): Promise<Record<TokenMigrationOutcome, number>> {
  const tally: Record<TokenMigrationOutcome, number> = { migrated: 0, not_needed: 0, busy: 0, failed: 0 };
  for (const shop of await shopsWithOldTokens(db)) tally[await migrateOfflineToken(db, shop, exchange, now())]++;
  return tally;
}
