/**
 * Issue 21, finding 1, against the built server with a local Klaviyo: an
 * anonymous page posts a contact with a victim's address, then asks
 * targeting_sync with force. The answer must carry no profile data of the
 * victim and only yes/no facts for the lists and tags conditions name; the
 * queued writes must not overwrite the victim's Klaviyo profile. A visitor
 * that proves the address with a signed link token does get its facts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "#test/support/test-database";
import { startTestServer, type TestServer } from "#test/support/server";
import { FakeKlaviyo } from "#test/support/fake-providers/klaviyo";
import { klaviyoProvider } from "#app/integrations/mailing/klaviyo.server";
import { signIdentityToken } from "#app/server/identity-token.server";
import { identityTokenSecret } from "#app/models/deployment.server";
import { contactMock, formCtaMock, integrationMock, token, websiteMock } from "#test/support/row-factories";
import { postPublic } from "#test/support/http";
import { eventually } from "#test/support/eventually";

const SECRET = "api-test-session-secret-0123456789abcdef0123";
const VICTIM = "victim@acme-sales.se";
/** Everything about the victim that only Klaviyo knows. */
const VICTIM_PII = ["Vera", "Victim", "Acme Sales", "Chief Executive", "+46701234567"];

let tdb: TestDatabase;
let server: TestServer;
const klaviyo = new FakeKlaviyo("pk_test_beckon", ["7", "8", "9"]);
const post = (p: string, body: unknown) => postPublic(server.origin, p, body);

/** A website with Klaviyo, a form that subscribes to list 8, and conditions naming list 7 and tag vip. */
async function site() {
  const website = await websiteMock(tdb.db);
  const integration = await integrationMock(tdb.db, website.id, "klaviyo", { api_key: klaviyo.apiKey });
  const form = await formCtaMock(tdb.db, website.id, [
    { actionType: "subscribe_list", integrationId: integration.id, data: { list_id: "8" } },
  ]);
  await tdb.db.condition.create({
    data: {
      websiteId: website.id,
      conditionType: "list",
      data: { list_id: "7", integration_id: integration.id, integration_type: "klaviyo" },
    },
  });
  await tdb.db.condition.create({ data: { websiteId: website.id, conditionType: "tag", tagId: "vip", data: {} } });
  return { website, integration, form };
}

beforeAll(async () => {
  tdb = await createTestDatabase();
  await klaviyo.start();
  // The victim as the merchant's Klaviyo knows her: on lists 7 and 9, tagged vip and board.
  const k = klaviyoProvider({ apiKey: klaviyo.apiKey, baseUrl: klaviyo.url, timeoutMs: 5000 });
  const victim = {
    contact: {
      email: VICTIM,
      phone: "+46701234567",
      name: "Vera",
      last_name: "Victim",
      company_name: "Acme Sales",
      company_title: "Chief Executive",
    },
    consents: { marketing: true },
  };
  await k.upsertProfile(victim);
  await k.subscribe(victim, "7");
  await k.subscribe(victim, "9");
  await k.addTag(victim, "vip");
  await k.addTag(victim, "board");
  server = await startTestServer({
    databaseUrl: tdb.url,
    env: {
      SESSION_SECRET: SECRET,
      BECKON_KLAVIYO_API_URL: klaviyo.url,
      BECKON_PROVIDER_TIMEOUT_MS: "5000",
      BECKON_OUTBOX_INTERVAL_MS: "50",
      BECKON_OUTBOX_BASE_DELAY_MS: "100",
    },
  });
});

afterAll(async () => {
  await server?.stop();
  await klaviyo.server.stop();
  await tdb?.drop();
});

describe("targeting sync with a claimed address", () => {
  it("answers no victim data and queues no overwrite of the victim's profile", async () => {
    const { website, integration, form } = await site();
    const visitor = token();
    const created = await post(`/api/websites/${website.id}/contacts/create`, {
      contact: contactMock({
        visitor_token: visitor,
        email: VICTIM,
        name: "Mallory",
        last_name: "Attacker",
        phone: "+46709999999",
        element_id: form.elementId,
      }),
    });
    expect(created.status).toBe(201);
    const sync = await post(`/api/websites/${website.id}/targeting_sync`, {
      integration_id: integration.id,
      integration_type: "klaviyo",
      visitor_token: visitor,
      contact_id: created.json.contact.id,
      force: true,
    });
    expect(sync.status).toBe(200);
    for (const pii of VICTIM_PII) expect(sync.text).not.toContain(pii);
    expect(sync.json).not.toHaveProperty("contact");
    // Only the lists and tags the website's conditions name, as yes/no; nothing the tool holds for the address.
    expect(sync.json).toMatchObject({ lists: { "7": false }, tags: { vip: false }, fields: {}, verified: false });
    expect(Object.keys(sync.json.lists)).toEqual(["7"]);
    expect(Object.keys(sync.json.tags)).toEqual(["vip"]);
    expect(klaviyo.server.requests.some((r) => /\/api\/profiles\/[^/]+\/lists/.test(r.path))).toBe(false);

    // The outbox delivers the submission's jobs; the victim's profile keeps its fields.
    const person = await tdb.db.person.findFirstOrThrow({ where: { websiteId: website.id, visitorToken: visitor } });
    const jobs = await eventually(async () => {
      const all = await tdb.db.syncJob.findMany({ where: { personId: person.id } });
      return all.length > 0 && all.every((j) => j.status === "done") && all;
    });
    expect(jobs.map((j) => j.operation).sort()).toEqual(["subscribe", "upsert_profile"]);
    for (const j of jobs) expect(j.payload).toMatchObject({ keep_existing: true });
    const profile = klaviyo.profileByEmail(VICTIM)!;
    expect(profile.attributes).toMatchObject({
      first_name: "Vera",
      last_name: "Victim",
      organization: "Acme Sales",
      title: "Chief Executive",
    });
    expect(profile.phone_number).toBe("+46701234567");
    // targeting_sync itself queued nothing.
    const before = jobs.length;
    await post(`/api/websites/${website.id}/targeting_sync`, {
      integration_id: integration.id,
      integration_type: "klaviyo",
      visitor_token: visitor,
      force: true,
    });
    expect(await tdb.db.syncJob.count({ where: { personId: person.id } })).toBe(before);
  });

  it("never hands the browser an old stored answer holding another person's data", async () => {
    const { website, integration } = await site();
    const visitor = token();
    await tdb.db.person.create({
      data: {
        websiteId: website.id,
        visitorToken: visitor,
        extra: {},
        data: {
          integrations: {
            klaviyo: {
              integration_id: integration.id,
              data: { lists: ["7", "9"], tags: ["board"], fields: { first_name: "Vera", organization: "Acme Sales" } },
              last_sync: new Date().toISOString(),
            },
          },
        },
      },
    });
    const res = await fetch(`${server.origin}/api/visitors/${visitor}?website_id=${website.id}`);
    const text = await res.text();
    expect(res.status).toBe(200);
    for (const pii of ["Vera", "Acme Sales", "board"]) expect(text).not.toContain(pii);
    // Nor is it answered as cache.
    const sync = await post(`/api/websites/${website.id}/targeting_sync`, {
      integration_id: integration.id,
      integration_type: "klaviyo",
      visitor_token: visitor,
    });
    expect(sync.json).toMatchObject({ lists: { "7": false }, tags: { vip: false }, source: "local" });
  });
});

describe("targeting sync with a proven address", () => {
  it("a signed link token unlocks the address's facts, still without its profile", async () => {
    const { website, integration } = await site();
    const visitor = token();
    expect((await post(`/api/websites/${website.id}/visitors`, { visitor: { visitor_token: visitor } })).status).toBe(
      201,
    );
    const identity_token = signIdentityToken(
      { websiteId: website.id, email: VICTIM, expiresAt: Date.now() / 1000 + 3600 },
      await identityTokenSecret(tdb.db, SECRET),
    );
    const sync = await post(`/api/websites/${website.id}/targeting_sync`, {
      integration_id: integration.id,
      integration_type: "klaviyo",
      visitor_token: visitor,
      identity_token,
    });
    expect(sync.status).toBe(200);
    expect(sync.json).toMatchObject({ lists: { "7": true }, tags: { vip: true }, verified: true, source: "remote" });
    expect(Object.keys(sync.json.lists)).toEqual(["7"]);
    for (const pii of VICTIM_PII) expect(sync.text).not.toContain(pii);
    // Later syncs of that visitor need no token: the proof is kept.
    const again = await post(`/api/websites/${website.id}/targeting_sync`, {
      integration_id: integration.id,
      integration_type: "klaviyo",
      visitor_token: visitor,
      force: true,
    });
    expect(again.json).toMatchObject({ lists: { "7": true }, verified: true });
  });

  it("refuses a tampered, expired or foreign token with a 422 on identity_token", async () => {
    const { website, integration } = await site();
    const other = await websiteMock(tdb.db);
    const visitor = token();
    await post(`/api/websites/${website.id}/visitors`, { visitor: { visitor_token: visitor } });
    const body = (identity_token: string) => ({
      integration_id: integration.id,
      integration_type: "klaviyo",
      visitor_token: visitor,
      identity_token,
    });
    const good = signIdentityToken(
      { websiteId: website.id, email: "anna@acme-sales.se", expiresAt: Date.now() / 1000 + 3600 },
      await identityTokenSecret(tdb.db, SECRET),
    );
    const parts = good.split(".");
    const tampered = [parts[0], parts[1], Buffer.from(VICTIM).toString("base64url"), parts[3], parts[4]].join(".");
    const expired = signIdentityToken(
      { websiteId: website.id, email: VICTIM, expiresAt: Date.now() / 1000 - 1 },
      await identityTokenSecret(tdb.db, SECRET),
    );
    const foreign = signIdentityToken(
      { websiteId: other.id, email: VICTIM, expiresAt: Date.now() / 1000 + 3600 },
      await identityTokenSecret(tdb.db, SECRET),
    );
    for (const t of [tampered, expired, foreign]) {
      const r = await post(`/api/websites/${website.id}/targeting_sync`, body(t));
      expect(r.status).toBe(422);
      expect(r.json.error.field).toBe("identity_token");
    }
    expect((await post(`/api/websites/${website.id}/targeting_sync`, body("not a token!"))).json.error.field).toBe(
      "identity_token",
    );
    const person = await tdb.db.person.findFirstOrThrow({ where: { websiteId: website.id, visitorToken: visitor } });
    expect(person.verifiedEmail).toBeNull();
  });

  it("makes identity links for owners only", async () => {
    const { website } = await site();
    const r = await post(`/api/websites/${website.id}/identity_links`, { email: VICTIM, url: "https://example.se/" });
    expect(r.status).toBe(401);
    expect(r.json.error).toBeDefined();
  });
});
