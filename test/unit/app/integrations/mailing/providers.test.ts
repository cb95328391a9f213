/**
 * Each provider client against a local server that answers as the provider
 * documents, including the failures the outbox must survive: 429 with
 * Retry-After, 500, a hang (time-out), and a permanent 400.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { klaviyoProvider, KLAVIYO_REVISION } from "#app/integrations/mailing/klaviyo.server";
import { mailchimpBaseUrl, mailchimpProvider, subscriberHash } from "#app/integrations/mailing/mailchimp.server";
import { activeCampaignProvider } from "#app/integrations/mailing/activecampaign.server";
import { providerFor } from "#app/integrations/mailing/registry.server";
import { parseRetryAfter } from "#app/integrations/mailing/http.server";
import { ProviderError, type MailingProvider, type SyncPayload } from "#app/integrations/mailing/types";
import { FakeKlaviyo } from "#test/support/fake-providers/klaviyo";
import { FakeMailchimp } from "#test/support/fake-providers/mailchimp";
import { FakeActiveCampaign } from "#test/support/fake-providers/activecampaign";

const payload = (email: string, overrides: Partial<SyncPayload> = {}): SyncPayload => ({
  contact: {
    email,
    phone: "+46701234567",
    name: "Anna",
    last_name: "Svensson",
    company_name: "Acme Sales",
    city: "Stockholm",
    country: "SE",
  },
  consents: { marketing: true, sms: false },
  properties: { topic: "sales" },
  ...overrides,
});

async function failure(p: Promise<unknown>): Promise<ProviderError> {
  const e = await p.then(
    () => null,
    (err) => err,
  );
  expect(e).toBeInstanceOf(ProviderError);
  return e as ProviderError;
}

/** The failure modes every provider must classify the same way. */
/** `make(timeoutMs)` builds the client; only the hang case uses a short time-out, so a loaded machine does not fail the others. */
/** `hidden`: the tool's URL is the owner's, so its answers' text and connection errors never reach the message. */
function failureModes(
  name: string,
  make: (timeoutMs?: number) => {
    provider: MailingProvider;
    server: import("#test/support/fake-providers/fake-server").FakeServer;
    listId: string;
  },
  reasons: "kept" | "hidden" = "kept",
) {
  const hidden = reasons === "hidden";
  describe(`${name} failures`, () => {
    it("429 with Retry-After is retryable and carries the delay", async () => {
      const { provider, server, listId } = make();
      server.failNext(1, { kind: "429", retryAfter: "7" });
      const e = await failure(provider.subscribe(payload("rate@acme.se"), listId));
      expect(e).toMatchObject({ retryable: true, status: 429, retryAfterMs: 7000 });
    });

    it("500 is retryable", async () => {
      const { provider, server, listId } = make();
      server.failNext(1, { kind: "500" });
      const e = await failure(provider.subscribe(payload("five@acme.se"), listId));
      expect(e).toMatchObject({ retryable: true, status: 500 });
    });

    it("a hang is a retryable time-out", async () => {
      const { provider, server, listId } = make(300);
      server.failNext(1, { kind: "hang" });
      const e = await failure(provider.subscribe(payload("hang@acme.se"), listId));
      expect(e.retryable).toBe(true);
      expect(e.message).toMatch(hidden ? /could not be reached$/ : /timed out after 300 ms/);
    });

    it("400 is permanent and keeps the provider's reason", async () => {
      const { provider, server, listId } = make();
      server.failNext(1, { kind: "400", detail: "Bad things in the request" });
      const e = await failure(provider.subscribe(payload("bad@acme.se"), listId));
      expect(e).toMatchObject({ retryable: false, status: 400 });
      if (hidden) expect(e.message).not.toContain("Bad things in the request");
      else expect(e.message).toContain("Bad things in the request");
    });

    it("a stopped provider (connection refused) is retryable", async () => {
      const { provider, server, listId } = make();
      await server.stop();
      try {
        const e = await failure(provider.subscribe(payload("down@acme.se"), listId));
        expect(e.retryable).toBe(true);
        expect(e.message).toMatch(hidden ? /could not be reached$/ : /ECONNREFUSED|network/);
      } finally {
        await server.start();
      }
    });
  });
}

describe("Klaviyo", () => {
  const fake = new FakeKlaviyo();
  let k: MailingProvider;
  beforeAll(async () => {
    await fake.start();
    k = klaviyoProvider({ apiKey: fake.apiKey, baseUrl: fake.url, timeoutMs: 5000 });
  });
  afterAll(() => fake.server.stop());

  it("subscribes through a profile-subscription bulk job with the documented headers and body", async () => {
    await k.subscribe(payload("anna@acme.se"), "Y6nRLr");
    const req = fake.server.handled((r) => r.path === "/api/profile-subscription-bulk-create-jobs/").at(-1)!;
    expect(req.method).toBe("POST");
    expect(req.headers.authorization).toBe(`Klaviyo-API-Key ${fake.apiKey}`);
    expect(req.headers.revision).toBe(KLAVIYO_REVISION);
    expect(req.headers["content-type"]).toBe("application/vnd.api+json");
    expect(req.status).toBe(202);
    expect(req.body).toEqual({
      data: {
        type: "profile-subscription-bulk-create-job",
        attributes: {
          custom_source: "Beckon",
          profiles: {
            data: [
              {
                type: "profile",
                attributes: {
                  email: "anna@acme.se",
                  phone_number: "+46701234567",
                  subscriptions: { email: { marketing: { consent: "SUBSCRIBED" } } },
                },
              },
            ],
          },
        },
        relationships: { list: { data: { type: "list", id: "Y6nRLr" } } },
      },
    });
    expect(fake.members("Y6nRLr")).toContain("anna@acme.se");
  });

  it("adds SMS consent only when given", async () => {
    await k.subscribe(payload("sms@acme.se", { consents: { marketing: true, sms: true } }), "1");
    expect(fake.subscriptions.at(-1)).toMatchObject({ email: "sms@acme.se", channels: ["email", "sms"] });
  });

  it("without marketing consent adds to the list without subscribing", async () => {
    await k.subscribe(payload("noconsent@acme.se", { consents: { marketing: false } }), "7");
    expect(fake.members("7")).toContain("noconsent@acme.se");
    expect(fake.profileByEmail("noconsent@acme.se")!.emailConsent).toBeNull();
  });

  it("removes from a list through the list's profile relationship", async () => {
    await k.subscribe(payload("leaver@acme.se"), "1");
    await k.unsubscribe(payload("leaver@acme.se"), "1");
    expect(fake.members("1")).not.toContain("leaver@acme.se");
    const del = fake.server.handled((r) => r.method === "DELETE").at(-1)!;
    expect(del.path).toBe("/api/lists/1/relationships/profiles/");
    expect(del.status).toBe(204);
  });

  it("upserts profile fields and tags through profile-import", async () => {
    await k.upsertProfile(payload("fields@acme.se"));
    const p = fake.profileByEmail("fields@acme.se")!;
    expect(p.attributes).toMatchObject({
      first_name: "Anna",
      last_name: "Svensson",
      organization: "Acme Sales",
      location: { city: "Stockholm", country: "SE" },
    });
    expect(p.properties).toMatchObject({ topic: "sales" });
    await k.addTag(payload("fields@acme.se"), "webinar");
    await k.addTag(payload("fields@acme.se"), "ebook");
    await k.removeTag(payload("fields@acme.se"), "webinar");
    expect(p.properties.beckon_tags).toEqual(["ebook"]);
  });

  it("reads lists and tags back for targeting", async () => {
    await k.subscribe(payload("reader@acme.se"), "7");
    await k.addTag(payload("reader@acme.se"), "vip");
    expect(await k.fetchContact!("reader@acme.se")).toMatchObject({ lists: ["7"], tags: ["vip"] });
    expect(await k.fetchContact!("nobody@acme.se")).toBeNull();
  });

  it("a wrong key is a permanent 401", async () => {
    const bad = klaviyoProvider({ apiKey: "wrong", baseUrl: fake.url, timeoutMs: 5000 });
    const e = await failure(bad.upsertProfile(payload("x@acme.se")));
    expect(e).toMatchObject({ retryable: false, status: 401 });
    expect(e.message).toContain("Incorrect authentication credentials");
  });

  it("an unknown list is a permanent 400 with Klaviyo's detail", async () => {
    const e = await failure(k.subscribe(payload("x@acme.se"), "nope"));
    expect(e).toMatchObject({ retryable: false, status: 400 });
    expect(e.message).toContain("List nope does not exist");
  });

  failureModes("Klaviyo", (timeoutMs = 5000) => ({
    provider: klaviyoProvider({ apiKey: fake.apiKey, baseUrl: fake.url, timeoutMs }),
    server: fake.server,
    listId: "1",
  }));
});

describe("Mailchimp", () => {
  const fake = new FakeMailchimp();
  let m: MailingProvider;
  beforeAll(async () => {
    await fake.start();
    m = mailchimpProvider({ apiKey: fake.apiKey, baseUrl: fake.url, timeoutMs: 5000, defaultListId: "a1b2c3d4e5" });
  });
  afterAll(() => fake.server.stop());

  it("derives the data centre from the key and hashes the lower-cased address", () => {
    expect(mailchimpBaseUrl("abc-us6")).toBe("https://us6.api.mailchimp.com/3.0");
    expect(() => mailchimpBaseUrl("nodc")).toThrow(ProviderError);
    expect(subscriberHash(" Anna@Acme.SE ")).toBe(subscriberHash("anna@acme.se"));
    expect(subscriberHash("urist.mcvankab@freddiesjokes.com")).toBe("62eeb292278cc15f5817cb78f7790b08");
  });

  it("subscribes with PUT to the member's subscriber hash, basic auth and merge fields", async () => {
    await m.subscribe(payload("Anna@Acme.se"), "1");
    const req = fake.server.handled((r) => r.method === "PUT").at(-1)!;
    expect(req.path).toBe(`/3.0/lists/1/members/${subscriberHash("anna@acme.se")}`);
    expect(Buffer.from(String(req.headers.authorization).slice(6), "base64").toString()).toBe(`beckon:${fake.apiKey}`);
    expect(req.body).toMatchObject({
      email_address: "Anna@Acme.se",
      status_if_new: "subscribed",
      status: "subscribed",
      merge_fields: { FNAME: "Anna", LNAME: "Svensson", PHONE: "+46701234567" },
    });
    expect(fake.member("1", "anna@acme.se")!.status).toBe("subscribed");
  });

  it("unsubscribes by setting the member's status", async () => {
    await m.unsubscribe(payload("anna@acme.se"), "1");
    expect(fake.member("1", "anna@acme.se")!.status).toBe("unsubscribed");
  });

  it("tags a member, creating a transactional member first when needed", async () => {
    await m.addTag(payload("tagged@acme.se", { list_id: "7" }), "webinar");
    const member = fake.member("7", "tagged@acme.se")!;
    expect(member.status).toBe("transactional");
    expect([...member.tags]).toEqual(["webinar"]);
    await m.removeTag(payload("tagged@acme.se", { list_id: "7" }), "webinar");
    expect([...member.tags]).toEqual([]);
    const tagCall = fake.server.handled((r) => r.path.endsWith("/tags")).at(-1)!;
    expect(tagCall.body).toEqual({ tags: [{ name: "webinar", status: "inactive" }] });
    expect(tagCall.status).toBe(204);
  });

  it("updates profile fields in the default audience without subscribing", async () => {
    await m.upsertProfile(payload("profile@acme.se"));
    expect(fake.member("a1b2c3d4e5", "profile@acme.se")).toMatchObject({
      status: "transactional",
      merge_fields: { FNAME: "Anna" },
    });
  });

  it("a resubscribe refused for compliance is permanent with Mailchimp's reason", async () => {
    await m.subscribe(payload("gone@acme.se"), "1");
    fake.compliance.add("gone@acme.se");
    const e = await failure(m.subscribe(payload("gone@acme.se"), "1"));
    expect(e).toMatchObject({ retryable: false, status: 400 });
    expect(e.message).toContain("Member In Compliance State");
  });

  it("reads subscribed lists and tags back with search-members", async () => {
    await m.subscribe(payload("search@acme.se"), "7");
    await m.addTag(payload("search@acme.se", { list_id: "7" }), "vip");
    expect(await m.fetchContact!("search@acme.se")).toMatchObject({ lists: ["7"], tags: ["vip"] });
  });

  failureModes("Mailchimp", (timeoutMs = 5000) => ({
    provider: mailchimpProvider({ apiKey: fake.apiKey, baseUrl: fake.url, timeoutMs }),
    server: fake.server,
    listId: "1",
  }));
});

describe("ActiveCampaign", () => {
  const fake = new FakeActiveCampaign();
  let ac: MailingProvider;
  beforeAll(async () => {
    await fake.start();
    ac = activeCampaignProvider({
      apiKey: fake.apiKey,
      apiUrl: fake.url,
      timeoutMs: 5000,
      allowPrivate: ["127.0.0.1"],
    });
  });
  afterAll(() => fake.server.stop());

  it("syncs the contact, then sets list status 1 with the Api-Token header", async () => {
    await ac.subscribe(payload("anna@acme.se"), "7");
    const [sync, list] = fake.server.handled().slice(-2);
    expect(sync).toMatchObject({ method: "POST", path: "/api/3/contact/sync" });
    expect(sync.headers["api-token"]).toBe(fake.apiKey);
    expect(sync.body).toEqual({
      contact: { email: "anna@acme.se", firstName: "Anna", lastName: "Svensson", phone: "+46701234567" },
    });
    expect(list).toMatchObject({ method: "POST", path: "/api/3/contactLists" });
    expect(list.body).toEqual({
      contactList: { list: "7", contact: fake.contactByEmail("anna@acme.se")!.id, status: 1 },
    });
  });

  it("unsubscribes with status 2", async () => {
    await ac.unsubscribe(payload("anna@acme.se"), "7");
    expect(fake.contactLists.get(`7:${fake.contactByEmail("anna@acme.se")!.id}`)).toBe("2");
  });

  it("finds or creates the tag by name, adds it, and removes it with DELETE contactTags/{id}", async () => {
    await ac.addTag(payload("tags@acme.se"), "Webinar");
    await ac.addTag(payload("tags@acme.se"), "Webinar"); // repeat: same tag, no duplicate
    expect([...fake.tags.values()]).toEqual(["Webinar"]);
    expect(fake.tagsOf("tags@acme.se")).toEqual(["Webinar"]);
    await ac.removeTag(payload("tags@acme.se"), "Webinar");
    expect(fake.tagsOf("tags@acme.se")).toEqual([]);
    expect(fake.server.handled((r) => r.method === "DELETE").at(-1)!.path).toMatch(/^\/api\/3\/contactTags\/\d+$/);
    await ac.removeTag(payload("tags@acme.se"), "Never-created"); // nothing to do
  });

  it("reads lists and tags back", async () => {
    await ac.subscribe(payload("reader@acme.se"), "2");
    await ac.addTag(payload("reader@acme.se"), "vip");
    expect(await ac.fetchContact!("reader@acme.se")).toMatchObject({ lists: ["2"], tags: ["vip"] });
  });

  it("an unknown list is a permanent 422 with a fixed hint, not ActiveCampaign's text", async () => {
    const e = await failure(ac.subscribe(payload("x@acme.se"), "999"));
    expect(e).toMatchObject({ retryable: false, status: 422 });
    expect(e.message).toContain("answered 422 (the data was refused: check the list id)");
    expect(e.message).not.toContain("The related list does not exist");
  });

  failureModes(
    "ActiveCampaign",
    (timeoutMs = 5000) => ({
      provider: activeCampaignProvider({
        apiKey: fake.apiKey,
        apiUrl: fake.url,
        timeoutMs,
        allowPrivate: ["127.0.0.1"],
      }),
      server: fake.server,
      listId: "1",
    }),
    "hidden",
  );
});

describe("registry and helpers", () => {
  it("refuses integrations without credentials permanently", () => {
    for (const type of ["klaviyo", "mailchimp", "activecampaign", "segment"]) {
      let error: unknown;
      try {
        providerFor({ integrationType: type, credentials: {}, syncSettings: {} });
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ProviderError);
      expect((error as ProviderError).retryable).toBe(false);
    }
  });

  it("reads API base overrides from the environment", () => {
    const p = providerFor(
      { integrationType: "mailchimp", credentials: { api_key: "k-us6" }, syncSettings: {} },
      { env: { BECKON_MAILCHIMP_API_URL: "http://127.0.0.1:1/3.0" } },
    );
    expect(p.type).toBe("mailchimp");
  });

  it("parses Retry-After as seconds or an HTTP date", () => {
    expect(parseRetryAfter("120")).toBe(120_000);
    expect(parseRetryAfter(new Date(Date.UTC(2030, 0, 1, 0, 0, 30)).toUTCString(), Date.UTC(2030, 0, 1))).toBe(30_000);
    expect(parseRetryAfter("soon")).toBeNull();
    expect(parseRetryAfter(null)).toBeNull();
  });
});
