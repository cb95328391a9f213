/**
 * Shapes for the integrations work: provider credentials and settings kept in
 * Integration rows, and the bodies of the validate and targeting-sync calls.
 */
import { z } from "zod";
import { contactSchema, visitorTokenSchema } from "./public-api";
import { idSchema } from "./common";

const key = z.string().trim().min(1).max(500);

export const klaviyoCredentialsSchema = z.object({ api_key: key });
export const mailchimpCredentialsSchema = z.object({ api_key: key });
export const activeCampaignCredentialsSchema = z.object({ api_key: key, api_url: z.string().url().max(500) });
export const recaptchaCredentialsSchema = z.object({ secret_key: key, site_key: key });

/** Integration.syncSettings as the providers read it; unknown keys are kept. */
export const syncSettingsSchema = z
  .object({
    default_list_id: z.string().max(100).nullish(),
    double_opt_in: z.boolean().optional(),
    marketing_permission_id: z.string().max(100).nullish(),
  })
  .passthrough();

/** POST /api/contacts/validate (version v2). */
export const contactsValidateV2Schema = z
  .object({
    version: z.literal("v2").default("v2"),
    email: z.string().max(254).optional(),
    phone: z.string().max(40).optional(),
    /** Fail free addresses with "Please enter a business email". */
    business_only: z.boolean().optional(),
    /** ISO country for numbers written without a country code; the website's default when absent. */
    country: z
      .string()
      .regex(/^[A-Za-z]{2}$/, { message: "country must be a two-letter ISO code" })
      .transform((s) => s.toUpperCase())
      .optional(),
    visitor_token: visitorTokenSchema.optional(),
    website_id: idSchema.optional(),
  })
  .refine((v) => v.email !== undefined || v.phone !== undefined, {
    message: "Send an email or a phone",
    path: ["email"],
  });
export type ContactsValidateV2 = z.infer<typeof contactsValidateV2Schema>;

/** contacts/create with the optional reCAPTCHA token a form may require. */
export const contactsCreateWithRecaptchaSchema = z.object({
  contact: contactSchema.and(z.object({ recaptcha_token: z.string().min(1).max(4000).optional() })),
});

/** POST /api/websites/{id}/targeting_sync (SPEC 7 targeting-sync service). */
export const targetingSyncSchema = z.object({
  environment: z.enum(["live", "test", "preview", "development", "production"]).default("live"),
  version: z.string().max(20).optional(),
  integration_id: idSchema,
  integration_type: z.string().regex(/^[a-z_]{1,40}$/),
  contact_id: idSchema.nullish(),
  visitor_token: visitorTokenSchema,
  /** Ask for fresh data even if the last sync is under 30 minutes old (remote lookups stay rate-limited). */
  force: z.boolean().optional(),
  /** A signed identity token from a link (cf_token): proves the visitor's e-mail address. */
  identity_token: z
    .string()
    .min(1)
    .max(1000)
    .regex(/^[A-Za-z0-9._-]+$/, "Not an identity token")
    .optional(),
});
export type TargetingSyncInput = z.infer<typeof targetingSyncSchema>;
