/**
 * What a submission sets in motion for mailing lists: the element's actions
 * (and those of the action groups that fired) of list and tag types. Built-in
 * lists are changed at once; outside tools get one outbox job per action,
 * plus a profile update per connected tool, all inside the submission's
 * transaction. Idempotency keys come from the submission's client id, so a
 * resent submission queues nothing new.
 */
import { parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js";
import type { Prisma, Person } from "#app/generated/prisma-sqlite";
import { asRecord, emptyRecord } from "#contract/json-record";
import { applyBuiltinAction } from "./builtin-lists.server";
import { personProfileFields } from "./person.server";
import { isProviderType } from "#app/integrations/mailing/registry.server";
import type { SyncOperation, SyncPayload } from "#app/integrations/mailing/types";
import { enqueueSyncJob } from "#app/integrations/outbox.server";
import { normalizeEmail } from "#app/server/identity-token.server";
import { queueShopifyCustomer } from "./shopify-customer-sync.server";

/** Action types that touch mailing lists or tags. */
export const LIST_ACTION_TYPES = [
  "subscribe_list",
  "unsubscribe_list",
  "add_list_tag",
  "remove_list_tag",
  "add_tag",
  "remove_tag",
] as const;

const OPERATION: Record<string, SyncOperation> = {
  subscribe_list: "subscribe",
  unsubscribe_list: "unsubscribe",
  add_list_tag: "add_tag",
  add_tag: "add_tag",
  remove_list_tag: "remove_tag",
  remove_tag: "remove_tag",
};

export interface SubmissionSyncInput {
  websiteId: number;
  /** The person as updated by the submission. */
  person: Person;
  /** The widget's id of the submission (ContactSubmission.clientId). */
  clientId: string;
  elementId: number | null | undefined;
  actionGroupIds: number[] | undefined;
  /** Whether the submission set profile fields, consents or answers. */
  profileChanged: boolean;
  sourceUrl: string | null | undefined;
  defaultCountry?: string;
  /** The CTA the submission came from (its tag on a Shopify customer). */
  ctaId?: number | null;
  now?: Date;
}

export interface SubmissionSyncResult {
  builtin: string[];
  jobs: number;
}

/** Formats a phone as E.164 when it parses (tools such as Klaviyo reject anything else). */
export function toE164(phone: string | null | undefined, defaultCountry = "US"): string | null {
  if (!phone) return null;
  try {
    const parsed = parsePhoneNumberFromString(phone, defaultCountry.toUpperCase() as CountryCode);
    if (parsed?.isValid()) return parsed.number;
  } catch {
    /* fall through to the raw value */
  }
  return phone;
}

/** The payload snapshot sent to tools for a person. */
export function payloadForPerson(person: Person, extra: Partial<SyncPayload> = {}, defaultCountry = "US"): SyncPayload {
  // Keyed by the visitor's answer slugs: an answer named "__proto__" is sent as one, not swallowed.
  const properties = emptyRecord<string | number | boolean>();
  for (const [key, value] of Object.entries(asRecord(person.extra))) {
    if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") properties[key] = value;
    else if (Array.isArray(value)) properties[key] = value.map(String).join(", ");
  }
  return {
    contact: {
      email: person.email,
      phone: toE164(person.phone, defaultCountry),
      ...personProfileFields(person),
    },
    consents: { marketing: person.marketingConsent, sms: person.smsConsent, privacy: person.privacyConsent },
    properties,
    ...extra,
  };
}

function listIdOf(data: unknown): string | null {
  const raw = asRecord(data).list_id;
  if (typeof raw === "string" && raw.trim()) return raw.trim().slice(0, 100);
  if (typeof raw === "number" && Number.isFinite(raw)) return String(raw);
  return null;
}

function tagOf(tagId: string | null, data: unknown): string | null {
  const record = asRecord(data);
  for (const candidate of [tagId, record.tag, record.tag_name, record.tag_id]) {
    if (typeof candidate === "string" && candidate.trim()) return candidate.trim().slice(0, 200);
    if (typeof candidate === "number") return String(candidate);
  }
  return null;
}

/** Whether the person proved the address it submits (Person.verifiedEmail, from a signed identity token). */
export function provesAddress(person: Pick<Person, "email" | "verifiedEmail">): boolean {
  return Boolean(person.email && person.verifiedEmail && normalizeEmail(person.email) === person.verifiedEmail);
}

/** Applies built-in list actions and queues outbox jobs for a submission; call inside its transaction. */
export async function syncSubmission(
  tx: Prisma.TransactionClient,
  input: SubmissionSyncInput,
): Promise<SubmissionSyncResult> {
  const result: SubmissionSyncResult = { builtin: [], jobs: 0 };
  const now = input.now ?? new Date();
  const owners: Prisma.ActionWhereInput[] = [];
  if (input.elementId) owners.push({ elementId: input.elementId });
  if (input.actionGroupIds?.length) owners.push({ actionGroupId: { in: input.actionGroupIds } });

  // websiteId in the filter: ids sent by a visitor never reach another website's actions.
  const actions = owners.length
    ? await tx.action.findMany({
        where: { websiteId: input.websiteId, actionType: { in: [...LIST_ACTION_TYPES] }, OR: owners },
        include: { integration: true },
        orderBy: { id: "asc" },
      })
    : [];
  const integrations = await tx.integration.findMany({ where: { websiteId: input.websiteId }, orderBy: { id: "asc" } });
  const builtinIntegration = integrations.find((i) => i.integrationType === "builtin") ?? null;
  const country = input.defaultCountry ?? "US";
  // Unproven submitters may create profiles and change lists, never overwrite a profile's fields (SyncPayload.keep_existing).
  const keep = provesAddress(input.person) ? {} : { keep_existing: true };

  // Profile updates first: lower ids are delivered first, so a welcome
  // e-mail triggered by the subscribe already has the name.
  if (input.profileChanged && (input.person.email || input.person.phone)) {
    for (const integration of integrations) {
      if (!isProviderType(integration.integrationType)) continue;
      const listAction = actions.find((a) => a.integrationId === integration.id && listIdOf(a.data));
      const listId = listAction ? listIdOf(listAction.data) : null;
      const settings = asRecord(integration.syncSettings);
      // Mailchimp keeps profiles inside an audience: without one there is nowhere to write.
      if (integration.integrationType === "mailchimp" && !listId && typeof settings.default_list_id !== "string")
        continue;
      const { created } = await enqueueSyncJob(tx, {
        websiteId: input.websiteId,
        integrationId: integration.id,
        personId: input.person.id,
        operation: "upsert_profile",
        payload: payloadForPerson(
          input.person,
          { list_id: listId, source_url: input.sourceUrl ?? null, ...keep },
          country,
        ),
        idempotencyKey: `contact:${input.clientId}:profile`,
        now,
      });
      if (created) result.jobs++;
    }
  }

  for (const action of actions) {
    const integration = action.integration ?? (action.integrationId == null ? builtinIntegration : null);
    if (!integration || integration.websiteId !== input.websiteId) continue;
    const listId = listIdOf(action.data);
    const tag = tagOf(action.tagId, action.data);
    if (integration.integrationType === "builtin") {
      const did = await applyBuiltinAction(tx, {
        websiteId: input.websiteId,
        integrationId: integration.id,
        personId: input.person.id,
        actionType: action.actionType,
        listId,
        tag,
        marketingConsent: input.person.marketingConsent,
        email: input.person.email,
        idempotencyKey: `contact:${input.clientId}:action:${action.id}`,
        now,
      });
      if (did) result.builtin.push(did);
      continue;
    }
    if (!isProviderType(integration.integrationType)) continue;
    const operation = OPERATION[action.actionType];
    if ((operation === "subscribe" || operation === "unsubscribe") && !listId) continue;
    if ((operation === "add_tag" || operation === "remove_tag") && !tag) continue;
    const { created } = await enqueueSyncJob(tx, {
      websiteId: input.websiteId,
      integrationId: integration.id,
      personId: input.person.id,
      operation,
      payload: payloadForPerson(
        input.person,
        { list_id: listId, tag, source_url: input.sourceUrl ?? null, ...keep },
        country,
      ),
      idempotencyKey: `contact:${input.clientId}:action:${action.id}`,
      now,
    });
    if (created) result.jobs++;
  }

  // Last: the customer's consent reads the memberships the built-in actions above just made (pending or not).
  if (input.profileChanged) {
    const queued = await queueShopifyCustomer(tx, {
      websiteId: input.websiteId,
      person: input.person,
      phone: toE164(input.person.phone, country),
      ctaId: input.ctaId ?? null,
      keepExisting: Boolean(keep.keep_existing),
      idempotencyKey: `contact:${input.clientId}:shopify_customer`,
      now,
    });
    if (queued) result.jobs++;
  }
  return result;
}
