/**
 * Formatting for admin tables, in the owner's admin language. Dates are shown
 * in UTC, so the server's render and the browser's hydration always agree.
 */
import type { Translate } from "#app/i18n";
import { LOCALES } from "#app/i18n/locales";
import type { Language } from "#contract/i18n";

/** "Jan 5, 2026, 14:03 UTC" (sv: "5 jan. 2026 14:03 UTC") from an ISO timestamp; anything else is shown as given. */
export function formatUtcDateTime(iso: string, lang: Language): string {
  const date = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(iso) ? new Date(iso) : null;
  if (!date || Number.isNaN(date.getTime())) return iso;
  const text = new Intl.DateTimeFormat(LOCALES[lang] ?? LOCALES.en, {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: "UTC",
    hourCycle: "h23",
  }).format(date);
  return `${text} UTC`;
}

/** "marketing: yes, privacy: yes, SMS: no" in the admin language; consents never asked are left out. */
export function formatConsents(
  contact: { marketingConsent: boolean | null; privacyConsent: boolean | null; smsConsent: boolean | null },
  translate: Translate,
): string | null {
  const parts = (
    [
      ["format.consent.marketing", contact.marketingConsent],
      ["format.consent.privacy", contact.privacyConsent],
      ["format.consent.sms", contact.smsConsent],
    ] as const
  )
    .filter(([, v]) => v !== null)
    .map(([key, v]) => translate(v ? "format.consent.yes" : "format.consent.no", { consent: translate(key) }));
  return parts.length ? parts.join(", ") : null;
}
