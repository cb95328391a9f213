/**
 * The outbox under stress on a real database: racing workers and leases,
 * an outage of the tools, the background worker loop, and the backoff
 * arithmetic. Time is an injected clock, never a sleep.
 */
import { describe, expect, it } from "vitest";
import { createPrismaClient } from "#app/db.server";
import { createContact } from "#app/models/contact.server";
import {
  backoffDelayMs,
  claimDueJobs,
  deliverJob,
  retryDelayMs,
  runOutboxOnce,
  startOutboxWorker,
} from "#app/integrations/outbox.server";
import { ProviderError } from "#app/integrations/mailing/types";
import { contactMock } from "#test/support/row-factories";
import {
  ac,
  advance,
  db,
  drain,
  klaviyo,
  klaviyoSite,
  mailchimp,
  options,
  site,
  tdb,
  withOutboxDatabase,
} from "./outbox-harness";

withOutboxDatabase();

describe("concurrency and leases", () => {
  it("two workers racing never deliver one job twice", async () => {
    const { website, form } = await klaviyoSite();
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
    const { website, form } = await klaviyoSite();
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
    const { website, form } = await klaviyoSite();
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
