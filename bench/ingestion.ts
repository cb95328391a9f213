/**
 * Event ingestion: autocannon posts realistic batches (as the widget's queue
 * flushes them: View events of a CTA, 50 per request, every event a unique
 * client id, 200 known visitors) to POST /api/websites/{id}/events/create at
 * fixed concurrency for a fixed time, against the production server on a
 * fresh seeded database. Events per second count only events the server
 * answered 2xx for, and the database is checked to hold exactly that many.
 * Each database runs --rounds times (3 by default, each on a fresh database
 * and server): the table shows the median round with the spread of all, as a
 * 10-second run on a 2-core machine moves by a tenth or more between runs.
 * Goals: SQLite at least 5,000 and PostgreSQL at least 10,000 events/s.
 *
 *   npx tsx bench/ingestion.ts [sqlite|postgresql ...] [--duration=10] [--connections=10] [--batch=50] [--rounds=3]
 */
import autocannon from "autocannon";
import { randomBytes } from "node:crypto";
import {
  demoStore,
  freshDatabase,
  onEachDatabase,
  printTable,
  round,
  startBenchServer,
  writeResult,
  type PostgresCluster,
  numberArg,
} from "./lib";

export interface IngestionOptions {
  duration: number;
  connections: number;
  batch: number;
  visitors: number;
}

export const DEFAULT_INGESTION: IngestionOptions = { duration: 10, connections: 10, batch: 50, visitors: 200 };

export interface IngestionResult {
  database: "sqlite" | "postgresql";
  duration_s: number;
  connections: number;
  batch: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  requests_per_s: number;
  events_per_s: number;
  events_stored: number;
  latency_ms: { p50: number; p90: number; p99: number; max: number };
  /** Events/s of every round, in run order (the fields above are the median round's). */
  rounds_events_per_s?: number[];
}

/** Events/s each database must reach (median round). */
export const INGESTION_GOALS: Record<IngestionResult["database"], number> = { sqlite: 5_000, postgresql: 10_000 };

/** The median round (by events/s) with every round's events/s beside it. */
export function medianRound(rounds: IngestionResult[]): IngestionResult {
  if (!rounds.length) throw new Error("medianRound: no rounds");
  const sorted = [...rounds].sort((a, b) => a.events_per_s - b.events_per_s);
  return { ...sorted[Math.floor((sorted.length - 1) / 2)], rounds_events_per_s: rounds.map((r) => r.events_per_s) };
}

/** Runs one ingestion benchmark on a fresh database of the given kind. */
export async function benchIngestion(
  kind: "sqlite" | "postgresql",
  options: IngestionOptions = DEFAULT_INGESTION,
  cluster?: PostgresCluster,
): Promise<IngestionResult> {
  const bdb = await freshDatabase(kind, cluster);
  const server = await startBenchServer(bdb.url);
  try {
    const { websiteId, ctaId, variantId } = await demoStore(bdb.db);
    const tokens: string[] = [];
    for (let i = 0; i < options.visitors; i++) {
      const token = randomBytes(16).toString("hex");
      const r = await fetch(`${server.origin}/api/websites/${websiteId}/visitors`, {
        method: "POST",
        headers: { "Content-Type": "text/plain" },
        body: JSON.stringify({
          visitor: {
            visitor_token: token,
            landing_page: "https://beckon-demo.myshopify.com/",
            platform: "Web",
            data: {},
          },
          new: true,
        }),
      });
      if (r.status !== 201) throw new Error(`visitor creation answered ${r.status}: ${await r.text()}`);
      tokens.push(token);
    }
    const prefix = randomBytes(4).toString("hex");
    let n = 0;
    const path = `/api/websites/${websiteId}/events/create`;
    const makeBody = () => {
      const events = [];
      const token = tokens[n % tokens.length];
      for (let i = 0; i < options.batch; i++) {
        n++;
        events.push({
          id: `${prefix}${n.toString(36).padStart(8, "0")}`,
          event_type: "View",
          visitor_token: token,
          url: `https://beckon-demo.myshopify.com/collections/coffee?page=${n % 7}`,
          cta_id: ctaId,
          variant_id: variantId,
          contactable_type: "Cta",
          contactable_id: ctaId,
          broadcast_id: null,
          data: { step: 1 },
          at: Date.now(),
        });
      }
      return JSON.stringify({ events });
    };
    // A short warm-up: JIT, prepared statements, the page cache.
    await run(server.origin, path, makeBody, { ...options, duration: 2 });
    const warmed = await bdb.db.trackedEvent.count();
    const result = await run(server.origin, path, makeBody, options);
    const after = await bdb.db.trackedEvent.count();
    const ok = result.requests.sent ? result["2xx"] : 0;
    const stored = after - warmed;
    // Requests still in flight when autocannon stops are stored but not counted: at most one per connection.
    if (stored < ok * options.batch || stored > (ok + options.connections) * options.batch) {
      console.warn(`[bench] ${kind}: ${ok * options.batch} events answered 2xx but ${stored} stored`);
    }
    const seconds = result.duration;
    return {
      database: kind,
      duration_s: round(seconds, 2),
      connections: options.connections,
      batch: options.batch,
      requests: result.requests.total,
      non2xx: result.non2xx,
      errors: result.errors,
      timeouts: result.timeouts,
      requests_per_s: round(ok / seconds, 1),
      events_per_s: round((ok * options.batch) / seconds, 0),
      events_stored: stored,
      latency_ms: {
        p50: result.latency.p50,
        p90: result.latency.p90,
        p99: result.latency.p99,
        max: result.latency.max,
      },
    };
  } finally {
    await server.stop();
    await bdb.drop();
  }
}

function run(origin: string, path: string, body: () => string, o: IngestionOptions): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: origin,
        connections: o.connections,
        duration: o.duration,
        timeout: 10,
        requests: [
          {
            method: "POST",
            path,
            headers: { "content-type": "text/plain;charset=UTF-8" },
            setupRequest: (req) => ({ ...req, body: body() }),
          },
        ],
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
    void instance;
  });
}

export function ingestionTable(results: IngestionResult[]): { header: string[]; rows: (string | number)[][] } {
  return {
    header: [
      "database",
      "events/s (median)",
      "rounds events/s",
      "goal",
      "requests/s",
      "p50 ms",
      "p99 ms",
      "non-2xx",
      "errors",
      "events stored",
    ],
    rows: results.map((r) => [
      r.database,
      r.events_per_s,
      (r.rounds_events_per_s ?? [r.events_per_s]).join(" / "),
      `${INGESTION_GOALS[r.database]}: ${r.events_per_s >= INGESTION_GOALS[r.database] ? "met" : "NOT met"}`,
      r.requests_per_s,
      r.latency_ms.p50,
      r.latency_ms.p99,
      r.non2xx,
      r.errors + r.timeouts,
      r.events_stored,
    ]),
  };
}

export async function main(argv = process.argv.slice(2)) {
  const arg = (name: string, fallback: number) => numberArg(argv, name, fallback);
  const options: IngestionOptions = {
    duration: arg("duration", DEFAULT_INGESTION.duration),
    connections: arg("connections", DEFAULT_INGESTION.connections),
    batch: arg("batch", DEFAULT_INGESTION.batch),
    visitors: arg("visitors", DEFAULT_INGESTION.visitors),
  };
  const rounds = Math.max(1, Math.floor(arg("rounds", 3)));
  const results: IngestionResult[] = await onEachDatabase(argv, async (kind, cluster) => {
    const runs: IngestionResult[] = [];
    for (let i = 1; i <= rounds; i++) {
      console.log(
        `[bench] ingestion on ${kind}, round ${i} of ${rounds}: ${options.connections} connections, ${options.duration} s, ${options.batch} events per request`,
      );
      runs.push(await benchIngestion(kind, options, cluster));
    }
    return medianRound(runs);
  });
  const t = ingestionTable(results);
  printTable(
    `Event ingestion (POST /api/websites/{id}/events/create, ${options.batch} events per request, ${options.connections} connections, ${options.duration} s)`,
    t.header,
    t.rows,
  );
  writeResult("ingestion", {
    options: { ...options, rounds },
    goal: { sqlite_events_per_s: INGESTION_GOALS.sqlite, postgresql_events_per_s: INGESTION_GOALS.postgresql },
    results,
  });
  return results;
}

if (process.argv[1] && /bench[\\/]ingestion\.ts$/.test(process.argv[1])) {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
