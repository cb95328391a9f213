/**
 * The widget's catalogues (DESIGN "Words are data"). Server code picks the
 * catalogue of a website's language (or a CTA's override) and puts it in the
 * config the widget receives, so the browser only ever downloads the words it
 * shows; the widget itself imports only the types.
 */
import { en, type WidgetTexts } from "./en";
import { sv } from "./sv";
import { hasOwnKey } from "#contract/json-record";

export type { WidgetTexts } from "./en";

/** The languages Beckon speaks, the first being the fallback. */
export const LANGUAGES = ["en", "sv"] as const;
export type Language = (typeof LANGUAGES)[number];

/** Names of the languages in themselves, for pickers. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: "English", sv: "Svenska" };

const CATALOGUES: Record<Language, WidgetTexts> = { en, sv };

/** Whether a value names a language Beckon has a catalogue for. */
export const isLanguage = (v: unknown): v is Language =>
  typeof v == "string" && (LANGUAGES as readonly string[]).includes(v);

/** The catalogue of a language; a key a catalogue lacks falls back to English, an unknown language to English. */
export function widgetCatalogue(lang: unknown): WidgetTexts {
  return isLanguage(lang) && lang !== "en" ? { ...en, ...CATALOGUES[lang] } : en;
}

/** A text with its {name}s filled; a placeholder without a value of its own (none from the prototype) stays as written. */
export function fillPlaceholders(text: string, values: Record<string, string | number> = {}): string {
  return text.replace(/\{(\w+)\}/g, (m, k: string) => (hasOwnKey(values, k) ? String(values[k]) : m));
}

/** The placeholders ({0}, {n} ...) of a text, sorted: translations must keep the same ones. */
export const placeholdersOf = (s: string): string[] => (s.match(/\{\w+\}/g) ?? []).sort();
