/**
 * Klaviyo through its JSON:API REST API (https://a.klaviyo.com/api, header
 * `Authorization: Klaviyo-API-Key <private key>`, a dated `revision` header).
 * Subscribing uses the Subscribe Profiles bulk job (the only documented way to
 * record marketing consent); removing from a list uses the list's profile
 * relationship; tags are a `beckon_tags` profile property appended and
 * unappended with meta.patch_properties, since Klaviyo tags belong to lists
 * and flows, not to profiles.
 */
import { arrayAt, jsonCaller, stringAt, type ProviderResponse } from "./http.server";
import {
  identifiersOnly,
  ProviderError,
  type MailingProvider,
  type ProviderOptions,
  type RemoteContact,
  type SyncPayload,
} from "./types";

export const KLAVIYO_REVISION = "2024-10-15";
export const KLAVIYO_DEFAULT_URL = "https://a.klaviyo.com";
/** Profile property that holds the tags Beckon adds. */
export const KLAVIYO_TAGS_PROPERTY = "beckon_tags";

export interface KlaviyoConfig extends ProviderOptions {
  apiKey: string;
  baseUrl?: string;
}

/** Klaviyo's JSON:API error detail, for the owner-visible reason. */
function describe(res: ProviderResponse): string {
  const first = arrayAt(res.json, "errors")[0];
  return stringAt(first, "detail") ?? stringAt(first, "title") ?? (res.text.slice(0, 300) || "no detail");
}

/** Builds a Klaviyo client. */
export function klaviyoProvider(config: KlaviyoConfig): MailingProvider {
  const base = (config.baseUrl ?? KLAVIYO_DEFAULT_URL).replace(/\/+$/, "");
  const headers = {
    Authorization: `Klaviyo-API-Key ${config.apiKey}`,
    revision: KLAVIYO_REVISION,
    Accept: "application/vnd.api+json",
    "Content-Type": "application/vnd.api+json",
  };
  const call = jsonCaller(base, headers, config, describe);

  const identifiers = (payload: SyncPayload) => {
    if (!payload.contact.email && !payload.contact.phone)
      throw new ProviderError("The contact has neither an email nor a phone", false);
    return {
      ...(payload.contact.email ? { email: payload.contact.email } : {}),
      ...(payload.contact.phone?.startsWith("+") ? { phone_number: payload.contact.phone } : {}),
    };
  };

  const profileAttributes = (payload: SyncPayload) => {
    const contact = payload.contact;
    const location: Record<string, string> = {};
    if (contact.address) location.address1 = contact.address;
    if (contact.city) location.city = contact.city;
    if (contact.state) location.region = contact.state;
    if (contact.country) location.country = contact.country;
    if (contact.zip_code) location.zip = contact.zip_code;
    const properties: Record<string, unknown> = { ...(payload.properties ?? {}) };
    if (contact.website) properties.website = contact.website;
    if (payload.consents.privacy != null) properties.privacy_consent = payload.consents.privacy;
    return {
      ...identifiers(payload),
      ...(contact.name ? { first_name: contact.name } : {}),
      ...(contact.last_name ? { last_name: contact.last_name } : {}),
      ...(contact.company_name ? { organization: contact.company_name } : {}),
      ...(contact.company_title ? { title: contact.company_title } : {}),
      ...(Object.keys(location).length ? { location } : {}),
      ...(Object.keys(properties).length ? { properties } : {}),
    };
  };

  /** The profile Klaviyo holds for the payload's address (or phone, without one), or undefined. */
  const existing = async (payload: SyncPayload): Promise<unknown> => {
    const filter = payload.contact.email
      ? `equals(email,"${payload.contact.email.replace(/["\\]/g, "")}")`
      : `equals(phone_number,"${(payload.contact.phone ?? "").replace(/["\\]/g, "")}")`;
    const found = await call("GET", `/api/profiles/?filter=${encodeURIComponent(filter)}`);
    return arrayAt(found.json, "data")[0];
  };

  /** An unproven submitter's payload loses its fields when the profile exists (SyncPayload.keep_existing). */
  const guard = async (p: SyncPayload): Promise<SyncPayload> =>
    p.keep_existing && (await existing(p)) ? identifiersOnly(p) : p;

  /** Create or update profile: answers 201 (created) or 200 (updated) with the profile id. */
  const importProfile = async (given: SyncPayload, meta?: unknown): Promise<string> => {
    const payload = await guard(given);
    const res = await call("POST", "/api/profile-import/", {
      data: { type: "profile", attributes: profileAttributes(payload), ...(meta ? { meta } : {}) },
    });
    const id = stringAt(res.json, "data", "id");
    if (!id) throw new ProviderError("Klaviyo's profile import answered without a profile id", true, res.status);
    return id;
  };

  return {
    type: "klaviyo",

    async subscribe(given, listId) {
      // The bulk job writes the phone as an identifier: the same guard applies.
      const payload = await guard(given);
      if (payload.consents.marketing === false) {
        // No consent: the profile joins the list but is not subscribed to marketing.
        const id = await importProfile(payload);
        await call("POST", `/api/lists/${encodeURIComponent(listId)}/relationships/profiles/`, {
          data: [{ type: "profile", id }],
        });
        return;
      }
      const subscriptions: Record<string, unknown> = {};
      if (payload.contact.email) subscriptions.email = { marketing: { consent: "SUBSCRIBED" } };
      if (payload.contact.phone?.startsWith("+") && payload.consents.sms === true)
        subscriptions.sms = { marketing: { consent: "SUBSCRIBED" } };
      if (!Object.keys(subscriptions).length)
        throw new ProviderError("Klaviyo needs an email, or a phone with SMS consent, to subscribe", false);
      await call("POST", "/api/profile-subscription-bulk-create-jobs/", {
        data: {
          type: "profile-subscription-bulk-create-job",
          attributes: {
            custom_source: "Beckon",
            profiles: { data: [{ type: "profile", attributes: { ...identifiers(payload), subscriptions } }] },
          },
          relationships: { list: { data: { type: "list", id: listId } } },
        },
      });
    },

    async unsubscribe(payload, listId) {
      const id = await importProfile(payload);
      await call("DELETE", `/api/lists/${encodeURIComponent(listId)}/relationships/profiles/`, {
        data: [{ type: "profile", id }],
      });
    },

    async addTag(p, tag) {
      await importProfile(p, { patch_properties: { append: { [KLAVIYO_TAGS_PROPERTY]: tag } } });
    },

    async removeTag(p, tag) {
      await importProfile(p, { patch_properties: { unappend: { [KLAVIYO_TAGS_PROPERTY]: tag } } });
    },

    async upsertProfile(p) {
      await importProfile(p);
    },

    // Request Profile Deletion (data-privacy:write scope): Klaviyo erases every
    // profile with the address, asynchronously, and keeps the GDPR record.
    async forget(payload) {
      const id = payload.contact.email
        ? { email: payload.contact.email }
        : payload.contact.phone?.startsWith("+")
          ? { phone_number: payload.contact.phone }
          : null;
      if (!id) throw new ProviderError("The contact has neither an email nor an international phone number", false);
      await call("POST", "/api/data-privacy-deletion-jobs/", {
        data: {
          type: "data-privacy-deletion-job",
          attributes: { profile: { data: { type: "profile", attributes: id } } },
        },
      });
    },

    async fetchContact(email): Promise<RemoteContact | null> {
      const profile = await existing({ contact: { email, phone: null }, consents: {} });
      const id = stringAt(profile, "id");
      if (!id) return null;
      const lists = await call("GET", `/api/profiles/${encodeURIComponent(id)}/lists/`);
      const props = (profile as { attributes?: { properties?: Record<string, unknown> } }).attributes?.properties ?? {};
      const rawTags = props[KLAVIYO_TAGS_PROPERTY];
      const fields: Record<string, string> = {};
      for (const key of ["first_name", "last_name", "organization", "title"]) {
        const value = stringAt(profile, "attributes", key);
        if (value) fields[key] = value;
      }
      return {
        lists: arrayAt(lists.json, "data")
          .map((l) => stringAt(l, "id"))
          .filter((x): x is string => Boolean(x)),
        tags: Array.isArray(rawTags) ? rawTags.map(String) : typeof rawTags === "string" ? [rawTags] : [],
        fields,
      };
    },
  };
}
