/**
 * The contacts list owners see (standalone admin and the Shopify admin): a
 * website's contacts, newest first, 50 a page, with a search on e-mail and
 * name that ignores case the same way on SQLite and PostgreSQL, and filters
 * by capturing CTA, mailing list, date and consent.
 */
import type { Db, Prisma } from "#app/db.server";
import type { ConsentFilter, ContactFilters } from "#app/view/contact-query";
import { ACTIVE_MEMBER } from "./mailing-list.server";

export { CONSENT_FILTERS, contactQueryParams, hasFilters, parseContactQuery } from "#app/view/contact-query";
export type { ConsentFilter, ContactFilters, ContactQuery } from "#app/view/contact-query";

export const CONTACTS_PER_PAGE = 50;
const MAX_QUERY_LENGTH = 200;
const MAX_QUERY_TERMS = 6;

/** One contact as the list shows it. Dates are ISO strings so the row survives JSON. */
export interface ContactRow {
  id: number;
  email: string | null;
  name: string | null;
  lastName: string | null;
  phone: string | null;
  marketingConsent: boolean | null;
  privacyConsent: boolean | null;
  smsConsent: boolean | null;
  /** When the person became a contact (falls back to when the visitor was created). */
  contactSince: string;
  createdAt: string;
  /** The CTA of the person's latest submission, when it names one. */
  ctaId: number | null;
  ctaName: string | null;
}

export interface ContactPage {
  contacts: ContactRow[];
  total: number;
  page: number;
  pageCount: number;
}

export interface ListContactsOptions {
  page?: number;
  query?: string | null;
  filters?: ContactFilters;
}

const CONSENT_WHERE: Record<ConsentFilter, Prisma.PersonWhereInput> = {
  marketing: { marketingConsent: true },
  "no-marketing": { OR: [{ marketingConsent: false }, { marketingConsent: null }] },
  privacy: { privacyConsent: true },
  sms: { smsConsent: true },
};

/** People a tool was asked to subscribe to a list (payload.list_id), read in code so it works on both databases. */
async function toolSubscribers(db: Db, websiteId: number, integrationId: number, listId: string): Promise<number[]> {
  const jobs = await db.syncJob.findMany({
    where: { websiteId, integrationId, operation: "subscribe", status: { not: "failed" } },
    select: { personId: true, payload: true },
  });
  const ids = new Set<number>();
  for (const job of jobs) {
    const payload = job.payload && typeof job.payload === "object" ? (job.payload as Record<string, unknown>) : {};
    if (String(payload.list_id ?? "") === listId && job.personId !== null) ids.add(job.personId);
  }
  return [...ids];
}

/**
 * The database condition for a website's contacts under the filters. A CTA
 * or list of another website matches nobody: ids are always read within the
 * website.
 */
export async function contactWhere(
  db: Db,
  websiteId: number,
  filters: ContactFilters = {},
): Promise<Prisma.PersonWhereInput> {
  const and: Prisma.PersonWhereInput[] = [];
  if (filters.ctaId) {
    and.push({
      submissions: {
        some: {
          websiteId,
          OR: [{ ctaId: filters.ctaId }, { ctaId: null, contactableType: "Cta", contactableId: filters.ctaId }],
        },
      },
    });
  }
  if (filters.listId) {
    const list = await db.mailingList.findFirst({
      where: { id: filters.listId, websiteId },
      select: { id: true, listId: true, integrationId: true },
    });
    if (!list) return { websiteId, id: -1 };
    const viaTool = await toolSubscribers(db, websiteId, list.integrationId, list.listId);
    and.push({
      OR: [
        { lists: { some: { listId: list.id, ...ACTIVE_MEMBER } } },
        ...(viaTool.length ? [{ id: { in: viaTool } }] : []),
      ],
    });
  }
  if (filters.from || filters.to) {
    const range: { gte?: Date; lt?: Date } = {};
    if (filters.from) range.gte = new Date(`${filters.from}T00:00:00Z`);
    if (filters.to) range.lt = new Date(new Date(`${filters.to}T00:00:00Z`).getTime() + 24 * 60 * 60 * 1000);
    // contactSince is set when a visitor becomes a contact; older rows may lack it.
    and.push({ OR: [{ contactSince: range }, { contactSince: null, createdAt: range }] });
  }
  if (filters.consent) and.push(CONSENT_WHERE[filters.consent]);
  return { websiteId, personType: "Contact", ...(and.length ? { AND: and } : {}) };
}

const ORDER = [{ contactSince: { sort: "desc" as const, nulls: "last" as const } }, { id: "desc" as const }];

const ROW_SELECT = {
  id: true,
  email: true,
  name: true,
  lastName: true,
  phone: true,
  marketingConsent: true,
  privacyConsent: true,
  smsConsent: true,
  contactSince: true,
  createdAt: true,
} as const;

/** Splits a search into lower-cased words (at most a few, each bounded). */
export function searchTerms(query: string | null | undefined): string[] {
  if (!query) return [];
  return query
    .slice(0, MAX_QUERY_LENGTH)
    .trim()
    .toLowerCase()
    .split(/\s+/)
    .filter((t) => t !== "")
    .slice(0, MAX_QUERY_TERMS);
}

/** Whether every term appears in the e-mail, first name or last name (case-insensitive). */
export function matchesTerms(
  person: { email: string | null; name: string | null; lastName: string | null },
  terms: string[],
): boolean {
  const haystacks = [person.email, person.name, person.lastName]
    .filter((v): v is string => !!v)
    .map((v) => v.toLowerCase());
  return terms.every((t) => haystacks.some((h) => h.includes(t)));
}

type Provider = "sqlite" | "postgresql" | "unknown";

function providerOf(db: Db): Provider {
  const provider = (db as unknown as { _activeProvider?: unknown })._activeProvider;
  return provider === "sqlite" || provider === "postgresql" ? provider : "unknown";
}

/**
 * A database condition that keeps at least every person matching the term
 * (it may keep more; matchesTerms then decides exactly). PostgreSQL's
 * insensitive mode folds all letters. SQLite's LIKE folds only ASCII letters,
 * so there it narrows on the longest ASCII run of the term. LIKE wildcards
 * in a term only widen the match, which is safe for a superset.
 */
function prefilter(term: string, provider: Provider): object | null {
  if (provider === "postgresql") {
    return { OR: ["email", "name", "lastName"].map((f) => ({ [f]: { contains: term, mode: "insensitive" } })) };
  }
  if (provider === "sqlite") {
    const runs = term.match(/[\x20-\x7e]+/g) ?? [];
    const longest = runs.map((r) => r.replace(/[%_\\]/g, " ").trim()).sort((a, b) => b.length - a.length)[0];
    if (!longest) return null;
    const piece = longest.split(" ").sort((a, b) => b.length - a.length)[0];
    return { OR: ["email", "name", "lastName"].map((f) => ({ [f]: { contains: piece } })) };
  }
  return null;
}

/** The ids of the people within `base` that match every search term, newest first: the database narrows, matchesTerms decides. */
async function searchIds(db: Db, base: Prisma.PersonWhereInput, terms: string[]): Promise<number[]> {
  const provider = providerOf(db);
  const narrowing = terms.map((t) => prefilter(t, provider)).filter((c): c is object => c !== null);
  const candidates = await db.person.findMany({
    where: narrowing.length ? { AND: [base, ...(narrowing as Prisma.PersonWhereInput[])] } : base,
    select: { id: true, email: true, name: true, lastName: true },
    orderBy: ORDER,
  });
  return candidates.filter((c) => matchesTerms(c, terms)).map((c) => c.id);
}

function clampPage(page: number | undefined, pageCount: number): number {
  const requested = Number.isFinite(page) ? Math.floor(page as number) : 1;
  return Math.min(Math.max(1, requested), pageCount);
}

/** A page of a website's contacts, newest first, optionally filtered by a search on e-mail and name. */
export async function listContacts(db: Db, websiteId: number, options: ListContactsOptions = {}): Promise<ContactPage> {
  const base = await contactWhere(db, websiteId, options.filters);
  const terms = searchTerms(options.query);

  let total: number;
  let pageIds: number[] | null = null;
  let page: number;
  let pageCount: number;

  if (terms.length === 0) {
    total = await db.person.count({ where: base });
    pageCount = Math.max(1, Math.ceil(total / CONTACTS_PER_PAGE));
    page = clampPage(options.page, pageCount);
  } else {
    const matching = await searchIds(db, base, terms);
    total = matching.length;
    pageCount = Math.max(1, Math.ceil(total / CONTACTS_PER_PAGE));
    page = clampPage(options.page, pageCount);
    pageIds = matching.slice((page - 1) * CONTACTS_PER_PAGE, page * CONTACTS_PER_PAGE);
  }

  const people =
    pageIds === null
      ? await db.person.findMany({
          where: base,
          select: ROW_SELECT,
          orderBy: ORDER,
          skip: (page - 1) * CONTACTS_PER_PAGE,
          take: CONTACTS_PER_PAGE,
        })
      : pageIds.length
        ? await db.person.findMany({
            where: { AND: [base, { id: { in: pageIds } }] },
            select: ROW_SELECT,
            orderBy: ORDER,
          })
        : [];

  const ctaOf = await latestCtas(
    db,
    websiteId,
    people.map((p) => p.id),
  );

  const contacts: ContactRow[] = people.map((person) => {
    const cta = ctaOf.get(person.id);
    return {
      id: person.id,
      email: person.email,
      name: person.name,
      lastName: person.lastName,
      phone: person.phone,
      marketingConsent: person.marketingConsent,
      privacyConsent: person.privacyConsent,
      smsConsent: person.smsConsent,
      contactSince: (person.contactSince ?? person.createdAt).toISOString(),
      createdAt: person.createdAt.toISOString(),
      ctaId: cta?.id ?? null,
      ctaName: cta?.name ?? null,
    };
  });
  return { contacts, total, page, pageCount };
}

/**
 * The ids of every contact that matches a search and filters, newest first
 * (for the CSV export), at most `limit`.
 */
export async function matchingContactIds(
  db: Db,
  websiteId: number,
  options: { query?: string | null; filters?: ContactFilters; limit?: number } = {},
): Promise<number[]> {
  const base = await contactWhere(db, websiteId, options.filters);
  const terms = searchTerms(options.query);
  const limit = options.limit ?? 100_000;
  if (terms.length === 0) {
    return (await db.person.findMany({ where: base, select: { id: true }, orderBy: ORDER, take: limit })).map(
      (p) => p.id,
    );
  }
  return (await searchIds(db, base, terms)).slice(0, limit);
}

/** For each person, the CTA named by their latest submission (and its name, when it still exists). */
export async function latestCtas(
  db: Db,
  websiteId: number,
  personIds: number[],
): Promise<Map<number, { id: number; name: string | null }>> {
  const result = new Map<number, { id: number; name: string | null }>();
  if (personIds.length === 0) return result;
  const submissions = await db.contactSubmission.findMany({
    where: { websiteId, personId: { in: personIds } },
    select: { personId: true, ctaId: true, contactableType: true, contactableId: true },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  const latest = new Map<number, number | null>();
  for (const submission of submissions) {
    if (latest.has(submission.personId)) continue;
    latest.set(
      submission.personId,
      submission.ctaId ?? (submission.contactableType === "Cta" ? submission.contactableId : null),
    );
  }
  const ctaIds = [...new Set([...latest.values()].filter((v): v is number => v !== null))];
  const ctas = ctaIds.length
    ? await db.cta.findMany({ where: { websiteId, id: { in: ctaIds } }, select: { id: true, name: true } })
    : [];
  const names = new Map(ctas.map((c) => [c.id, c.name]));
  for (const [personId, ctaId] of latest) {
    if (ctaId !== null) result.set(personId, { id: ctaId, name: names.get(ctaId) ?? null });
  }
  return result;
}

/** What the filter pickers offer: the website's CTAs and mailing lists. */
export async function contactFilterOptions(db: Db, websiteId: number) {
  const [ctas, lists] = await Promise.all([
    db.cta.findMany({ where: { websiteId }, orderBy: { id: "asc" }, select: { id: true, name: true } }),
    db.mailingList.findMany({
      where: { websiteId },
      orderBy: [{ integrationId: "asc" }, { listId: "asc" }],
      select: { id: true, listId: true, name: true, integration: { select: { name: true } } },
    }),
  ]);
  return {
    ctas,
    lists: lists.map((l) => ({ id: l.id, listId: l.listId, name: l.name, integrationName: l.integration.name })),
  };
}
