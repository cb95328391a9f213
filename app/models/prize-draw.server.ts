/**
 * Prize draws of the prize wheel and the scratch card (contract/schema/prize-game.ts).
 * The server decides: the browser sends an e-mail and names the element, and
 * learns the prize it then animates to. A draw
 * - records the lead through the lead-capture path (createContact), so the
 *   contact, its lists and the e-mail tools get it as from a form;
 * - answers an e-mail that has played this CTA before with its first prize
 *   (PrizeDraw's unique key settles two plays at the same moment too);
 * - picks with the prizes' weights from crypto randomness, leaving out every
 *   prize whose limit is reached; a limited prize is won only by raising its
 *   count with an update conditional on the count being below the limit, so
 *   many server processes together never exceed it.
 */
import { randomInt } from "node:crypto";
import type { Db, Prisma } from "#app/db.server";
import { isUniqueViolation } from "#app/db/db-errors.server";
import { InputError } from "#app/server/input-error";
import { walkCta } from "#contract/schema/cta-walk";
import type { CtaDocument, CtaElement } from "#contract/schema/cta";
import type { ContactInput } from "#contract/schema/public-api";
import { isPrizeGame, prizeHasCode, prizesOf, type Prize, type PrizeDrawResult } from "#contract/schema/prize-game";
import { asRecord } from "#contract/json-record";
import { createContact } from "./contact.server";
import { loadCtaDocument } from "./cta.server";
import { inTransaction } from "./model-kit.server";

/** A whole number in [0, n): crypto randomness unless a test substitutes its own. */
export type RandomBelow = (n: number) => number;

/** One prize drawn by weight: prize i is picked with probability weight_i / total. */
export function pickByWeight<P extends Pick<Prize, "weight">>(
  prizes: readonly P[],
  random: RandomBelow = randomInt,
): P {
  const total = prizes.reduce((sum, p) => sum + p.weight, 0);
  let ticket = random(total);
  for (const prize of prizes) {
    if (ticket < prize.weight) return prize;
    ticket -= prize.weight;
  }
  throw new Error("pickByWeight: the ticket is past the total weight");
}

interface PrizeElement {
  element: CtaElement;
  variantId: number | null;
}

/** The prize element of a published CTA, with its variant (the browser's word for the variant is not needed). */
function findPrizeElement(doc: CtaDocument, elementId: number): PrizeElement | null {
  let variantId: number | null = null;
  for (const visit of walkCta(doc)) {
    if (visit.kind === "variant") variantId = visit.node.id ?? null;
    if (visit.kind === "element" && visit.node.id === elementId && isPrizeGame(visit.node.element_type))
      return { element: visit.node, variantId };
  }
  return null;
}

function shown(prize: Prize): PrizeDrawResult["prize"] {
  return {
    id: prize.id,
    label: prize.label,
    kind: prize.kind,
    code: prizeHasCode(prize.kind) ? (prize.code ?? null) : null,
  };
}

function storedResult(row: { prize: Prisma.JsonValue }): PrizeDrawResult {
  return { prize: asRecord(row.prize) as unknown as PrizeDrawResult["prize"], repeat: true };
}

/** Makes the win counter of each limited prize exist, so the conditional update has a row to raise. */
async function ensureCounters(db: Db, websiteId: number, elementId: number, prizes: Prize[]): Promise<void> {
  for (const prize of prizes.filter((p) => p.limit)) {
    try {
      await db.prizeWinCount.upsert({
        where: { elementId_prizeId: { elementId, prizeId: prize.id } },
        create: { websiteId, elementId, prizeId: prize.id },
        update: {},
      });
    } catch (e) {
      // Another process made it first: the row is there, which is all this wants.
      if (!isUniqueViolation(e)) throw e;
    }
  }
}

/** Raises a limited prize's count when it is still below the limit; false: the limit is reached. */
async function claimLimitedPrize(tx: Prisma.TransactionClient, elementId: number, prize: Prize): Promise<boolean> {
  if (!prize.limit) return true;
  const { count } = await tx.prizeWinCount.updateMany({
    where: { elementId, prizeId: prize.id, wins: { lt: prize.limit } },
    data: { wins: { increment: 1 } },
  });
  return count === 1;
}

/** Draws (or finds) the prize of one e-mail in one CTA's prize game, recording the lead. */
export async function drawPrize(
  db: Db,
  websiteId: number,
  contact: ContactInput,
  random: RandomBelow = randomInt,
): Promise<PrizeDrawResult> {
  const ctaId = contact.cta_id!;
  const elementId = contact.element_id!;
  const email = contact.email!;
  const doc = await loadCtaDocument(db, websiteId, ctaId);
  if (!doc || doc.status !== "published") throw new InputError("Unknown CTA", "contact.cta_id", 404);
  const found = findPrizeElement(doc, elementId);
  if (!found) throw new InputError("This CTA has no prize game with that element", "contact.element_id", 404);
  const { element, variantId } = found;
  if (element.options["show-privacy-consent"] && contact.privacy_consent !== true)
    throw new InputError("Please accept the privacy policy to play", "contact.privacy_consent");

  const earlier = await db.prizeDraw.findUnique({ where: { ctaId_email: { ctaId, email } } });
  if (earlier) return storedResult(earlier);

  const lead = await createContact(db, websiteId, {
    ...contact,
    cta_id: ctaId,
    variant_id: variantId,
    contactable_type: contact.contactable_type ?? "Cta",
    contactable_id: contact.contactable_id ?? ctaId,
  });
  return drawFor(
    db,
    { websiteId, ctaId, variantId, elementId, email, personId: lead.personId },
    prizesOf(element),
    random,
  );
}

/** Who draws in which game: the CTA, its variant and element, the e-mail and the lead's person. */
export interface PrizePlayer {
  websiteId: number;
  ctaId: number;
  variantId: number | null;
  elementId: number;
  email: string;
  personId: number;
}

/**
 * The draw itself, once the lead is recorded: picks by weight among the
 * prizes still open, claims a limited one conditionally, stores the result.
 */
export async function drawFor(
  db: Db,
  player: PrizePlayer,
  prizes: Prize[],
  random: RandomBelow = randomInt,
): Promise<PrizeDrawResult> {
  const { websiteId, ctaId, elementId, email } = player;
  await ensureCounters(db, websiteId, elementId, prizes);
  let open = prizes;
  while (open.length) {
    const prize = pickByWeight(open, random);
    try {
      const won = await inTransaction(db, async (tx) => {
        if (!(await claimLimitedPrize(tx, elementId, prize))) return false;
        await tx.prizeDraw.create({ data: { ...player, prizeId: prize.id, prize: shown(prize) } });
        return true;
      });
      if (won) return { prize: shown(prize), repeat: false };
      open = open.filter((p) => p !== prize);
    } catch (e) {
      // The same e-mail played at the same moment in another request: its prize is the one (our claim rolled back).
      if (!isUniqueViolation(e)) throw e;
      const first = await db.prizeDraw.findUnique({ where: { ctaId_email: { ctaId, email } } });
      if (first) return storedResult(first);
      throw e;
    }
  }
  throw new InputError("Every prize of this game has been won", "contact.element_id", 409);
}

/** One prize's wins in one CTA and variant (Results), with its label and limit as the CTA now has them. */
export interface PrizeResult {
  ctaId: number;
  variantId: number | null;
  prizeId: string;
  label: string;
  wins: number;
  /** The prize's limit in the CTA as saved now; null: none (or the prize is gone from the CTA). */
  limit: number | null;
}

/**
 * Wins per prize per CTA and variant (Results): counted from the draws
 * themselves, all time (a limit counts every win), labelled as the CTA now
 * names the prize; one since removed keeps the label its winners were told.
 */
export async function prizeWins(db: Db, websiteId: number, ctaIds?: number[]): Promise<PrizeResult[]> {
  const where = { websiteId, ...(ctaIds ? { ctaId: { in: ctaIds } } : {}) };
  const [counts, told] = await Promise.all([
    db.prizeDraw.groupBy({
      by: ["ctaId", "variantId", "prizeId"],
      where,
      _count: { _all: true },
      orderBy: [{ ctaId: "asc" }, { variantId: "asc" }, { prizeId: "asc" }],
    }),
    // The newest draw of each prize: the label a winner was last told.
    db.prizeDraw.findMany({
      where,
      distinct: ["ctaId", "prizeId"],
      orderBy: { id: "desc" },
      select: { ctaId: true, prizeId: true, prize: true },
    }),
  ]);
  const current = new Map<string, Prize>();
  for (const ctaId of new Set(counts.map((c) => c.ctaId))) {
    const doc = await loadCtaDocument(db, websiteId, ctaId);
    if (!doc) continue;
    for (const visit of walkCta(doc))
      if (visit.kind === "element" && isPrizeGame(visit.node.element_type))
        for (const prize of prizesOf(visit.node)) current.set(`${ctaId}:${prize.id}`, prize);
  }
  return counts.map((c) => {
    const prize = current.get(`${c.ctaId}:${c.prizeId}`);
    const last = told.find((t) => t.ctaId === c.ctaId && t.prizeId === c.prizeId);
    const label = prize?.label ?? String(asRecord(last?.prize).label ?? c.prizeId);
    return {
      ctaId: c.ctaId,
      variantId: c.variantId,
      prizeId: c.prizeId,
      label,
      wins: c._count._all,
      limit: prize?.limit ?? null,
    };
  });
}
