/**
 * The harness shared by the outbox-*.test.ts files and privacy-forget: a
 * real database, local fakes of Klaviyo, Mailchimp and ActiveCampaign, the
 * injected clock, a website subscribed to all three, and a drain of the
 * queue.
 */
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import type { Db } from "#app/db.server";
import { runOutboxOnce, type OutboxOptions } from "#app/integrations/outbox.server";
import { createTestDatabase, type TestDatabase } from "#test/support/test-database";
import { FakeKlaviyo } from "#test/support/fake-providers/klaviyo";
import { FakeMailchimp } from "#test/support/fake-providers/mailchimp";
import { FakeActiveCampaign } from "#test/support/fake-providers/activecampaign";
import { formCtaMock, integrationMock, websiteMock } from "#test/support/row-factories";

// Live bindings: tdb, db and options are set by withOutboxDatabase()'s beforeAll, read by the tests as plain names.
export let tdb: TestDatabase;
export let db: Db;
export const klaviyo = new FakeKlaviyo();
export const mailchimp = new FakeMailchimp();
export const ac = new FakeActiveCampaign();

// Jobs are queued at the real time; the injected clock starts a minute
// ahead of it (reset per test), so they are due however slow the machine is.
export let clock = Date.now() + 60_000;
export const now = () => new Date(clock);
export const advance = (ms: number) => (clock += ms);
export let options: OutboxOptions;

/** Registers the file's database and fake tools, the clock reset before each test, and the cleanup after each. */
export function withOutboxDatabase() {
  beforeAll(async () => {
    tdb = await createTestDatabase();
    db = tdb.db;
    await Promise.all([klaviyo.start(), mailchimp.start(), ac.start()]);
    options = {
      now,
      random: () => 0.5,
      registry: {
        timeoutMs: 5000,
        env: {
          BECKON_KLAVIYO_API_URL: klaviyo.url,
          BECKON_MAILCHIMP_API_URL: mailchimp.url,
          BECKON_ALLOW_PRIVATE_PROVIDER_HOSTS: "127.0.0.1",
        },
      },
    };
  });

  beforeEach(() => {
    clock = Date.now() + 60_000;
  });

  afterEach(async () => {
    for (const f of [klaviyo, mailchimp, ac]) {
      f.server.clearFaults();
      await f.server.start();
    }
    await db.syncJob.deleteMany();
  });

  afterAll(async () => {
    await Promise.all([klaviyo.server.stop(), mailchimp.server.stop(), ac.server.stop()]);
    await tdb?.drop();
  });
}

/** The website's Klaviyo, Mailchimp (default list a1b2c3d4e5) and ActiveCampaign, connected to the local fakes. */
export async function connectTools(websiteId: number) {
  const k = await integrationMock(db, websiteId, "klaviyo", { api_key: klaviyo.apiKey });
  const mc = await integrationMock(
    db,
    websiteId,
    "mailchimp",
    { api_key: mailchimp.apiKey },
    { default_list_id: "a1b2c3d4e5" },
  );
  const a = await integrationMock(db, websiteId, "activecampaign", { api_key: ac.apiKey, api_url: ac.url });
  return { k, mc, a };
}

/** A website with all three tools plus built-in lists, and a form subscribing to one list in each. */
export async function site(overrides: { contactProcessing?: boolean } = {}) {
  const website = await websiteMock(db, overrides);
  const { k, mc, a } = await connectTools(website.id);
  const builtin = await integrationMock(db, website.id, "builtin");
  const form = await formCtaMock(db, website.id, [
    { actionType: "subscribe_list", integrationId: k.id, data: { list_id: "1" } },
    { actionType: "subscribe_list", integrationId: mc.id, data: { list_id: "7" } },
    { actionType: "add_list_tag", integrationId: mc.id, data: { list_id: "7", tag: "ebook" } },
    { actionType: "subscribe_list", integrationId: a.id, data: { list_id: 7 } },
    { actionType: "subscribe_list", integrationId: builtin.id, data: { list_id: "16" } },
    { actionType: "add_tag", integrationId: null, tagId: "lead" },
  ]);
  return { website, k, mc, a, builtin, form };
}

/** A website with Klaviyo alone and a form subscribing to its list 7. */
export async function klaviyoSite() {
  const website = await websiteMock(db);
  const k = await integrationMock(db, website.id, "klaviyo", { api_key: klaviyo.apiKey });
  const form = await formCtaMock(db, website.id, [
    { actionType: "subscribe_list", integrationId: k.id, data: { list_id: "7" } },
  ]);
  return { website, k, form };
}

/** Runs the outbox until it claims nothing (at most max rounds) and returns the number of jobs claimed. */
export async function drain(max = 20) {
  let total = 0;
  for (let i = 0; i < max; i++) {
    const r = await runOutboxOnce(db, options);
    total += r.claimed;
    if (r.claimed === 0) return total;
  }
  return total;
}
