/**
 * ActiveCampaign API v3 (https://<account>.api-us1.com/api/3, header
 * `Api-Token`). Contacts are upserted by e-mail with contact/sync; list
 * status 1 is "active" (subscribed) and 2 "unsubscribed"; tags are looked up
 * by name (and created when missing) because contactTags takes tag ids.
 *
 * The API URL is the owner's to type, so it is treated as hostile: calls go
 * through publicOnlyFetch (public addresses only, no redirects), and what
 * the owner reads back about a failure is the status and a fixed hint, never
 * the answer's text nor how a connection failed (which would make this a
 * port scanner).
 */
import { arrayAt, jsonCaller, stringAt } from "./http.server";
import { isAllowedPrivate, publicOnlyFetch, type PublicFetchOptions } from "./public-fetch.server";
import { identifiersOnly, ProviderError, type MailingProvider, type RemoteContact, type SyncPayload } from "./types";

export interface ActiveCampaignConfig extends PublicFetchOptions {
  apiKey: string;
  /** The account's API URL, e.g. https://example.api-us1.com */
  apiUrl: string;
  timeoutMs?: number;
}

/** What an ActiveCampaign status means to the owner, in fixed words. */
function hintFor(status: number): string {
  if (status >= 300 && status < 400) return "a redirect, which is not followed: check the API URL";
  if (status === 401 || status === 403) return "the API key was refused";
  if (status === 404) return "not found: check the API URL and the list";
  if (status === 422) return "the data was refused: check the list id";
  if (status === 429) return "too many requests";
  return status >= 500 ? "a server error" : "the request was refused";
}

/** The same error with owner-safe words (status, retry and Retry-After kept). */
function ownerSafe(error: unknown, method: string, path: string): unknown {
  if (!(error instanceof ProviderError)) return error;
  const what = `${method} ${path.split("?")[0]}`;
  // Refused addresses, closed ports, time-outs and DNS failures all read the same.
  const message =
    error.status === null
      ? `${what}: ActiveCampaign could not be reached`
      : `${what}: ActiveCampaign answered ${error.status} (${hintFor(error.status)})`;
  return new ProviderError(message, error.retryable, error.status, error.retryAfterMs);
}

/** Builds an ActiveCampaign client. */
export function activeCampaignProvider(config: ActiveCampaignConfig): MailingProvider {
  let url: URL;
  try {
    url = new URL(config.apiUrl);
  } catch {
    throw new ProviderError("The ActiveCampaign API URL is not a valid URL", false);
  }
  if (url.protocol !== "https:" && !isAllowedPrivate(url, config.allowPrivate ?? []))
    throw new ProviderError("The ActiveCampaign API URL must start with https://", false);
  const base = url.origin;
  const options = { fetch: publicOnlyFetch(config), timeoutMs: config.timeoutMs };
  const headers = { "Api-Token": config.apiKey, "Content-Type": "application/json", Accept: "application/json" };
  const request = jsonCaller(`${base}/api/3`, headers, options);
  const call = (method: string, path: string, body?: unknown, accept?: number[]) =>
    request(method, path, body, accept).catch((e: unknown) => {
      throw ownerSafe(e, method, `/api/3${path}`);
    });

  const findContact = async (email: string): Promise<unknown> =>
    arrayAt((await call("GET", `/contacts?email=${encodeURIComponent(email)}`)).json, "contacts")[0];

  const syncContact = async (given: SyncPayload): Promise<string> => {
    if (!given.contact.email) throw new ProviderError("ActiveCampaign contacts need an email address", false);
    // An unproven submitter does not overwrite an existing contact's fields (SyncPayload.keep_existing).
    const payload = given.keep_existing && (await findContact(given.contact.email)) ? identifiersOnly(given) : given;
    const res = await call("POST", "/contact/sync", {
      contact: {
        email: payload.contact.email,
        ...(payload.contact.name ? { firstName: payload.contact.name } : {}),
        ...(payload.contact.last_name ? { lastName: payload.contact.last_name } : {}),
        ...(payload.contact.phone ? { phone: payload.contact.phone } : {}),
      },
    });
    const id = stringAt(res.json, "contact", "id");
    if (!id) throw new ProviderError("ActiveCampaign's contact sync answered without a contact id", true, res.status);
    return id;
  };

  const findTag = async (name: string): Promise<string | null> => {
    const res = await call("GET", `/tags?search=${encodeURIComponent(name)}`);
    // search matches substrings; only an exact (case-insensitive) name counts.
    const hit = arrayAt(res.json, "tags").find((t) => stringAt(t, "tag")?.toLowerCase() === name.toLowerCase());
    return hit ? stringAt(hit, "id") : null;
  };

  const setList = async (p: SyncPayload, listId: string, status: 1 | 2) => {
    const contact = await syncContact(p);
    await call("POST", "/contactLists", { contactList: { list: listId, contact, status } });
  };

  return {
    type: "activecampaign",

    async subscribe(payload, listId) {
      // Without marketing consent the contact is kept but not put on a list.
      if (payload.consents.marketing === false) {
        await syncContact(payload);
        return;
      }
      await setList(payload, listId, 1);
    },

    unsubscribe: (p, listId) => setList(p, listId, 2),

    // Delete a contact (DELETE /contacts/{id}) for the address; none: nothing to do.
    async forget(p) {
      if (!p.contact.email) throw new ProviderError("The contact has no email", false);
      const id = stringAt(await findContact(p.contact.email), "id");
      if (id) await call("DELETE", `/contacts/${encodeURIComponent(id)}`, undefined, [404]);
    },

    async addTag(payload, tag) {
      const contact = await syncContact(payload);
      let tagId = await findTag(tag);
      if (!tagId) {
        const created = await call("POST", "/tags", {
          tag: { tag, tagType: "contact", description: "Added by Beckon" },
        });
        tagId = stringAt(created.json, "tag", "id");
        if (!tagId)
          throw new ProviderError("ActiveCampaign answered a tag creation without an id", true, created.status);
      }
      await call("POST", "/contactTags", { contactTag: { contact, tag: tagId } });
    },

    async removeTag(payload, tag) {
      const contact = await syncContact(payload);
      const tagId = await findTag(tag);
      if (!tagId) return;
      const res = await call("GET", `/contacts/${encodeURIComponent(contact)}/contactTags`);
      for (const ct of arrayAt(res.json, "contactTags")) {
        if (stringAt(ct, "tag") === tagId) {
          const id = stringAt(ct, "id");
          // 404: removed meanwhile (a retried job); the goal is met.
          if (id) await call("DELETE", `/contactTags/${encodeURIComponent(id)}`, undefined, [404]);
        }
      }
    },

    async upsertProfile(p) {
      await syncContact(p);
    },

    async fetchContact(email): Promise<RemoteContact | null> {
      const contact = await findContact(email);
      const id = stringAt(contact, "id");
      if (!id) return null;
      const [lists, tags] = await Promise.all([
        call("GET", `/contacts/${encodeURIComponent(id)}/contactLists`),
        call("GET", `/contacts/${encodeURIComponent(id)}/contactTags`),
      ]);
      const tagIds = arrayAt(tags.json, "contactTags")
        .map((t) => stringAt(t, "tag"))
        .filter((x): x is string => Boolean(x))
        .slice(0, 20);
      const names = await Promise.all(
        tagIds.map(async (t) => stringAt((await call("GET", `/tags/${encodeURIComponent(t)}`)).json, "tag", "tag")),
      );
      const fields: Record<string, string> = {};
      for (const key of ["firstName", "lastName", "phone"]) {
        const value = stringAt(contact, key);
        if (value) fields[key] = value;
      }
      return {
        lists: arrayAt(lists.json, "contactLists")
          .filter((l) => stringAt(l, "status") === "1")
          .map((l) => stringAt(l, "list"))
          .filter((x): x is string => Boolean(x)),
        tags: names.filter((x): x is string => Boolean(x)),
        fields,
      };
    },
  };
}
