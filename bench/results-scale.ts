/**
 * The owner's results page and its CSV at scale: a month of one website's
 * events (bench/results-data.ts; 1,000,000 on SQLite, 10,000,000 on
 * PostgreSQL by default) written into a fresh seeded database, the app's
 * aggregates rebuilt when the build keeps any (bench/rebuild-aggregates.ts),
 * then the production server on it, signed in as the website's owner over
 * HTTP. Each case is asked once cold, then timed `--requests` times, while
 * the server's resident memory is read every 20 ms. Every page answer is
 * checked to show the period's real views (counted apart by SQL), every CSV
 * to be text/csv with a plausible number of rows.
 *
 *   npx tsx bench/results-scale.ts [sqlite] [postgresql] [--events=N] [--sqlite-events=N] [--postgresql-events=N] [--requests=10] [--slow-requests=3] [--timeout=120] [--output=results-scale] [--reuse-postgresql=URL] [--save-before]
 *
 * --events=N sets both databases' size, --sqlite-events and
 * --postgresql-events one's (10,000,000 events take PostgreSQL about a
 * quarter hour to generate and roll up on the reference machine). --output
 * names the JSON written under bench/results/ (a run of another size can
 * sit beside the usual one). --reuse-postgresql=URL times a database
 * generated and rolled up before (same generator) instead of writing one. A case whose first answer takes
 * over 10 s is timed only --slow-requests times (today's page takes tens
 * of seconds at 1,000,000 events). --save-before writes the figures to
 * results/results-scale-before.json, the "before" column of later runs.
 */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { databaseTarget } from "#app/db/database-url";
import { createPrismaClient } from "#app/db.server";
import { parsePeriod } from "#app/models/results/results-period";
import { SALJAKADEMIN_OWNER } from "#prisma/seed-data/saljakademin";
import { postForm } from "#test/support/http";
import {
  freshDatabase,
  machine,
  onEachDatabase,
  printTable,
  quantile,
  RESULTS_DIR,
  ROOT,
  round,
  startBenchServer,
  writeResult,
  type PostgresCluster,
  argValue,
} from "./lib";
import { processTree, sampleMemory, waitUntilQuiet } from "./process-usage";
import { rebuildAggregates } from "./rebuild-aggregates";
import { expectedViews } from "./results-expected";
import {
  generatePostgres,
  generateSqlite,
  prepareResultsWebsite,
  type GeneratedData,
  type ResultsWebsite,
} from "./results-data";

type Kind = "sqlite" | "postgresql";

export interface ResultsScaleOptions {
  events: Record<Kind, number>;
  requests: number;
  slowRequests: number;
  timeoutS: number;
  /** Time this PostgreSQL database, written by bench/results-data.ts and rolled up before, instead of generating one. */
  reusePostgresql?: string;
}

export const DEFAULT_RESULTS_SCALE: ResultsScaleOptions = {
  events: { sqlite: 1_000_000, postgresql: 10_000_000 },
  requests: 10,
  slowRequests: 3,
  timeoutS: 120,
};

/** Goals of the "Results at scale" issue. */
export const RESULTS_GOALS = {
  p95_ms: { postgresql: 1000, sqlite: 2000 } as Record<Kind, number>,
  peak_above_idle_mb: 200,
};

/** A first answer slower than this means tens of seconds a request: time fewer of them. */
const SLOW_FIRST_MS = 10_000;
const MB = 2 ** 20;

export interface CaseResult {
  database: Kind;
  events: number;
  case: string;
  path: string;
  /** ok; not available (no CSV in this build); timed out; failed (status or figures wrong); server exited. */
  outcome: "ok" | "not available" | "timed out" | "failed" | "server exited";
  check: string;
  first_ms: number | null;
  requests: number;
  ms: { p50: number; p95: number; min: number; max: number } | null;
  memory_mb: { idle: number; peak: number; peak_above_idle: number };
  /** The machine's 1-minute load average when the case ended: the reference machine is shared. */
  load_average?: number;
}

export interface DatabaseRun {
  database: Kind;
  generated: GeneratedData;
  aggregates: { backfill: string | null; seconds: number };
  idle_mb: number;
  cases: CaseResult[];
}

interface Answer {
  ms: number;
  status: number;
  contentType: string;
  body: string;
}

/** One GET with the owner's session; null when it did not answer within the timeout or the server ended. */
async function get(
  origin: string,
  pathname: string,
  cookie: string,
  timeoutS: number,
  exited: () => boolean,
): Promise<Answer | null> {
  const started = performance.now();
  try {
    const res = await fetch(origin + pathname, {
      headers: { Cookie: cookie, "Accept-Language": "en" },
      redirect: "manual",
      signal: AbortSignal.timeout(timeoutS * 1000),
    });
    const body = await res.text();
    return {
      ms: performance.now() - started,
      status: res.status,
      contentType: res.headers.get("content-type") ?? "",
      body,
    };
  } catch (e) {
    if ((e as Error).name === "TimeoutError" || (e as Error).name === "AbortError") return null;
    // A server that ran out of memory drops the connection: wait for its exit to be seen.
    await new Promise((r) => setTimeout(r, 500));
    if (exited()) return null;
    throw e;
  }
}

/** Signs in through the owner login form as a browser does; returns the session cookie. */
async function signIn(origin: string, owner: ResultsWebsite["owner"]): Promise<string> {
  const form = await fetch(`${origin}/owner/login`);
  const csrf = /name="csrf" value="([^"]+)"/.exec(await form.text())?.[1];
  const csrfCookie = form.headers
    .getSetCookie()
    .find((c) => c.startsWith("beckon_csrf="))
    ?.split(";")[0];
  if (!csrf || !csrfCookie) throw new Error("the owner login page has no CSRF token");
  const res = await postForm(origin, "/owner/login", { ...owner, csrf }, { Cookie: csrfCookie });
  const session = res.headers
    .getSetCookie()
    .find((c) => c.startsWith("beckon_owner="))
    ?.split(";")[0];
  if (res.status !== 302 || !session) throw new Error(`owner sign-in answered ${res.status}`);
  return session;
}

/** The figures of the page's stat cards (label h3, value p), digits only. */
function statFigures(html: string): number[] {
  return [...html.matchAll(/<h3[^>]*>[^<]*<\/h3>\s*<p[^>]*>([^<]+)<\/p>/g)]
    .map((m) => Number(m[1].replace(/\D/g, "")))
    .filter((n) => Number.isFinite(n));
}

interface Case {
  name: string;
  path: string;
  /** Whether an answer is the real thing; the words say what was checked. */
  check(a: Answer): { ok: boolean; notAvailable?: boolean; words: string };
}

async function casesFor(kind: Kind, db: Parameters<typeof expectedViews>[0], site: ResultsWebsite): Promise<Case[]> {
  const base = `/owner/websites/${site.websiteId}/results`;
  const tested = site.ctas.find((c) => c.variants.length > 1) ?? site.ctas[0];
  const page = (name: string, query: string, days: number, ctaId: number | null): Promise<Case> =>
    expectedViews(db, kind, site.websiteId, parsePeriod(new URLSearchParams(`days=${days}`)), ctaId).then((views) => ({
      name,
      path: `${base}?${query}`,
      check: (a: Answer) => {
        if (a.status !== 200) return { ok: false, words: `answered ${a.status}` };
        const shown = statFigures(a.body);
        return shown.includes(views)
          ? { ok: true, words: `${views.toLocaleString("en-US")} views shown` }
          : { ok: false, words: `${views} views expected, the page shows ${shown.join(", ") || "no figures"}` };
      },
    }));
  const csvDays = 30;
  // A row per CTA at least; far fewer than the events.
  const csv: Case = {
    name: "CSV, 30 days",
    path: `${base}?days=${csvDays}&export=csv`,
    check: (a) => {
      if (!a.contentType.startsWith("text/csv"))
        return {
          ok: false,
          notAvailable: true,
          words: `answered ${a.status} ${a.contentType.split(";")[0] || "without a type"}`,
        };
      const rows = a.body.split(/\r?\n/).filter((l) => l.trim() !== "").length - 1;
      const ok = a.status === 200 && rows >= site.ctas.length && rows <= 100_000;
      return { ok, words: `${rows.toLocaleString("en-US")} rows` };
    },
  };
  return [
    await page("page, 30 days", "days=30", 30, null),
    await page("page, 90 days", "days=90", 90, null),
    await page("page, 30 days, one CTA (A/B)", `days=30&cta=${tested.id}`, 30, tested.id),
    csv,
  ];
}

function statsOf(values: number[]) {
  return {
    p50: round(quantile(values, 0.5), 0),
    p95: round(quantile(values, 0.95), 0),
    min: round(Math.min(...values), 0),
    max: round(Math.max(...values), 0),
  };
}

const log = (line: string) => console.log(`[bench] ${new Date().toISOString().slice(11, 19)} ${line}`);

/** Generates the data on a fresh database of the kind, starts the server on it and times every case. */
/**
 * A PostgreSQL database written by bench/results-data.ts and rolled up by
 * rebuildAggregates before, timed again without generating its events
 * anew: 10,000,000 events take about twenty minutes to write and roll up.
 * Its drop() only disconnects: the database is not this run's to remove.
 */
async function reusedDatabase(
  url: string,
): Promise<{ bdb: Awaited<ReturnType<typeof freshDatabase>>; site: ResultsWebsite; generated: GeneratedData }> {
  const db = createPrismaClient(databaseTarget(url));
  const website = await db.website.findFirstOrThrow({ where: { shopDomain: null }, orderBy: { id: "asc" } });
  const ctas = await db.cta.findMany({
    where: { websiteId: website.id },
    orderBy: { id: "asc" },
    include: { variants: { orderBy: { position: "asc" } } },
  });
  const byType = Object.fromEntries(
    (
      await db.trackedEvent.groupBy({ by: ["eventType"], where: { websiteId: website.id }, _count: { _all: true } })
    ).map((g) => [g.eventType, g._count._all]),
  );
  const events = Object.values(byType).reduce((a, b) => a + b, 0);
  const generated: GeneratedData = {
    events,
    visitors: await db.person.count({ where: { websiteId: website.id } }),
    orders: await db.order.count({ where: { websiteId: website.id } }),
    byType,
    seconds: 0,
  };
  const site: ResultsWebsite = {
    websiteId: website.id,
    owner: { email: SALJAKADEMIN_OWNER.email, password: SALJAKADEMIN_OWNER.password },
    ctas: ctas.map((c) => ({ id: c.id, variants: c.variants.map((v) => v.id) })),
  };
  return { bdb: { kind: "postgresql", url, db, drop: () => db.$disconnect() }, site, generated };
}

export async function benchResultsScale(
  kind: Kind,
  options: ResultsScaleOptions,
  cluster?: PostgresCluster,
): Promise<DatabaseRun> {
  const events = options.events[kind];
  const reuse = kind === "postgresql" && options.reusePostgresql ? await reusedDatabase(options.reusePostgresql) : null;
  const bdb = reuse?.bdb ?? (await freshDatabase(kind, cluster));
  try {
    let site: ResultsWebsite;
    let generated: GeneratedData;
    let aggregates: DatabaseRun["aggregates"];
    if (reuse) {
      ({ site, generated } = reuse);
      aggregates = { backfill: "already rolled up when the database was generated", seconds: 0 };
      log(`${kind}: timing the database generated before (${generated.events.toLocaleString("en-US")} events)`);
    } else {
      site = await prepareResultsWebsite(bdb.db);
      const nowMs = Date.now();
      log(`${kind}: generating ${events.toLocaleString("en-US")} events`);
      const progress = (line: string) => log(`${kind}: ${line}`);
      generated =
        kind === "sqlite"
          ? generateSqlite(bdb.url.replace(/^file:/, ""), site, events, nowMs, progress)
          : await generatePostgres(bdb.url, site, events, nowMs, progress);
      const stored = await bdb.db.trackedEvent.count({ where: { websiteId: site.websiteId } });
      if (stored !== events) throw new Error(`${events} events generated but ${stored} stored`);
      log(
        `${kind}: ${stored.toLocaleString("en-US")} events stored in ${round(generated.seconds, 0)} s (${Object.entries(
          generated.byType,
        )
          .map(([t, n]) => `${t} ${n}`)
          .join(", ")}; ${generated.orders} Order rows)`,
      );
      aggregates = await rebuildAggregates(bdb.db);
    }
    const cases = await casesFor(kind, bdb.db, site);

    const server = await startBenchServer(bdb.url, { SESSION_SECRET: randomBytes(32).toString("hex") });
    try {
      const cookie = await signIn(server.origin, site.owner);
      const pids = processTree(server.process.pid!);
      const memory = sampleMemory(pids);
      await new Promise((r) => setTimeout(r, 1000));
      const idle = quantile(memory.readings(), 0.5);
      const results: CaseResult[] = [];
      for (const c of cases) {
        memory.reset();
        const result = await timeCase(
          c,
          server.origin,
          cookie,
          options,
          () => server.process.exitCode !== null || server.process.signalCode !== null,
          () => serverEnd(server.output()),
        );
        // The work of a request given up on goes on: its memory counts, and the next case must not run beside it.
        if (result.outcome === "timed out")
          log(
            `${kind}: the server was busy for ${round(await waitUntilQuiet(pids, options.timeoutS), 0)} s more after the time-out`,
          );
        const peak = memory.peak();
        results.push({
          database: kind,
          events,
          case: c.name,
          path: c.path,
          ...result,
          memory_mb: {
            idle: round(idle / MB, 0),
            peak: round(peak / MB, 0),
            peak_above_idle: round((peak - idle) / MB, 0),
          },
          load_average: round(os.loadavg()[0], 1),
        });
        log(
          `${kind}: ${c.name}: ${result.outcome}, ${result.check}, first ${result.first_ms ?? "-"} ms, p95 ${result.ms?.p95 ?? "-"} ms, peak ${round((peak - idle) / MB, 0)} MB above idle`,
        );
      }
      memory.stop();
      return { database: kind, generated, aggregates, idle_mb: round(idle / MB, 0), cases: results };
    } finally {
      await server.stop();
    }
  } finally {
    await bdb.drop();
  }
}

/** Why a server ended, from the last lines it printed (an out-of-memory crash names itself). */
function serverEnd(output: string): string {
  if (/heap out of memory|Allocation failed/i.test(output)) return "JavaScript heap out of memory";
  return output.trim().split("\n").slice(-1)[0]?.slice(0, 120) || "no message";
}

async function timeCase(
  c: Case,
  origin: string,
  cookie: string,
  options: ResultsScaleOptions,
  exited: () => boolean,
  serverEnd: () => string,
): Promise<Omit<CaseResult, "database" | "events" | "case" | "path" | "memory_mb">> {
  const first = await get(origin, c.path, cookie, options.timeoutS, exited);
  if (!first)
    return exited()
      ? { outcome: "server exited", check: `the server ended (${serverEnd()})`, first_ms: null, requests: 0, ms: null }
      : {
          outcome: "timed out",
          check: `no answer within ${options.timeoutS} s`,
          first_ms: null,
          requests: 0,
          ms: null,
        };
  const firstCheck = c.check(first);
  const firstMs = round(first.ms, 0);
  if (firstCheck.notAvailable)
    return { outcome: "not available", check: firstCheck.words, first_ms: firstMs, requests: 0, ms: null };
  if (!firstCheck.ok) return { outcome: "failed", check: firstCheck.words, first_ms: firstMs, requests: 0, ms: null };
  const n = first.ms > SLOW_FIRST_MS ? Math.min(options.requests, options.slowRequests) : options.requests;
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const a = await get(origin, c.path, cookie, options.timeoutS, exited);
    if (!a)
      return {
        outcome: exited() ? "server exited" : "timed out",
        check: exited()
          ? `the server ended (${serverEnd()})`
          : `request ${i + 1} got no answer within ${options.timeoutS} s`,
        first_ms: firstMs,
        requests: times.length,
        ms: times.length ? statsOf(times) : null,
      };
    const check = c.check(a);
    if (!check.ok)
      return {
        outcome: "failed",
        check: `request ${i + 1}: ${check.words}`,
        first_ms: firstMs,
        requests: times.length,
        ms: times.length ? statsOf(times) : null,
      };
    times.push(a.ms);
  }
  return {
    outcome: "ok",
    check:
      firstCheck.words + (n < options.requests ? ` (${n} timed: first answer over ${SLOW_FIRST_MS / 1000} s)` : ""),
    first_ms: firstMs,
    requests: n,
    ms: statsOf(times),
  };
}

/** Whether a case meets the issue's goals; null for a CSV this build does not have. */
export function goalMet(r: CaseResult): boolean | null {
  if (r.outcome === "not available") return null;
  return (
    r.outcome === "ok" &&
    r.ms !== null &&
    r.ms.p95 <= RESULTS_GOALS.p95_ms[r.database] &&
    r.memory_mb.peak_above_idle <= RESULTS_GOALS.peak_above_idle_mb
  );
}

const BEFORE_FILE = path.join(RESULTS_DIR, "results-scale-before.json");

interface BeforeFile {
  commit: string;
  date: string;
  results: CaseResult[];
}

function readBefore(): BeforeFile | null {
  return existsSync(BEFORE_FILE) ? (JSON.parse(readFileSync(BEFORE_FILE, "utf8")) as BeforeFile) : null;
}

const ms = (n: number | null | undefined) => (n === null || n === undefined ? "-" : n);

/** Figures of one case as a table cell: p95 (first) ms, or what happened. */
function beforeCell(r: CaseResult | undefined): string {
  if (!r) return "-";
  const size = `${(r.events / 1e6).toLocaleString("en-US")}M`;
  if (r.outcome !== "ok")
    return `${r.outcome}${r.first_ms !== null ? `, first ${r.first_ms.toLocaleString("en-US")} ms` : ""} (${size})`;
  return `p95 ${r.ms!.p95.toLocaleString("en-US")} ms, first ${r.first_ms!.toLocaleString("en-US")} ms, ${r.memory_mb.peak_above_idle} MB (${size})`;
}

export function resultsScaleTable(
  cases: CaseResult[],
  before: BeforeFile | null = readBefore(),
): { header: string[]; rows: (string | number)[][] } {
  const find = (r: CaseResult) => before?.results.find((b) => b.database === r.database && b.case === r.case);
  return {
    header: [
      "database",
      "events",
      "case",
      "answer",
      "first ms",
      "timed",
      "p50 ms",
      "p95 ms",
      "min–max ms",
      "MB above idle (peak)",
      `before${before ? ` (${before.commit}, ${before.date})` : ""}`,
      "goal",
    ],
    rows: cases.map((r) => {
      const met = goalMet(r);
      return [
        r.database,
        r.events,
        r.case,
        r.outcome === "ok" ? r.check : `${r.outcome}: ${r.check}`,
        ms(r.first_ms),
        r.requests,
        ms(r.ms?.p50),
        ms(r.ms?.p95),
        r.ms ? `${r.ms.min.toLocaleString("en-US")}–${r.ms.max.toLocaleString("en-US")}` : "-",
        `${r.memory_mb.peak_above_idle} (${r.memory_mb.peak})`,
        beforeCell(find(r)),
        met === null ? "n/a" : met ? "met" : "NOT met",
      ];
    }),
  };
}

function gitCommit(): string {
  const r = spawnSync("git", ["rev-parse", "--short", "HEAD"], { cwd: ROOT, encoding: "utf8" });
  return r.status === 0 ? r.stdout.trim() : "unknown";
}

export async function main(argv = process.argv.slice(2)) {
  const arg = (name: string) => argValue(argv, name);
  const events = arg("events");
  const size = (kind: Kind) => Number(arg(`${kind}-events`) ?? events ?? DEFAULT_RESULTS_SCALE.events[kind]);
  const options: ResultsScaleOptions = {
    events: { sqlite: size("sqlite"), postgresql: size("postgresql") },
    requests: Number(arg("requests") ?? DEFAULT_RESULTS_SCALE.requests),
    slowRequests: Number(arg("slow-requests") ?? DEFAULT_RESULTS_SCALE.slowRequests),
    timeoutS: Number(arg("timeout") ?? DEFAULT_RESULTS_SCALE.timeoutS),
    reusePostgresql: argv.find((a) => a.startsWith("--reuse-postgresql="))?.slice("--reuse-postgresql=".length),
  };
  const runs: DatabaseRun[] = await onEachDatabase(argv, (kind, cluster) => benchResultsScale(kind, options, cluster));
  const cases = runs.flatMap((r) => r.cases);
  const t = resultsScaleTable(cases);
  printTable(
    `Results at scale (the owner's results page and CSV; goals: p95 <= ${RESULTS_GOALS.p95_ms.postgresql} ms PostgreSQL, ${RESULTS_GOALS.p95_ms.sqlite} ms SQLite, peak <= ${RESULTS_GOALS.peak_above_idle_mb} MB above idle)`,
    t.header,
    t.rows,
  );
  const data = { options, goals: RESULTS_GOALS, commit: gitCommit(), runs };
  if (argv.includes("--save-before")) {
    // Runs of one database at a time add up: a database not run now keeps its earlier figures.
    const kept = (readBefore()?.results ?? []).filter((b) => !runs.some((r) => r.database === b.database));
    const results = [...kept, ...cases];
    writeFileSync(
      BEFORE_FILE,
      JSON.stringify(
        {
          benchmark: "results-scale",
          commit: data.commit,
          date: new Date().toISOString().slice(0, 10),
          at: new Date().toISOString(),
          machine: machine(),
          options,
          results,
        },
        null,
        2,
      ) + "\n",
    );
    console.log(`[bench] saved as the "before" figures: ${path.relative(ROOT, BEFORE_FILE)}`);
  } else {
    writeResult(arg("output") ?? "results-scale", data);
  }
  return { ...data, cases };
}

if (process.argv[1] && /bench[\\/]results-scale\.ts$/.test(process.argv[1])) {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
