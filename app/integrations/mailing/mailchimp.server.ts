/**
 * Mailchimp Marketing API v3 (https://<dc>.api.mailchimp.com/3.0, HTTP basic
 * auth with any user name and the API key). Members are addressed by the MD5
 * of the lower-cased e-mail (the "subscriber hash"), so a PUT is an upsert and
 * every call here is safe to repeat.
 */
import { createHash } from "node:crypto";
import { arrayAt, jsonCaller, stringAt, type ProviderResponse } from "./http.server";
import {
  identifiersOnly,
  ProviderError,
  type MailingProvider,
  type ProviderOptions,
  type RemoteContact,
  type SyncPayload,
} from "./types";

export interface MailchimpConfig extends ProviderOptions {
  apiKey: string;
  /** Overrides https://<dc>.api.mailchimp.com/3.0 (tests). */
  baseUrl?: string;
  /** Audience used for profile updates and tags when the action names none. */
  defaultListId?: string | null;
  /** Send new subscribers a confirmation e-mail first (status "pending"). */
  doubleOptIn?: boolean;
  /** GDPR marketing permission id to grant when the visitor consented. */
  marketingPermissionId?: string | null;
}

/** Mailchimp's subscriber hash: MD5 of the lower-cased address. */
export function subscriberHash(email: string): string {
  return createHash("md5").update(email.trim().toLowerCase()).digest("hex");
}

/** The API root for a key: the data centre is the part after the dash (abc123-us6). */
export function mailchimpBaseUrl(apiKey: string): string {
  const dc = /-([a-z]+\d+)$/.exec(apiKey.trim())?.[1];
  if (!dc) throw new ProviderError("The Mailchimp API key has no data centre suffix (like -us6)", false);
  return `https://${dc}.api.mailchimp.com/3.0`;
}

function describe(res: ProviderResponse): string {
  const title = stringAt(res.json, "title");
  const detail = stringAt(res.json, "detail");
  return [title, detail].filter(Boolean).join(": ") || res.text.slice(0, 300) || "no detail";
}

/** Builds a Mailchimp client. */
export function mailchimpProvider(config: MailchimpConfig): MailingProvider {
  const base = (config.baseUrl ?? mailchimpBaseUrl(config.apiKey)).replace(/\/+$/, "");
  const headers = {
    Authorization: `Basic ${Buffer.from(`beckon:${config.apiKey}`).toString("base64")}`,
    "Content-Type": "application/json",
    Accept: "application/json",
  };
  const call = jsonCaller(base, headers, config, describe);

  const emailOf = (p: SyncPayload) => {
    if (!p.contact.email) throw new ProviderError("Mailchimp audiences need an email address", false);
    return p.contact.email;
  };
  const listOf = (p: SyncPayload, listId?: string | null) => {
    const id = listId ?? p.list_id ?? config.defaultListId;
    if (!id) throw new ProviderError("No Mailchimp audience: set a default audience on the integration", false);
    return id;
  };
  const memberPath = (listId: string, email: string) =>
    `/lists/${encodeURIComponent(listId)}/members/${subscriberHash(email)}`;

  const mergeFields = (payload: SyncPayload) => {
    const fields: Record<string, string> = {};
    if (payload.contact.name) fields.FNAME = payload.contact.name;
    if (payload.contact.last_name) fields.LNAME = payload.contact.last_name;
    if (payload.contact.phone) fields.PHONE = payload.contact.phone;
    return fields;
  };

  /** PUT add-or-update; `status` changes an existing member, `status_if_new` only a new one. */
  const putMember = async (given: SyncPayload, listId: string, statusIfNew: string, status?: string) => {
    const email = emailOf(given);
    // An unproven submitter does not overwrite an existing member's merge fields (SyncPayload.keep_existing).
    const payload =
      given.keep_existing && (await call("GET", memberPath(listId, email), undefined, [404])).status !== 404
        ? identifiersOnly(given)
        : given;
    const merge = mergeFields(payload);
    const permissions =
      config.marketingPermissionId && payload.consents.marketing != null
        ? {
            marketing_permissions: [
              { marketing_permission_id: config.marketingPermissionId, enabled: payload.consents.marketing },
            ],
          }
        : {};
    return call("PUT", memberPath(listId, email), {
      email_address: email,
      status_if_new: statusIfNew,
      ...(status ? { status } : {}),
      ...(Object.keys(merge).length ? { merge_fields: merge } : {}),
      ...permissions,
    });
  };

  const setTag = async (payload: SyncPayload, tag: string, active: boolean) => {
    const listId = listOf(payload);
    const path = `${memberPath(listId, emailOf(payload))}/tags`;
    const body = { tags: [{ name: tag, status: active ? "active" : "inactive" }] };
    const res = await call("POST", path, body, [404]);
    if (res.status !== 404) return;
    if (!active) return; // not a member: nothing to untag
    // Tags need a member; add one without subscribing, then tag it.
    await putMember(payload, listId, "transactional");
    await call("POST", path, body);
  };

  return {
    type: "mailchimp",

    async subscribe(payload, listId) {
      if (payload.consents.marketing === false) {
        await putMember(payload, listOf(payload, listId), "transactional");
        return;
      }
      const status = config.doubleOptIn ? "pending" : "subscribed";
      await putMember(payload, listOf(payload, listId), status, status);
    },

    async unsubscribe(p, listId) {
      await putMember(p, listOf(p, listId), "unsubscribed", "unsubscribed");
    },

    addTag: (p, tag) => setTag(p, tag, true),
    removeTag: (p, tag) => setTag(p, tag, false),

    // Delete List Member permanently: the address cannot be re-imported to the
    // list afterwards, which is what erasure asks. Not a member: nothing to do.
    async forget(p) {
      await call("POST", `${memberPath(listOf(p), emailOf(p))}/actions/delete-permanent`, undefined, [404]);
    },

    async upsertProfile(p) {
      await putMember(p, listOf(p), "transactional");
    },

    async fetchContact(email): Promise<RemoteContact | null> {
      const res = await call("GET", `/search-members?query=${encodeURIComponent(email)}`);
      const members = arrayAt(res.json, "exact_matches", "members");
      if (!members.length) return null;
      const lists = new Set<string>();
      const tags = new Set<string>();
      const fields: Record<string, string> = {};
      for (const member of members) {
        const listId = stringAt(member, "list_id");
        if (listId && stringAt(member, "status") === "subscribed") lists.add(listId);
        for (const tag of arrayAt(member, "tags")) {
          const name = stringAt(tag, "name");
          if (name) tags.add(name);
        }
        const merge = (member as { merge_fields?: Record<string, unknown> }).merge_fields ?? {};
        for (const [key, value] of Object.entries(merge)) if (typeof value === "string" && value) fields[key] = value;
      }
      return { lists: [...lists], tags: [...tags], fields };
    },
  };
}
