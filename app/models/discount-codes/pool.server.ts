/**
 * A CTA's stock of discount codes: the owner's uploaded codes (source
 * "pool") or the codes made in the shop ahead of time (source "shopify"),
 * and how many of them are left, handed out and redeemed, for the editor's
 * warning before the pool runs out.
 */
import type { Db } from "#app/db.server";
import type { UniqueCodeSource } from "#contract/schema/unique-codes";

/** Rows per insert: well under SQLite's and PostgreSQL's parameter limits. */
const INSERT_BATCH = 500;

export interface CodeCounts {
  available: number;
  issued: number;
  redeemed: number;
}

/** How many of a CTA's codes are available, issued and redeemed. */
export async function codeCounts(db: Db, ctaId: number): Promise<CodeCounts> {
  const groups = await db.discountCode.groupBy({ by: ["status"], where: { ctaId }, _count: { _all: true } });
  const counts: CodeCounts = { available: 0, issued: 0, redeemed: 0 };
  for (const group of groups) if (group.status in counts) counts[group.status as keyof CodeCounts] = group._count._all;
  return counts;
}

/** Whether the admin should warn: fewer codes left than the threshold (or none at all). */
export const stockIsLow = (counts: CodeCounts, warnThreshold: number) =>
  counts.available === 0 || counts.available < warnThreshold;

/**
 * Adds codes to a CTA's stock; a code the website already has (on this CTA
 * or another: a code is the website's, unique across its CTAs) is skipped.
 * Returns how many were added and skipped.
 */
export async function addCodes(
  db: Db,
  websiteId: number,
  ctaId: number,
  source: UniqueCodeSource,
  codes: string[],
  /** When the codes end in the shop (a Shopify batch's discount); null for codes whose expiry starts at hand-out. */
  expiresAt: Date | null = null,
): Promise<{ added: number; skipped: number }> {
  let added = 0;
  for (let i = 0; i < codes.length; i += INSERT_BATCH) {
    const batch = codes.slice(i, i + INSERT_BATCH);
    const known = await db.discountCode.findMany({
      where: { websiteId, code: { in: batch } },
      select: { code: true },
    });
    const have = new Set(known.map((k) => k.code));
    const fresh = batch.filter((c) => !have.has(c));
    if (fresh.length) {
      const made = await db.discountCode.createMany({
        data: fresh.map((code) => ({ websiteId, ctaId, code, source, status: "available", expiresAt })),
      });
      added += made.count;
    }
  }
  return { added, skipped: codes.length - added };
}
