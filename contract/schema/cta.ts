/**
 * The CTA document: the one typed definition of a call to action
 * (variants → steps → sections → columns → elements → fields / action groups),
 * SPEC section 3. The admin writes it, the server validates it on every write
 * (ctaDocumentSchema.parse) and stores it as rows, and the widget receives it
 * from GET /api/cta/{id}.js. The widget imports only the types (and the
 * action kinds, from the zod-free action-types.ts).
 */
import { z } from "zod";
import { abTestSchema } from "./ab-test";
import { PERSON_ACTION_TYPES, STORE_ACTION_TYPES } from "./action-types";
import { conditionSchema } from "./condition";
import { idSchema, optionsSchema, positionSchema, text } from "./common";
import { optionIssues, type OptionLevel } from "./option-keys";
import { prizeGameIssues } from "./prize-game";
import { answerPointsSchema, answerTagsSchema, quizOutcomeIssues } from "./quiz-outcomes";
import { uniqueCodesSchema } from "./unique-codes";

export const CTA_TYPES = ["overlay", "bar", "inline", "page", "hook", "two-tap"] as const;
export const INLINE_TYPES = ["embed", "sidebar", "bumper"] as const;
export const OVERLAY_TYPES = ["boxed", "splash"] as const;
export const HOOK_TYPES = ["full", "horizontal", "vertical"] as const;
export const BAR_POSITIONS = ["top", "bottom"] as const;
export const CTA_STATUSES = ["draft", "published", "archived"] as const;

export const ELEMENT_TYPES = [
  "form",
  "quiz",
  "survey",
  "button",
  "products",
  "product_hero",
  "carousel",
  "collapse",
  "timer",
  "tabs",
  "progress",
  "conditional_row",
  "logo",
  // Content elements every real CTA needs beside the interactive ones.
  "text",
  "image",
  "video",
  "divider",
  // Prize games (prize-game.ts): the server draws the prize.
  "prize_wheel",
  "scratch_card",
  // A lead's own discount code (contract/schema/unique-codes.ts), with copy and apply buttons.
  "discount_code",
] as const;
export type ElementType = (typeof ELEMENT_TYPES)[number];

export const FIELD_TYPES = [
  "text",
  "hidden",
  "number",
  "paragraph",
  "dropdown",
  "radio",
  "select",
  "checkbox",
  "range",
  "survey",
  "image",
  "color",
  "emoji",
  "icon",
  "letter",
  "empty",
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export const CONFIRMATION_TYPES = [
  "redirect",
  "step",
  "message",
  "cta",
  "sms",
  "cart",
  "checkout",
  "anchor",
  "product",
] as const;
export type ConfirmationType = (typeof CONFIRMATION_TYPES)[number];

/** Action group data keys (SPEC section 3). Unknown keys are kept for forward compatibility. */
export const actionGroupDataSchema = z
  .object({
    "confirmation-type": z.enum(CONFIRMATION_TYPES).optional(),
    "redirect-url": text(2000).optional(),
    "query-string": z.boolean().optional(),
    "target-blank": z.boolean().optional(),
    "redirect-step": z.number().int().min(0).optional(),
    "confirmation-cta": idSchema.optional(),
    "confirmation-close": z.boolean().optional(),
    "sms-number": text(40).optional(),
    "sms-keyword": text(160).optional(),
    "anchor-selector": text(200).optional(),
    "anchor-smooth-scroll": z.boolean().optional(),
    confirmation: text(5000).optional(),
    script: text(20_000).optional(),
    "selected-store-integration": text(50).optional(),
    "selected-product-variant-ids": z
      .array(z.union([z.string().max(100), z.number()]))
      .max(50)
      .optional(),
    "selected-products-quantity": z.record(z.string().max(100), z.number().int().min(1).max(999)).optional(),
    /** What the editor shows of each selected variant (titles, image, price); the widget ignores it. */
    "selected-products-summary": z
      .array(
        z.object({
          id: z.string().regex(/^\d{1,20}$/),
          productId: z
            .string()
            .regex(/^\d{1,20}$/)
            .nullable(),
          productTitle: text(255),
          variantTitle: text(255).nullable(),
          image: z.string().url().max(2000).startsWith("https://").nullable(),
          price: text(40).nullable(),
        }),
      )
      .max(50)
      .optional(),
    "jump-field-id": z.union([idSchema, z.literal("complete_quiz"), z.literal("next_sub_question")]).optional(),
  })
  .passthrough();
export type ActionGroupData = z.infer<typeof actionGroupDataSchema>;

export const actionSchema = z.object({
  id: idSchema.optional(),
  action_type: z.enum([...PERSON_ACTION_TYPES, ...STORE_ACTION_TYPES, "messenger"]),
  tag_id: text(200).nullish(),
  integration_id: idSchema.nullish(),
  data: z.record(z.string().max(100), z.unknown()).default({}),
});
export type CtaAction = z.infer<typeof actionSchema>;

export const actionGroupSchema = z.object({
  id: idSchema.optional(),
  /** For quiz fields: the field whose answer this group reacts to. */
  field_id: idSchema.nullish(),
  position: positionSchema,
  status: z.boolean().default(true),
  data: actionGroupDataSchema.default({}),
  conditions: z.array(conditionSchema).max(50).default([]),
  actions: z.array(actionSchema).max(50).default([]),
});
export type ActionGroup = z.infer<typeof actionGroupSchema>;

export const fieldOptionSchema = z.object({
  value: text(500),
  label: text(1000).optional(),
  score: z.number().min(-1_000_000).max(1_000_000).optional(),
  step_id: idSchema.nullish(),
  jump_field_id: z.union([idSchema, z.literal("complete_quiz"), z.literal("next_sub_question")]).nullish(),
  image: text(2000).optional(),
  /** A quiz answer's points by outcome id (quiz-outcomes.ts). */
  outcomes: answerPointsSchema.optional(),
  /** Tags a quiz answer puts on the visitor. */
  tags: answerTagsSchema.optional(),
});
export type FieldOption = z.infer<typeof fieldOptionSchema>;

const SLUG = /^[A-Za-z0-9_\-.]{1,100}$/;

export const fieldSchema = z.object({
  id: idSchema.optional(),
  slug: z.string().regex(SLUG, { message: "Use letters, digits, _ - or . (at most 100)" }),
  field_type: z.enum(FIELD_TYPES),
  position: positionSchema,
  /** Parent question of a quiz sub-question (its id, or its slug while both are new). */
  field_id: idSchema.nullish(),
  parent_slug: z.string().regex(SLUG).nullish(),
  required: z.boolean().default(false),
  multi_select: z.boolean().default(false),
  value: text(5000).nullish(),
  url_params: z.boolean().default(false),
  parameter: text(100).nullish(),
  options: optionsSchema,
  field_options: z.array(fieldOptionSchema).max(200).default([]),
});
export type Field = z.infer<typeof fieldSchema>;

/**
 * What the editor shows of a product feed's chosen collection (entry
 * { source: "collection", handle, summary }): bounded, https images only;
 * the widget reads the handle and ignores the summary.
 */
export const collectionFeedSummarySchema = z
  .object({
    id: z
      .string()
      .regex(/^\d{1,20}$/)
      .nullable(),
    title: text(255),
    image: z.string().url().max(2000).startsWith("https://").nullable(),
    productsCount: z.number().int().min(0).max(10_000_000).nullable(),
  })
  .strict();

/** A product feed entry; a collection entry's handle and summary are checked. */
export const feedEntrySchema = z.record(z.string().max(100), z.unknown()).superRefine((e, ctx) => {
  if ((e.source ?? e.type) !== "collection") return;
  if (
    e.handle !== undefined &&
    e.handle !== null &&
    (typeof e.handle !== "string" || e.handle.length > 255 || /[\s/?#\\]/.test(e.handle))
  ) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["handle"], message: "Not a collection handle" });
  }
  if (e.summary !== undefined) {
    const summary = collectionFeedSummarySchema.safeParse(e.summary);
    if (!summary.success)
      for (const issue of summary.error.issues)
        ctx.addIssue({ ...issue, path: ["summary", ...issue.path] } as z.IssueData);
  }
});

export const elementSchema = z.object({
  id: idSchema.optional(),
  position: positionSchema,
  element_type: z.enum(ELEMENT_TYPES),
  options: optionsSchema,
  fields: z.array(fieldSchema).max(200).default([]),
  action_groups: z.array(actionGroupSchema).max(50).default([]),
  actions: z.array(actionSchema).max(50).default([]),
  product_recommendations: z.array(feedEntrySchema).max(50).nullish(),
  content_toggle_items: z
    .array(z.record(z.string().max(100), z.unknown()))
    .max(50)
    .nullish(),
});
export type CtaElement = z.infer<typeof elementSchema>;

export const columnSchema = z.object({
  id: idSchema.optional(),
  position: positionSchema,
  options: optionsSchema,
  elements: z.array(elementSchema).max(100).default([]),
});
export type CtaColumn = z.infer<typeof columnSchema>;

export const sectionSchema = z.object({
  id: idSchema.optional(),
  position: positionSchema,
  options: optionsSchema,
  columns: z.array(columnSchema).min(1).max(12),
});
export type CtaSection = z.infer<typeof sectionSchema>;

export const stepSchema = z.object({
  id: idSchema.optional(),
  position: positionSchema,
  options: z
    .object({ name: text(200).optional(), script: text(20_000).optional() })
    .passthrough()
    .default({}),
  sections: z.array(sectionSchema).max(50).default([]),
  action_groups: z.array(actionGroupSchema).max(50).default([]),
});
export type CtaStep = z.infer<typeof stepSchema>;

export const variantSchema = z.object({
  id: idSchema.optional(),
  variation: z.string().regex(/^[A-Z]{1,2}$/, { message: "A variant letter: A, B, C ..." }),
  percentage: z.number().int().min(0).max(100),
  winner: z.boolean().default(false),
  score: z.number().int().nullish(),
  score_field: text(100).nullish(),
  options: optionsSchema,
  two_tap_popup: z.record(z.string().max(100), z.unknown()).nullish(),
  steps: z.array(stepSchema).min(1).max(50),
});
export type CtaVariant = z.infer<typeof variantSchema>;

const ctaBaseSchema = z.object({
  id: idSchema.optional(),
  name: text(200).min(1, { message: "Give the CTA a name" }),
  cta_type: z.enum(CTA_TYPES),
  inline_type: z.enum(INLINE_TYPES).nullish(),
  overlay_type: z.enum(OVERLAY_TYPES).nullish(),
  hook_type: z.enum(HOOK_TYPES).nullish(),
  bar_position: z.enum(BAR_POSITIONS).nullish(),
  status: z.enum(CTA_STATUSES).default("draft"),
  published_at: z.string().datetime().nullish(),
  broadcast_id: idSchema.nullish(),
  test_type: z.enum(["none", "split"]).nullish(),
  /** How the A/B test picks its winner (contract/schema/ab-test.ts); null: a manual test. */
  ab_test: abTestSchema.nullish(),
  /** Each lead's own discount code (contract/schema/unique-codes.ts); null: none. */
  unique_codes: uniqueCodesSchema.nullish(),
  options: optionsSchema,
  payload: z.record(z.string().max(100), z.unknown()).nullish(),
  variants: z.array(variantSchema).min(1).max(10),
});

/** Validates a whole CTA document, including the cross-field rules. */
export const ctaDocumentSchema = ctaBaseSchema.superRefine((cta, ctx) => {
  const total = cta.variants.reduce((sum, v) => sum + v.percentage, 0);
  if (total !== 100) {
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      path: ["variants"],
      message: `Variant percentages must add up to 100 (now ${total})`,
    });
  }
  const letters = new Set<string>();
  cta.variants.forEach((v, i) => {
    if (letters.has(v.variation)) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["variants", i, "variation"],
        message: `Variant ${v.variation} appears twice`,
      });
    }
    letters.add(v.variation);
  });
  const subtype: Record<string, [keyof typeof cta, readonly string[]]> = {
    inline: ["inline_type", INLINE_TYPES],
    overlay: ["overlay_type", OVERLAY_TYPES],
    hook: ["hook_type", HOOK_TYPES],
    bar: ["bar_position", BAR_POSITIONS],
  };
  const need = subtype[cta.cta_type];
  if (need && !cta[need[0]]) {
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      path: [need[0]],
      message: `A ${cta.cta_type} CTA needs ${String(need[0])} (${need[1].join(", ")})`,
    });
  }
  // Unknown option keys and unsafe style values, with the path of the key itself.
  const checkOptions = (level: OptionLevel, options: Record<string, unknown>, path: (string | number)[]) => {
    for (const issue of optionIssues(level, options))
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: [...path, "options", issue.key], message: issue.message });
  };
  checkOptions("cta", cta.options, []);
  cta.variants.forEach((v, vi) => {
    checkOptions("variant", v.options, ["variants", vi]);
    const stepPositions = v.steps.map((s) => s.position);
    v.steps.forEach((s, si) =>
      s.sections.forEach((sec, ci) => {
        const secPath = ["variants", vi, "steps", si, "sections", ci];
        checkOptions("box", sec.options, secPath);
        sec.columns.forEach((col, coi) => {
          checkOptions("box", col.options, [...secPath, "columns", coi]);
          col.elements.forEach((el, ei) => {
            const elPath = [...secPath, "columns", coi, "elements", ei];
            checkOptions(el.element_type, el.options, elPath);
            for (const issue of [...prizeGameIssues(el), ...quizOutcomeIssues(el, stepPositions)])
              ctx.addIssue({ ...issue, path: [...elPath, ...issue.path] });
            el.fields.forEach((f, fi) => checkOptions("field", f.options, [...elPath, "fields", fi]));
          });
        });
      }),
    );
  });
  cta.variants.forEach((v, vi) =>
    v.steps.forEach((s, si) =>
      s.sections.forEach((sec, ci) =>
        sec.columns.forEach((col, coi) =>
          col.elements.forEach((el, ei) => {
            const slugs = new Set<string>();
            el.fields.forEach((f, fi) => {
              if (slugs.has(f.slug)) {
                ctx.addIssue({
                  code: z.ZodIssueCode.custom,
                  path: [
                    "variants",
                    vi,
                    "steps",
                    si,
                    "sections",
                    ci,
                    "columns",
                    coi,
                    "elements",
                    ei,
                    "fields",
                    fi,
                    "slug",
                  ],
                  message: `Field slug "${f.slug}" is used twice in one element`,
                });
              }
              slugs.add(f.slug);
            });
          }),
        ),
      ),
    ),
  );
});

/** What the admin sends. */
export type CtaDocumentInput = z.input<typeof ctaDocumentSchema>;
/** A validated CTA document; stored CTAs carry every id. */
export type CtaDocument = z.infer<typeof ctaDocumentSchema>;
