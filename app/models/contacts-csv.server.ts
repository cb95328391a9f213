/** The contacts list as CSV: the people matching a search and filters, one row each. */
import type { Db } from "#app/db.server";
import { answerText } from "#app/view/answer-text";
import { csvFileName, toCsv } from "#app/view/csv";
import { asRecord, hasOwnKey } from "#contract/json-record";
import { latestCtas, matchingContactIds, type ContactFilters } from "./contact-list.server";
import { ACTIVE_MEMBER } from "./mailing-list.server";

/** Most contacts one CSV export holds. */
export const CSV_EXPORT_LIMIT = 100_000;

const CSV_PROFILE_COLUMNS = [
  "id",
  "email",
  "phone",
  "name",
  "last_name",
  "company_name",
  "company_title",
  "website",
  "address",
  "city",
  "state",
  "zip_code",
  "country",
  "marketing_consent",
  "privacy_consent",
  "sms_consent",
  "contact_since",
  "cta",
  "lists",
  "tags",
  "landing_page",
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "utm_term",
  "utm_content",
  "lead_value",
] as const;

/**
 * The contacts matching a search and filters as CSV, newest first: profile
 * columns, then one column per custom answer (answer:<slug>), UTF-8 with a
 * BOM so spreadsheets show å, ä and ö.
 */
export async function contactsCsv(
  db: Db,
  websiteId: number,
  options: { query?: string | null; filters?: ContactFilters } = {},
): Promise<{ csv: string; count: number }> {
  const ids = await matchingContactIds(db, websiteId, { ...options, limit: CSV_EXPORT_LIMIT });
  const rows: unknown[][] = [];
  const answerKeys = new Set<string>();
  const people: Awaited<ReturnType<typeof loadChunk>> = [];
  for (let i = 0; i < ids.length; i += 500) people.push(...(await loadChunk(db, websiteId, ids.slice(i, i + 500))));
  const byId = new Map(people.map((p) => [p.id, p]));
  for (const person of people) for (const key of Object.keys(asRecord(person.extra))) answerKeys.add(key);
  const ctas = new Map<number, { id: number; name: string | null }>();
  for (let i = 0; i < ids.length; i += 500) {
    for (const [personId, cta] of await latestCtas(db, websiteId, ids.slice(i, i + 500))) ctas.set(personId, cta);
  }
  const keys = [...answerKeys].sort();
  for (const id of ids) {
    const person = byId.get(id);
    if (!person) continue;
    const cta = ctas.get(person.id);
    const data = asRecord(person.data);
    const extra = asRecord(person.extra);
    rows.push([
      person.id,
      person.email,
      person.phone,
      person.name,
      person.lastName,
      person.companyName,
      person.companyTitle,
      person.website,
      person.address,
      person.city,
      person.state,
      person.zipCode,
      person.country,
      person.marketingConsent,
      person.privacyConsent,
      person.smsConsent,
      (person.contactSince ?? person.createdAt).toISOString(),
      cta ? (cta.name ?? `CTA ${cta.id}`) : null,
      person.lists.map((m) => m.list.name).join("; "),
      Array.isArray(data.tags) ? data.tags.map(String).join("; ") : "",
      person.landingPage,
      person.utmSource,
      person.utmMedium,
      person.utmCampaign,
      person.utmTerm,
      person.utmContent,
      person.leadValue,
      // A number answer stays a number, so the CSV neither quotes nor neutralises it (-5 is no formula).
      // Own answers only: another contact's "toString" answer is no column of this one's.
      ...keys.map((k) =>
        hasOwnKey(extra, k) ? (typeof extra[k] === "number" ? extra[k] : answerText(extra[k])) : null,
      ),
    ]);
  }
  return {
    csv: toCsv([...CSV_PROFILE_COLUMNS, ...keys.map((k) => `answer:${k}`)], rows, { bom: true }),
    count: rows.length,
  };
}

function loadChunk(db: Db, websiteId: number, ids: number[]) {
  return db.person.findMany({
    where: { websiteId, id: { in: ids } },
    include: { lists: { where: ACTIVE_MEMBER, include: { list: { select: { name: true } } } } },
  });
}

/** The download name of a website's contacts export, e.g. contacts-saljakademin-2026-01-05.csv. */
export function contactsCsvName(websiteName: string, now = new Date()): string {
  return csvFileName("contacts", websiteName, now.toISOString().slice(0, 10));
}
