/**
 * Codes that orders carry: an order Shopify confirms (orders/create) that
 * carries a code a lead was handed marks that code redeemed, once; and the
 * counts Results shows per CTA and variant (codes issued, codes redeemed).
 * Shopify compares codes without regard to case: a code is matched as the
 * order states it and in capitals (the case generated codes are made in).
 */
import type { Db } from "#app/db.server";

/** Marks the website's issued codes among `codes` redeemed; returns how many changed. */
export async function markCodesRedeemed(db: Db, websiteId: number, codes: string[], at: Date): Promise<number> {
  if (!codes.length) return 0;
  const wanted = new Set(codes.map((c) => c.toUpperCase()));
  const candidates = await db.discountCode.findMany({
    where: { websiteId, status: "issued", code: { in: [...new Set([...codes, ...wanted])] } },
    select: { id: true },
  });
  if (!candidates.length) return 0;
  // Conditional on still being issued: two deliveries of one webhook count the code once.
  const changed = await db.discountCode.updateMany({
    where: { id: { in: candidates.map((c) => c.id) }, status: "issued" },
    data: { status: "redeemed", redeemedAt: at },
  });
  return changed.count;
}

export interface CodeResultRow {
  ctaId: number;
  variantId: number | null;
  issued: number;
  redeemed: number;
}

/** Codes handed out (redeemed ones included) and redeemed, per CTA and variant, of a website. */
export async function codeResults(db: Db, websiteId: number): Promise<CodeResultRow[]> {
  const groups = await db.discountCode.groupBy({
    by: ["ctaId", "variantId", "status"],
    where: { websiteId, status: { in: ["issued", "redeemed"] } },
    _count: { _all: true },
  });
  const rows = new Map<string, CodeResultRow>();
  for (const group of groups) {
    const key = `${group.ctaId}:${group.variantId ?? ""}`;
    const row = rows.get(key) ?? { ctaId: group.ctaId, variantId: group.variantId, issued: 0, redeemed: 0 };
    row.issued += group._count._all;
    if (group.status === "redeemed") row.redeemed += group._count._all;
    rows.set(key, row);
  }
  return [...rows.values()];
}
