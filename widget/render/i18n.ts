/**
 * Accessible labels in the site's language: Swedish on Swedish sites (SPEC 8
 * lists the Swedish carousel labels), English elsewhere. Only the frame's
 * labels live here; lazily loaded elements carry their own (carousel, timer,
 * progress, video). Form messages stay in English (form-logic.ts MESSAGES):
 * SPEC 5 and 8 give them in English for every site, the Swedish one included.
 */
import type { PublicWebsiteConfig } from "../../app/lib/schema/public-config";

export type Lang = "en" | "sv";

const EN = { lang: "en" as Lang, close: "Close", open: "Open", poweredBy: "Powered by Beckon", next: "Next" };
export type Labels = typeof EN;
const SV: Labels = { lang: "sv", close: "Stäng", open: "Öppna", poweredBy: "Drivs av Beckon", next: "Nästa" };

/** The labels for a website: the page's language when it declares one, else Swedish when the site's country is Sweden. */
export function labelsFor(config: Pick<PublicWebsiteConfig, "default_country">, doc?: Document): Labels {
  const lang = (doc?.documentElement.lang || "").toLowerCase();
  if (lang) return lang.startsWith("sv") ? SV : EN;
  return config.default_country === "SE" ? SV : EN;
}

/** Fills {name} placeholders. */
export const fill = (s: string, values: Record<string, string | number>) => s.replace(/\{(\w+)\}/g, (m, k) => (k in values ? String(values[k]) : m));
