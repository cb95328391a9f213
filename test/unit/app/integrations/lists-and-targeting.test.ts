/**
 * Built-in lists (membership, CSV export, unsubscribe) and the targeting
 * sync answer, on a real database, with the tools as local fakes.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "#app/db.server";
import { createContact } from "#app/models/contact.server";
import { csvCell } from "#app/view/csv";
import { exportListCsv, listsForWebsite, unsubscribeByEmail } from "#app/models/mailing-list.server";
import { runOutboxOnce } from "#app/integrations/outbox.server";
import { RESYNC_AFTER_MS, targetingSync } from "#app/models/targeting-sync.server";
import { InputError } from "#app/server/input-error";
import { signIdentityToken } from "#app/server/identity-token.server";
import { createTestDatabase, type TestDatabase } from "#test/support/test-database";
import { FakeMailchimp } from "#test/support/fake-providers/mailchimp";
import { contactMock, formCtaMock, integrationMock, token, websiteMock } from "#test/support/row-factories";

let tdb: TestDatabase;
let db: Db;
const mailchimp = new FakeMailchimp();
const registry = () => ({ timeoutMs: 5000, env: { BECKON_MAILCHIMP_API_URL: mailchimp.url } });
const secret = "unit-test-identity-secret-0123456789abcdef";

/** A site-wide condition, so targeting sync answers about what it names. */
const conditionMock = (
  websiteId: number,
  conditionType: string,
  o: { tagId?: string; dataName?: string; data?: object } = {},
) =>
  db.condition.create({
    data: { websiteId, conditionType, tagId: o.tagId ?? null, dataName: o.dataName ?? null, data: o.data ?? {} },
  });

beforeAll(async () => {
  tdb = await createTestDatabase();
  db = tdb.db;
  await mailchimp.start();
});
afterAll(async () => {
  await mailchimp.server.stop();
  await tdb?.drop();
});

describe("built-in lists", () => {
  it("subscribes on submission, exports CSV, and unsubscribes by e-mail", async () => {
    const website = await websiteMock(db);
    const builtin = await integrationMock(db, website.id, "builtin");
    const form = await formCtaMock(db, website.id, [
      { actionType: "subscribe_list", integrationId: builtin.id, data: { list_id: "7" } },
    ]);
    await createContact(
      db,
      website.id,
      contactMock({ element_id: form.elementId, email: "anna@acme-sales.se", name: "Anna" }),
    );
    await createContact(
      db,
      website.id,
      contactMock({ element_id: form.elementId, email: "bo@acme-sales.se", name: '=HYPERLINK("x")' }),
    );
    await createContact(
      db,
      website.id,
      contactMock({ element_id: form.elementId, email: "nej@acme-sales.se", marketing_consent: false }),
    );

    const [list] = await listsForWebsite(db, website.id);
    expect(list).toMatchObject({ listId: "7", integrationType: "builtin", members: 2 });
    const csv = await exportListCsv(db, website.id, list.id);
    const lines = csv.trimEnd().split("\r\n");
    expect(lines[0]).toBe("email,phone,name,last_name,company_name,marketing_consent,subscribed_at,unsubscribed_at");
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^anna@acme-sales\.se,,Anna,Svensson,Acme Sales,true,\d{4}-/);
    expect(lines[2]).toContain(`"'=HYPERLINK(""x"")"`);

    const r = await unsubscribeByEmail(db, website.id, "Anna@Acme-Sales.se");
    expect(r).toMatchObject({ people: 1, builtinLists: 1 });
    expect((await exportListCsv(db, website.id, list.id)).trimEnd().split("\r\n")).toHaveLength(2);
    const all = (await exportListCsv(db, website.id, list.id, { includeUnsubscribed: true })).trimEnd().split("\r\n");
    expect(all.find((l) => l.startsWith("anna@"))).toMatch(/,\d{4}-[^,]+$/);
    await expect(exportListCsv(db, (await websiteMock(db)).id, list.id)).rejects.toThrow("Unknown list");
  });

  it("queues unsubscribes for outside tools the person was subscribed to", async () => {
    const website = await websiteMock(db);
    const mc = await integrationMock(db, website.id, "mailchimp", { api_key: mailchimp.apiKey });
    const form = await formCtaMock(db, website.id, [
      { actionType: "subscribe_list", integrationId: mc.id, data: { list_id: "1" } },
    ]);
    await createContact(db, website.id, contactMock({ element_id: form.elementId, email: "leave@acme-sales.se" }));
    const r = await unsubscribeByEmail(db, website.id, "leave@acme-sales.se");
    expect(r.providerJobs).toBe(1);
    for (let i = 0; i < 5; i++) await runOutboxOnce(db, { registry: registry() });
    expect(mailchimp.member("1", "leave@acme-sales.se")!.status).toBe("unsubscribed");
  });

  it("quotes CSV cells", () => {
    expect(csvCell('a,"b"')).toBe('"a,""b"""');
    expect(csvCell("+46701234567")).toBe("'+46701234567");
    expect(csvCell(null)).toBe("");
  });
});

describe("targeting sync", () => {
  it("answers built-in lists and tags, caches for 30 minutes, then re-syncs", async () => {
    const website = await websiteMock(db);
    const builtin = await integrationMock(db, website.id, "builtin");
    const form = await formCtaMock(db, website.id, [
      { actionType: "subscribe_list", integrationId: builtin.id, data: { list_id: "3" } },
      { actionType: "add_list_tag", integrationId: builtin.id, data: { tag: "webinar" } },
    ]);
    const c = contactMock({ element_id: form.elementId });
    const { personId } = await createContact(db, website.id, c);
    await conditionMock(website.id, "list", { data: { list_id: "3" } });
    await conditionMock(website.id, "list", { data: { list_id: "11" } });
    await conditionMock(website.id, "tag", { tagId: "Webinar" });
    let t = Date.now();
    const now = () => new Date(t);
    const input = {
      environment: "live" as const,
      integration_id: builtin.id,
      integration_type: "builtin",
      visitor_token: c.visitor_token,
      contact_id: personId,
    };
    const first = await targetingSync(db, website.id, input, { now });
    // Facts about what the conditions name, never the profile itself.
    expect(first).toMatchObject({
      lists: { "3": true, "11": false },
      tags: { webinar: true },
      source: "local",
      resync_after_ms: RESYNC_AFTER_MS,
      verified: false,
    });
    expect(first).not.toHaveProperty("contact");
    // A change within 30 minutes is not seen: the widget's cached answer stands.
    const other = await formCtaMock(db, website.id, [
      { actionType: "subscribe_list", integrationId: builtin.id, data: { list_id: "11" } },
    ]);
    await createContact(
      db,
      website.id,
      contactMock({ visitor_token: c.visitor_token, email: c.email, element_id: other.elementId }),
    );
    t += RESYNC_AFTER_MS - 1;
    expect(await targetingSync(db, website.id, input, { now })).toMatchObject({
      lists: { "3": true, "11": false },
      source: "cache",
    });
    t += 2;
    expect(await targetingSync(db, website.id, input, { now })).toMatchObject({
      lists: { "3": true, "11": true },
      source: "local",
    });
    const person = await db.person.findUniqueOrThrow({ where: { id: personId } });
    expect((person.data as any).integrations.builtin).toMatchObject({
      integration_id: builtin.id,
      facts: 2,
      data: { lists: { "3": true, "11": true } },
    });
  });

  it("asks the tool live for a proven visitor, and falls back to delivered syncs when it is down", async () => {
    const website = await websiteMock(db);
    const mc = await integrationMock(db, website.id, "mailchimp", { api_key: mailchimp.apiKey });
    const form = await formCtaMock(db, website.id, [
      { actionType: "subscribe_list", integrationId: mc.id, data: { list_id: "7" } },
    ]);
    const c = contactMock({ element_id: form.elementId });
    await createContact(db, website.id, c);
    for (let i = 0; i < 5; i++) await runOutboxOnce(db, { registry: registry() });
    await conditionMock(website.id, "list", { data: { list_id: "7" } });
    await conditionMock(website.id, "data_field", { dataName: "FNAME" });
    const identity_token = signIdentityToken(
      { websiteId: website.id, email: c.email!, expiresAt: Date.now() / 1000 + 3600 },
      secret,
    );
    const input = {
      environment: "live" as const,
      integration_id: mc.id,
      integration_type: "mailchimp",
      visitor_token: c.visitor_token,
      force: true,
      identity_token,
    };
    expect(await targetingSync(db, website.id, input, { registry: registry(), secret })).toMatchObject({
      lists: { "7": true },
      source: "remote",
      fields: { FNAME: "Anna" },
      verified: true,
    });
    await mailchimp.server.stop();
    try {
      expect(await targetingSync(db, website.id, input, { registry: registry(), secret })).toMatchObject({
        lists: { "7": true },
        source: "local",
      });
    } finally {
      await mailchimp.server.start();
    }
  });

  it("asks no tool when contact processing is off", async () => {
    const website = await websiteMock(db, { contactProcessing: false });
    const mc = await integrationMock(db, website.id, "mailchimp", { api_key: mailchimp.apiKey });
    const person = await db.person.create({
      data: {
        websiteId: website.id,
        visitorToken: token(),
        email: "private@acme-sales.se",
        verifiedEmail: "private@acme-sales.se",
        personType: "Contact",
        extra: {},
        data: {},
      },
    });
    const before = mailchimp.server.requests.length;
    const r = await targetingSync(
      db,
      website.id,
      { environment: "live", integration_id: mc.id, integration_type: "mailchimp", visitor_token: person.visitorToken },
      { registry: registry() },
    );
    expect(r.source).toBe("local");
    expect(mailchimp.server.requests.length).toBe(before);
  });

  it("refuses other websites' integrations, unknown visitors and someone else's contact id", async () => {
    const a = await websiteMock(db);
    const b = await websiteMock(db);
    const builtinB = await integrationMock(db, b.id, "builtin");
    const builtinA = await integrationMock(db, a.id, "builtin");
    const p = await db.person.create({ data: { websiteId: a.id, visitorToken: token(), extra: {}, data: {} } });
    const call = (o: object) =>
      targetingSync(db, a.id, {
        environment: "live",
        integration_id: builtinA.id,
        integration_type: "builtin",
        visitor_token: p.visitorToken,
        ...o,
      });
    await expect(call({ integration_id: builtinB.id })).rejects.toMatchObject({ field: "integration_id", status: 404 });
    await expect(call({ integration_type: "klaviyo" })).rejects.toMatchObject({ field: "integration_type" });
    await expect(call({ visitor_token: token() })).rejects.toMatchObject({ field: "visitor_token", status: 404 });
    await expect(call({ contact_id: p.id + 1000 })).rejects.toBeInstanceOf(InputError);
    expect(await call({})).not.toHaveProperty("contact");
  });
});
