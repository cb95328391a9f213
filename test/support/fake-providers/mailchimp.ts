/**
 * A local Mailchimp Marketing API v3 (basic auth with the API key as
 * password, paths under /3.0): add-or-update member by subscriber hash (PUT,
 * status / status_if_new), member tags (POST, 204), search-members, with
 * problem-detail error bodies.
 */
import { createHash } from "node:crypto";
import { FakeServer, type FakeReply } from "./fake-server";

export interface FakeMember {
  email_address: string;
  status: string;
  merge_fields: Record<string, unknown>;
  tags: Set<string>;
  marketing_permissions: unknown[];
}

const problem = (status: number, title: string, detail: string) => ({
  type: "https://mailchimp.com/developer/marketing/docs/errors/",
  title,
  status,
  detail,
  instance: "00000000-0000-0000-0000-000000000000",
});

const STATUSES = ["subscribed", "unsubscribed", "cleaned", "pending", "transactional"];

/** The fake Mailchimp account. */
export class FakeMailchimp {
  readonly server: FakeServer;
  /** list id → subscriber hash → member */
  readonly lists = new Map<string, Map<string, FakeMember>>();
  /** Every PUT that set a member's status to subscribed (the "delivered subscription" count). */
  readonly subscribeEvents: { listId: string; email: string }[] = [];
  /** Members deleted permanently (actions/delete-permanent), in order. */
  readonly deleted: { listId: string; email: string }[] = [];
  /** Members who unsubscribed themselves: the API may not re-subscribe them. */
  readonly compliance = new Set<string>();

  constructor(
    readonly apiKey = "0123456789abcdef0123456789abcdef-us6",
    listIds = ["a1b2c3d4e5", "1", "7"],
  ) {
    for (const id of listIds) this.lists.set(id, new Map());
    this.server = new FakeServer(
      (r) => this.route(r),
      (status, detail) =>
        problem(
          status,
          status === 429 ? "Too Many Requests" : status >= 500 ? "Internal Server Error" : "Invalid Resource",
          detail,
        ),
    );
  }

  start() {
    return this.server.start().then(() => this);
  }

  /** The API root, as https://<dc>.api.mailchimp.com/3.0 would be. */
  get url() {
    return `${this.server.url}/3.0`;
  }

  /** A member of a list by e-mail. */
  member(listId: string, email: string): FakeMember | undefined {
    return this.lists.get(listId)?.get(createHash("md5").update(email.toLowerCase()).digest("hex"));
  }

  private view(listId: string, hash: string, m: FakeMember) {
    return {
      id: hash,
      email_address: m.email_address,
      status: m.status,
      merge_fields: m.merge_fields,
      list_id: listId,
      tags: [...m.tags].map((name, i) => ({ id: i + 1, name })),
    };
  }

  private route(r: {
    method: string;
    path: string;
    query: URLSearchParams;
    headers: Record<string, unknown>;
    body: unknown;
  }): FakeReply {
    const auth = typeof r.headers.authorization === "string" ? r.headers.authorization : "";
    const decoded = auth.startsWith("Basic ") ? Buffer.from(auth.slice(6), "base64").toString("utf8") : "";
    if (decoded.slice(decoded.indexOf(":") + 1) !== this.apiKey) {
      return {
        status: 401,
        body: problem(
          401,
          "API Key Invalid",
          "Your API key may be invalid, or you've attempted to access the wrong datacenter.",
        ),
      };
    }
    const body = (r.body ?? {}) as any;

    const member = /^\/3\.0\/lists\/([^/]+)\/members\/([0-9a-f]{32})$/.exec(r.path);
    if (member && r.method === "GET") {
      const m = this.lists.get(member[1])?.get(member[2]);
      if (!m)
        return { status: 404, body: problem(404, "Resource Not Found", "The requested resource could not be found.") };
      return { status: 200, body: this.view(member[1], member[2], m) };
    }
    if (member && r.method === "PUT") {
      const [, listId, hash] = member;
      const list = this.lists.get(listId);
      if (!list)
        return { status: 404, body: problem(404, "Resource Not Found", "The requested resource could not be found.") };
      const email = typeof body.email_address === "string" ? body.email_address : "";
      if (!email.includes("@"))
        return { status: 400, body: problem(400, "Invalid Resource", "Please provide a valid email address.") };
      if (createHash("md5").update(email.toLowerCase()).digest("hex") !== hash) {
        return {
          status: 400,
          body: problem(400, "Invalid Resource", "The subscriber hash does not match the email address."),
        };
      }
      for (const key of ["status", "status_if_new"]) {
        if (body[key] !== undefined && !STATUSES.includes(body[key]))
          return { status: 400, body: problem(400, "Invalid Resource", `${key} is not a valid status.`) };
      }
      if (body.merge_fields) {
        for (const k of Object.keys(body.merge_fields)) {
          if (!["FNAME", "LNAME", "PHONE", "ADDRESS", "BIRTHDAY"].includes(k))
            return { status: 400, body: problem(400, "Invalid Resource", `Your merge fields were invalid: ${k}`) };
        }
      }
      const existing = list.get(hash);
      if (existing && body.status === "subscribed" && this.compliance.has(email.toLowerCase())) {
        return {
          status: 400,
          body: problem(
            400,
            "Member In Compliance State",
            `${email} is already a list member in compliance state due to unsubscribe, bounce, or compliance review.`,
          ),
        };
      }
      const m: FakeMember = existing ?? {
        email_address: email,
        status: body.status_if_new ?? body.status,
        merge_fields: {},
        tags: new Set(),
        marketing_permissions: [],
      };
      if (!m.status)
        return { status: 400, body: problem(400, "Invalid Resource", "status_if_new is required for new members.") };
      if (existing && body.status) m.status = body.status;
      Object.assign(m.merge_fields, body.merge_fields ?? {});
      if (Array.isArray(body.marketing_permissions)) m.marketing_permissions = body.marketing_permissions;
      list.set(hash, m);
      if ((!existing && m.status === "subscribed") || (existing && body.status === "subscribed"))
        this.subscribeEvents.push({ listId, email: email.toLowerCase() });
      return { status: 200, body: this.view(listId, hash, m) };
    }

    const forget = /^\/3\.0\/lists\/([^/]+)\/members\/([0-9a-f]{32})\/actions\/delete-permanent$/.exec(r.path);
    if (forget && r.method === "POST") {
      const list = this.lists.get(forget[1]);
      const m = list?.get(forget[2]);
      if (!m)
        return { status: 404, body: problem(404, "Resource Not Found", "The requested resource could not be found.") };
      list!.delete(forget[2]);
      this.deleted.push({ listId: forget[1], email: m.email_address.toLowerCase() });
      return { status: 204 };
    }

    const tags = /^\/3\.0\/lists\/([^/]+)\/members\/([0-9a-f]{32})\/tags$/.exec(r.path);
    if (tags && r.method === "POST") {
      const m = this.lists.get(tags[1])?.get(tags[2]);
      if (!m)
        return { status: 404, body: problem(404, "Resource Not Found", "The requested resource could not be found.") };
      if (!Array.isArray(body.tags))
        return { status: 400, body: problem(400, "Invalid Resource", "tags must be an array") };
      for (const t of body.tags) {
        if (typeof t?.name !== "string" || !["active", "inactive"].includes(t?.status))
          return {
            status: 400,
            body: problem(400, "Invalid Resource", "Each tag needs a name and status active or inactive"),
          };
      }
      for (const t of body.tags) t.status === "active" ? m.tags.add(t.name) : m.tags.delete(t.name);
      return { status: 204 };
    }

    if (r.method === "GET" && r.path === "/3.0/search-members") {
      const q = (r.query.get("query") ?? "").toLowerCase();
      const members = [...this.lists.entries()].flatMap(([listId, list]) =>
        [...list.entries()]
          .filter(([, m]) => m.email_address.toLowerCase() === q)
          .map(([hash, m]) => this.view(listId, hash, m)),
      );
      return {
        status: 200,
        body: { exact_matches: { members, total_items: members.length }, full_search: { members: [], total_items: 0 } },
      };
    }

    return { status: 404, body: problem(404, "Resource Not Found", `No route ${r.method} ${r.path}`) };
  }
}
