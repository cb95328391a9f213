/**
 * Three production server processes on one PostgreSQL database behind a
 * local round-robin proxy (TRUST_PROXY=1), as a deployment with several
 * processes runs, once with the PostgreSQL stores and once with Redis (when
 * redis-server is installed):
 * 1. rate limits are shared: a burst spread over the three meets one limit;
 * 2. an owner's publish through one process shows in the site script the
 *    other two serve on the very next request (scripts stay fresh for a
 *    minute, so only the cross-process notice can explain it);
 * 3. the outbox: three workers (one per process) deliver each job once;
 * 4. an owner session made on one process is valid on the others, and a
 *    sign-out on one is refused on another.
 * SQLite is one embedded process: the file skips on the SQLite run.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { createTestDatabase, testDatabaseKind, type TestDatabase } from "#test/support/test-database";
import type { TestServer } from "#test/support/server";
import { startServerCluster, stopServerCluster } from "#test/support/server-cluster";
import { BACKEND_HEADER, type RoundRobinProxy } from "#test/support/round-robin-proxy";
import { redisServerPath, startTestRedis, type TestRedis } from "#test/support/redis-server";
import { FakeKlaviyo } from "#test/support/fake-providers/klaviyo";
import { postForm } from "#test/support/http";
import { eventually } from "#test/support/eventually";
import { integrationMock, websiteMock } from "#test/support/row-factories";
import { seedIfEmpty } from "#prisma/seed";

const SV = 1;
const OWNER = { email: "agare@saljakademin.se", password: "beckon-demo-2026" };
const WRITE_BURST = 20;

/** Three processes on a shared machine take longer to agree than one: a longer wait, a slower poll. */
const ACROSS_PROCESSES = { timeoutMs: 30_000, pollMs: 50 };

const cookieOf = (res: Response, name: string) =>
  res.headers
    .getSetCookie()
    .find((c) => c.startsWith(`${name}=`))
    ?.split(";")[0];

/** Three processes, a proxy in front, one database (and a Redis when given). */
function threeProcesses(variant: "postgresql" | "redis") {
  let t: TestDatabase;
  let redis: TestRedis | null = null;
  const klaviyo = new FakeKlaviyo();
  let servers: TestServer[] = [];
  let proxy: RoundRobinProxy;

  /** Headers that send a request to one process (by index) through the proxy. */
  const to = (index: number, headers: Record<string, string> = {}) => ({ ...headers, [BACKEND_HEADER]: String(index) });

  /** A request through the proxy to one process (by index), or round robin when index is null. */
  const via = (index: number | null, path: string, init: RequestInit & { headers?: Record<string, string> } = {}) =>
    fetch(`${proxy.origin}${path}`, {
      redirect: "manual",
      ...init,
      headers: index === null ? init.headers : to(index, init.headers),
    });

  async function signIn(index: number): Promise<string> {
    const page = await via(index, "/owner/login");
    const csrf = /name="csrf" value="([^"]+)"/.exec(await page.text())![1];
    const res = await postForm(
      proxy.origin,
      "/owner/login",
      { ...OWNER, csrf },
      to(index, { Cookie: cookieOf(page, "beckon_csrf")! }),
    );
    expect(res.status).toBe(302);
    return cookieOf(res, "beckon_owner")!;
  }

  async function ownerCsrf(index: number, cookie: string): Promise<string> {
    const res = await via(index, "/owner", { headers: { Cookie: cookie } });
    expect(res.status).toBe(200);
    return /name="csrf" value="([^"]+)"/.exec(await res.text())![1];
  }

  const script = async (index: number) => {
    const res = await via(index, `/api/websites/${SV}.js`);
    expect(res.status).toBe(200);
    return { etag: res.headers.get("etag")!, text: await res.text() };
  };

  beforeAll(async () => {
    t = await createTestDatabase();
    await seedIfEmpty(t.db);
    if (variant === "redis") redis = await startTestRedis();
    await klaviyo.start();
    const env: Record<string, string> = {
      SESSION_SECRET: "multi-process-".padEnd(40, "x"),
      TRUST_PROXY: "1",
      // The longest freshness there is: within it only a notice can make another process rebuild.
      BECKON_SCRIPT_CACHE_MS: "60000",
      // A write burst of 20 that takes 100 s to earn one more: the test sees the burst alone.
      BECKON_RATE_LIMIT_IP_WRITE: `${WRITE_BURST}/0.01`,
      // A busy test machine may take over the default second to answer; failing open would blur the count.
      BECKON_RATE_LIMIT_STORE_TIMEOUT_MS: "20000",
      BECKON_KLAVIYO_API_URL: klaviyo.url,
      BECKON_OUTBOX_INTERVAL_MS: "50",
      ...(redis ? { BECKON_REDIS_URL: redis.url } : {}),
    };
    ({ servers, proxy } = await startServerCluster(3, { databaseUrl: t.url, env }));
  }, 330_000);

  afterAll(async () => {
    await stopServerCluster({ servers, proxy });
    await klaviyo.server.stop();
    await redis?.stop();
    await t?.drop();
  });

  it("shares the rate limits: a burst spread over the three processes meets one limit, not three", async () => {
    const served = proxy.served.length;
    const answers = await Promise.all(
      Array.from({ length: WRITE_BURST * 3 }, () =>
        via(null, `/api/websites/${SV}/events/create`, {
          method: "POST",
          headers: { "Content-Type": "text/plain" },
          body: "{}",
        }).then(async (r) => {
          await r.arrayBuffer();
          return r.status;
        }),
      ),
    );
    // Each process got a third of the burst.
    const backends = proxy.served.slice(served);
    for (const s of servers) expect(backends.filter((b) => b === s.origin)).toHaveLength(WRITE_BURST);
    // Let through (to the body check, 400) exactly the shared burst; the rest refused.
    expect(answers.filter((s) => s !== 429)).toHaveLength(WRITE_BURST);
    expect(answers.filter((s) => s === 429)).toHaveLength(WRITE_BURST * 2);
  });

  it("shows an owner's publish through one process in the site script of the other two on the next request", async () => {
    const before = await Promise.all([0, 1, 2].map(script));
    // A write by another tool (this test's own client) sends no notice: within the fresh minute, unseen everywhere.
    const overlay = await t.db.cta.findFirstOrThrow({
      where: { websiteId: SV, status: "published", ctaType: "overlay" },
    });
    // The seed's drafts, if any, else the overlay again (publishing stamps published_at anew).
    const target = (await t.db.cta.findFirst({ where: { websiteId: SV, status: "draft" } })) ?? overlay;
    const renamed = `Renamed ${randomBytes(4).toString("hex")}`;
    await t.db.cta.update({ where: { id: overlay.id }, data: { name: renamed } });
    for (const i of [0, 1, 2]) expect((await script(i)).etag).toBe(before[i].etag);

    const owner = await signIn(0);
    const csrf = await ownerCsrf(0, owner);
    const res = await postForm(
      proxy.origin,
      `/owner/websites/${SV}/ctas`,
      { intent: "publish", id: String(target.id), csrf },
      to(0, { Cookie: owner }),
    );
    expect(res.status).toBe(200);
    for (const i of [1, 2, 0]) {
      const after = await script(i);
      expect(after.etag).not.toBe(before[i].etag);
      expect(after.text).toContain(`"id":${target.id},`);
      // Rebuilt from the database: the other tool's write is in it too.
      expect(after.text).toContain(renamed);
    }
  });

  it("delivers each outbox job exactly once with three workers, one per process", async () => {
    const website = await websiteMock(t.db);
    const k = await integrationMock(t.db, website.id, "klaviyo", { api_key: klaviyo.apiKey });
    const emails = Array.from({ length: 60 }, (_, i) => `lead${i}-${variant}@acme-sales.se`);
    const people = await t.db.person.createManyAndReturn({
      data: emails.map((email) => ({
        websiteId: website.id,
        visitorToken: randomBytes(16).toString("hex"),
        email,
        personType: "Contact",
        extra: {},
        data: {},
      })),
    });
    // All in one statement: the three workers find them together and race for them.
    await t.db.syncJob.createMany({
      data: people.map((person) => ({
        websiteId: website.id,
        integrationId: k.id,
        personId: person.id,
        operation: "subscribe",
        payload: { contact: { email: person.email, phone: null }, consents: { marketing: true }, list_id: "Y6nRLr" },
        idempotencyKey: `multi-process:${person.email}`,
        status: "pending",
        nextAttemptAt: new Date(),
      })),
    });
    await eventually(
      async () => (await t.db.syncJob.count({ where: { websiteId: website.id, status: { not: "done" } } })) === 0,
      ACROSS_PROCESSES,
    );
    const delivered = klaviyo.subscriptions
      .filter((s) => s.listId === "Y6nRLr" && s.email?.endsWith(`-${variant}@acme-sales.se`))
      .map((s) => s.email!);
    expect(delivered).toHaveLength(emails.length);
    expect(new Set(delivered)).toEqual(new Set(emails));
    expect(await t.db.syncJob.count({ where: { websiteId: website.id, attempts: { not: 1 } } })).toBe(0);
  });

  it("keeps an owner session valid on every process, and a sign-out on one ends it on all", async () => {
    const owner = await signIn(0);
    for (const i of [1, 2]) expect((await via(i, "/owner", { headers: { Cookie: owner } })).status).toBe(200);
    const csrf = await ownerCsrf(0, owner);
    const out = await postForm(proxy.origin, "/owner/logout", { csrf }, to(0, { Cookie: owner }));
    expect(out.status).toBe(302);
    for (const i of [1, 2]) {
      const res = await via(i, "/owner", { headers: { Cookie: owner } });
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toMatch(/^\/owner\/login/);
    }
  });

  if (variant === "redis") {
    it("lets requests through, with a warning, when Redis goes away", async () => {
      await redis!.stop();
      const answers = await Promise.all([0, 1, 2].map((i) => via(i, `/api/websites/${SV}.js`).then((r) => r.status)));
      expect(answers).toEqual([200, 200, 200]);
      await eventually(
        async () => servers.every((s) => /rate limits unavailable \(redis:/.test(s.output())),
        ACROSS_PROCESSES,
      );
    });
  }
}

const sqliteSkip = testDatabaseKind() !== "postgresql";
const redisSkip = redisServerPath() ? null : "redis-server is not installed (apt-get install -y redis-server)";

describe.skipIf(sqliteSkip)(
  `three server processes on one PostgreSQL${sqliteSkip ? " (skipped: SQLite is one embedded process; this runs on the PostgreSQL pass)" : ""}`,
  () => {
    describe("sharing through PostgreSQL (UNLOGGED buckets, LISTEN/NOTIFY)", () => threeProcesses("postgresql"));
    describe.skipIf(!!redisSkip)(
      `sharing through Redis (Lua buckets, pub/sub)${redisSkip ? ` (skipped: ${redisSkip})` : ""}`,
      () => threeProcesses("redis"),
    );
  },
);
