/**
 * The admin's words (DESIGN "Words are data"): a catalogue per language and
 * a translator with English fallback. The language is the owner's choice
 * (a cookie the header's switch sets), else the browser's Accept-Language,
 * else English. Kept tiny on purpose: the admin needs lookup, placeholders
 * and fallback, not plural rules or lazy loading.
 */
import { en, type AdminKey, type AdminTexts } from "./en";
import { sv } from "./sv";
import { fillPlaceholders, isLanguage, LANGUAGES, type Language } from "#contract/i18n";

export type { AdminKey } from "./en";

const CATALOGUES: Record<Language, AdminTexts> = { en, sv };

/** The cookie that keeps the owner's admin language. */
export const ADMIN_LANGUAGE_COOKIE = "beckon_lang";

/** Looks a key up in a language, English when the language lacks it, filling {name} placeholders. */
export type Translate = (key: AdminKey, values?: Record<string, string | number>) => string;

/** A translator for one language. */
export function translator(lang: Language): Translate {
  const catalogue = CATALOGUES[lang] ?? en;
  return (key, values) => {
    const text = catalogue[key] ?? en[key] ?? key;
    return values ? fillPlaceholders(text, values) : text;
  };
}

/**
 * The text of a key built from data ("ctaType.value.boxed"), or `fallback`
 * when no catalogue has that key: a code the catalogue does not know yet is
 * shown as it is instead of as its key.
 */
export function textOr(t: Translate, key: string, fallback: string, values?: Record<string, string | number>): string {
  const text = t(key as AdminKey, values);
  return text === key ? fallback : text;
}

/** The first language of an Accept-Language header that the admin speaks, by quality. */
export function fromAcceptLanguage(header: string | null | undefined): Language | null {
  const ranked = (header ?? "")
    .split(",")
    .map((part, i) => {
      const [tag, ...params] = part.trim().split(";");
      const quality = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { lang: tag.trim().toLowerCase().split("-")[0], q: quality === undefined ? 1 : Number(quality), i };
    })
    .filter((x) => x.lang && x.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  return ranked.map((x) => x.lang).find(isLanguage) ?? null;
}

/** The admin language of a request: the owner's cookie, else Accept-Language, else English. */
export function adminLanguage(request: Request): Language {
  const cookie = request.headers.get("Cookie") ?? "";
  const chosen = new RegExp(`(?:^|;\\s*)${ADMIN_LANGUAGE_COOKIE}=([a-z]{2})`).exec(cookie)?.[1];
  if (isLanguage(chosen)) return chosen;
  return fromAcceptLanguage(request.headers.get("Accept-Language")) ?? "en";
}

/** Every language's admin catalogue (tests check they match). */
export const adminCatalogues = (): Record<Language, AdminTexts> => CATALOGUES;

export { LANGUAGES };
