/**
 * A local Klaviyo (JSON:API, revision header, `Authorization:
 * Klaviyo-API-Key`): Subscribe Profiles jobs (202), Create or Update Profile
 * via profile-import (201 new / 200 existing, meta.patch_properties
 * append/unappend), list profile relationships (POST / DELETE, 204), the
 * profile and profile-lists reads, and Request Profile Deletion
 * (data-privacy-deletion-jobs, 202: every profile with the identifier goes).
 */
import { randomBytes } from "node:crypto";
import { FakeServer, type FakeReply } from "./fake-server";

interface Profile {
  id: string;
  email: string | null;
  phone_number: string | null;
  attributes: Record<string, unknown>;
  properties: Record<string, unknown>;
  emailConsent: string | null;
}

const jsonApiError = (status: number, detail: string, code = "invalid") => ({
  errors: [{ id: randomBytes(8).toString("hex"), status, code, title: detail, detail, source: { pointer: "/data/" } }],
});

/** The fake Klaviyo account. */
export class FakeKlaviyo {
  readonly server: FakeServer;
  readonly profiles = new Map<string, Profile>();
  /** list id → profile ids */
  readonly lists = new Map<string, Set<string>>();
  /** One entry per profile subscribed by a bulk job that was accepted. */
  readonly subscriptions: { listId: string; email: string | null; phone: string | null; channels: string[] }[] = [];
  /** The identifiers of each accepted deletion job, in order. */
  readonly deletions: Record<string, string>[] = [];

  constructor(
    readonly apiKey = "pk_test_beckon",
    listIds: string[] = ["Y6nRLr", "1", "7"],
  ) {
    for (const id of listIds) this.lists.set(id, new Set());
    this.server = new FakeServer(
      (r) => this.route(r),
      (status, detail) => jsonApiError(status, detail, status === 429 ? "throttled" : "error"),
    );
  }

  start() {
    return this.server.start().then(() => this);
  }

  get url() {
    return this.server.url;
  }

  /** E-mail addresses currently on a list. */
  members(listId: string): string[] {
    return [...(this.lists.get(listId) ?? [])].map((id) => this.profiles.get(id)?.email ?? "").filter(Boolean);
  }

  /** The profile with this e-mail. */
  profileByEmail(email: string): Profile | undefined {
    return [...this.profiles.values()].find((p) => p.email === email);
  }

  private upsert(attrs: Record<string, unknown>): { profile: Profile; created: boolean } {
    const email = typeof attrs.email === "string" ? attrs.email.toLowerCase() : null;
    const phone = typeof attrs.phone_number === "string" ? attrs.phone_number : null;
    let profile = [...this.profiles.values()].find(
      (p) => (email && p.email === email) || (!email && phone && p.phone_number === phone),
    );
    const created = !profile;
    if (!profile) {
      profile = {
        id: `01${randomBytes(12).toString("hex").toUpperCase()}`,
        email,
        phone_number: phone,
        attributes: {},
        properties: {},
        emailConsent: null,
      };
      this.profiles.set(profile.id, profile);
    }
    if (phone) profile.phone_number = phone;
    const { properties, subscriptions: _s, ...rest } = attrs;
    Object.assign(profile.attributes, rest);
    if (properties && typeof properties === "object") Object.assign(profile.properties, properties);
    return { profile, created };
  }

  private profileResource(p: Profile) {
    return {
      type: "profile",
      id: p.id,
      attributes: { ...p.attributes, email: p.email, phone_number: p.phone_number, properties: p.properties },
    };
  }

  private route(r: {
    method: string;
    path: string;
    query: URLSearchParams;
    headers: Record<string, unknown>;
    body: unknown;
  }): FakeReply {
    if (r.headers.authorization !== `Klaviyo-API-Key ${this.apiKey}`)
      return { status: 401, body: jsonApiError(401, "Incorrect authentication credentials.", "not_authenticated") };
    if (typeof r.headers.revision !== "string" || !/^\d{4}-\d{2}-\d{2}/.test(r.headers.revision))
      return { status: 400, body: jsonApiError(400, "Missing or invalid revision header") };
    const body = (r.body ?? {}) as any;
    const path = r.path.endsWith("/") ? r.path : `${r.path}/`;

    if (r.method === "POST" && path === "/api/profile-subscription-bulk-create-jobs/") {
      const data = body.data;
      if (data?.type !== "profile-subscription-bulk-create-job")
        return { status: 400, body: jsonApiError(400, "Invalid type") };
      const listId = data?.relationships?.list?.data?.id;
      if (!this.lists.has(listId)) return { status: 400, body: jsonApiError(400, `List ${listId} does not exist.`) };
      const profiles = data?.attributes?.profiles?.data;
      if (!Array.isArray(profiles) || !profiles.length)
        return { status: 400, body: jsonApiError(400, "profiles is required") };
      for (const p of profiles) {
        if (p?.type !== "profile" || !(p.attributes?.email || p.attributes?.phone_number))
          return { status: 400, body: jsonApiError(400, "Each profile needs an email or phone_number") };
      }
      for (const p of profiles) {
        const { profile } = this.upsert(p.attributes);
        const channels = Object.keys(p.attributes.subscriptions ?? {});
        if (channels.includes("email")) profile.emailConsent = "SUBSCRIBED";
        this.lists.get(listId)!.add(profile.id);
        this.subscriptions.push({ listId, email: profile.email, phone: profile.phone_number, channels });
      }
      return { status: 202 };
    }

    if (r.method === "POST" && path === "/api/profile-import/") {
      const data = body.data;
      if (data?.type !== "profile") return { status: 400, body: jsonApiError(400, "Invalid type") };
      const attrs = data.attributes ?? {};
      if (!attrs.email && !attrs.phone_number)
        return { status: 400, body: jsonApiError(400, "One of email, phone_number, external_id is required") };
      if (attrs.phone_number && !/^\+[1-9]\d{6,14}$/.test(attrs.phone_number))
        return {
          status: 400,
          body: jsonApiError(400, "Invalid phone number format (Example of a valid format: +12345678901)"),
        };
      const { profile, created } = this.upsert(attrs);
      const patch = data.meta?.patch_properties ?? {};
      for (const [key, value] of Object.entries(patch.append ?? {})) {
        const current = Array.isArray(profile.properties[key])
          ? (profile.properties[key] as unknown[])
          : profile.properties[key] === undefined
            ? []
            : [profile.properties[key]];
        profile.properties[key] = [...current, value];
      }
      for (const [key, value] of Object.entries(patch.unappend ?? {})) {
        if (Array.isArray(profile.properties[key]))
          profile.properties[key] = (profile.properties[key] as unknown[]).filter((v) => v !== value);
      }
      return { status: created ? 201 : 200, body: { data: this.profileResource(profile) } };
    }

    if (r.method === "POST" && path === "/api/data-privacy-deletion-jobs/") {
      const data = body.data;
      if (data?.type !== "data-privacy-deletion-job") return { status: 400, body: jsonApiError(400, "Invalid type") };
      const attrs = data?.attributes?.profile?.data?.attributes ?? {};
      const ids = Object.entries(attrs).filter(
        ([k, v]) => ["email", "phone_number", "id"].includes(k) && typeof v === "string",
      ) as [string, string][];
      if (ids.length !== 1)
        return { status: 400, body: jsonApiError(400, "Exactly one of email, phone_number or id is required") };
      const [key, value] = ids[0];
      for (const [id, p] of this.profiles) {
        if (
          (key === "email" && p.email === value.toLowerCase()) ||
          (key === "phone_number" && p.phone_number === value) ||
          (key === "id" && id === value)
        ) {
          this.profiles.delete(id);
          for (const members of this.lists.values()) members.delete(id);
        }
      }
      this.deletions.push({ [key]: value });
      return { status: 202 };
    }

    const rel = /^\/api\/lists\/([^/]+)\/relationships\/profiles\/$/.exec(path);
    if (rel && (r.method === "POST" || r.method === "DELETE")) {
      const listId = decodeURIComponent(rel[1]);
      const list = this.lists.get(listId);
      if (!list) return { status: 404, body: jsonApiError(404, "Not found.", "not_found") };
      const items = body.data;
      if (!Array.isArray(items)) return { status: 400, body: jsonApiError(400, "data must be an array") };
      for (const item of items) {
        if (item?.type !== "profile" || !this.profiles.has(item.id))
          return { status: 404, body: jsonApiError(404, `Profile ${item?.id} not found`, "not_found") };
      }
      for (const item of items) r.method === "POST" ? list.add(item.id) : list.delete(item.id);
      return { status: 204 };
    }

    if (r.method === "GET" && path === "/api/profiles/") {
      const m = /^equals\((email|phone_number),"([^"]*)"\)$/.exec(r.query.get("filter") ?? "");
      if (!m) return { status: 400, body: jsonApiError(400, "Invalid filter") };
      const p =
        m[1] === "email"
          ? this.profileByEmail(m[2].toLowerCase())
          : [...this.profiles.values()].find((x) => x.phone_number === m[2]);
      return { status: 200, body: { data: p ? [this.profileResource(p)] : [], links: {} } };
    }

    const lists = /^\/api\/profiles\/([^/]+)\/lists\/$/.exec(path);
    if (r.method === "GET" && lists) {
      const id = decodeURIComponent(lists[1]);
      if (!this.profiles.has(id)) return { status: 404, body: jsonApiError(404, "Not found.", "not_found") };
      const ids = [...this.lists.entries()].filter(([, members]) => members.has(id)).map(([listId]) => listId);
      return {
        status: 200,
        body: { data: ids.map((listId) => ({ type: "list", id: listId, attributes: { name: `List ${listId}` } })) },
      };
    }

    return { status: 404, body: jsonApiError(404, `No route ${r.method} ${r.path}`, "not_found") };
  }
}
