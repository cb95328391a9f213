/**
 * Formatting for admin tables. Dates are shown in UTC from their ISO string so
 * the server's render and the browser's hydration always agree.
 */

/** "2026-01-05 14:03 UTC" from an ISO timestamp. */
export function formatUtcDateTime(iso: string): string {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(iso) ? `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC` : iso;
}

/** "Anna Svensson", or null when neither part is known. */
export function fullName(name: string | null, lastName: string | null): string | null {
  const joined = [name, lastName].filter((p) => p && p.trim() !== "").join(" ");
  return joined === "" ? null : joined;
}

/** "marketing yes, privacy yes, sms no"; consents never asked are left out. */
export function formatConsents(c: { marketingConsent: boolean | null; privacyConsent: boolean | null; smsConsent: boolean | null }): string | null {
  const parts = (
    [
      ["marketing", c.marketingConsent],
      ["privacy", c.privacyConsent],
      ["SMS", c.smsConsent],
    ] as const
  )
    .filter(([, v]) => v !== null)
    .map(([label, v]) => `${label} ${v ? "yes" : "no"}`);
  return parts.length ? parts.join(", ") : null;
}
