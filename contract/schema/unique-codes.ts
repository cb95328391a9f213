/**
 * A CTA's unique discount codes, part of the CTA document (one schema for the
 * editor, the server and the widget): each new lead of the CTA is handed a
 * code of its own, once, instead of one shared code anyone can pass around.
 *   shopify  codes made through the Shopify Admin API ahead of time (a basic
 *            code discount: percentage or amount off, a minimum subtotal,
 *            an expiry N days after the code is handed out, one use per
 *            customer), topped up in the background;
 *   pool     codes the owner uploads (CSV), handed out one per lead; the
 *            admin warns when fewer than `warn_threshold` are left.
 * The success step shows the code with the `discount_code` element or the
 * `{{discount_code}}` merge tag.
 */
import { z } from "zod";
import { bounded, idSchema } from "./common";
import { visitorTokenSchema } from "./public-api";

export const UNIQUE_CODE_SOURCES = ["shopify", "pool"] as const;
export type UniqueCodeSource = (typeof UNIQUE_CODE_SOURCES)[number];
export const DISCOUNT_KINDS = ["percentage", "amount"] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

/** The merge tag (and person property) that carries a lead's code. */
export const DISCOUNT_CODE_TAG = "discount_code";
/** The person property that carries the code's expiry (ISO date-time), when it has one. */
export const DISCOUNT_CODE_EXPIRES_TAG = "discount_code_expires_at";

export const MAX_PERCENTAGE = 100;
/** An amount off, in the shop's currency: more than this is a typo, not an offer. */
export const MAX_AMOUNT = 1_000_000;
export const MAX_EXPIRY_DAYS = 3650;
export const DEFAULT_WARN_THRESHOLD = 20;
export const MAX_WARN_THRESHOLD = 100_000;
/** What a code may look like: Shopify's codes are at most 255 characters; letters, digits, - and _ survive every URL and CSV. */
export const CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{2,63}$/;
export const MAX_CODE_PREFIX = 20;

/** One message per setting, whatever is wrong with it (the admin translates it: app/i18n/en/validation.ts). */
export const UNIQUE_CODES_MESSAGES = {
  source: "The code source is shopify or pool",
  kind: "The discount is a percentage or an amount",
  value: `The discount is more than 0: at most ${MAX_PERCENTAGE} % or an amount up to ${MAX_AMOUNT}`,
  minimum_subtotal: `The minimum subtotal is an amount from 0 to ${MAX_AMOUNT}`,
  expires_after_days: `The expiry is a whole number of days from 1 to ${MAX_EXPIRY_DAYS}, or none`,
  warn_threshold: `The warning threshold is a whole number of codes from 0 to ${MAX_WARN_THRESHOLD}`,
  prefix: `The code prefix is up to ${MAX_CODE_PREFIX} letters, digits, - or _`,
} as const;

const shopifyCodesSchema = z
  .object({
    source: z.literal("shopify"),
    kind: z.enum(DISCOUNT_KINDS, { message: UNIQUE_CODES_MESSAGES.kind }).default("percentage"),
    value: bounded(0.01, MAX_AMOUNT, UNIQUE_CODES_MESSAGES.value).default(10),
    minimum_subtotal: bounded(0, MAX_AMOUNT, UNIQUE_CODES_MESSAGES.minimum_subtotal).default(0),
    expires_after_days: bounded(1, MAX_EXPIRY_DAYS, UNIQUE_CODES_MESSAGES.expires_after_days, true).nullish(),
    once_per_customer: z.boolean().default(true),
    prefix: z
      .string()
      .regex(/^[A-Za-z0-9_-]{0,20}$/, { message: UNIQUE_CODES_MESSAGES.prefix })
      .default("BECKON"),
    warn_threshold: bounded(0, MAX_WARN_THRESHOLD, UNIQUE_CODES_MESSAGES.warn_threshold, true).default(
      DEFAULT_WARN_THRESHOLD,
    ),
    /** The discount Beckon created in the shop (set by the server, kept across saves). */
    discount_id: z.string().max(200).nullish(),
  })
  .strict();

const poolCodesSchema = z
  .object({
    source: z.literal("pool"),
    warn_threshold: bounded(0, MAX_WARN_THRESHOLD, UNIQUE_CODES_MESSAGES.warn_threshold, true).default(
      DEFAULT_WARN_THRESHOLD,
    ),
    /** The expiry shown to the lead: N days after the code is handed out; none when the codes do not expire. */
    expires_after_days: bounded(1, MAX_EXPIRY_DAYS, UNIQUE_CODES_MESSAGES.expires_after_days, true).nullish(),
  })
  .strict();

export const uniqueCodesSchema = z.preprocess(
  // An unknown source gets the one message that names the choices, not zod's union noise.
  (v) =>
    v && typeof v == "object" && !Array.isArray(v) && !UNIQUE_CODE_SOURCES.includes((v as { source?: never }).source!)
      ? { ...v, source: "__invalid" }
      : v,
  z
    .discriminatedUnion("source", [shopifyCodesSchema, poolCodesSchema], {
      errorMap: (issue, ctx) =>
        issue.code === z.ZodIssueCode.invalid_union_discriminator
          ? { message: UNIQUE_CODES_MESSAGES.source }
          : { message: ctx.defaultError },
    })
    .superRefine((s, ctx) => {
      if (s.source === "shopify" && s.kind === "percentage" && s.value > MAX_PERCENTAGE)
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["value"], message: UNIQUE_CODES_MESSAGES.value });
    }),
);
export type UniqueCodesSettings = z.infer<typeof uniqueCodesSchema>;
export type ShopifyCodesSettings = Extract<UniqueCodesSettings, { source: "shopify" }>;
export type PoolCodesSettings = Extract<UniqueCodesSettings, { source: "pool" }>;

/** The settings a new CTA gets when the owner turns unique codes on. */
export const defaultUniqueCodes = (source: UniqueCodeSource): UniqueCodesSettings =>
  uniqueCodesSchema.parse({ source });

/** When a code handed out at `issuedAt` expires, or null when the codes do not expire. */
export function codeExpiry(settings: Pick<UniqueCodesSettings, "expires_after_days">, issuedAt: Date): Date | null {
  const days = settings.expires_after_days;
  return days ? new Date(issuedAt.getTime() + days * 86_400_000) : null;
}

/** POST /api/websites/{id}/discount_code: the visitor's code for a CTA it has become a lead of. */
export const discountCodeRequestSchema = z
  .object({ visitor_token: visitorTokenSchema, cta_id: idSchema, variant_id: idSchema.nullish() })
  .strict();
export type DiscountCodeRequest = z.infer<typeof discountCodeRequestSchema>;

/** Its answer: `code` null when none is left (the element shows its fallback text); `expires_at` ISO or null. */
export interface DiscountCodeAnswer {
  code: string | null;
  expires_at: string | null;
}
