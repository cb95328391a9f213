/**
 * Shared pieces of the benchmarks: a fresh seeded database (SQLite file or a
 * database in a throwaway PostgreSQL cluster), the production server on it,
 * statistics, tables and the JSON results under bench/results/.
 */
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { createPrismaClient, type Db } from "#app/db.server";
import { databaseTarget } from "#app/db/database-url";
import { migrate } from "#app/db/migrate.server";
import { seedIfEmpty } from "#prisma/seed";
import { startTestServer, type TestServer } from "#test/support/server";
import { startPostgresCluster, type PostgresCluster } from "#scripts/lib/postgres-cluster";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const RESULTS_DIR = path.join(ROOT, "bench/results");

/**
 * Rate limits stay on during benchmarks (their cost is part of every
 * figure) but far above what one loopback client sends.
 */
export const BENCH_SERVER_ENV = {
  BECKON_RATE_LIMIT_IP_READ: "100000000/100000000",
  BECKON_RATE_LIMIT_IP_WRITE: "100000000/100000000",
  BECKON_RATE_LIMIT_WEBSITE_WRITE: "100000000/100000000",
};

export interface BenchDatabase {
  kind: "sqlite" | "postgresql";
  url: string;
  db: Db;
  drop(): Promise<void>;
}

/** A fresh, migrated and seeded database. PostgreSQL needs a cluster (one per run is enough). */
export async function freshDatabase(kind: "sqlite" | "postgresql", cluster?: PostgresCluster): Promise<BenchDatabase> {
  if (kind === "postgresql") {
    if (!cluster) throw new Error("PostgreSQL needs a cluster");
    const name = `beckon_bench_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const u = new URL(cluster.url);
    u.pathname = `/${name}`;
    const target = databaseTarget(u.toString());
    await migrate(target);
    const db = createPrismaClient(target);
    await seedIfEmpty(db);
    return {
      kind,
      url: u.toString(),
      db,
      async drop() {
        await db.$disconnect();
        const c = new pg.Client({ connectionString: cluster.url });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await c.end();
      },
    };
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), "beckon-bench-"));
  const url = `file:${path.join(dir, "bench.db")}`;
  const target = databaseTarget(url);
  await migrate(target);
  const db = createPrismaClient(target);
  await seedIfEmpty(db);
  return {
    kind,
    url,
    db,
    async drop() {
      await db.$disconnect();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export { startPostgresCluster, type PostgresCluster };

/**
 * Runs a benchmark on each database the command line names ("sqlite",
 * "postgresql"; both when it names neither), in that order. PostgreSQL gets
 * one throwaway cluster, started when first needed and stopped at the end;
 * a machine without PostgreSQL skips it with a warning.
 */
export async function onEachDatabase<T>(
  argv: string[],
  run: (kind: "sqlite" | "postgresql", cluster?: PostgresCluster) => Promise<T>,
): Promise<T[]> {
  const named = argv.filter((a): a is "sqlite" | "postgresql" => a === "sqlite" || a === "postgresql");
  const results: T[] = [];
  let cluster: PostgresCluster | undefined;
  try {
    for (const kind of named.length ? named : (["sqlite", "postgresql"] as const)) {
      if (kind === "postgresql") {
        try {
          cluster ??= await startPostgresCluster();
        } catch (e) {
          console.warn(`[bench] PostgreSQL skipped: ${(e as Error).message}`);
          continue;
        }
      }
      results.push(await run(kind, cluster));
    }
  } finally {
    cluster?.stop();
  }
  return results;
}

let snapshot: string | null = null;

/**
 * A private copy of the build (app and widget bundles) for this run, so a
 * rebuild in the working tree while the benchmarks run cannot pull the files
 * from under the server. Waits up to 3 minutes for a build in progress.
 */
export async function buildSnapshot(): Promise<string> {
  if (snapshot) return snapshot;
  const serverFile = path.join(ROOT, "build/server/index.js");
  const loaderFile = path.join(ROOT, "extensions/cta-embed/assets/beckon-loader.js");
  const deadline = Date.now() + 180_000;
  for (;;) {
    const ready = existsSync(serverFile) && existsSync(loaderFile) && existsSync(path.join(ROOT, "build/client"));
    // Settled: nothing written in the last 5 s.
    if (ready && Date.now() - Math.max(statSync(serverFile).mtimeMs, statSync(loaderFile).mtimeMs) > 5000) break;
    if (Date.now() > deadline) throw new Error("No build: run `npm run build` first");
    await new Promise((r) => setTimeout(r, 2000));
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), "beckon-bench-build-"));
  cpSync(path.join(ROOT, "build"), path.join(dir, "build"), { recursive: true });
  cpSync(path.join(ROOT, "extensions/cta-embed/assets"), path.join(dir, "extensions/cta-embed/assets"), {
    recursive: true,
  });
  cpSync(path.join(ROOT, "demo"), path.join(dir, "demo"), { recursive: true });
  symlinkSync(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"));
  // The server build imports the generated Prisma clients by relative path.
  const index = path.join(dir, "build/server/index.js");
  writeFileSync(index, readFileSync(index, "utf8").replaceAll(`"../../app/generated/`, `"${ROOT}/app/generated/`));
  process.on("exit", () => rmSync(dir, { recursive: true, force: true }));
  return (snapshot = dir);
}

/** The production server (snapshot of the built app) on a database, with benchmark rate limits. */
export async function startBenchServer(databaseUrl: string, env: Record<string, string> = {}): Promise<TestServer> {
  const appRoot = await buildSnapshot();
  return startTestServer({ databaseUrl, appRoot, env: { BECKON_APP_ROOT: appRoot, ...BENCH_SERVER_ENV, ...env } });
}

/** The demo store's website id and its first published CTA and variant. */
export async function demoStore(db: Db): Promise<{ websiteId: number; ctaId: number; variantId: number }> {
  const site = await db.website.findFirstOrThrow({ where: { shopDomain: { not: null } }, orderBy: { id: "asc" } });
  const cta = await db.cta.findFirstOrThrow({
    where: { websiteId: site.id, status: "published" },
    include: { variants: true },
    orderBy: { id: "asc" },
  });
  return { websiteId: site.id, ctaId: cta.id, variantId: cta.variants[0].id };
}

export function median(values: number[]): number {
  return quantile(values, 0.5);
}

/** The q-quantile (0 to 1) by linear interpolation between the closest ranks; NaN for no values. */
export function quantile(values: number[], q: number): number {
  if (!values.length) return NaN;
  const s = [...values].sort((a, b) => a - b);
  const at = (s.length - 1) * Math.min(1, Math.max(0, q));
  const lo = Math.floor(at);
  return lo + 1 < s.length ? s[lo] + (s[lo + 1] - s[lo]) * (at - lo) : s[lo];
}

export function round(n: number, digits = 1): number {
  if (!Number.isFinite(n)) return n;
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}

/** Prints rows as an aligned plain-text table (first column left, the rest right). */
export function printTable(title: string, header: string[], rows: (string | number)[][]): string {
  const all = [header, ...rows.map((r) => r.map((c) => (typeof c === "number" ? formatNumber(c) : c)))];
  const widths = header.map((_, i) => Math.max(...all.map((r) => String(r[i] ?? "").length)));
  const lines = all.map((r) =>
    r.map((c, i) => (i ? String(c).padStart(widths[i]) : String(c).padEnd(widths[i]))).join("  "),
  );
  lines.splice(1, 0, widths.map((w) => "-".repeat(w)).join("  "));
  const text = `\n${title}\n${lines.join("\n")}`;
  console.log(text);
  return text;
}

/** Markdown table of the same rows (for bench/README.md). */
export function markdownTable(header: string[], rows: (string | number)[][]): string {
  const fmt = (c: string | number) => (typeof c === "number" ? formatNumber(c) : c);
  return [
    `| ${header.join(" | ")} |`,
    `|${header.map((_, i) => (i ? "---:" : "---")).join("|")}|`,
    ...rows.map((r) => `| ${r.map(fmt).join(" | ")} |`),
  ].join("\n");
}

export function formatNumber(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  if (Number.isInteger(n)) return n.toLocaleString("en-US");
  return n.toLocaleString("en-US", { maximumFractionDigits: Math.abs(n) >= 100 ? 0 : Math.abs(n) >= 10 ? 1 : 2 });
}

/** The machine, for the results: benchmarks mean little without it. */
export function machine() {
  return {
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
    cpus: os.cpus().length,
    cpu: os.cpus()[0]?.model ?? "unknown",
    memory_gb: Math.round(os.totalmem() / 2 ** 30),
  };
}

/** Writes bench/results/{name}.json. */
export function writeResult(name: string, data: unknown): string {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `${name}.json`);
  writeFileSync(
    file,
    JSON.stringify(
      { benchmark: name, at: new Date().toISOString(), machine: machine(), ...(data as object) },
      null,
      2,
    ) + "\n",
  );
  return file;
}

/** The value of a `--name=value` command-line argument, or undefined when it is not given. */
export function argValue(argv: string[], name: string): string | undefined {
  return argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
}

/** A numeric `--name=value` argument, or the fallback when it is not given. */
export function numberArg(argv: string[], name: string, fallback: number): number {
  return Number(argValue(argv, name) ?? fallback);
}
