/**
 * Page cost: what a widget costs the page it runs on, in Debian's Chromium.
 * The demo store page is loaded without a widget, with Beckon (a published
 * popup with an e-mail form shown at once, as a merchant would configure
 * it) and with a peer SDK (bench/peer.ts), at 1x and 4x CPU throttling,
 * runs interleaved, fresh browser context (first visit) every time:
 * - script ms: self time in the CPU profile (CDP Profiler, 100 µs sampling)
 *   of the subject's own scripts and its inline snippet, native calls they
 *   make included;
 * - visible ms: page start (navigation) to the CTA visible in a frame;
 * - long tasks over 50 ms and layout shift (PerformanceObserver);
 * each page is loaded twice a round: script time comes from the load under
 * the profiler, the other figures from the load without it (sampling every
 * 100 µs slows the main thread it samples). The page reports its CTA visible
 * through a CDP binding, so nothing is injected into it while it loads;
 * and Lighthouse (npm, mobile preset, performance only) on the same pages:
 * score, TBT and LCP. Medians over the runs.
 *
 * With --at-once, also Beckon with a snippet that inserts the widget as soon
 * as it runs (atOnceSubject): what waiting for the page's first paint costs
 * the popup and saves the page's LCP.
 *
 *   npx tsx bench/page-cost.ts [--runs=11] [--lighthouse-runs=9] [--no-lighthouse] [--no-peer] [--at-once]
 */
import type { Browser, CDPSession, Page } from "playwright-core";
import { saveCtaDocument } from "../app/models/cta.server";
import { createWebsite } from "../app/models/website.server";
import { genericSnippet, SNIPPET_FUNCTION } from "../widget/snippet";
import { demoStoreSettings } from "../prisma/seed-data/demo-store";
import { emailForm, heading, paragraph, singleStepCta } from "../prisma/seed-data/builders";
import { CHROMIUM_ARGS, CHROMIUM_PATH, launchChromium } from "../test/support/chromium";
import { freshDatabase, markdownTable, median, printTable, quantile, round, startBenchServer, writeResult, type BenchDatabase } from "./lib";
import { bareSubject, SEEN, servePages, storePage, type PageServer, type Subject } from "./pages";
import { peerSubject } from "./peer";
import type { TestServer } from "../test/support/server";

export interface RunSample {
  /** Only from a profiled load; null in a load measured without the profiler. */
  script_ms: number | null;
  visible_ms: number | null;
  long_tasks: number;
  long_task_ms: number;
  cls: number;
  requests: number;
}

export interface SubjectSummary {
  subject: string;
  cpu: number;
  runs: number;
  failed_runs: number;
  script_ms: number;
  /** The middle half of the runs (25th and 75th percentiles): how much this machine's loads spread. */
  script_iqr: [number, number];
  visible_ms: number | null;
  visible_iqr: [number, number] | null;
  long_tasks: number;
  long_task_ms: number;
  cls: number;
  samples: RunSample[];
}

export interface LighthouseSample {
  score: number;
  tbt_ms: number;
  lcp_ms: number;
  cls: number;
}

export interface LighthouseSummary {
  subject: string;
  runs: number;
  score: number;
  tbt_ms: number;
  lcp_ms: number;
  cls: number;
  samples: LighthouseSample[];
}

/** What a popup looks like to Beckon's renderer and to the peer's: a heading, a line, an e-mail field and a button. */
export const POPUP = {
  heading: "Get 10% off your first order",
  text: "Join our newsletter for brewing guides and offers.",
  placeholder: "Your email",
  button: "Subscribe",
};

/** A website for the benchmark with one published popup, shown at once unless another trigger is named. */
export async function setUpBeckonSite(db: BenchDatabase["db"], trigger: "immediate" | "exit" = "immediate"): Promise<number> {
  const website = await createWebsite(db, { ...demoStoreSettings, name: "Bench store", domain: "http://127.0.0.1" });
  await saveCtaDocument(
    db,
    website.id,
    singleStepCta({
      name: "Bench popup",
      cta_type: "overlay",
      overlay_type: "boxed",
      options: { trigger },
      elements: [heading(POPUP.heading), paragraph(POPUP.text), emailForm({ emailPlaceholder: POPUP.placeholder, button: POPUP.button, actions: [] })],
    }),
  );
  return website.id;
}

/** Beckon as a merchant installs it: the generic snippet for the website. */
export function beckonSubject(beckonOrigin: string, websiteId: number): Subject {
  return {
    name: "beckon",
    snippet: genericSnippet({ origin: beckonOrigin, websiteId }),
    snippetFunction: SNIPPET_FUNCTION,
    ownsScript: (url, fn) => url.startsWith(`${beckonOrigin}/api/`) || url.startsWith(`${beckonOrigin}/widget/`) || fn === SNIPPET_FUNCTION,
    visibleCheck: `() => {
      const host = document.querySelector("beckon-cta");
      const el = host && host.shadowRoot && host.shadowRoot.querySelector('[role="dialog"]');
      return !!el && (${SEEN})(el);
    }`,
  };
}

/** How the snippet starts the widget: once the page is parsed and has painted (snippet.ts). */
const SNIPPET_START = 'd.readyState=="loading"?d.addEventListener("DOMContentLoaded",g):g()';

/**
 * Beckon's snippet changed to insert the widget as soon as it runs, not
 * after the page's first paint: what the wait costs the popup and what it
 * saves Lighthouse's LCP (`--at-once`; not a way Beckon ships).
 */
export function atOnceSubject(beckon: Subject): Subject {
  if (!beckon.snippet.includes(SNIPPET_START)) throw new Error("The snippet no longer starts as bench/page-cost.ts expects: update SNIPPET_START");
  return { ...beckon, name: "beckon-at-once", snippet: beckon.snippet.replace(SNIPPET_START, "x()") };
}

/**
 * The CDP binding the page calls once its CTA is visible. A binding sends a
 * message and runs nothing in the page; Playwright's waitForFunction would
 * inject its own script into the page and poll while the page loads, main-
 * thread work in the middle of what is measured.
 */
export const VISIBLE_BINDING = "__benchVisible";

/** Runs in the page before anything else: observers and the visibility poller. */
function initScript(visibleCheck: string | null): string {
  return `(() => {
    const b = (window.__bench = { longTasks: [], cls: 0, visibleAt: null });
    try {
      new PerformanceObserver((l) => { for (const e of l.getEntries()) b.longTasks.push(e.duration); }).observe({ type: "longtask", buffered: true });
      new PerformanceObserver((l) => { for (const e of l.getEntries()) if (!e.hadRecentInput) b.cls += e.value; }).observe({ type: "layout-shift", buffered: true });
    } catch (e) {}
    const check = ${visibleCheck ?? "null"};
    if (!check) return;
    const tick = () => {
      let ok = false;
      try { ok = check(); } catch (e) {}
      if (ok) {
        b.visibleAt = performance.now();
        window.${VISIBLE_BINDING}("");
      } else requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  })();`;
}

interface ProfileNode {
  id: number;
  /** The 0-based line where the function is defined. */
  callFrame: { url: string; functionName: string; lineNumber?: number };
  children?: number[];
}

/**
 * Self time (ms) of nodes in the subject's scripts, plus what they call that
 * has no script of its own: native functions, and functions of the page's
 * inline scripts (the snippet's callbacks). A subject also owns its inline
 * snippet: the snippet's work counts as the widget's, and so do the
 * functions defined inside it that the browser calls later (timers, frames,
 * events, promises), whose stacks start at the root. A snippet's code is
 * one line of the page (`snippetLine`, 0-based as the profile counts), so
 * they are the page's functions on that line. (Its function is sampled in
 * only some loads, so its position cannot be taken from the profile.)
 */
export function attributedMs(
  profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] },
  owns: Subject["ownsScript"],
  pageUrl = "",
  snippetLine = -1,
): number {
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const inSnippet = ({ url, lineNumber }: ProfileNode["callFrame"]) => !!pageUrl && url === pageUrl && lineNumber === snippetLine;
  const memo = new Map<number, boolean>();
  const isOwn = (id: number): boolean => {
    const hit = memo.get(id);
    if (hit !== undefined) return hit;
    const n = byId.get(id)!;
    const { url, functionName } = n.callFrame;
    let own: boolean;
    // (root), (program), (idle), (garbage collector): the browser's, never a script's.
    if (functionName.startsWith("(") && !url) own = false;
    else if (owns(url, functionName) || inSnippet(n.callFrame)) own = true;
    else if (!url || url === pageUrl) {
      const p = parent.get(id);
      own = p !== undefined && isOwn(p);
    } else own = false;
    memo.set(id, own);
    return own;
  };
  let us = 0;
  profile.samples.forEach((id, i) => {
    if (isOwn(id)) us += profile.timeDeltas[i] ?? 0;
  });
  return us / 1000;
}

const snippetLines = new WeakMap<Subject, number>();

/** The 0-based line of the subject's page that holds its snippet's code, or -1 (built once per subject, not per load). */
export function snippetLine(subject: Subject): number {
  if (!subject.snippetFunction) return -1;
  let line = snippetLines.get(subject);
  if (line === undefined) {
    line = storePage(subject.snippet).split("\n").findIndex((l) => l.includes(`function ${subject.snippetFunction}(`));
    snippetLines.set(subject, line);
  }
  return line;
}

/**
 * One page load of one subject at one throttling rate. With `profile`, the
 * CPU profiler samples every 100 µs and the script time is read from it;
 * sampling that often slows the page's main thread itself, so the times a
 * visitor sees (CTA visible, long tasks) come from loads without it.
 */
export async function measureOnce(browser: Browser, url: string, subject: Subject, cpu: number, profile: boolean): Promise<RunSample> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page: Page = await context.newPage();
  let requests = 0;
  page.on("request", () => requests++);
  try {
    const cdp: CDPSession = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpu });
    await cdp.send("Runtime.enable");
    await cdp.send("Runtime.addBinding", { name: VISIBLE_BINDING });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const visible = new Promise<void>((resolve, reject) => {
      cdp.on("Runtime.bindingCalled", (e) => e.name === VISIBLE_BINDING && resolve());
      timer = setTimeout(() => reject(new Error("the CTA was not visible within 20 s")), 20_000);
    });
    visible.catch(() => {});
    await page.addInitScript(initScript(subject.visibleCheck));
    if (profile) {
      await cdp.send("Profiler.enable");
      await cdp.send("Profiler.setSamplingInterval", { interval: 100 });
      await cdp.send("Profiler.start");
    }
    await page.goto(url, { waitUntil: "load" });
    try {
      if (subject.visibleCheck) await visible;
    } finally {
      clearTimeout(timer);
    }
    // Work a widget does after showing (focus, timers, tracking) counts too.
    await page.waitForTimeout(1500);
    const cpuProfile = profile ? (await cdp.send("Profiler.stop")).profile : null;
    const b = await page.evaluate(() => (window as unknown as { __bench: { longTasks: number[]; cls: number; visibleAt: number | null } }).__bench);
    return {
      script_ms: cpuProfile ? round(attributedMs(cpuProfile as never, subject.ownsScript, url, snippetLine(subject)), 1) : null,
      visible_ms: b.visibleAt === null ? null : round(b.visibleAt, 0),
      long_tasks: b.longTasks.length,
      long_task_ms: round(b.longTasks.reduce((a, d) => a + d, 0), 0),
      cls: round(b.cls, 4),
      requests,
    };
  } finally {
    await context.close();
  }
}

/** Medians of the samples of one subject at one rate: script time from the profiled loads, the rest from the others. */
export function summarize(subject: string, cpu: number, samples: RunSample[], failed: number): SubjectSummary {
  const profiled = samples.map((s) => s.script_ms).filter((v): v is number => v !== null);
  const plain = samples.filter((s) => s.script_ms === null);
  const visible = plain.map((s) => s.visible_ms).filter((v): v is number => v !== null);
  return {
    subject,
    cpu,
    runs: plain.length,
    failed_runs: failed,
    script_ms: round(median(profiled), 1),
    script_iqr: [round(quantile(profiled, 0.25), 1), round(quantile(profiled, 0.75), 1)],
    visible_ms: visible.length ? round(median(visible), 0) : null,
    visible_iqr: visible.length ? [round(quantile(visible, 0.25), 0), round(quantile(visible, 0.75), 0)] : null,
    long_tasks: median(plain.map((s) => s.long_tasks)),
    long_task_ms: round(median(plain.map((s) => s.long_task_ms)), 0),
    cls: round(median(plain.map((s) => s.cls)), 4),
    samples,
  };
}

/** Runs every subject `runs` times at each rate, interleaved so that noise spreads evenly. */
export async function measurePages(pages: PageServer, subjects: Subject[], rates: number[], runs: number): Promise<SubjectSummary[]> {
  const browser = await launchChromium();
  const samples = new Map<string, RunSample[]>();
  const failures = new Map<string, number>();
  try {
    // One throwaway round: the server's and Chromium's caches of code warm up.
    for (const s of subjects) await measureOnce(browser, pages.url(s), s, 1, false).catch(() => null);
    for (let i = 0; i < runs; i++) {
      for (const cpu of rates) {
        // Each subject is loaded twice a round: once under the profiler (script time), once without (all else).
        for (const profile of [false, true]) {
          for (const s of subjects) {
            const key = `${s.name}@${cpu}`;
            try {
              const sample = await measureOnce(browser, pages.url(s), s, cpu, profile);
              samples.set(key, [...(samples.get(key) ?? []), sample]);
            } catch (e) {
              failures.set(key, (failures.get(key) ?? 0) + 1);
              console.warn(`[bench] ${key} run ${i + 1} failed: ${(e as Error).message.split("\n")[0]}`);
            }
          }
        }
      }
      process.stdout.write(`[bench] page cost: round ${i + 1}/${runs} done\n`);
    }
  } finally {
    await browser.close();
  }
  const out: SubjectSummary[] = [];
  for (const cpu of rates) for (const s of subjects) out.push(summarize(s.name, cpu, samples.get(`${s.name}@${cpu}`) ?? [], failures.get(`${s.name}@${cpu}`) ?? 0));
  return out;
}

/** Lighthouse (performance only, default mobile preset with simulated throttling) on each page, interleaved. */
export async function lighthousePages(pages: PageServer, subjects: Subject[], runs: number): Promise<LighthouseSummary[]> {
  const { default: lighthouse } = await import("lighthouse");
  const { launch } = await import("chrome-launcher");
  const flags = CHROMIUM_ARGS.filter((f) => f !== "--headless").concat(["--headless=new"]);
  const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: flags, logLevel: "silent" });
  const samples = new Map<string, LighthouseSample[]>();
  try {
    for (let i = 0; i < runs; i++) {
      for (const s of subjects) {
        const result = await lighthouse(pages.url(s), { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance"] });
        const lhr = result?.lhr;
        if (!lhr || lhr.runtimeError) {
          console.warn(`[bench] lighthouse ${s.name} run ${i + 1}: ${lhr?.runtimeError?.message ?? "no result"}`);
          continue;
        }
        const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
        samples.set(s.name, [
          ...(samples.get(s.name) ?? []),
          {
            score: Math.round((lhr.categories.performance.score ?? 0) * 100),
            tbt_ms: round(audit("total-blocking-time"), 0),
            lcp_ms: round(audit("largest-contentful-paint"), 0),
            cls: round(audit("cumulative-layout-shift"), 4),
          },
        ]);
      }
      process.stdout.write(`[bench] lighthouse: round ${i + 1}/${runs} done\n`);
    }
  } finally {
    await chrome.kill();
  }
  return subjects.map((s) => {
    const list = samples.get(s.name) ?? [];
    return {
      subject: s.name,
      runs: list.length,
      score: median(list.map((x) => x.score)),
      tbt_ms: round(median(list.map((x) => x.tbt_ms)), 0),
      lcp_ms: round(median(list.map((x) => x.lcp_ms)), 0),
      cls: round(median(list.map((x) => x.cls)), 4),
      samples: list,
    };
  });
}

export interface PageCostOptions {
  runs: number;
  lighthouseRuns: number;
  lighthouse: boolean;
  peer: boolean;
  /** Also Beckon with a snippet that starts at once (atOnceSubject). */
  atOnce?: boolean;
  rates: number[];
}

export const DEFAULT_PAGE_COST: PageCostOptions = { runs: 11, lighthouseRuns: 9, lighthouse: true, peer: true, rates: [1, 4] };

export interface PageCostResult {
  options: PageCostOptions;
  subjects: string[];
  pages: SubjectSummary[];
  lighthouse: LighthouseSummary[];
  goals: Goal[];
}

export interface Goal {
  goal: string;
  value: string;
  met: boolean;
}

/** A difference with its sign: +3, -2, 0. */
const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

/** The issue's goals, checked against one run's medians. */
export function checkGoals(pages: SubjectSummary[], lh: LighthouseSummary[]): Goal[] {
  const at = (subject: string, cpu: number) => pages.find((p) => p.subject === subject && p.cpu === cpu);
  const goals: Goal[] = [];
  const b4 = at("beckon", 4);
  const n4 = at("none", 4);
  const p4 = at("peer", 4);
  if (b4 && n4) {
    goals.push({ goal: "4x CPU: widget script time ≤ 30 ms", value: `${b4.script_ms} ms`, met: b4.script_ms <= 30 });
    goals.push({ goal: "4x CPU: popup visible ≤ 300 ms after page start", value: `${b4.visible_ms ?? "never"} ms`, met: b4.visible_ms !== null && b4.visible_ms <= 300 });
    goals.push({ goal: "4x CPU: no long task added", value: `${b4.long_tasks} vs ${n4.long_tasks} without`, met: b4.long_tasks <= n4.long_tasks });
    goals.push({ goal: "4x CPU: no layout shift added", value: `${b4.cls} vs ${n4.cls} without`, met: b4.cls <= n4.cls });
  }
  const lb = lh.find((l) => l.subject === "beckon");
  const ln = lh.find((l) => l.subject === "none");
  const lp = lh.find((l) => l.subject === "peer");
  if (lb && ln && lb.runs && ln.runs) {
    goals.push({ goal: `Lighthouse score no lower than without (median of ${lb.runs})`, value: `${lb.score} vs ${ln.score}`, met: lb.score >= ln.score });
    goals.push({ goal: "Lighthouse TBT at most 10 ms more", value: `${signed(lb.tbt_ms - ln.tbt_ms)} ms`, met: lb.tbt_ms - ln.tbt_ms <= 10 });
    goals.push({ goal: "Lighthouse LCP at most 50 ms more", value: `${signed(lb.lcp_ms - ln.lcp_ms)} ms`, met: lb.lcp_ms - ln.lcp_ms <= 50 });
  }
  if (p4 && b4) {
    for (const cpu of [1, 4]) {
      const b = at("beckon", cpu);
      const p = at("peer", cpu);
      if (!b || !p) continue;
      goals.push({ goal: `${cpu}x CPU: script time better than the peer`, value: `${b.script_ms} vs ${p.script_ms} ms`, met: b.script_ms < p.script_ms });
      goals.push({
        goal: `${cpu}x CPU: visible sooner than the peer`,
        value: `${b.visible_ms ?? "never"} vs ${p.visible_ms ?? "never"} ms`,
        met: b.visible_ms !== null && (p.visible_ms === null || b.visible_ms < p.visible_ms),
      });
      goals.push({ goal: `${cpu}x CPU: no more long tasks than the peer`, value: `${b.long_tasks} vs ${p.long_tasks}`, met: b.long_tasks <= p.long_tasks });
      goals.push({ goal: `${cpu}x CPU: no more layout shift than the peer`, value: `${b.cls} vs ${p.cls}`, met: b.cls <= p.cls });
    }
  }
  if (lb && lp && lp.runs) {
    goals.push({ goal: "Lighthouse: score at least the peer's", value: `${lb.score} vs ${lp.score}`, met: lb.score >= lp.score });
    goals.push({ goal: "Lighthouse: TBT no more than the peer's", value: `${lb.tbt_ms} vs ${lp.tbt_ms} ms`, met: lb.tbt_ms <= lp.tbt_ms });
    goals.push({ goal: "Lighthouse: LCP no more than the peer's", value: `${lb.lcp_ms} vs ${lp.lcp_ms} ms`, met: lb.lcp_ms <= lp.lcp_ms });
  }
  return goals;
}

export function pageTables(r: PageCostResult) {
  const pagesTable = {
    header: ["page", "CPU", "widget script ms", "middle half", "CTA visible ms", "middle half", "long tasks", "long-task ms", "layout shift", "runs"],
    rows: r.pages.map((p) => [
      p.subject,
      `${p.cpu}x`,
      p.script_ms,
      p.script_ms ? p.script_iqr.join("–") : "-",
      p.visible_ms ?? "-",
      p.visible_iqr?.join("–") ?? "-",
      p.long_tasks,
      p.long_task_ms,
      p.cls,
      `${p.runs}${p.failed_runs ? ` (+${p.failed_runs} failed)` : ""}`,
    ]),
  };
  const lhTable = {
    header: ["page", "Lighthouse score", "TBT ms", "LCP ms", "CLS", "runs"],
    rows: r.lighthouse.map((l) => [l.subject, l.score, l.tbt_ms, l.lcp_ms, l.cls, l.runs]),
  };
  const goalsTable = { header: ["goal", "measured", "met"], rows: r.goals.map((g) => [g.goal, g.value, g.met ? "yes" : "NO"]) };
  return { pagesTable, lhTable, goalsTable };
}

/**
 * Brings the server to its steady state before anything is measured, as a
 * production server that has been up for a while is: every public call the
 * page makes, a few hundred times, so the JIT has compiled those paths and a
 * first-visit page load meets a warm server, not a cold one.
 */
export async function warmServer(origin: string, websiteId: number, db: BenchDatabase["db"], rounds = 300): Promise<void> {
  const cta = await db.cta.findFirstOrThrow({ where: { websiteId, status: "published" } });
  const post = (url: string, body: unknown) => fetch(url, { method: "POST", headers: { "Content-Type": "text/plain" }, body: JSON.stringify(body) });
  for (let i = 0; i < rounds; i++) {
    const token = `warmup${String(i).padStart(16, "0")}`;
    const answers = await Promise.all([
      fetch(`${origin}/api/websites/${websiteId}.js`),
      fetch(`${origin}/api/cta/${cta.id}.json`),
      post(`${origin}/api/websites/${websiteId}/visitors`, {
        visitor: { visitor_token: token, landing_page: "http://127.0.0.1/", platform: "web", referral_source: null, data: {} },
        new: true,
        utms: {},
      }),
    ]);
    for (const a of answers) if (!a.ok) throw new Error(`warm-up: ${a.url} answered ${a.status}`);
    await Promise.all(answers.map((a) => a.arrayBuffer()));
    const event = { id: `warmup-event-${i}`, event_type: "View", visitor_token: token, at: Date.now(), cta_id: cta.id, data: {} };
    const sent = await post(`${origin}/api/websites/${websiteId}/events/create`, { events: [event] });
    if (!sent.ok) throw new Error(`warm-up: events answered ${sent.status}`);
    await sent.arrayBuffer();
  }
}

/** Sets up the database, the server and the pages, measures, and tears everything down. */
export async function benchPageCost(options: PageCostOptions = DEFAULT_PAGE_COST): Promise<PageCostResult> {
  const bdb = await freshDatabase("sqlite");
  let server: TestServer | null = null;
  let pages: PageServer | null = null;
  try {
    const websiteId = await setUpBeckonSite(bdb.db);
    server = await startBenchServer(bdb.url);
    await warmServer(server.origin, websiteId, bdb.db);
    const beckon = beckonSubject(server.origin, websiteId);
    const subjects: Subject[] = [bareSubject, beckon];
    if (options.peer) subjects.push(peerSubject(POPUP));
    if (options.atOnce) subjects.push(atOnceSubject(beckon));
    pages = await servePages(subjects);
    const measured = await measurePages(pages, subjects, options.rates, options.runs);
    const lh = options.lighthouse ? await lighthousePages(pages, subjects, options.lighthouseRuns) : [];
    return { options, subjects: subjects.map((s) => s.name), pages: measured, lighthouse: lh, goals: checkGoals(measured, lh) };
  } finally {
    await pages?.close();
    await server?.stop();
    await bdb.drop();
  }
}

export async function main(argv = process.argv.slice(2)) {
  const arg = (name: string, fallback: number) => Number(argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback);
  const options: PageCostOptions = {
    runs: arg("runs", DEFAULT_PAGE_COST.runs),
    lighthouseRuns: arg("lighthouse-runs", DEFAULT_PAGE_COST.lighthouseRuns),
    lighthouse: !argv.includes("--no-lighthouse"),
    peer: !argv.includes("--no-peer"),
    atOnce: argv.includes("--at-once"),
    rates: DEFAULT_PAGE_COST.rates,
  };
  const r = await benchPageCost(options);
  const t = pageTables(r);
  printTable(`Page cost in Chromium (demo store page; medians of ${options.runs} runs)`, t.pagesTable.header, t.pagesTable.rows);
  if (r.lighthouse.length) printTable(`Lighthouse ${"performance"} (mobile preset; medians of ${options.lighthouseRuns} runs)`, t.lhTable.header, t.lhTable.rows);
  printTable("Goals", t.goalsTable.header, t.goalsTable.rows);
  // An --at-once run is an experiment: it keeps the last regular run's figures (page-cost.json).
  writeResult(options.atOnce ? "page-cost-at-once" : "page-cost", r);
  return r;
}

export { markdownTable };

if (process.argv[1] && /bench[\\/]page-cost\.ts$/.test(process.argv[1])) {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
