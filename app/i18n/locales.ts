/** The Intl locale of each admin language, for numbers and dates. */
import type { Language } from "#contract/i18n";

export const LOCALES: Record<Language, string> = { en: "en-US", sv: "sv-SE" };
