/** Website config (SPEC section 3): what an owner edits and what the widget receives. */
import { z } from "zod";
import { LANGUAGES } from "#contract/i18n";
import { text } from "./common";

/** Data settings with their documented keys; other google-analytics-* and logo-* keys pass through. */
export const dataSettingsSchema = z
  .object({
    "contact-processing": z.boolean().default(true),
    "cart-value-threshold": z.number().min(0).max(10_000_000).default(50),
    currency: text(3).optional(),
  })
  .catchall(z.union([z.string().max(2000), z.number(), z.boolean(), z.null()]))
  .superRefine((o, ctx) => {
    for (const key of Object.keys(o)) {
      if (["contact-processing", "cart-value-threshold", "currency"].includes(key)) continue;
      if (!/^(google-analytics|logo)-[a-z0-9-]{1,60}$/.test(key)) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: [key], message: `Unknown data setting "${key}"` });
      }
    }
  });
export type DataSettings = z.infer<typeof dataSettingsSchema>;

const HTTP_ADDRESS = /^https?:\/\/[^\s]+$/i;
const url = text(2000).refine((v) => v === "" || HTTP_ADDRESS.test(v), {
  message: "Must be an http(s) address",
});
/**
 * A page the widget links to (privacy policy, terms): an http(s) address, or a
 * path on the website itself (/privacy), which the visitor's browser resolves
 * on the page it is on, so the link holds on any host and port. "//host" and
 * "/\host" are another site's address to a browser, so they are no path.
 */
const pageLink = text(2000).refine((v) => v === "" || HTTP_ADDRESS.test(v) || /^\/(?![/\\])[^\s]*$/.test(v), {
  message: "Must be an http(s) address or a path on the website, like /privacy",
});
const colour = z.string().regex(/^#[0-9a-fA-F]{3,8}$/, { message: "Use a hex colour like #1a2b3c" });

export const websiteSettingsSchema = z.object({
  name: text(200).min(1, { message: "Give the website a name" }),
  domain: url.nullish(),
  currency: z.string().regex(/^[A-Z]{3}$/, { message: "A three-letter ISO currency code, e.g. SEK" }),
  currency_character: text(8).min(1),
  default_country: z.string().regex(/^[A-Z]{2}$/, { message: "A two-letter ISO country code, e.g. SE" }),
  /** The language of Beckon's own texts in the widget (validation messages, close, powered by ...). */
  language: z.enum(LANGUAGES).default("en"),
  business_type: z.enum(["ecommerce", "services", "saas", "media", "nonprofit", "other"]).nullish(),
  privacy_message: text(2000).nullish(),
  privacy_link: pageLink.nullish(),
  privacy_link_text: text(200).nullish(),
  terms_link: pageLink.nullish(),
  terms_link_text: text(200).nullish(),
  marketing_consent: text(2000).nullish(),
  sms_consent: text(2000).nullish(),
  brand: text(200).nullish(),
  brand_style: z.record(z.string().max(100), z.union([z.string().max(500), z.number()])).nullish(),
  brand_colors: z.record(z.string().max(50), colour).nullish(),
  powered_by: z.boolean(),
  url_identification: z.boolean(),
  form_tracking: z.boolean(),
  segment_write_key: z
    .string()
    .regex(/^[A-Za-z0-9]{1,100}$/, { message: "Letters and digits only" })
    .nullish(),
  gtm_id: z
    .string()
    .regex(/^GTM-[A-Z0-9]{1,20}$/, { message: "Looks like GTM-XXXXXXX" })
    .nullish(),
  data_settings: dataSettingsSchema,
});
export type WebsiteSettings = z.infer<typeof websiteSettingsSchema>;
