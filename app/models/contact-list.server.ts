/**
 * The contacts list owners see (standalone admin and the Shopify admin): a
 * website's contacts, newest first, 50 a page, with a search on e-mail and
 * name that ignores case the same way on SQLite and PostgreSQL.
 */
import type { Db } from "../db.server";

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
export function matchesTerms(person: { email: string | null; name: string | null; lastName: string | null }, terms: string[]): boolean {
  const haystacks = [person.email, person.name, person.lastName].filter((v): v is string => !!v).map((v) => v.toLowerCase());
  return terms.every((t) => haystacks.some((h) => h.includes(t)));
}

type Provider = "sqlite" | "postgresql" | "unknown";

function providerOf(db: Db): Provider {
  const p = (db as unknown as { _activeProvider?: unknown })._activeProvider;
  return p === "sqlite" || p === "postgresql" ? p : "unknown";
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

function clampPage(page: number | undefined, pageCount: number): number {
  const n = Number.isFinite(page) ? Math.floor(page as number) : 1;
  return Math.min(Math.max(1, n), pageCount);
}

/** A page of a website's contacts, newest first, optionally filtered by a search on e-mail and name. */
export async function listContacts(db: Db, websiteId: number, options: ListContactsOptions = {}): Promise<ContactPage> {
  const base = { websiteId, personType: "Contact" };
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
    const provider = providerOf(db);
    const narrowing = terms.map((t) => prefilter(t, provider)).filter((c): c is object => c !== null);
    const candidates = await db.person.findMany({
      where: { ...base, ...(narrowing.length ? { AND: narrowing } : {}) },
      select: { id: true, email: true, name: true, lastName: true },
      orderBy: ORDER,
    });
    const matching = candidates.filter((c) => matchesTerms(c, terms)).map((c) => c.id);
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
        ? await db.person.findMany({ where: { ...base, id: { in: pageIds } }, select: ROW_SELECT, orderBy: ORDER })
        : [];

  const ctaOf = await latestCtas(
    db,
    websiteId,
    people.map((p) => p.id),
  );

  const contacts: ContactRow[] = people.map((p) => {
    const cta = ctaOf.get(p.id);
    return {
      id: p.id,
      email: p.email,
      name: p.name,
      lastName: p.lastName,
      phone: p.phone,
      marketingConsent: p.marketingConsent,
      privacyConsent: p.privacyConsent,
      smsConsent: p.smsConsent,
      contactSince: (p.contactSince ?? p.createdAt).toISOString(),
      createdAt: p.createdAt.toISOString(),
      ctaId: cta?.id ?? null,
      ctaName: cta?.name ?? null,
    };
  });
  return { contacts, total, page, pageCount };
}

/** For each person, the CTA named by their latest submission (and its name, when it still exists). */
async function latestCtas(db: Db, websiteId: number, personIds: number[]): Promise<Map<number, { id: number; name: string | null }>> {
  const result = new Map<number, { id: number; name: string | null }>();
  if (personIds.length === 0) return result;
  const submissions = await db.contactSubmission.findMany({
    where: { websiteId, personId: { in: personIds } },
    select: { personId: true, ctaId: true, contactableType: true, contactableId: true },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  const latest = new Map<number, number | null>();
  for (const s of submissions) {
    if (latest.has(s.personId)) continue;
    latest.set(s.personId, s.ctaId ?? (s.contactableType === "Cta" ? s.contactableId : null));
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
