/**
 * `npm test`: the whole suite, as CI runs it.
 *   0. Chromium and PostgreSQL's server: installed from Debian when missing
 *      (as root with apt-get), otherwise it stops at once with the command;
 *   1. typecheck;
 *   2. formatting (.prettierrc.json: `prettier --check .`; `npm run format`
 *      rewrites what it names);
 *   3. lint (eslint.config.js: typescript-eslint, the rules of hooks, app/'s layers);
 *   4. copy-paste detection (.jscpd.json: jscpd over every folder of code, tests included, any
 *      repeat of 6 lines and jscpd's default 50 tokens fails; a shared helper
 *      is the fix);
 *   5. build the widget and the app (API and browser tests use the real build);
 *   6. unit, renderer (vitest.config.ts's "render" project) and API tests on SQLite;
 *   7. the same on PostgreSQL, in a throwaway cluster started here;
 *   8. end-to-end tests in Debian's Chromium;
 *   9. the widget size budgets.
 * `npm test -- typecheck format sqlite` runs only the steps named (typecheck,
 * format, lint, cpd, sqlite, postgresql, e2e, size; the build always runs).
 * Prints "N passed, N failed" last, after each failed test and, for a step
 * that failed without a failed test (Vitest's "unhandled errors", a crash),
 * the part of its output that says why: a CI log keeps only its tail.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { findPostgresBin, startPostgresCluster, type PostgresCluster } from "./lib/postgres-cluster";
import { describeFailures, whyNoTestFailed, type VitestJsonReport } from "./lib/test-report";
import { ensurePrerequisites, type Prerequisite } from "./lib/test-prerequisites";
import { CHROMIUM_PATH } from "#test/support/chromium";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const bin = (name: string) => path.join(root, "node_modules/.bin", name);
const reports = mkdtempSync(path.join(os.tmpdir(), "beckon-test-"));
let passed = 0;
let failed = 0;
const failures: string[] = [];
/** Each failed test's file, name and first lines of its error, printed again last: a CI log keeps only its tail. */
const failedTests: string[] = [];

/** What a step printed, kept (as well as shown) to explain a failure that names no test. */
interface StepRun {
  ok: boolean;
  output: string;
  exit: string;
}

async function step(title: string, cmd: string, args: string[], env: Record<string, string> = {}): Promise<StepRun> {
  console.log(`\n=== ${title}`);
  const started = Date.now();
  // Piped rather than inherited so the output can be searched afterwards; colours stay as a terminal would get them.
  const color = process.stdout.isTTY ? { FORCE_COLOR: "1" } : {};
  const child = spawn(cmd, args, { cwd: root, env: { ...process.env, ...color, ...env } });
  const chunks: string[] = [];
  child.stdout.on("data", (d: Buffer) => (process.stdout.write(d), chunks.push(d.toString())));
  child.stderr.on("data", (d: Buffer) => (process.stderr.write(d), chunks.push(d.toString())));
  const exit = await new Promise<string>((resolve) => {
    child.on("error", (e) => resolve(`could not start: ${e.message}`));
    child.on("close", (code, signal) => resolve(signal ? `killed by ${signal}` : `exit code ${code}`));
  });
  const ok = exit === "exit code 0";
  console.log(`=== ${title}: ${ok ? "ok" : "FAILED"} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  if (!ok) failures.push(title);
  return { ok, output: chunks.join(""), exit };
}

async function vitest(title: string, projects: string[], env: Record<string, string> = {}) {
  const report = path.join(reports, `${title.replace(/\W+/g, "-")}.json`);
  const run = await step(
    title,
    bin("vitest"),
    [
      "run",
      ...projects.flatMap((p) => ["--project", p]),
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${report}`,
    ],
    env,
  );
  const before = failedTests.length;
  if (existsSync(report)) {
    const vitestReport = JSON.parse(readFileSync(report, "utf8")) as VitestJsonReport;
    passed += vitestReport.numPassedTests;
    failed += vitestReport.numFailedTests;
    failedTests.push(...describeFailures(title, vitestReport, root));
  } else {
    failed += 1;
  }
  if (!run.ok && failedTests.length === before) failedTests.push(whyNoTestFailed(title, run.output, run.exit));
}

async function main() {
  const only = process.argv.slice(2);
  const want = (name: string) => only.length === 0 || only.includes(name);
  const missing: Prerequisite[] = [];
  if (want("e2e") && !existsSync(CHROMIUM_PATH))
    missing.push({ pkg: "chromium", why: `the browser tests, at ${CHROMIUM_PATH}` });
  if (want("postgresql") && !findPostgresBin())
    missing.push({ pkg: "postgresql", why: "the PostgreSQL run's throwaway cluster" });
  const problem = ensurePrerequisites(missing);
  if (problem) {
    console.error(`\n${problem}`);
    failures.push("prerequisites");
    return finish();
  }
  if (want("typecheck")) await step("typecheck", bin("tsc"), ["--noEmit", "-p", "."]);
  if (want("format")) await step("formatting", bin("prettier"), ["--check", "."]);
  if (want("lint")) await step("lint", bin("eslint"), ["."]);
  if (want("cpd")) await step("copy-paste detection", bin("jscpd"), ["--config", ".jscpd.json"]);
  if (!(await step("build", "npm", ["run", "build"])).ok) return finish();
  if (want("sqlite")) await vitest("unit, renderer and API tests on SQLite", ["unit", "render", "api"]);
  if (want("postgresql")) {
    console.log("\n=== starting a throwaway PostgreSQL cluster");
    let cluster: PostgresCluster | null = null;
    try {
      cluster = await startPostgresCluster();
      await vitest("unit and API tests on PostgreSQL", ["unit", "api"], { BECKON_TEST_POSTGRES_URL: cluster.url });
    } catch (e) {
      console.error((e as Error).message);
      failures.push("PostgreSQL");
    } finally {
      cluster?.stop();
    }
  }
  if (want("e2e")) {
    if (!existsSync(CHROMIUM_PATH)) {
      console.error(`\n${CHROMIUM_PATH} is missing: install Chromium with \`apt-get install -y chromium\`.`);
      failures.push("e2e (no Chromium)");
    } else {
      await vitest("end-to-end tests in Chromium", ["e2e"]);
    }
  }
  if (want("size")) await step("widget size budgets", bin("tsx"), ["scripts/size.ts", "--no-build"]);
  finish();
}

function finish() {
  rmSync(reports, { recursive: true, force: true });
  if (failedTests.length) console.log(`\nFailed tests:\n${failedTests.join("\n")}`);
  if (failures.length) console.log(`\nFailed steps: ${failures.join(", ")}`);
  if (failures.length && failed === 0) failed = failures.length;
  console.log(`\n${passed} passed, ${failed} failed`);
  process.exit(failures.length || failed ? 1 : 0);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
