/**
 * Hands a lead its own discount code, once (contract/schema/unique-codes.ts).
 * The claim is one conditional UPDATE of one available row: the row is chosen
 * by a subquery and changes only while it is still available, so two
 * processes that pick the same row cannot both get it (the loser updates
 * nothing and tries the next row). On PostgreSQL the subquery also skips rows
 * another transaction holds (FOR UPDATE SKIP LOCKED), so concurrent claims
 * pick different rows at once instead of queueing on the first.
 * The same lead asking again for the same CTA gets the code it already has;
 * should two of its claims race, the later code goes back to the pool, and
 * every one of them answers with the first code and its end, even while the
 * claim that took it has not dated it yet.
 * An available code that ends (in the shop) before the expiry a claim would
 * promise is set to "retired": it is never handed out (shopify-stock.server.ts).
 */
import type { Db } from "#app/db.server";
import { codeExpiry, type UniqueCodesSettings } from "#contract/schema/unique-codes";
import { isPostgres } from "#app/models/event-rollups.server";

/** Tries before giving up on a pool that other claims keep emptying under us (each loss means someone else got a row). */
const CLAIM_TRIES = 50;

export interface IssuedCode {
  code: string;
  expiresAt: Date | null;
}

export interface ClaimRequest {
  websiteId: number;
  ctaId: number;
  personId: number;
  variantId?: number | null;
  settings: Pick<UniqueCodesSettings, "expires_after_days">;
  now?: Date;
}

/** The code a lead already has for a CTA (the first one issued), or null. */
export async function issuedCodeOf(db: Db, ctaId: number, personId: number): Promise<IssuedCode | null> {
  const row = await firstCodeRow(db, ctaId, personId);
  return row && { code: row.code, expiresAt: row.expiresAt };
}

/** The lead's first code row for a CTA, which a racing claim may have taken but not yet dated (issuedAt unset). */
function firstCodeRow(db: Db, ctaId: number, personId: number) {
  return db.discountCode.findFirst({
    where: { ctaId, personId, status: { in: ["issued", "redeemed"] } },
    orderBy: { id: "asc" },
    select: { id: true, code: true, expiresAt: true, issuedAt: true },
  });
}

/**
 * A code as handed out. A row another claim has taken but not yet dated
 * gets the end that claim is writing: its own end from the shop, else the
 * promised one (the claims race within moments, so they promise the same).
 */
function handedOut(
  row: { code: string; expiresAt: Date | null; issuedAt: Date | null },
  promised: Date | null,
): IssuedCode {
  return { code: row.code, expiresAt: row.issuedAt ? row.expiresAt : (row.expiresAt ?? promised) };
}

/** Marks one available code of the CTA as the person's; its id, or null when none is left. */
async function takeOne(db: Db, ctaId: number, personId: number): Promise<number | null> {
  const pg = isPostgres(db);
  const param = (n: number) => (pg ? `$${n}` : "?");
  const pick =
    `SELECT "id" FROM "DiscountCode" WHERE "ctaId" = ${param(2)} AND "status" = 'available' ` +
    `ORDER BY "id" LIMIT 1${pg ? " FOR UPDATE SKIP LOCKED" : ""}`;
  for (let i = 0; i < CLAIM_TRIES; i++) {
    const taken = await db.$queryRawUnsafe<{ id: number }[]>(
      `UPDATE "DiscountCode" SET "status" = 'issued', "personId" = ${param(1)} ` +
        `WHERE "id" = (${pick}) AND "status" = 'available' RETURNING "id"`,
      // In the order of the placeholders (SQLite's ? are positional).
      personId,
      ctaId,
    );
    if (taken[0]) return Number(taken[0].id);
    const left = await db.discountCode.count({ where: { ctaId, status: "available" } });
    if (!left) return null;
  }
  return null;
}

/**
 * The person's code for the CTA: the one it has, else a newly claimed one;
 * null when the CTA has none left (the success step then shows its fallback).
 */
export async function claimCode(db: Db, req: ClaimRequest): Promise<IssuedCode | null> {
  const issuedAt = req.now ?? new Date();
  const promised = codeExpiry(req.settings, issuedAt);
  const had = await firstCodeRow(db, req.ctaId, req.personId);
  if (had) return handedOut(had, promised);
  // A code that ends in the shop before the promised expiry (an older Shopify batch) is no longer handed out.
  if (promised)
    await db.discountCode.updateMany({
      where: { ctaId: req.ctaId, status: "available", expiresAt: { lt: promised } },
      data: { status: "retired" },
    });
  const id = await takeOne(db, req.ctaId, req.personId);
  if (id === null) return null;
  const row = await db.discountCode.findUniqueOrThrow({ where: { id }, select: { expiresAt: true } });
  const claimed = await db.discountCode.update({
    where: { id },
    // A code made with its end (Shopify's) shows that end; the others end the promised days after hand-out.
    data: { issuedAt, expiresAt: row.expiresAt ?? promised, variantId: req.variantId ?? null },
    select: { code: true, expiresAt: true },
  });
  // Two claims of one person raced: the first code issued is the person's, later ones go back.
  const first = await firstCodeRow(db, req.ctaId, req.personId);
  if (first && first.id !== id) {
    await db.discountCode.updateMany({
      where: { id, personId: req.personId, status: "issued" },
      data: { status: "available", personId: null, issuedAt: null, expiresAt: row.expiresAt, variantId: null },
    });
    return handedOut(first, promised);
  }
  return claimed;
}
