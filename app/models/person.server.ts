/**
 * Visitors and contacts (SPEC section 3 Person). Every lookup is scoped by
 * website: a visitor token from one website never reads or changes another
 * website's person.
 */
import type { Db } from "#app/db.server";
import type { Person } from "#app/generated/prisma-sqlite";
import type { PublicPerson } from "#contract/schema/public-config";
import type { VisitorCreate } from "#contract/schema/public-api";
import { isDatabaseBusy, isUniqueViolation } from "#app/db/db-errors.server";
import { plainSqlOf } from "#app/db/plain-sql.server";
import { asRecord } from "#contract/json-record";
import { logger } from "#app/server/logger.server";
import { InputError } from "#app/server/input-error";
import { requirePublicWebsite } from "./website-access.server";

/**
 * The person id of each of a website's visitor tokens that it knows (event
 * ingestion's one lookup per batch). Plain SQL: Prisma's findMany costs
 * about 2 ms of CPU for this, the raw statement a tenth of that (on
 * PostgreSQL a prepared statement, plain-sql.server.ts).
 */
export async function personIdsByToken(
  db: Db,
  websiteId: number,
  tokens: readonly string[],
): Promise<Map<string, number>> {
  if (!tokens.length) return new Map();
  const postgres = (db as unknown as { _activeProvider?: string })._activeProvider === "postgresql";
  const rows = postgres
    ? await plainSqlOf(db)<{ id: number; visitorToken: string }>(
        `SELECT "id", "visitorToken" FROM "Person" WHERE "websiteId" = $1::integer AND "visitorToken" = ANY($2::text[])`,
        [websiteId, tokens],
        "beckon_person_ids_by_token",
      )
    : await db.$queryRawUnsafe<{ id: number | bigint; visitorToken: string }[]>(
        `SELECT "id", "visitorToken" FROM "Person" WHERE "websiteId" = ? AND "visitorToken" IN (${tokens.map(() => "?").join(",")})`,
        websiteId,
        ...tokens,
      );
  return new Map(rows.map((r) => [r.visitorToken, Number(r.id)]));
}

/** The widget's view of a person. */
/** A person's name, company and address under the field names of SPEC 7, as the widget and the e-mail tools read them. */
export function personProfileFields(person: Person) {
  return {
    name: person.name,
    last_name: person.lastName,
    company_name: person.companyName,
    company_title: person.companyTitle,
    website: person.website,
    city: person.city,
    state: person.state,
    country: person.country,
    zip_code: person.zipCode,
    address: person.address,
  };
}

export function toPublicPerson(person: Person): PublicPerson {
  return {
    visitor_token: person.visitorToken,
    person_type: person.personType === "Contact" ? "Contact" : "Visitor",
    contact_id: person.personType === "Contact" ? person.id : null,
    email: person.email,
    phone: person.phone,
    ...personProfileFields(person),
    extra: asRecord(person.extra),
    privacy_consent: person.privacyConsent,
    marketing_consent: person.marketingConsent,
    sms_consent: person.smsConsent,
    data: publicData(person.data),
    last_requested: person.lastRequested ? person.lastRequested.toISOString() : null,
  };
}

/**
 * person.data for the browser. Targeting-sync answers stored before they
 * became facts (no `facts: 2`, but an integration_id: the server wrote them)
 * may hold what a tool knew about an address the visitor only claimed, so
 * they are left out; the widget then syncs again and gets facts.
 */
function publicData(raw: unknown): Record<string, unknown> {
  const data = asRecord(raw);
  if (!data.integrations) return data;
  const integrations = Object.fromEntries(
    Object.entries(asRecord(data.integrations)).filter(
      ([, e]) => asRecord(e).facts === 2 || asRecord(e).integration_id === undefined,
    ),
  );
  return { ...data, integrations };
}

/** A website's person by visitor token, or null. */
export function findPerson(db: Db, websiteId: number, visitorToken: string): Promise<Person | null> {
  return db.person.findUnique({ where: { websiteId_visitorToken: { websiteId, visitorToken } } });
}

/**
 * The visitor a POST to /api/visitors/{visitor_token}/... writes to, or an
 * InputError: the body's token must be the address's (422), the website
 * public and the visitor known (404).
 */
export async function requireAddressedPerson(
  db: Db,
  body: { website_id: number; visitor_token: string },
  addressToken: string | undefined,
): Promise<Person> {
  if (body.visitor_token !== addressToken)
    throw new InputError("visitor_token does not match the address", "visitor_token");
  await requirePublicWebsite(db, body.website_id);
  const person = await findPerson(db, body.website_id, body.visitor_token);
  if (!person) throw new InputError("Unknown visitor", "visitor_token", 404);
  return person;
}

/**
 * Marks that the widget fetched this person (last_requested) and returns the
 * person as touched, without waiting for the write: a widget's read must not
 * wait for the write lock (a locked database would turn it into a 503).
 * Last-seen is bookkeeping: a touch that the lock or a deletion defeats is dropped.
 */
export function touchPersonInBackground(db: Db, person: Person): Person {
  const now = new Date();
  db.person.update({ where: { id: person.id }, data: { lastRequested: now } }).catch((e: unknown) => {
    if (!isDatabaseBusy(e) && (e as { code?: unknown })?.code !== "P2025")
      logger("person").error({ err: e }, "could not record a visitor's last request");
  });
  return { ...person, lastRequested: now };
}

/**
 * Creates a visitor, or returns the existing one when the token is already
 * known on this website (the widget may retry a create whose answer it
 * lost, and two tabs may create one at once). A new token is by far the
 * common case, so the insert comes first and the lookup only when the
 * token is taken: one query for a first visit, not two.
 */
export async function createVisitor(
  db: Db,
  websiteId: number,
  input: VisitorCreate,
): Promise<{ person: Person; created: boolean }> {
  const data = { ...(input.visitor.data ?? {}) };
  try {
    const person = await db.person.create({
      data: {
        websiteId,
        visitorToken: input.visitor.visitor_token,
        landingPage: input.visitor.landing_page ?? null,
        platform: input.visitor.platform || "Web",
        referralSource: input.visitor.referral_source ?? null,
        utmSource: input.utms?.utm_source ?? null,
        utmMedium: input.utms?.utm_medium ?? null,
        utmCampaign: input.utms?.utm_campaign ?? null,
        utmTerm: input.utms?.utm_term ?? null,
        utmContent: input.utms?.utm_content ?? null,
        lastRequested: new Date(),
        extra: {},
        data: data as object,
      },
    });
    return { person, created: true };
  } catch (error) {
    if (isUniqueViolation(error)) {
      const person = await findPerson(db, websiteId, input.visitor.visitor_token);
      if (person) return { person, created: false };
    }
    throw error;
  }
}

/**
 * Finds the person for a token, creating a bare visitor when the widget's
 * create never arrived (offline, then a queued submission): a lead is never
 * dropped for want of a visitor row.
 */
export async function findOrCreatePerson(db: Db, websiteId: number, visitorToken: string): Promise<Person> {
  const found = await findPerson(db, websiteId, visitorToken);
  if (found) return found;
  return (await createVisitor(db, websiteId, { visitor: { visitor_token: visitorToken } })).person;
}

/**
 * Stores what an integration's targeting sync returned under
 * data.integrations[type] with its last_sync time.
 */
export async function recordTargetingData(
  db: Db,
  person: Person,
  integrationType: string,
  targetingData: Record<string, unknown>,
): Promise<Person> {
  const data = asRecord(person.data);
  const integrations = asRecord(data.integrations);
  integrations[integrationType] = { data: targetingData, last_sync: new Date().toISOString() };
  return db.person.update({ where: { id: person.id }, data: { data: { ...data, integrations } as object } });
}

/** Stores third-party ids (analytics user ids) under data.uids. */
export async function recordUids(db: Db, person: Person, uids: Record<string, string>): Promise<Person> {
  const data = asRecord(person.data);
  return db.person.update({
    where: { id: person.id },
    data: { data: { ...data, uids: { ...asRecord(data.uids), ...uids } } as object },
  });
}

/** A website's visitors, newest first (owner-only list). */
export async function listVisitors(db: Db, websiteId: number, { page = 1, perPage = 50 } = {}) {
  const [rows, total] = await Promise.all([
    db.person.findMany({
      where: { websiteId },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: (page - 1) * perPage,
      take: perPage,
    }),
    db.person.count({ where: { websiteId } }),
  ]);
  return { visitors: rows.map(toPublicPerson), total, page, perPage };
}
