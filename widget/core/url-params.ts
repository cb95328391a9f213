/**
 * The URL parameters of SPEC 2: preview (iframe=true plus variant), cfTime,
 * cf_{websiteId}_admin, cf_campaign_id, the e-mail identification names and
 * the UTM parameters. Pure.
 */
import { cut } from "./cut";

export const UTM_KEYS = ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content"];
/** Parameters that identify the visitor by e-mail, in priority order. */
export const EMAIL_PARAMS = [
  "cf_email",
  "email",
  "Email",
  "EmailAddress",
  "email_address",
  "emailaddresss",
  "inf_field_Email",
];

export interface PageFlags {
  /** cf_{websiteId}_admin=true: open the owner test panel. */
  admin: boolean;
  /** cf_campaign_id: the CTA to force as a test popup. */
  campaign: number | null;
  /** iframe=true plus variant={id}: preview that variant. */
  preview: number | null;
  /** cfTime=true: print timings. */
  time: boolean;
  /** The first e-mail parameter present (raw; identify validates it). */
  email: string | null;
  utms: Record<string, string>;
}

const id = (v: string | null): number | null => (v && /^\d{1,12}$/.test(v) ? +v : null);

/** Reads the parameters of an address (bad addresses give no flags). */
export function readFlags(href: string, websiteId: number): PageFlags {
  let query: URLSearchParams;
  try {
    query = new URL(href).searchParams;
  } catch {
    query = new URLSearchParams();
  }
  const utms: Record<string, string> = {};
  for (const key of UTM_KEYS) {
    const value = query.get(key);
    if (value) utms[key] = cut(value, 500);
  }
  const mail = EMAIL_PARAMS.map((k) => query.get(k)).find((v) => v);
  return {
    admin: query.get(`cf_${websiteId}_admin`) === "true",
    campaign: id(query.get("cf_campaign_id")),
    preview: query.get("iframe") === "true" ? id(query.get("variant") ?? query.get("variant_id")) : null,
    time: query.get("cfTime") === "true",
    // A "+" in an address reads back as a space.
    email: mail ? mail.trim().replace(/ /g, "+") : null,
    utms,
  };
}
