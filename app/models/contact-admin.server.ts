/**
 * One contact as its owner sees it (profile, answers, consents, submissions,
 * events, lists, syncs, orders). The CSV export of the contacts list is
 * contacts-csv.server.ts; access and erasure requests person-data.server.ts.
 * Every function takes the website id and never reaches a person of another
 * website, whatever id it is given.
 */
import type { Db } from "#app/db.server";
import { answerText } from "#app/view/answer-text";
import { fullName } from "#app/view/full-name";
import { syncStatusForPerson } from "./mailing-list.server";
import { loadAnswerLabels, type AnswerLabels } from "./answer-labels.server";
import { asRecord } from "#contract/json-record";

/** Events shown on the detail page (newest first); the JSON export has them all. */
export const DETAIL_EVENT_LIMIT = 200;

/** An answer: the field slug and stored value, with the question text and answer labels when the field is known. */
export interface Answer {
  key: string;
  value: string;
  question?: string | null;
  answer?: string | null;
}

/** An answer with its labels (see answer-labels.server.ts). */
function labelled(labels: AnswerLabels, elementId: number | null, key: string, value: unknown): Answer {
  const { question, answer } = labels.label(elementId, key, value);
  return { key, value: answerText(value), question, answer };
}

export interface ContactDetail {
  id: number;
  personType: string;
  visitorToken: string;
  email: string | null;
  phone: string | null;
  name: string | null;
  lastName: string | null;
  displayName: string;
  companyName: string | null;
  companyTitle: string | null;
  website: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
  country: string | null;
  landingPage: string | null;
  referralSource: string | null;
  platform: string;
  leadValue: number | null;
  utm: {
    source: string | null;
    medium: string | null;
    campaign: string | null;
    term: string | null;
    content: string | null;
  };
  consents: { marketing: boolean | null; privacy: boolean | null; sms: boolean | null };
  tags: string[];
  /** Custom answers (Person.extra), by field slug. */
  answers: Answer[];
  contactSince: string | null;
  createdAt: string;
  lastRequested: string | null;
  submissions: {
    id: number;
    createdAt: string;
    ctaId: number | null;
    ctaName: string | null;
    variant: string | null;
    sourceUrl: string | null;
    answers: Answer[];
    consents: { marketing: boolean | null; privacy: boolean | null; sms: boolean | null };
  }[];
  events: {
    id: number;
    createdAt: string;
    eventType: string;
    ctaId: number | null;
    ctaName: string | null;
    variant: string | null;
    url: string | null;
    revenue: number | null;
  }[];
  eventCount: number;
  lists: {
    id: number;
    listId: string;
    name: string;
    integrationName: string;
    subscribedAt: string;
    unsubscribedAt: string | null;
    /** pending: a double opt-in waiting for the click; confirmed: counts as subscribed. */
    status: string;
    /** Consent evidence of a double opt-in. */
    confirmedAt: string | null;
    confirmedIp: string | null;
  }[];
  syncs: {
    id: number;
    integrationName: string;
    integrationType: string;
    operation: string;
    listId: string | null;
    tag: string | null;
    status: string;
    attempts: number;
    lastError: string | null;
    updatedAt: string;
  }[];
  orders: { id: number; orderId: string; revenue: number; createdAt: string }[];
}

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

function booleanOrNull(v: unknown): boolean | null {
  return typeof v === "boolean" ? v : null;
}

/** Submission payload keys that are not answers (ids, consents, profile fields shown elsewhere). */
const NOT_ANSWERS = new Set([
  "extra",
  "marketing_consent",
  "privacy_consent",
  "sms_consent",
  "contactable_type",
  "contactable_id",
  "cta_id",
  "element_id",
  "variant_id",
  "step_id",
  "broadcast_id",
  "action_groups",
  "website_id",
  "source_url",
  "url",
  "recaptcha_token",
]);

function submissionAnswers(payload: unknown, labels: AnswerLabels, elementId: number | null): Answer[] {
  const record = asRecord(payload);
  const answers: Answer[] = [];
  for (const [key, value] of Object.entries(record)) {
    if (NOT_ANSWERS.has(key) || value === null || value === undefined || value === "") continue;
    answers.push(labelled(labels, elementId, key, value));
  }
  for (const [key, value] of Object.entries(asRecord(record.extra))) {
    if (value === null || value === undefined || value === "") continue;
    answers.push(labelled(labels, elementId, key, value));
  }
  return answers;
}

/** Names and variant letters for the CTA ids and variant ids a contact's rows point at (this website's only). */
async function ctaLabels(db: Db, websiteId: number, ctaIds: (number | null)[], variantIds: (number | null)[]) {
  const ids = [...new Set(ctaIds.filter((v): v is number => v !== null))];
  const vids = [...new Set(variantIds.filter((v): v is number => v !== null))];
  const [ctas, variants] = await Promise.all([
    ids.length ? db.cta.findMany({ where: { websiteId, id: { in: ids } }, select: { id: true, name: true } }) : [],
    vids.length
      ? db.ctaVariant.findMany({
          where: { id: { in: vids }, cta: { websiteId } },
          select: { id: true, variation: true },
        })
      : [],
  ]);
  return {
    ctaName: new Map(ctas.map((c) => [c.id, c.name])),
    letter: new Map(variants.map((v) => [v.id, v.variation])),
  };
}

/** A contact (or visitor) of the website with everything the detail page shows; null when not this website's. */
export async function contactDetail(db: Db, websiteId: number, personId: number): Promise<ContactDetail | null> {
  if (!Number.isSafeInteger(personId)) return null;
  const person = await db.person.findFirst({ where: { id: personId, websiteId } });
  if (!person) return null;
  const eventWhere = {
    websiteId,
    OR: [{ personId: person.id }, { personId: null, visitorToken: person.visitorToken }],
  };
  const [submissions, events, eventCount, memberships, syncs, orders] = await Promise.all([
    db.contactSubmission.findMany({
      where: { websiteId, personId: person.id },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: 200,
    }),
    db.trackedEvent.findMany({
      where: eventWhere,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: DETAIL_EVENT_LIMIT,
    }),
    db.trackedEvent.count({ where: eventWhere }),
    db.mailingListMembership.findMany({
      where: { personId: person.id, list: { websiteId } },
      include: { list: { include: { integration: { select: { name: true } } } } },
      orderBy: { subscribedAt: "desc" },
    }),
    syncStatusForPerson(db, person.id),
    db.order.findMany({ where: { websiteId, personId: person.id }, orderBy: { createdAt: "desc" } }),
  ]);
  const submissionCta = (s: (typeof submissions)[number]) =>
    s.ctaId ?? (s.contactableType === "Cta" ? s.contactableId : null);
  const labels = await ctaLabels(
    db,
    websiteId,
    [...submissions.map(submissionCta), ...events.map((e) => e.ctaId)],
    [...submissions.map((s) => s.variantId), ...events.map((e) => e.variantId)],
  );
  const answerLabels = await loadAnswerLabels(db, websiteId);
  const data = asRecord(person.data);
  return {
    id: person.id,
    personType: person.personType,
    visitorToken: person.visitorToken,
    email: person.email,
    phone: person.phone,
    name: person.name,
    lastName: person.lastName,
    displayName: fullName(person.name, person.lastName) ?? person.email ?? person.phone ?? `Contact ${person.id}`,
    companyName: person.companyName,
    companyTitle: person.companyTitle,
    website: person.website,
    address: person.address,
    city: person.city,
    state: person.state,
    zipCode: person.zipCode,
    country: person.country,
    landingPage: person.landingPage,
    referralSource: person.referralSource,
    platform: person.platform,
    leadValue: person.leadValue,
    utm: {
      source: person.utmSource,
      medium: person.utmMedium,
      campaign: person.utmCampaign,
      term: person.utmTerm,
      content: person.utmContent,
    },
    consents: { marketing: person.marketingConsent, privacy: person.privacyConsent, sms: person.smsConsent },
    tags: Array.isArray(data.tags) ? data.tags.map(String) : [],
    answers: Object.entries(asRecord(person.extra))
      .filter(([, v]) => v !== null && v !== undefined && v !== "")
      .map(([key, value]) => labelled(answerLabels, null, key, value)),
    contactSince: iso(person.contactSince),
    createdAt: person.createdAt.toISOString(),
    lastRequested: iso(person.lastRequested),
    submissions: submissions.map((submission) => {
      const ctaId = submissionCta(submission);
      const payload = asRecord(submission.payload);
      return {
        id: submission.id,
        createdAt: submission.createdAt.toISOString(),
        ctaId,
        ctaName: ctaId !== null ? (labels.ctaName.get(ctaId) ?? null) : null,
        variant: submission.variantId !== null ? (labels.letter.get(submission.variantId) ?? null) : null,
        sourceUrl: submission.sourceUrl,
        answers: submissionAnswers(submission.payload, answerLabels, submission.elementId),
        consents: {
          marketing: booleanOrNull(payload.marketing_consent),
          privacy: booleanOrNull(payload.privacy_consent),
          sms: booleanOrNull(payload.sms_consent),
        },
      };
    }),
    events: events.map((event) => ({
      id: event.id,
      createdAt: event.createdAt.toISOString(),
      eventType: event.eventType,
      ctaId: event.ctaId,
      ctaName: event.ctaId !== null ? (labels.ctaName.get(event.ctaId) ?? null) : null,
      variant: event.variantId !== null ? (labels.letter.get(event.variantId) ?? null) : null,
      url: event.url,
      revenue: event.revenue,
    })),
    eventCount,
    lists: memberships.map((membership) => ({
      id: membership.list.id,
      listId: membership.list.listId,
      name: membership.list.name,
      integrationName: membership.list.integration.name,
      subscribedAt: membership.subscribedAt.toISOString(),
      unsubscribedAt: iso(membership.unsubscribedAt),
      status: membership.status,
      confirmedAt: iso(membership.confirmedAt),
      confirmedIp: membership.confirmedIp,
    })),
    syncs: syncs.map((job) => ({
      id: job.id,
      integrationName: job.integrationName,
      integrationType: job.integrationType,
      operation: job.operation,
      listId: job.listId,
      tag: job.tag,
      status: job.status,
      attempts: job.attempts,
      lastError: job.lastError,
      updatedAt: (job.completedAt ?? job.createdAt).toISOString(),
    })),
    orders: orders.map((order) => ({
      id: order.id,
      orderId: order.orderId,
      revenue: order.revenue,
      createdAt: order.createdAt.toISOString(),
    })),
  };
}
