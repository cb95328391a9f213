/**
 * `npm run bench`: every benchmark in turn (not part of `npm test`), each
 * printing its table and writing bench/results/{name}.json; then
 * bench/results/summary.md with the tables and the goals, for the README.
 * Needs `npm run build` first (pass --build to run it here).
 *
 *   npm run bench [-- ingestion config locked-db page-cost later-trigger results-scale] [--build] [--no-lighthouse] [--runs=11] [--lighthouse-runs=9] [--trigger-runs=7] [--events=N] [--postgresql-events=N] [--sqlite-events=N]
 *
 * The peer SDK runs inside page-cost, side by side in the same run.
 */
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { INGESTION_GOALS, main as ingestion, ingestionTable } from "./ingestion";
import { main as config, configTable } from "./config";
import { main as lockedDb, lockedDbTable } from "./locked-db";
import { main as pageCost, pageTables } from "./page-cost";
import { main as laterTrigger, laterTriggerTable } from "./later-trigger";
import { main as resultsScale, goalMet, resultsScaleTable, RESULTS_GOALS } from "./results-scale";
import { PEER_NAME, peerVersion } from "./peer";
import { markdownTable, machine, ROOT, RESULTS_DIR } from "./lib";

async function run() {
  const argv = process.argv.slice(2);
  const names = argv.filter((a) => !a.startsWith("--"));
  const want = (n: string) => names.length === 0 || names.includes(n);
  if (argv.includes("--build")) {
    const b = spawnSync("npm", ["run", "build"], { cwd: ROOT, stdio: "inherit" });
    if (b.status !== 0) process.exit(1);
  }
  const started = Date.now();
  const md: string[] = [
    `# Benchmark results`,
    ``,
    `Command: \`npm run bench${argv.length ? ` -- ${argv.join(" ")}` : ""}\`, ${new Date().toISOString().slice(0, 10)}.`,
    ``,
  ];
  const m = machine();
  md.push(`Machine: ${m.cpus} × ${m.cpu}, ${m.memory_gb} GB, Node ${m.node}, ${m.platform}.`, ``);
  let failedGoals = 0;
  if (want("ingestion")) {
    const r = await ingestion(argv);
    const t = ingestionTable(r);
    md.push(
      `## Event ingestion`,
      ``,
      `autocannon, 10 connections, 10 s, 50 events per request (unique ids), production server on a fresh seeded database; the median of the rounds, each round's figure beside it.`,
      ``,
      markdownTable(t.header, t.rows),
      ``,
    );
    failedGoals += r.filter((x) => x.events_per_s < INGESTION_GOALS[x.database]).length;
  }
  if (want("config")) {
    const r = await config(argv);
    const t = configTable(r);
    md.push(
      `## A first visit's requests`,
      ``,
      `GET /api/websites/{id}.js (Cache-Control: ${r.headers.cache_control}; ETag revalidation), the renderer's files under /widget/ and POST /api/websites/{id}/visitors (a new token each), 10 connections, 10 s per case, browsers' Accept-Encoding.`,
      ``,
      markdownTable(t.header, t.rows),
      ``,
    );
  }
  if (want("locked-db")) {
    const r = await lockedDb(argv);
    const t = lockedDbTable(r);
    md.push(
      `## A locked SQLite file`,
      ``,
      `Another connection holds BEGIN EXCLUSIVE past BECKON_SQLITE_BUSY_TIMEOUT_MS (${r.wait_ms} ms): writes sent at once (events, contacts, visitors) until they answer, and reads asked one after another meanwhile.`,
      ``,
      markdownTable(t.header, t.rows),
      ``,
    );
  }
  if (want("page-cost")) {
    const r = await pageCost(argv);
    const t = pageTables(r);
    md.push(
      `## Page cost`,
      ``,
      `Two pages in Chromium, the demo store page and a long article (12 sections, 6 images, 30 comments, a sticky header with a scroll-progress bar): without a widget (none), with Beckon (a popup with an e-mail form shown at once) and with the peer ${PEER_NAME} ${peerVersion()} (the same popup as a survey modal). Medians of ${r.options.runs} runs at each CPU rate, the middle half of the runs (25th–75th percentile) in brackets. The popup is timed from the page's first contentful paint; widget frames are long animation frames over 50 ms in which the widget's script ran; the interaction is the slowest of focusing the e-mail field, typing an address and clicking the button (Event Timing, reported from 16 ms). A widget load or Lighthouse run without a request of the widget's own fails the run.`,
      ``,
      markdownTable(t.pagesTable.header, t.pagesTable.rows),
      ``,
    );
    if (r.lighthouse.length)
      md.push(
        `Lighthouse ${"(npm, mobile preset, performance only)"}, medians of ${r.options.lighthouseRuns} runs:`,
        ``,
        markdownTable(t.lhTable.header, t.lhTable.rows),
        ``,
      );
    md.push(`### Goals`, ``, markdownTable(t.goalsTable.header, t.goalsTable.rows), ``);
    failedGoals += r.goals.filter((g) => !g.met).length;
  }
  if (want("later-trigger")) {
    const t = laterTriggerTable(await laterTrigger(argv));
    md.push(
      `## A later trigger`,
      ``,
      `An exit-intent popup on a first visit, Chromium with Lighthouse's mobile network (150 ms round trip, 1.6 Mbps): from the trigger to the popup visible, when the trigger comes before the widget's warm-up (cold) and after it (warm).`,
      ``,
      markdownTable(t.header, t.rows),
      ``,
    );
  }
  if (want("results-scale")) {
    const r = await resultsScale(argv);
    const t = resultsScaleTable(r.cases);
    md.push(
      `## Results at scale`,
      ``,
      `The owner's results page (30 and 90 days, one CTA) and its CSV on a month of one website's generated events, signed in over HTTP: the first answer (cold), then p50 / p95 / min–max of the timed requests, and the server's peak resident memory above idle during them. Goals: p95 at most ${RESULTS_GOALS.p95_ms.postgresql} ms on PostgreSQL and ${RESULTS_GOALS.p95_ms.sqlite} ms on SQLite, peak at most ${RESULTS_GOALS.peak_above_idle_mb} MB above idle.`,
      ``,
      markdownTable(t.header, t.rows),
      ``,
    );
    failedGoals += r.cases.filter((c) => goalMet(c) === false).length;
  }
  md.push(`Total time: ${Math.round((Date.now() - started) / 1000)} s.`, ``);
  writeFileSync(path.join(RESULTS_DIR, "summary.md"), md.join("\n"));
  console.log(
    `\n[bench] done in ${Math.round((Date.now() - started) / 1000)} s; results in ${path.relative(ROOT, RESULTS_DIR)}/ (${failedGoals} goal(s) not met)`,
  );
}

run().catch((e) => {
  console.error(e);
  process.exit(1);
});
