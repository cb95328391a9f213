/**
 * A local ActiveCampaign API v3 (header Api-Token, paths under /api/3):
 * contact/sync, contactLists (status 1 active, 2 unsubscribed), tags search
 * and create, contactTags add / list / delete, and the contact reads.
 */
import { FakeServer, type FakeReply } from "./fake-server";

interface Contact {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
}

/** The fake ActiveCampaign account. */
export class FakeActiveCampaign {
  readonly server: FakeServer;
  readonly contacts = new Map<string, Contact>();
  /** `${list}:${contact}` → status "1" | "2" */
  readonly contactLists = new Map<string, string>();
  readonly tags = new Map<string, string>(); // id → name
  readonly contactTags = new Map<string, { contact: string; tag: string }>();
  /** Every contactLists call that set status 1 (a delivered subscription). */
  readonly subscribeEvents: { list: string; email: string }[] = [];
  private nextId = 1;

  constructor(
    readonly apiKey = "ac-test-token",
    readonly listIds = ["1", "2", "7"],
  ) {
    this.server = new FakeServer(
      (r) => this.route(r),
      (status, detail) => (status === 429 ? { message: detail } : { errors: [{ title: detail, detail: "" }] }),
    );
  }

  start() {
    return this.server.start().then(() => this);
  }

  get url() {
    return this.server.url;
  }

  /** A contact by e-mail. */
  contactByEmail(email: string): Contact | undefined {
    return [...this.contacts.values()].find((c) => c.email === email.toLowerCase());
  }

  /** Tag names on a contact. */
  tagsOf(email: string): string[] {
    const c = this.contactByEmail(email);
    if (!c) return [];
    return [...this.contactTags.values()].filter((ct) => ct.contact === c.id).map((ct) => this.tags.get(ct.tag)!);
  }

  private id() {
    return String(this.nextId++);
  }

  private route(r: {
    method: string;
    path: string;
    query: URLSearchParams;
    headers: Record<string, unknown>;
    body: unknown;
  }): FakeReply {
    if (r.headers["api-token"] !== this.apiKey)
      return { status: 403, body: { message: "You are not authorized to access this resource" } };
    const body = (r.body ?? {}) as any;
    const err = (status: number, title: string): FakeReply => ({
      status,
      body: { errors: [{ title, detail: "", code: "invalid", source: { pointer: "/data/attributes" } }] },
    });

    if (r.method === "POST" && r.path === "/api/3/contact/sync") {
      const c = body.contact;
      if (typeof c?.email !== "string" || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(c.email))
        return err(422, "Email address is not valid.");
      let contact = this.contactByEmail(c.email);
      const created = !contact;
      if (!contact) {
        contact = { id: this.id(), email: c.email.toLowerCase(), firstName: "", lastName: "", phone: "" };
        this.contacts.set(contact.id, contact);
      }
      if (c.firstName) contact.firstName = c.firstName;
      if (c.lastName) contact.lastName = c.lastName;
      if (c.phone) contact.phone = c.phone;
      return { status: created ? 201 : 200, body: { contact: { ...contact } } };
    }

    if (r.method === "POST" && r.path === "/api/3/contactLists") {
      const cl = body.contactList;
      const list = String(cl?.list ?? "");
      const contact = String(cl?.contact ?? "");
      const status = String(cl?.status ?? "");
      if (!this.listIds.includes(list)) return err(422, "The related list does not exist.");
      if (!this.contacts.has(contact)) return err(422, "The related contact does not exist.");
      if (status !== "1" && status !== "2") return err(422, "Status must be 1 or 2.");
      this.contactLists.set(`${list}:${contact}`, status);
      if (status === "1") this.subscribeEvents.push({ list, email: this.contacts.get(contact)!.email });
      return {
        status: 201,
        body: { contacts: [this.contacts.get(contact)], contactList: { list, contact, status, id: this.id() } },
      };
    }

    if (r.method === "GET" && r.path === "/api/3/tags") {
      const q = (r.query.get("search") ?? "").toLowerCase();
      const tags = [...this.tags.entries()]
        .filter(([, name]) => name.toLowerCase().includes(q))
        .map(([id, tag]) => ({ id, tag, tagType: "contact" }));
      return { status: 200, body: { tags, meta: { total: String(tags.length) } } };
    }

    if (r.method === "POST" && r.path === "/api/3/tags") {
      const name = body.tag?.tag;
      if (typeof name !== "string" || !name) return err(422, "Tag name is required.");
      if ([...this.tags.values()].includes(name)) return err(422, "Duplicate tag.");
      const id = this.id();
      this.tags.set(id, name);
      return { status: 201, body: { tag: { id, tag: name, tagType: body.tag.tagType ?? "contact" } } };
    }

    if (r.method === "POST" && r.path === "/api/3/contactTags") {
      const contact = String(body.contactTag?.contact ?? "");
      const tag = String(body.contactTag?.tag ?? "");
      if (!this.contacts.has(contact)) return err(422, "The related contact does not exist.");
      if (!this.tags.has(tag)) return err(422, "The related tag does not exist.");
      const existing = [...this.contactTags.entries()].find(([, ct]) => ct.contact === contact && ct.tag === tag);
      if (existing) return { status: 201, body: { contactTag: { id: existing[0], contact, tag } } };
      const id = this.id();
      this.contactTags.set(id, { contact, tag });
      return { status: 201, body: { contactTag: { id, contact, tag } } };
    }

    const ctOf = /^\/api\/3\/contacts\/(\d+)\/contactTags$/.exec(r.path);
    if (r.method === "GET" && ctOf) {
      const contactTags = [...this.contactTags.entries()]
        .filter(([, ct]) => ct.contact === ctOf[1])
        .map(([id, ct]) => ({ id, contact: ct.contact, tag: ct.tag }));
      return { status: 200, body: { contactTags } };
    }

    const clOf = /^\/api\/3\/contacts\/(\d+)\/contactLists$/.exec(r.path);
    if (r.method === "GET" && clOf) {
      const contactLists = [...this.contactLists.entries()]
        .filter(([key]) => key.endsWith(`:${clOf[1]}`))
        .map(([key, status]) => ({ list: key.split(":")[0], contact: clOf[1], status }));
      return { status: 200, body: { contactLists } };
    }

    const delCt = /^\/api\/3\/contactTags\/(\d+)$/.exec(r.path);
    if (r.method === "DELETE" && delCt) {
      if (!this.contactTags.delete(delCt[1]))
        return { status: 404, body: { message: "No Result found for ContactTag with id " + delCt[1] } };
      return { status: 200, body: {} };
    }

    const tagOne = /^\/api\/3\/tags\/(\d+)$/.exec(r.path);
    if (r.method === "GET" && tagOne) {
      const name = this.tags.get(tagOne[1]);
      if (!name) return { status: 404, body: { message: "No Result found for Tag with id " + tagOne[1] } };
      return { status: 200, body: { tag: { id: tagOne[1], tag: name } } };
    }

    const oneContact = /^\/api\/3\/contacts\/(\d+)$/.exec(r.path);
    if (r.method === "DELETE" && oneContact) {
      if (!this.contacts.delete(oneContact[1]))
        return { status: 404, body: { message: "No Result found for Subscriber with id " + oneContact[1] } };
      for (const key of [...this.contactLists.keys()])
        if (key.endsWith(`:${oneContact[1]}`)) this.contactLists.delete(key);
      for (const [id, ct] of [...this.contactTags]) if (ct.contact === oneContact[1]) this.contactTags.delete(id);
      return { status: 200, body: {} };
    }

    if (r.method === "GET" && r.path === "/api/3/contacts") {
      const email = (r.query.get("email") ?? "").toLowerCase();
      const c = this.contactByEmail(email);
      return { status: 200, body: { contacts: c ? [c] : [], meta: { total: c ? "1" : "0" } } };
    }

    return { status: 404, body: { message: `No route ${r.method} ${r.path}` } };
  }
}
