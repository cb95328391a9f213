/**
 * Payloads of the visitor-side API (SPEC section 7). The widget sends these
 * as JSON in POST bodies (text/plain, so no CORS preflight is needed).
 */
import { z } from "zod";
import { idSchema, text } from "./common";
import { MAX_EVENT_REVENUE, roundRevenue } from "#contract/revenue";

/** Visitor tokens are made by the widget: 16 to 64 URL-safe characters. */
export const visitorTokenSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{16,64}$/, { message: "visitor_token must be 16 to 64 letters, digits, _ or -" });

/** A client-made id for idempotent sends (events, contacts). */
export const clientIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, { message: "id must be 8 to 64 letters, digits, _ or -" });

const shortText = text(500);
const jsonRecord = (maxKeys: number) =>
  z.record(z.string().max(100), z.unknown()).refine((o) => Object.keys(o).length <= maxKeys, {
    message: `At most ${maxKeys} keys`,
  });

export const utmSchema = z
  .object({
    utm_source: shortText.optional(),
    utm_medium: shortText.optional(),
    utm_campaign: shortText.optional(),
    utm_term: shortText.optional(),
    utm_content: shortText.optional(),
  })
  .strict();

export const visitorCreateSchema = z.object({
  visitor: z.object({
    visitor_token: visitorTokenSchema,
    contact_id: z.union([idSchema, z.null()]).optional(),
    landing_page: text(2000).nullish(),
    platform: z.string().max(50).optional(),
    referral_source: text(2000).nullish(),
    data: jsonRecord(50).optional(),
  }),
  new: z.boolean().optional(),
  utms: utmSchema.optional(),
});
export type VisitorCreate = z.infer<typeof visitorCreateSchema>;

export const targetingDataSchema = z.object({
  visitor_token: visitorTokenSchema,
  targeting_data: jsonRecord(100),
  integration_type: z.string().regex(/^[a-z_]{1,40}$/),
});

export const uidsSchema = z.object({
  visitor_token: visitorTokenSchema,
  uids: z.record(z.string().max(50), z.string().max(200)).refine((o) => Object.keys(o).length <= 20),
});

/** An event's revenue: finite, 0 to MAX_EVENT_REVENUE, kept to REVENUE_DECIMALS decimals (see contract/revenue.ts). */
export const revenueSchema = z
  .number()
  .finite()
  .min(0, { message: "revenue cannot be negative" })
  .max(MAX_EVENT_REVENUE, { message: `revenue must be at most ${MAX_EVENT_REVENUE}` })
  .transform(roundRevenue);

export const EVENT_TYPES = [
  "Visit",
  "View",
  "Complete",
  "Completion",
  "Selection",
  "Add To Cart",
  "Submission",
  "Order",
] as const;

export const eventSchema = z.object({
  id: clientIdSchema,
  event_type: z.enum(EVENT_TYPES),
  visitor_token: visitorTokenSchema,
  contactable_type: z.enum(["Cta", "Element", "Broadcast"]).nullish(),
  contactable_id: idSchema.nullish(),
  cta_id: idSchema.nullish(),
  variant_id: idSchema.nullish(),
  step_id: idSchema.nullish(),
  element_id: idSchema.nullish(),
  broadcast_id: idSchema.nullish(),
  url: text(2000).nullish(),
  revenue: revenueSchema.nullish(),
  integration_type: z
    .string()
    .regex(/^[a-z_]{1,40}$/)
    .nullish(),
  data: jsonRecord(50).default({}),
  /** Milliseconds since epoch on the visitor's clock, when the event happened. */
  at: z.number().int().positive().optional(),
});
export type EventInput = z.infer<typeof eventSchema>;

/**
 * One event ({ event }) or a batch flushed from the widget's queue
 * ({ events }). An object with optional keys rather than a union, so a bad
 * event's error names its field (event.visitor_token, events.3.event_type).
 */
export const eventsCreateSchema = z
  .object({
    event: eventSchema.optional(),
    events: z.array(eventSchema).min(1).max(100).optional(),
    cf2: z.boolean().optional(),
    action_groups: z.array(idSchema).max(50).optional(),
  })
  .refine((b) => (b.event === undefined) !== (b.events === undefined), {
    message: "Send either event or events",
    path: ["event"],
  });

const email = z
  .string()
  .max(254)
  .transform((s) => s.trim().toLowerCase())
  .refine((s) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s), { message: "Please enter a valid email address" });
const phone = z
  .string()
  .max(40)
  .refine((s) => (s.match(/\d/g) ?? []).length >= 4, { message: "Please enter a valid phone number" });

export const contactSchema = z
  .object({
    id: clientIdSchema,
    visitor_token: visitorTokenSchema,
    email: email.nullish(),
    phone: phone.nullish(),
    name: shortText.nullish(),
    last_name: shortText.nullish(),
    website: text(2000).nullish(),
    company_name: shortText.nullish(),
    company_title: shortText.nullish(),
    url: text(2000).nullish(),
    source_url: text(2000).nullish(),
    city: shortText.nullish(),
    country: shortText.nullish(),
    address: shortText.nullish(),
    state: shortText.nullish(),
    zip_code: z.string().max(20).nullish(),
    extra: z
      .record(
        z.string().max(100),
        z.union([z.string().max(5000), z.number(), z.boolean(), z.array(z.string().max(500)).max(50), z.null()]),
      )
      .optional(),
    marketing_consent: z.boolean().nullish(),
    privacy_consent: z.boolean().nullish(),
    sms_consent: z.boolean().nullish(),
    latest_score: z.number().finite().nullish(),
    contactable_type: z.enum(["Cta", "Element", "Broadcast"]).nullish(),
    contactable_id: idSchema.nullish(),
    cta_id: idSchema.nullish(),
    element_id: idSchema.nullish(),
    variant_id: idSchema.nullish(),
    step_id: idSchema.nullish(),
    broadcast_id: idSchema.nullish(),
    action_groups: z.array(idSchema).max(50).optional(),
  })
  .refine((c) => c.email || c.phone || (c.extra && Object.keys(c.extra).length > 0), {
    message: "A contact needs an email, a phone or answers",
    path: ["email"],
  });
export type ContactInput = z.infer<typeof contactSchema>;

export const contactsCreateSchema = z.object({ contact: contactSchema });

export const contactsValidateSchema = z
  .object({
    version: z.literal("v2").default("v2"),
    email: z.string().max(254).optional(),
    phone: z.string().max(40).optional(),
  })
  .refine((v) => v.email !== undefined || v.phone !== undefined, {
    message: "Send an email or a phone",
    path: ["email"],
  });
