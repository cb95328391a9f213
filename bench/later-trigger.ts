/**
 * A CTA with a later trigger on a first visit: milliseconds from an exit
 * intent (the mouse leaving through the top) to the popup visible, in two
 * cases, interleaved:
 * - cold: the trigger comes right after the widget is ready, before its
 *   warm-up (WARM_UP_MS after ready), so the definition and the renderer
 *   are fetched on the trigger, as every later trigger did before the
 *   warm-up existed;
 * - warm: the trigger comes once the warm-up has fetched them.
 * Chromium with Lighthouse's mobile network (150 ms round trip, 1.6 Mbps
 * down, 750 kbps up: what a phone meets), at 1x and 4x CPU; the demo store
 * page on an origin of its own, a fresh browser context per run.
 *
 *   npx tsx bench/later-trigger.ts [--trigger-runs=7]
 */
import type { Browser } from "playwright-core";
import { launchChromium } from "#test/support/chromium";
import { WARM_UP_MS } from "#widget/core/runtime";
import { freshDatabase, median, printTable, round, startBenchServer, writeResult } from "./lib";
import { beckonSubject, setUpBeckonSite } from "./page-cost";
import { servePages, STORE_PAGE, type PageServer, type Subject } from "./pages";

/** Lighthouse's mobile preset (simulated throttling's figures), as DevTools network conditions. */
const MOBILE_NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
const CASES = ["cold", "warm"] as const;
type Case = (typeof CASES)[number];

export interface LaterTriggerResult {
  cpu: number;
  case: Case;
  runs: number;
  median_ms: number;
  all_ms: number[];
}

/** One load: the page, the visitor ready, then (warm) the warm-up's files, then the exit intent; ms to the popup visible. */
async function measure(
  browser: Browser,
  pages: PageServer,
  subject: Subject,
  cpu: number,
  which: Case,
): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", MOBILE_NETWORK);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpu });
    await page.addInitScript(
      `window.__readyAt = null; document.addEventListener("cfReady", () => { window.__readyAt = performance.now(); });`,
    );
    await page.goto(pages.url(subject, STORE_PAGE), { waitUntil: "load" });
    await page.waitForFunction(() => (window as unknown as { __readyAt: number | null }).__readyAt !== null, null, {
      timeout: 60_000,
    });
    if (which === "warm") {
      // Resource entries are added once a response has arrived whole.
      await page.waitForFunction(
        () => {
          const names = performance.getEntriesByType("resource").map((e) => e.name);
          return (
            names.some((n) => n.includes("/api/cta/")) && names.some((n) => n.includes("/widget/beckon-renderer.js"))
          );
        },
        null,
        { timeout: 60_000 },
      );
    }
    const ms = (await page.evaluate(`new Promise((done, fail) => {
      const visible = ${subject.visibleCheck};
      const early = performance.now() - window.__readyAt < ${WARM_UP_MS};
      if (${which === "cold"} && !early) return fail(new Error("cold case: the trigger came after the warm-up"));
      const start = performance.now();
      const tick = () => (visible() ? done(performance.now() - start) : requestAnimationFrame(tick));
      document.dispatchEvent(new MouseEvent("mouseout", { clientY: 5, bubbles: true }));
      requestAnimationFrame(tick);
    })`)) as number;
    return ms;
  } finally {
    await context.close();
  }
}

export async function benchLaterTrigger(runs = 7): Promise<LaterTriggerResult[]> {
  const bdb = await freshDatabase("sqlite");
  // The page-cost benchmark's popup, opened by an exit intent.
  const websiteId = await setUpBeckonSite(bdb.db, "exit");
  const server = await startBenchServer(bdb.url);
  const subject = beckonSubject(server.origin, websiteId);
  const pages = await servePages([subject], [STORE_PAGE]);
  const browser = await launchChromium();
  try {
    const results: LaterTriggerResult[] = [];
    for (const cpu of [1, 4]) {
      const times: Record<Case, number[]> = { cold: [], warm: [] };
      for (let i = 0; i < runs; i++)
        for (const which of CASES) times[which].push(round(await measure(browser, pages, subject, cpu, which), 0));
      for (const which of CASES)
        results.push({ cpu, case: which, runs, median_ms: round(median(times[which]), 0), all_ms: times[which] });
    }
    return results;
  } finally {
    await browser.close();
    await pages.close();
    await server.stop();
    await bdb.drop();
  }
}

export function laterTriggerTable(results: LaterTriggerResult[]) {
  return {
    header: ["CPU", "case", "exit intent to popup visible, median ms", "runs"],
    rows: results.map((r) => [
      `${r.cpu}x`,
      r.case === "cold" ? "cold (fetched on the trigger)" : "warm (fetched ahead)",
      r.median_ms,
      r.runs,
    ]),
  };
}

export async function main(argv = process.argv.slice(2)) {
  const runs = Number(argv.find((a) => a.startsWith("--trigger-runs="))?.split("=")[1] ?? 7);
  console.log(`[bench] later trigger: ${runs} runs per case and CPU rate`);
  const results = await benchLaterTrigger(runs);
  const t = laterTriggerTable(results);
  printTable("Exit intent on a first visit (Lighthouse's mobile network)", t.header, t.rows);
  writeResult("later-trigger", { options: { runs, network: MOBILE_NETWORK }, results });
  return results;
}

if (process.argv[1] && /bench[\\/]later-trigger\.ts$/.test(process.argv[1])) {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
