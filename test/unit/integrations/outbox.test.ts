/**
 * The outbox end to end on a real database: a submission queues jobs in its
 * own transaction, the worker delivers them to local fakes of Klaviyo,
 * Mailchimp and ActiveCampaign, and failures are retried with backoff (or
 * recorded as permanent). Time is an injected clock, never a sleep.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createPrismaClient, type Db } from "../../../app/db.server";
import { createContact } from "../../../app/models/contact.server";
import {
  backoffDelayMs,
  claimDueJobs,
  CONTACT_PROCESSING_DISABLED,
  deliverJob,
  retryDelayMs,
  runOutboxOnce,
  startOutboxWorker,
  type OutboxOptions,
} from "../../../app/integrations/outbox.server";
import { ProviderError } from "../../../app/integrations/mailing/types";
import { failedSyncJobs, retryFailedSyncJob, syncStatusForPerson } from "../../../app/models/mailing-list.server";
import { createTestDatabase, type TestDatabase } from "../../support/test-database";
import { FakeKlaviyo } from "../../support/fake-providers/klaviyo";
import { FakeMailchimp } from "../../support/fake-providers/mailchimp";
import { FakeActiveCampaign } from "../../support/fake-providers/activecampaign";
import { contactMock, formCtaMock, integrationMock, websiteMock } from "./factories";

let tdb: TestDatabase;
let db: Db;
const klaviyo = new FakeKlaviyo();
const mailchimp = new FakeMailchimp();
const ac = new FakeActiveCampaign();

// Jobs are queued at the real time; the injected clock starts a minute
// ahead of it (reset per test), so they are due however slow the machine is.
let clock = Date.now() + 60_000;
const now = () => new Date(clock);
const advance = (ms: number) => (clock += ms);
let options: OutboxOptions;

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

/** A website with all three tools plus built-in lists, and a form subscribing to one list in each. */
async function site(overrides: { contactProcessing?: boolean } = {}) {
  const website = await websiteMock(db, overrides);
  const k = await integrationMock(db, website.id, "klaviyo", { api_key: klaviyo.apiKey });
  const mc = await integrationMock(
    db,
    website.id,
    "mailchimp",
    { api_key: mailchimp.apiKey },
    { default_list_id: "a1b2c3d4e5" },
  );
  const a = await integrationMock(db, website.id, "activecampaign", { api_key: ac.apiKey, api_url: ac.url });
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

async function drain(max = 20) {
  let total = 0;
  for (let i = 0; i < max; i++) {
    const r = await runOutboxOnce(db, options);
    total += r.claimed;
    if (r.claimed === 0) return total;
  }
  return total;
}

describe("enqueueing with the submission", () => {
  it("queues one job per tool action plus profile updates, applies built-in lists at once, and is idempotent", async () => {
    const s = await site();
    const contact = contactMock({ element_id: s.form.elementId });
    const first = await createContact(db, s.website.id, contact);
    const jobs = await db.syncJob.findMany({ where: { personId: first.personId }, orderBy: { id: "asc" } });
    expect(jobs.map((j) => `${j.integrationId}:${j.operation}`)).toEqual([
      `${s.k.id}:upsert_profile`,
      `${s.mc.id}:upsert_profile`,
      `${s.a.id}:upsert_profile`,
      `${s.k.id}:subscribe`,
      `${s.mc.id}:subscribe`,
      `${s.mc.id}:add_tag`,
      `${s.a.id}:subscribe`,
    ]);
    expect(jobs.every((j) => j.status === "pending")).toBe(true);
    expect(jobs[3].payload).toMatchObject({
      list_id: "1",
      contact: { email: contact.email, name: "Anna" },
      consents: { marketing: true },
    });
    expect(jobs[6].payload).toMatchObject({ list_id: "7" });

    const membership = await db.mailingListMembership.findFirstOrThrow({
      where: { personId: first.personId },
      include: { list: true },
    });
    expect(membership.list.listId).toBe("16");
    const person = await db.person.findUniqueOrThrow({ where: { id: first.personId } });
    expect((person.data as any).tags).toEqual(["lead"]);
    // Company data from the business domain, and nothing overwritten.
    expect(person.companyName).toBe("Acme Sales");
    expect(person.website).toBe("https://acme-sales.se");

    const again = await createContact(db, s.website.id, contact);
    expect(again.duplicate).toBe(true);
    expect(await db.syncJob.count({ where: { personId: first.personId } })).toBe(jobs.length);
  });

  it("ignores action groups of another website", async () => {
    const mine = await site();
    const other = await site();
    const group = await db.actionGroup.create({ data: { data: {} } });
    await db.action.create({
      data: {
        websiteId: other.website.id,
        actionType: "subscribe_list",
        contactableType: "ActionGroup",
        actionGroupId: group.id,
        integrationId: other.k.id,
        data: { list_id: "1" },
      },
    });
    const r = await createContact(db, mine.website.id, contactMock({ action_groups: [group.id] }));
    const jobs = await db.syncJob.findMany({ where: { personId: r.personId } });
    expect(jobs.every((j) => j.operation === "upsert_profile" && j.websiteId === mine.website.id)).toBe(true);
  });

  it("queues action-group actions that fired", async () => {
    const s = await site();
    const group = await db.actionGroup.create({ data: { data: {} } });
    await db.action.create({
      data: {
        websiteId: s.website.id,
        actionType: "unsubscribe_list",
        contactableType: "ActionGroup",
        actionGroupId: group.id,
        integrationId: s.a.id,
        data: { list_id: "2" },
      },
    });
    const r = await createContact(db, s.website.id, contactMock({ action_groups: [group.id] }));
    expect(await db.syncJob.count({ where: { personId: r.personId, operation: "unsubscribe" } })).toBe(1);
  });
});

describe("delivery", () => {
  it("delivers every queued job to its tool and marks it done", async () => {
    const s = await site();
    const contact = contactMock({ element_id: s.form.elementId });
    const { personId } = await createContact(db, s.website.id, contact);
    expect(await drain()).toBe(7);
    const jobs = await db.syncJob.findMany({ where: { personId } });
    expect(jobs.every((j) => j.status === "done" && j.completedAt && j.lockedUntil === null)).toBe(true);
    expect(klaviyo.members("1")).toContain(contact.email);
    expect(mailchimp.member("7", contact.email!)).toMatchObject({ status: "subscribed" });
    expect([...mailchimp.member("7", contact.email!)!.tags]).toEqual(["ebook"]);
    expect(ac.contactLists.get(`7:${ac.contactByEmail(contact.email!)!.id}`)).toBe("1");
    expect(klaviyo.profileByEmail(contact.email!)!.attributes).toMatchObject({
      first_name: "Anna",
      last_name: "Svensson",
      organization: "Acme Sales",
    });
  });

  it("honours Retry-After on 429 and delivers afterwards", async () => {
    const s = await site();
    const { personId } = await createContact(db, s.website.id, contactMock({ element_id: s.form.elementId }));
    klaviyo.server.failNext(1, { kind: "429", retryAfter: "120" });
    const start = clock;
    await runOutboxOnce(db, { ...options, concurrency: 1 });
    const job = await db.syncJob.findFirstOrThrow({
      where: { personId, integrationId: s.k.id, operation: "upsert_profile" },
    });
    expect(job).toMatchObject({ status: "pending", attempts: 1 });
    expect(job.nextAttemptAt.getTime()).toBe(start + 120_000);
    expect(job.lastError).toMatch(/429/);
    advance(60_000);
    await runOutboxOnce(db, options);
    expect(await db.syncJob.count({ where: { personId, integrationId: s.k.id, status: "done" } })).toBe(0);
    advance(61_000);
    await drain();
    expect(await db.syncJob.count({ where: { personId, status: { not: "done" } } })).toBe(0);
  });

  it("backs off exponentially after 500s and time-outs", async () => {
    const s = await site();
    const { personId } = await createContact(db, s.website.id, contactMock({ element_id: s.form.elementId }));
    await db.syncJob.updateMany({ where: { personId, NOT: { integrationId: s.a.id } }, data: { status: "done" } });
    ac.server.failNext(1, { kind: "500" }).failNext(1, { kind: "hang" });
    const shortTimeout = { ...options, registry: { ...options.registry, timeoutMs: 300 } };
    let start = clock;
    await runOutboxOnce(db, options);
    let job = await db.syncJob.findFirstOrThrow({
      where: { personId, integrationId: s.a.id, operation: "upsert_profile" },
    });
    // attempt 1: base 30 s, equal jitter with random 0.5 → 22.5 s
    expect(job.nextAttemptAt.getTime() - start).toBe(22_500);
    advance(22_500);
    start = clock;
    await runOutboxOnce(db, shortTimeout);
    job = await db.syncJob.findUniqueOrThrow({ where: { id: job.id } });
    expect(job.attempts).toBe(2);
    expect(job.lastError).toMatch(/could not be reached/);
    expect(job.nextAttemptAt.getTime() - start).toBe(45_000);
    advance(45_000);
    await drain();
    expect(await db.syncJob.count({ where: { personId, status: { not: "done" } } })).toBe(0);
  });

  it("records a permanent 4xx as failed with the tool's reason, shown to the owner", async () => {
    const s = await site();
    const { personId } = await createContact(db, s.website.id, contactMock({ element_id: s.form.elementId }));
    mailchimp.server.failNext(1, { kind: "400", detail: "Your merge fields were invalid" });
    await drain();
    const status = await syncStatusForPerson(db, personId);
    const failed = status.filter((r) => r.status === "failed");
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ integrationType: "mailchimp", attempts: 1 });
    expect(failed[0].lastError).toContain("Your merge fields were invalid");
    expect((await failedSyncJobs(db, s.website.id)).map((r) => r.id)).toEqual([failed[0].id]);
    // After the owner fixes it, the job can go again.
    expect(await retryFailedSyncJob(db, s.website.id, failed[0].id, now())).toBe(true);
    await drain();
    expect((await syncStatusForPerson(db, personId)).every((r) => r.status === "done")).toBe(true);
  });

  it("gives up after maxAttempts", async () => {
    const s = await site();
    const { personId } = await createContact(db, s.website.id, contactMock({ element_id: s.form.elementId }));
    await db.syncJob.updateMany({
      where: { personId, NOT: { integrationId: s.k.id, operation: "upsert_profile" } },
      data: { status: "done" },
    });
    klaviyo.server.failNext(3, { kind: "500" });
    for (let i = 0; i < 3; i++) {
      await runOutboxOnce(db, { ...options, maxAttempts: 3 });
      advance(60 * 60_000);
    }
    const job = await db.syncJob.findFirstOrThrow({
      where: { personId, integrationId: s.k.id, operation: "upsert_profile" },
    });
    expect(job.status).toBe("failed");
    expect(job.lastError).toMatch(/^Gave up after 3 attempts: .*500/);
  });

  it("sends nothing for a website whose contact processing was switched off", async () => {
    const s = await site();
    const { personId } = await createContact(db, s.website.id, contactMock({ element_id: s.form.elementId }));
    await db.website.update({ where: { id: s.website.id }, data: { dataSettings: { "contact-processing": false } } });
    const before = klaviyo.server.requests.length + mailchimp.server.requests.length + ac.server.requests.length;
    await drain();
    expect(klaviyo.server.requests.length + mailchimp.server.requests.length + ac.server.requests.length).toBe(before);
    const jobs = await db.syncJob.findMany({ where: { personId } });
    expect(jobs.every((j) => j.status === "failed" && j.lastError === CONTACT_PROCESSING_DISABLED)).toBe(true);
  });

  it("marks jobs of an integration without credentials failed with a reason", async () => {
    const website = await websiteMock(db);
    const k = await integrationMock(db, website.id, "klaviyo", {});
    const form = await formCtaMock(db, website.id, [
      { actionType: "subscribe_list", integrationId: k.id, data: { list_id: "1" } },
    ]);
    const { personId } = await createContact(db, website.id, contactMock({ element_id: form.elementId }));
    await drain();
    const jobs = await db.syncJob.findMany({ where: { personId } });
    expect(jobs.length).toBe(2);
    expect(jobs.every((j) => j.status === "failed" && /missing its credentials/.test(j.lastError ?? ""))).toBe(true);
  });

  it("keeps one person's jobs in one tool in order", async () => {
    const website = await websiteMock(db);
    const a = await integrationMock(db, website.id, "activecampaign", { api_key: ac.apiKey, api_url: ac.url });
    const sub = await formCtaMock(db, website.id, [
      { actionType: "subscribe_list", integrationId: a.id, data: { list_id: "1" } },
    ]);
    const unsub = await formCtaMock(db, website.id, [
      { actionType: "unsubscribe_list", integrationId: a.id, data: { list_id: "1" } },
    ]);
    const visitor = contactMock().visitor_token;
    const email = "order@acme-sales.se";
    await createContact(db, website.id, contactMock({ visitor_token: visitor, email, element_id: sub.elementId }));
    await createContact(db, website.id, contactMock({ visitor_token: visitor, email, element_id: unsub.elementId }));
    // The first job (profile) fails and waits; nothing behind it may overtake.
    ac.server.failNext(1, { kind: "500" });
    await runOutboxOnce(db, options);
    await runOutboxOnce(db, options);
    expect(ac.contactByEmail(email)).toBeUndefined();
    advance(60 * 60_000);
    await drain();
    const id = ac.contactByEmail(email)!.id;
    expect(ac.contactLists.get(`1:${id}`)).toBe("2");
  });
});

describe("concurrency and leases", () => {
  it("two workers racing never deliver one job twice", async () => {
    const website = await websiteMock(db);
    const k = await integrationMock(db, website.id, "klaviyo", { api_key: klaviyo.apiKey });
    const form = await formCtaMock(db, website.id, [
      { actionType: "subscribe_list", integrationId: k.id, data: { list_id: "7" } },
    ]);
    const emails: string[] = [];
    for (let i = 0; i < 12; i++) {
      const c = contactMock({ element_id: form.elementId, email: `race${i}@acme-sales.se` });
      emails.push(c.email!);
      await createContact(db, website.id, c);
    }
    // On PostgreSQL the second worker gets its own client (its own
    // connections). On SQLite two clients in one process would block each
    // other's synchronous busy-wait, so both passes share one client, which
    // still races their claims against each other.
    const other = tdb.target.kind === "postgresql" ? createPrismaClient(tdb.target) : db;
    try {
      const before = klaviyo.subscriptions.length;
      for (let i = 0; i < 6; i++) {
        const [x, y] = await Promise.all([
          runOutboxOnce(db, { ...options, batchSize: 5 }),
          runOutboxOnce(other, { ...options, batchSize: 5 }),
        ]);
        if (x.claimed + y.claimed === 0) break;
      }
      const sent = klaviyo.subscriptions.slice(before).map((s) => s.email);
      expect(sent.sort()).toEqual([...emails].sort());
      expect(await db.syncJob.count({ where: { websiteId: website.id, status: { not: "done" } } })).toBe(0);
    } finally {
      if (other !== db) await other.$disconnect();
    }
  });

  it("a job whose worker died is taken over after its lease, and the stale worker cannot overwrite the result", async () => {
    const website = await websiteMock(db);
    const k = await integrationMock(db, website.id, "klaviyo", { api_key: klaviyo.apiKey });
    const form = await formCtaMock(db, website.id, [
      { actionType: "subscribe_list", integrationId: k.id, data: { list_id: "7" } },
    ]);
    await createContact(
      db,
      website.id,
      contactMock({ element_id: form.elementId, marketing_consent: undefined, name: undefined, last_name: undefined }),
    );
    const stale = await claimDueJobs(db, { ...options, leaseMs: 60_000 });
    expect(stale.length).toBeGreaterThan(0);
    expect(await claimDueJobs(db, options)).toEqual([]); // still leased
    advance(60_001);
    const taken = await claimDueJobs(db, options);
    expect(taken.map((j) => j.id)).toEqual(stale.map((j) => j.id));
    for (const j of taken) {
      const outcome = await deliverJob(db, j, options);
      expect(outcome, (await db.syncJob.findUnique({ where: { id: j.id } }))?.lastError ?? "").toBe("done");
    }
    for (const j of stale) expect(await deliverJob(db, j, options)).toBe("lost");
  });
});

describe("an outage", () => {
  it("delivers every queued subscription exactly once after the tools come back", async () => {
    const s = await site();
    await db.action.deleteMany({ where: { elementId: s.form.elementId, actionType: { not: "subscribe_list" } } });
    const emails: string[] = [];
    for (let i = 0; i < 10; i++) {
      const c = contactMock({ element_id: s.form.elementId, email: `outage${i}@acme-sales.se` });
      emails.push(c.email!);
      await createContact(db, s.website.id, c);
    }
    const counts = () => ({
      klaviyo: klaviyo.subscriptions.filter((x) => x.listId === "1" && emails.includes(x.email!)).length,
      mailchimp: mailchimp.subscribeEvents.filter((x) => x.listId === "7" && emails.includes(x.email)).length,
      ac: ac.subscribeEvents.filter((x) => x.list === "7" && emails.includes(x.email)).length,
    });

    await Promise.all([klaviyo.server.stop(), mailchimp.server.stop(), ac.server.stop()]);
    // Down for a while: several passes, each failing, each pushing the jobs back.
    for (let i = 0; i < 4; i++) {
      await drain();
      advance(60 * 60_000);
    }
    const waiting = await db.syncJob.findMany({ where: { websiteId: s.website.id } });
    expect(waiting.every((j) => j.status === "pending")).toBe(true);
    // The oldest job of each person in each tool was tried; the rest wait behind it.
    const tried = waiting.filter((j) => j.attempts > 0);
    expect(tried).toHaveLength(30);
    expect(
      tried.every((j) => j.attempts >= 4 && /ECONNREFUSED|network|could not be reached/.test(j.lastError ?? "")),
    ).toBe(true);
    expect(counts()).toEqual({ klaviyo: 0, mailchimp: 0, ac: 0 });

    await Promise.all([klaviyo.server.start(), mailchimp.server.start(), ac.server.start()]);
    advance(60 * 60_000);
    await drain(50);
    expect(counts()).toEqual({ klaviyo: 10, mailchimp: 10, ac: 10 });
    expect(await db.syncJob.count({ where: { websiteId: s.website.id, status: { not: "done" } } })).toBe(0);
    // Nothing left to send, however long we wait.
    advance(24 * 60 * 60_000);
    expect(await drain()).toBe(0);
    expect(counts()).toEqual({ klaviyo: 10, mailchimp: 10, ac: 10 });
  });
});

describe("the worker loop", () => {
  it("delivers in the background and stops cleanly", async () => {
    const website = await websiteMock(db);
    const k = await integrationMock(db, website.id, "klaviyo", { api_key: klaviyo.apiKey });
    const form = await formCtaMock(db, website.id, [
      { actionType: "subscribe_list", integrationId: k.id, data: { list_id: "7" } },
    ]);
    const c = contactMock({ element_id: form.elementId, email: "loop@acme-sales.se" });
    await createContact(db, website.id, c);
    const stop = startOutboxWorker(db, { ...options, intervalMs: 10 });
    await klaviyo.server.waitFor(
      (r) =>
        r.outcome === "ok" &&
        r.path === "/api/profile-subscription-bulk-create-jobs/" &&
        JSON.stringify(r.body).includes("loop@acme-sales.se"),
    );
    await stop();
    expect(klaviyo.members("7")).toContain("loop@acme-sales.se");
  });
});

describe("backoff", () => {
  it("doubles from the base with equal jitter and caps at an hour", () => {
    const o = { baseDelayMs: 30_000, maxDelayMs: 3_600_000 };
    expect(backoffDelayMs(1, { ...o, random: () => 0 })).toBe(15_000);
    expect(backoffDelayMs(1, { ...o, random: () => 1 })).toBe(30_000);
    expect(backoffDelayMs(3, { ...o, random: () => 1 })).toBe(120_000);
    expect(backoffDelayMs(20, { ...o, random: () => 1 })).toBe(3_600_000);
    expect(backoffDelayMs(200, { ...o, random: () => 0 })).toBe(1_800_000);
  });

  it("uses Retry-After when given, capped", () => {
    expect(retryDelayMs(new ProviderError("x", true, 429, 5000), 3)).toBe(5000);
    expect(retryDelayMs(new ProviderError("x", true, 429, 86_400_000), 1)).toBe(3_600_000);
    expect(retryDelayMs(new ProviderError("x", true, 500), 1, { random: () => 0 })).toBe(15_000);
  });
});
