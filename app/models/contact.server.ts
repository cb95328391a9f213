/**
 * Contact submissions (SPEC section 3 Contact payload): a visitor becomes a
 * contact, the payload is kept as it arrived, and the profile fields are
 * updated. Idempotent by the widget's submission id.
 */
import type { Db } from "#app/db.server";
import type { ContactInput } from "#contract/schema/public-api";
import { isUniqueViolation } from "#app/db/db-errors.server";
import { findOrCreatePerson } from "./person.server";
import { asRecord } from "#contract/json-record";
import { foreignCtaRefs } from "./ownership.server";
import { InputError } from "#app/server/input-error";
import { syncSubmission } from "./lead-sync.server";
import { queueLeadMagnet } from "./email/lead-magnet.server";
import { companyForEmail } from "#app/integrations/company.server";
import { codeForLead, codeProperties } from "./discount-codes/lead-code.server";
import { OUTCOME_FIELD } from "#contract/schema/quiz-choices";
import { MAX_OUTCOME_TITLE } from "#contract/schema/quiz-outcomes";

export interface CreateContactResult {
  personId: number;
  submissionId: number;
  duplicate: boolean;
}

/** Profile columns a submission may set, keyed by payload name. */
const PROFILE_FIELDS = {
  email: "email",
  phone: "phone",
  name: "name",
  last_name: "lastName",
  website: "website",
  company_name: "companyName",
  company_title: "companyTitle",
  city: "city",
  country: "country",
  address: "address",
  state: "state",
  zip_code: "zipCode",
} as const;

/** The outcome title a quiz's submission carries (SPEC-shaped extra.quiz_outcome), bounded; null for anything else. */
function quizOutcomeOf(contact: ContactInput): string | null {
  const value = contact.contactable_type === "Cta" ? contact.extra?.[OUTCOME_FIELD] : undefined;
  return typeof value == "string" && value.trim() ? value.trim().slice(0, MAX_OUTCOME_TITLE) : null;
}

/** Stores a contact submission and updates the person it came from. */
export async function createContact(db: Db, websiteId: number, contact: ContactInput): Promise<CreateContactResult> {
  const foreign = await foreignCtaRefs(db, websiteId, [contact]);
  if (foreign.size) {
    const field = foreign.get(0)!;
    throw new InputError(`${field} does not belong to this website`, `contact.${field}`);
  }
  const previous = await db.contactSubmission.findUnique({
    where: { websiteId_clientId: { websiteId, clientId: contact.id } },
  });
  if (previous) return { personId: previous.personId, submissionId: previous.id, duplicate: true };

  const person = await findOrCreatePerson(db, websiteId, contact.visitor_token);
  const profile: Record<string, string> = {};
  for (const [key, column] of Object.entries(PROFILE_FIELDS)) {
    const value = contact[key as keyof typeof PROFILE_FIELDS];
    if (typeof value === "string" && value.trim() !== "") profile[column] = value.trim();
  }
  const consents: Record<string, boolean> = {};
  if (typeof contact.marketing_consent === "boolean") consents.marketingConsent = contact.marketing_consent;
  if (typeof contact.privacy_consent === "boolean") consents.privacyConsent = contact.privacy_consent;
  if (typeof contact.sms_consent === "boolean") consents.smsConsent = contact.sms_consent;
  const becomesContact = Boolean(profile.email || profile.phone);
  const { id: _clientId, visitor_token: _token, ...payload } = contact;

  // Company data from a business address fills only what the visitor left empty.
  const company = profile.email ? await companyForEmail(profile.email) : null;
  const enrichment: Record<string, string> = {};
  if (company && !person.companyName && !profile.companyName) enrichment.companyName = company.name;
  if (company && !person.website && !profile.website) enrichment.website = company.website;
  const personData =
    company && !asRecord(person.data).company
      ? { ...asRecord(person.data), company: { ...company, enriched_at: new Date().toISOString() } }
      : null;
  const ctaId = contact.cta_id ?? (contact.contactable_type === "Cta" ? (contact.contactable_id ?? null) : null);
  // Outside the transaction: a claimed code is the person's even if the rest fails, and a retry gets the same one.
  const code = becomesContact
    ? await codeForLead(db, { websiteId, ctaId, personId: person.id, variantId: contact.variant_id })
    : null;
  const extra = { ...(contact.extra ?? {}), ...(code ? codeProperties(code) : {}) };
  const profileChanged =
    Object.keys(profile).length > 0 || Object.keys(consents).length > 0 || Object.keys(extra).length > 0;

  try {
    const submission = await db.$transaction(async (tx) => {
      const created = await tx.contactSubmission.create({
        data: {
          websiteId,
          clientId: contact.id,
          personId: person.id,
          email: profile.email ?? null,
          phone: profile.phone ?? null,
          contactableType: contact.contactable_type ?? null,
          contactableId: contact.contactable_id ?? null,
          ctaId,
          variantId: contact.variant_id ?? null,
          stepId: contact.step_id ?? null,
          elementId: contact.element_id ?? null,
          broadcastId: contact.broadcast_id ?? null,
          sourceUrl: contact.source_url ?? contact.url ?? null,
          payload: payload as object,
          quizOutcome: quizOutcomeOf(contact),
        },
      });
      const updated = await tx.person.update({
        where: { id: person.id },
        data: {
          ...enrichment,
          ...profile,
          ...consents,
          extra: { ...asRecord(person.extra), ...extra } as object,
          ...(personData ? { data: personData as object } : {}),
          ...(becomesContact ? { personType: "Contact", contactSince: person.contactSince ?? new Date() } : {}),
        },
      });
      // Mailing-list actions: built-in lists change here, outside tools get
      // outbox jobs, all in this transaction so a lead and its syncs are
      // stored together or not at all.
      const website = await tx.website.findUnique({ where: { id: websiteId }, select: { defaultCountry: true } });
      await syncSubmission(tx, {
        websiteId,
        person: updated,
        clientId: contact.id,
        elementId: contact.element_id,
        actionGroupIds: contact.action_groups,
        profileChanged,
        sourceUrl: contact.source_url ?? contact.url ?? null,
        defaultCountry: website?.defaultCountry,
        ctaId: created.ctaId,
      });
      // After the list actions: a magnet waits for a confirmation they made pending.
      await queueLeadMagnet(tx, {
        websiteId,
        personId: updated.id,
        email: updated.email,
        elementId: contact.element_id,
        clientId: contact.id,
      });
      return created;
    });
    return { personId: person.id, submissionId: submission.id, duplicate: false };
  } catch (error) {
    // The same submission raced in twice (a retry while the first was in flight).
    if (isUniqueViolation(error)) {
      const stored = await db.contactSubmission.findUnique({
        where: { websiteId_clientId: { websiteId, clientId: contact.id } },
      });
      if (stored) return { personId: stored.personId, submissionId: stored.id, duplicate: true };
    }
    throw error;
  }
}
