/**
 * A SQLite file locked by another connection (BEGIN EXCLUSIVE, held past the
 * configured wait): how long writes take to answer 503, for 1 and for 10 sent
 * at once, and how fast reads answer meanwhile: the cached per-website script,
 * the owner's login page and the widget's visitor lookup, asked one after
 * another for as long as the writes wait. On the production server over a
 * fresh seeded SQLite database, at BECKON_SQLITE_BUSY_TIMEOUT_MS (default
 * 10 s). Prints the figures, then fails if a write did not answer 503 with
 * Retry-After or a read did not answer 200.
 *
 *   npx tsx bench/locked-db.ts [--wait=10000] [--writes=1,10]
 */
import Database from "better-sqlite3";
import { randomBytes } from "node:crypto";
import {
  demoStore,
  freshDatabase,
  median,
  printTable,
  quantile,
  round,
  startBenchServer,
  writeResult,
  argValue,
} from "./lib";

export interface LockedRound {
  writes: number;
  /** Statuses of the writes (all 503 expected) and how many carried Retry-After. */
  write_statuses: Record<string, number>;
  with_retry_after: number;
  /** From sending to the answer, per write. */
  time_to_answer_ms: { min: number; median: number; max: number };
  reads: {
    path: string;
    count: number;
    statuses: Record<string, number>;
    median_ms: number;
    p95_ms: number;
    max_ms: number;
  }[];
}

export interface LockedDbBench {
  wait_ms: number;
  rounds: LockedRound[];
  /** What failed the checks; empty when all writes answered 503 with Retry-After and all reads 200. */
  failures: string[];
}

const token = () => randomBytes(16).toString("hex");

/** One request, timed to the end of its body; a request that gets no answer counts as status 0. */
async function timed(url: string, init?: RequestInit) {
  const started = performance.now();
  try {
    const res = await fetch(url, init);
    await res.arrayBuffer();
    return { status: res.status, retryAfter: res.headers.get("retry-after"), ms: performance.now() - started };
  } catch {
    return { status: 0, retryAfter: null, ms: performance.now() - started };
  }
}

const tally = (statuses: number[]) =>
  statuses.reduce<Record<string, number>>((t, s) => ((t[s] = (t[s] ?? 0) + 1), t), {});

export async function benchLockedDb(options = { waitMs: 10_000, writes: [1, 10] }): Promise<LockedDbBench> {
  const bdb = await freshDatabase("sqlite");
  const server = await startBenchServer(bdb.url, { BECKON_SQLITE_BUSY_TIMEOUT_MS: String(options.waitMs) });
  const failures: string[] = [];
  try {
    const { websiteId } = await demoStore(bdb.db);
    const post = (path: string, body: unknown) =>
      timed(server.origin + path, {
        method: "POST",
        headers: { "Content-Type": "text/plain" },
        body: JSON.stringify(body),
      });
    const visitor = token();
    // Each kind of write, as the widget sends it: a batch of events, a form's contact, a new visitor.
    const writeOf = (i: number): [string, unknown] =>
      [
        [
          `/api/websites/${websiteId}/events/create`,
          { events: [{ id: `ev-${token()}`, event_type: "View", visitor_token: visitor }] },
        ],
        [
          `/api/websites/${websiteId}/contacts/create`,
          { contact: { id: `ct-${token()}`, visitor_token: visitor, email: `bench-${i}@example.com` } },
        ],
        [`/api/websites/${websiteId}/visitors`, { visitor: { visitor_token: token() } }],
      ][i % 3] as [string, unknown];
    const readPaths = [
      `/api/websites/${websiteId}.js`,
      `/owner/login`,
      `/api/visitors/${visitor}?website_id=${websiteId}`,
    ];

    // Warm-up, unlocked: the script gets cached and every path runs its code once.
    const warm = [await post(`/api/websites/${websiteId}/visitors`, { visitor: { visitor_token: visitor } })];
    for (let round = 0; round < 10; round++) {
      for (let i = 0; i < 3; i++) warm.push(await post(...writeOf(i)));
      for (const p of readPaths) warm.push(await timed(server.origin + p));
    }
    if (warm.some((r) => r.status >= 300))
      throw new Error(`warm-up answered ${JSON.stringify(tally(warm.map((r) => r.status)))}`);

    const rounds: LockedRound[] = [];
    for (const n of options.writes) {
      const holder = new Database(bdb.url.slice("file:".length));
      holder.exec("BEGIN EXCLUSIVE");
      try {
        let pending = n;
        const writes = Promise.all(Array.from({ length: n }, (_, i) => post(...writeOf(i)).finally(() => pending--)));
        const reads = new Map(readPaths.map((p) => [p, [] as { status: number; ms: number }[]]));
        while (pending > 0) for (const p of readPaths) reads.get(p)!.push(await timed(server.origin + p));
        const answered = await writes;
        const ms = answered.map((w) => w.ms);
        const round_: LockedRound = {
          writes: n,
          write_statuses: tally(answered.map((w) => w.status)),
          with_retry_after: answered.filter((w) => Number(w.retryAfter) > 0).length,
          time_to_answer_ms: {
            min: round(Math.min(...ms), 0),
            median: round(median(ms), 0),
            max: round(Math.max(...ms), 0),
          },
          reads: readPaths.map((path) => {
            const rs = reads.get(path)!;
            const t = rs.map((r) => r.ms);
            return {
              path,
              count: rs.length,
              statuses: tally(rs.map((r) => r.status)),
              median_ms: round(median(t)),
              p95_ms: round(quantile(t, 0.95)),
              max_ms: round(Math.max(...t)),
            };
          }),
        };
        rounds.push(round_);
        if (round_.write_statuses["503"] !== n || round_.with_retry_after !== n)
          failures.push(
            `${n} writes: ${JSON.stringify(round_.write_statuses)}, ${round_.with_retry_after} with Retry-After`,
          );
        for (const r of round_.reads)
          if (r.statuses["200"] !== r.count || r.count === 0)
            failures.push(`${n} writes, reads of ${r.path}: ${JSON.stringify(r.statuses)}`);
      } finally {
        holder.exec("ROLLBACK");
        holder.close();
      }
    }
    return { wait_ms: options.waitMs, rounds, failures };
  } finally {
    await server.stop();
    await bdb.drop();
  }
}

/** Shortens the read paths to what they are. */
const readName = (path: string) =>
  path.startsWith("/owner")
    ? "owner login page"
    : path.startsWith("/api/visitors")
      ? "visitor lookup"
      : "site script (cached)";

export function lockedDbTable(b: LockedDbBench) {
  return {
    header: [
      "writes at once",
      "writes answered",
      "time to answer ms (min / median / max)",
      ...b.rounds[0].reads.map((r) => `${readName(r.path)}: n, median / p95 ms`),
    ],
    rows: b.rounds.map((r) => [
      r.writes,
      Object.entries(r.write_statuses)
        .map(([s, c]) => `${c} × ${s}`)
        .join(", "),
      `${r.time_to_answer_ms.min} / ${r.time_to_answer_ms.median} / ${r.time_to_answer_ms.max}`,
      ...r.reads.map((x) => `${x.count}, ${x.median_ms} / ${x.p95_ms}`),
    ]),
  };
}

export async function main(argv = process.argv.slice(2)) {
  const arg = (name: string) => argValue(argv, name);
  const options = { waitMs: Number(arg("wait") ?? 10_000), writes: (arg("writes") ?? "1,10").split(",").map(Number) };
  console.log(
    `[bench] a locked SQLite file: BECKON_SQLITE_BUSY_TIMEOUT_MS=${options.waitMs}, ${options.writes.join(" and ")} writes at once`,
  );
  const b = await benchLockedDb(options);
  const t = lockedDbTable(b);
  printTable(
    `A locked SQLite file (wait ${b.wait_ms} ms): writes answered, and reads while they wait`,
    t.header,
    t.rows,
  );
  writeResult("locked-db", { options, ...b });
  if (b.failures.length) throw new Error(`checks failed: ${b.failures.join("; ")}`);
  return b;
}

if (process.argv[1] && /bench[\\/]locked-db\.ts$/.test(process.argv[1])) {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
