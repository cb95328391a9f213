/**
 * The reference host site (SPEC section 1): Säljakademin, a Swedish
 * sales-training business whose page-builder marketing site shows 17 CTAs —
 * a newsletter footer, e-book and landing-page forms per topic, webinar bars,
 * an opt-out form and an exit popup — and feeds mailing lists 1, 2, 3, 7, 11,
 * 13 and 16. This module holds its owner, settings, lists, site conditions
 * and broadcasts; the CTAs themselves are in saljakademin-ctas.ts.
 */
import type { z } from "zod";
import type { conditionSchema } from "#contract/schema/condition";
import type { websiteSettingsSchema } from "#contract/schema/website";
import type { BroadcastInput } from "#app/models/broadcast.server";

export { SALJAKADEMIN_OWNER } from "./demo-owners";

export const TIMEZONE = "Europe/Stockholm";

export const MARKETING_CONSENT =
  "Ja, jag vill få nyhetsbrev, säljtips och erbjudanden från Säljakademin via e-post. Jag kan när som helst återkalla mitt samtycke.";
export const SMS_CONSENT =
  "Ja, jag vill få påminnelser och erbjudanden från Säljakademin via sms. Svara STOPP för att avsluta.";

export const saljakademinSettings: z.input<typeof websiteSettingsSchema> = {
  name: "Säljakademin",
  // The demo serves the site locally; the real site would be https://www.saljakademin.se.
  domain: "http://localhost",
  currency: "SEK",
  currency_character: "kr",
  default_country: "SE",
  language: "sv",
  business_type: "services",
  privacy_message:
    "Vi behandlar dina personuppgifter enligt dataskyddsförordningen (GDPR) för att skicka det du ber om. Läs mer i vår integritetspolicy.",
  // The demo site's own pages, as paths: right on whatever host and port the demo is served.
  privacy_link: "/demo/sv/integritetspolicy",
  privacy_link_text: "Integritetspolicy",
  terms_link: "/demo/sv/anvandarvillkor",
  terms_link_text: "Användarvillkor",
  marketing_consent: MARKETING_CONSENT,
  sms_consent: SMS_CONSENT,
  brand: "Säljakademin",
  brand_style: { font: "Inter", "border-radius": 6 },
  brand_colors: { primary: "#0b3d91", secondary: "#f2a900", text: "#1d2530", background: "#ffffff" },
  powered_by: true,
  url_identification: true,
  // SPEC section 5: form tracking on the host site picks up name, e-mail, phone and website fields.
  form_tracking: true,
  data_settings: { "contact-processing": true, "cart-value-threshold": 500, currency: "SEK" },
};

/** The sender of the e-mails the built-in lists send (the demo's local mail server takes any). */
export const SALJAKADEMIN_EMAIL_FROM = "Säljakademin <info@saljakademin.se>";

/**
 * The built-in lists, by the ids the site's forms use. The newsletter asks
 * new subscribers to confirm (its thank-you says so: "Bekräfta din
 * prenumeration via länken").
 */
export const SALJAKADEMIN_LISTS = [
  { listId: "1", name: "Nyhetsbrev", requireConfirmation: true },
  { listId: "2", name: "E-bok: Säljteknik" },
  { listId: "3", name: "E-bok: Prospektering" },
  { listId: "7", name: "E-bok: Förhandlingsteknik" },
  { listId: "11", name: "E-bok: Säljledning" },
  { listId: "13", name: "Webbinarier" },
  { listId: "16", name: "Intresseanmälan: Utbildningar" },
] as const;

/** Where the demo site serves the webinar's landing page, which the webinar bars point to. */
export const WEBINAR_PAGE = "/demo/sv/webbinarium";

/** Never show CTAs inside the page builder's own admin. */
export const SALJAKADEMIN_SITE_CONDITIONS: z.input<typeof conditionSchema>[] = [
  { condition_type: "url", url: "/wp-admin", data: { match: "not_contains" } },
];

/** The moment (ISO 8601 with the Stockholm offset of that day) at hh:mm local time, `days` after `from`. */
function stockholmAt(from: Date, days: number, hhmm: string): string {
  const day = new Date(from.getTime() + days * 86_400_000);
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone: TIMEZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    timeZoneName: "longOffset",
  }).formatToParts(day);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  const offset = part("timeZoneName").replace("GMT", "") || "+00:00";
  return `${part("year")}-${part("month")}-${part("day")}T${hhmm}:00${offset}`;
}

/**
 * The next webinar, two weeks after seeding: the timed broadcast and the
 * countdowns are relative to the seed so the demo is always mid-campaign.
 */
export function webinarStart(now: Date): string {
  return stockholmAt(now, 14, "09:00");
}

export type SaljakademinBroadcast = "webinarBlog" | "webinarCampaign" | "webinarCourses" | "exitPopup";

/** The site's broadcasts; each targets the CTAs that name it. */
export function saljakademinBroadcasts(now: Date): Record<SaljakademinBroadcast, BroadcastInput> {
  return {
    webinarBlog: {
      name: "Webbinarium – bloggen",
      conditions: [
        { condition_type: "category", tag_id: "blogg" },
        { condition_type: "url", operator: "or", url: "/blogg", data: { match: "contains" } },
      ],
    },
    webinarCampaign: {
      name: "Webbinarium – kampanjperiod",
      timezone: TIMEZONE,
      timeframe: true,
      range_start: new Date(now.getTime() - 86_400_000).toISOString(),
      range_end: new Date(webinarStart(now)).toISOString(),
      conditions: [
        { condition_type: "url", url: "/webbinarium", data: { match: "not_contains" } },
        { condition_type: "url", url: "/avregistrering", data: { match: "not_contains" } },
      ],
    },
    webinarCourses: {
      name: "Webbinarium – utbildningssidor",
      conditions: [{ condition_type: "url", url: "/utbildningar", data: { match: "contains" } }],
    },
    exitPopup: {
      name: "Exit popup – alla sidor utom kassan",
      conditions: [
        { condition_type: "url", url: "/kassan", data: { match: "not_contains" } },
        { condition_type: "url", url: "/avregistrering", data: { match: "not_contains" } },
      ],
    },
  };
}
