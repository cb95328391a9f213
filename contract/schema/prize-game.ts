/**
 * Prize games: the prize wheel (spin to win) and the scratch card. An element
 * of either type keeps its prizes in options.prizes; this module is their one
 * definition for the editor, the server and the widget:
 * - prizeListSchema validates them (the CTA document's superRefine calls
 *   prizeGameIssues for every prize element);
 * - the server draws from them (app/models/prize-draw.server.ts), so the
 *   browser never decides what a visitor wins;
 * - withoutPrizeCodes takes the codes out of every document the browser gets:
 *   a visitor who could read the codes would not need to play.
 * Unique one-time codes are a separate feature; a prize kind for them can
 * join PRIZE_KINDS when it exists.
 */
import { z } from "zod";
import type { CtaDocument, CtaElement } from "./cta";
import { walkCta, type CtaNodeVisit } from "./cta-walk";
import { contactSchema } from "./public-api";

export const PRIZE_GAME_TYPES = ["prize_wheel", "scratch_card"] as const;
export type PrizeGameType = (typeof PRIZE_GAME_TYPES)[number];

export const isPrizeGame = (type: string): type is PrizeGameType =>
  (PRIZE_GAME_TYPES as readonly string[]).includes(type);

/** What a prize gives: a code the owner typed, a free-shipping code, or nothing. */
export const PRIZE_KINDS = ["discount_code", "free_shipping", "no_luck"] as const;
export type PrizeKind = (typeof PRIZE_KINDS)[number];

/** Kinds that hand the winner a code. */
export const prizeHasCode = (kind: PrizeKind): boolean => kind !== "no_luck";

export const MAX_PRIZES = 12;
export const MAX_PRIZE_WEIGHT = 1_000_000;
export const MAX_PRIZE_LIMIT = 10_000_000;
export const MAX_PRIZE_LABEL = 60;
/** Letters, digits and - _ : what Shopify and most shops accept in a discount code, and safe in a URL path. */
export const PRIZE_CODE = /^[A-Za-z0-9_-]{1,50}$/;

export const prizeSchema = z
  .object({
    /** Stable within the element: wins and limits are counted per prize id, so renaming a prize keeps its count. */
    id: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, { message: "A prize id is 1 to 40 letters, digits, - or _" }),
    label: z
      .string()
      .trim()
      .min(1, { message: "Give the prize a label" })
      .max(MAX_PRIZE_LABEL, { message: `A prize label is at most ${MAX_PRIZE_LABEL} characters` }),
    kind: z.enum(PRIZE_KINDS, { message: `A prize kind is one of ${PRIZE_KINDS.join(", ")}` }),
    code: z.string().trim().max(50, { message: "A code is at most 50 characters" }).nullish(),
    weight: z
      .number({ message: "A weight is a whole number from 1" })
      .int({ message: "A weight is a whole number from 1" })
      .min(1, { message: "A weight is a whole number from 1 (0 would make the prize impossible; remove it instead)" })
      .max(MAX_PRIZE_WEIGHT, { message: `A weight is at most ${MAX_PRIZE_WEIGHT}` }),
    /** At most this many wins of the prize in all; absent: no limit. */
    limit: z
      .number({ message: "A limit is a whole number from 1" })
      .int({ message: "A limit is a whole number from 1" })
      .min(1, { message: "A limit is a whole number from 1 (leave it empty for no limit)" })
      .max(MAX_PRIZE_LIMIT, { message: `A limit is at most ${MAX_PRIZE_LIMIT}` })
      .nullish(),
  })
  .strict()
  .superRefine((prize, ctx) => {
    if (prizeHasCode(prize.kind) && !PRIZE_CODE.test(prize.code ?? ""))
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["code"],
        message: "Type the code the winner gets: 1 to 50 letters, digits, - or _",
      });
  });
export type Prize = z.infer<typeof prizeSchema>;

export const prizeListSchema = z
  .array(prizeSchema, { required_error: "Add at least one prize", invalid_type_error: "Prizes are a list" })
  .min(1, { message: "Add at least one prize" })
  .max(MAX_PRIZES, { message: `A prize game has at most ${MAX_PRIZES} prizes` })
  .superRefine((prizes, ctx) => {
    const ids = new Set<string>();
    prizes.forEach((p, i) => {
      if (ids.has(p.id))
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: [i, "id"], message: `Prize id "${p.id}" appears twice` });
      ids.add(p.id);
    });
  });

/** The prize problems of one element, paths relative to the element ("options", "prizes", 2, "weight"). */
export function prizeGameIssues(element: Pick<CtaElement, "element_type" | "options">): z.ZodIssue[] {
  if (!isPrizeGame(element.element_type)) return [];
  const parsed = prizeListSchema.safeParse(element.options.prizes);
  return parsed.success ? [] : parsed.error.issues.map((i) => ({ ...i, path: ["options", "prizes", ...i.path] }));
}

/** The prizes of a valid prize element (the document was validated on save). */
export function prizesOf(element: Pick<CtaElement, "options">): Prize[] {
  const parsed = prizeListSchema.safeParse(element.options.prizes);
  return parsed.success ? parsed.data : [];
}

/** The prizes a new prize element starts with: two codes and a "no luck". */
export const DEFAULT_PRIZES: Prize[] = [
  { id: "p1", label: "10 % off", kind: "discount_code", code: "SPIN10", weight: 2 },
  { id: "p2", label: "Free shipping", kind: "free_shipping", code: "FREESHIP", weight: 1 },
  { id: "p3", label: "No luck", kind: "no_luck", weight: 3 },
];

/** A prize as the browser may see it before the draw: no code. */
export type PublicPrize = Omit<Prize, "code" | "limit">;

/**
 * A copy of a document for the browser: prize elements keep their prizes'
 * ids, labels, kinds and weights (the wheel draws its slices from them), never
 * their codes or limits.
 */
export function withoutPrizeCodes<D extends CtaDocument>(doc: D): D {
  const isPrizeVisit = (v: CtaNodeVisit) => v.kind === "element" && isPrizeGame(v.node.element_type);
  if (![...walkCta(doc)].some(isPrizeVisit)) return doc;
  const copy = structuredClone(doc);
  for (const visit of walkCta(copy)) {
    if (visit.kind !== "element" || !isPrizeGame(visit.node.element_type)) continue;
    const prizes = visit.node.options.prizes;
    if (Array.isArray(prizes))
      visit.node.options.prizes = prizes.map((p: unknown) => {
        if (!p || typeof p !== "object") return p;
        const { code: _code, limit: _limit, ...shown } = p as Record<string, unknown>;
        return shown;
      });
  }
  return copy;
}

/** What the server answers a draw: the prize (with its code when it has one) and whether this e-mail had played already. */
export interface PrizeDrawResult {
  prize: { id: string; label: string; kind: PrizeKind; code: string | null };
  repeat: boolean;
}

/**
 * POST /api/websites/{id}/prize_draws: the contact the lead-capture path
 * records (SPEC 3 Contact payload), which must carry the e-mail, the CTA and
 * the prize element; the visitor sends nothing about the prize.
 */
export const prizeDrawRequestSchema = z.object({ contact: contactSchema }).superRefine(({ contact }, ctx) => {
  if (!contact.email)
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      path: ["contact", "email"],
      message: "Please enter a valid email address",
    });
  if (!contact.cta_id)
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["contact", "cta_id"], message: "Name the CTA (cta_id)" });
  if (!contact.element_id)
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      path: ["contact", "element_id"],
      message: "Name the prize element (element_id)",
    });
});
export type PrizeDrawRequest = z.infer<typeof prizeDrawRequestSchema>;
