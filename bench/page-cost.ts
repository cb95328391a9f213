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
import { saveCtaDocument } from "#app/models/cta.server";
import { createWebsite } from "#app/models/website.server";
import { genericSnippet, SNIPPET_FUNCTION } from "#widget/snippet";
import { demoStoreSettings } from "#prisma/seed-data/demo-store";
import { emailForm, heading, paragraph, singleStepCta } from "#prisma/seed-data/builders";
import { CHROMIUM_ARGS, CHROMIUM_PATH, launchChromium } from "#test/support/chromium";
import {
  freshDatabase,
  markdownTable,
  median,
  printTable,
  quantile,
  round,
  startBenchServer,
  writeResult,
  type BenchDatabase,
  numberArg,
} from "./lib";
import {
  BENCH_PAGES,
  bareSubject,
  SEEN,
  servePages,
  STORE_PAGE,
  type BenchPage,
  type PageServer,
  type Subject,
} from "./pages";
import { peerSubject } from "./peer";
import type { TestServer } from "#test/support/server";

export interface RunSample {
  /** Only from a profiled load; null in a load measured without the profiler. */
  script_ms: number | null;
  visible_ms: number | null;
  /** The page's first contentful paint, from page start. */
  fcp_ms?: number | null;
  long_tasks: number;
  long_task_ms: number;
  /** Long animation frames (over 50 ms) in which a script of the subject ran, and the longest of them. */
  widget_loafs?: number;
  widget_loaf_max_ms?: number;
  /** Where the longest widget frame's time went: its scripts, the layout they forced, its rendering phase. */
  widget_loaf_parts?: ReturnType<typeof longestWidgetFrame>;
  cls: number;
  requests: number;
  /** Requests to the subject's own scripts and API: a widget load that made none measured nothing. */
  widget_requests?: number;
  /** The slowest interaction (Event Timing) from focusing the e-mail field to the submit click; null where not measured. */
  interaction_ms?: number | null;
}

/** A median and the middle half of the runs (25th to 75th percentile) around it. */
export interface Spread {
  median: number;
  iqr: [number, number];
}

export function spread(values: number[], digits = 0): Spread {
  return {
    median: round(median(values), digits),
    iqr: [round(quantile(values, 0.25), digits), round(quantile(values, 0.75), digits)],
  };
}

export interface SubjectSummary {
  /** The bench page (store, article) this subject was loaded on. */
  page: string;
  subject: string;
  cpu: number;
  runs: number;
  failed_runs: number;
  script_ms: number;
  /** The middle half of the runs (25th and 75th percentiles): how much this machine's loads spread. */
  script_iqr: [number, number];
  visible_ms: number | null;
  visible_iqr: [number, number] | null;
  /** Popup visible after the page's first contentful paint (visible_ms minus that load's FCP). */
  visible_after_fcp: Spread | null;
  long_tasks: number;
  long_task_ms: number;
  long_tasks_spread: Spread;
  long_task_ms_spread: Spread;
  widget_loafs: Spread;
  widget_loaf_max_ms: Spread;
  widget_loaf_script_ms: Spread;
  widget_loaf_forced_ms: Spread;
  widget_loaf_render_ms: Spread;
  interaction_ms: Spread | null;
  widget_requests: number;
  cls: number;
  samples: RunSample[];
}

export interface LighthouseSample {
  score: number;
  tbt_ms: number;
  lcp_ms: number;
  cls: number;
  /** The subject's own requests in Lighthouse's network record. */
  widget_requests: number;
}

export interface LighthouseSummary {
  page: string;
  subject: string;
  runs: number;
  score: number;
  tbt_ms: number;
  lcp_ms: number;
  cls: number;
  score_spread: Spread;
  tbt_spread: Spread;
  lcp_spread: Spread;
  widget_requests: number;
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
export async function setUpBeckonSite(
  db: BenchDatabase["db"],
  trigger: "immediate" | "exit" = "immediate",
): Promise<number> {
  const website = await createWebsite(db, { ...demoStoreSettings, name: "Bench store", domain: "http://127.0.0.1" });
  await saveCtaDocument(
    db,
    website.id,
    singleStepCta({
      name: "Bench popup",
      cta_type: "overlay",
      overlay_type: "boxed",
      options: { trigger },
      elements: [
        heading(POPUP.heading),
        paragraph(POPUP.text),
        emailForm({ emailPlaceholder: POPUP.placeholder, button: POPUP.button, actions: [] }),
      ],
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
    ownsScript: (url, fn) =>
      url.startsWith(`${beckonOrigin}/api/`) || url.startsWith(`${beckonOrigin}/widget/`) || fn === SNIPPET_FUNCTION,
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
  if (!beckon.snippet.includes(SNIPPET_START))
    throw new Error("The snippet no longer starts as bench/page-cost.ts expects: update SNIPPET_START");
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
    const b = (window.__bench = { longTasks: [], cls: 0, visibleAt: null, fcp: null, frames: [], interactions: {} });
    const observe = (type, each, extra) => {
      try {
        new PerformanceObserver((l) => { for (const e of l.getEntries()) each(e); }).observe(Object.assign({ type, buffered: true }, extra));
      } catch (e) {}
    };
    observe("longtask", (e) => b.longTasks.push(e.duration));
    observe("layout-shift", (e) => { if (!e.hadRecentInput) b.cls += e.value; });
    observe("paint", (e) => { if (e.name === "first-contentful-paint") b.fcp = e.startTime; });
    // Long animation frames with the scripts that ran in them, to tell the widget's frames from the page's.
    // Each frame also keeps where its time went: its scripts, the layout they forced, and its rendering phase
    // (from renderStart: animation callbacks, style, layout and paint), to tell script cost from layout cost.
    observe("long-animation-frame", (e) => {
      const scripts = e.scripts || [];
      b.frames.push({
        duration: e.duration,
        scripts: scripts.map((x) => [x.sourceURL || "", x.sourceFunctionName || ""]),
        script: scripts.reduce((a, x) => a + x.duration, 0),
        forced: scripts.reduce((a, x) => a + (x.forcedStyleAndLayoutDuration || 0), 0),
        render: e.renderStart ? e.startTime + e.duration - e.renderStart : 0,
      });
    });
    // Event Timing: the slowest event of each interaction (an INP-style latency).
    observe("event", (e) => { if (e.interactionId) b.interactions[e.interactionId] = Math.max(b.interactions[e.interactionId] || 0, e.duration); }, { durationThreshold: 16 });
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
  const inSnippet = ({ url, lineNumber }: ProfileNode["callFrame"]) =>
    !!pageUrl && url === pageUrl && lineNumber === snippetLine;
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

const snippetLines = new WeakMap<Subject, Map<string, number>>();

/** The 0-based line of the subject's page that holds its snippet's code, or -1 (built once per subject and page, not per load). */
export function snippetLine(subject: Subject, page: BenchPage = STORE_PAGE): number {
  if (!subject.snippetFunction) return -1;
  const lines = snippetLines.get(subject) ?? new Map<string, number>();
  snippetLines.set(subject, lines);
  let line = lines.get(page.name);
  if (line === undefined) {
    line = page
      .html(subject.snippet)
      .split("\n")
      .findIndex((l) => l.includes(`function ${subject.snippetFunction}(`));
    lines.set(page.name, line);
  }
  return line;
}

/** What the page recorded (initScript). */
interface PageRecord {
  longTasks: number[];
  cls: number;
  visibleAt: number | null;
  fcp: number | null;
  frames: LongFrame[];
  interactions: Record<string, number>;
}

/** A long animation frame as the page records it: ms in all, in scripts, in layout they forced, in rendering. */
export interface LongFrame {
  duration: number;
  scripts: [string, string][];
  script?: number;
  forced?: number;
  render?: number;
}

/** The longest of the subject's long frames, split into script, forced layout and rendering ms (zeros if none). */
export function longestWidgetFrame(frames: LongFrame[], subject: Subject) {
  const longest = ownLongFrames(frames, subject).reduce<LongFrame | null>(
    (a, f) => (a && a.duration >= f.duration ? a : f),
    null,
  );
  return {
    script_ms: round(longest?.script ?? 0, 0),
    forced_ms: round(longest?.forced ?? 0, 0),
    render_ms: round(longest?.render ?? 0, 0),
  };
}

/** Long animation frames over 50 ms in which one of the subject's scripts ran. */
export function widgetFrames(frames: LongFrame[], subject: Subject): number[] {
  return ownLongFrames(frames, subject).map((f) => f.duration);
}

const ownLongFrames = (frames: LongFrame[], subject: Subject) =>
  frames.filter((f) => f.duration > 50 && f.scripts.some(([url, fn]) => subject.ownsScript(url, fn)));

/**
 * A shopper's interactions with the popup's form, as Event Timing measures
 * them: focus the e-mail field, type an address, click the button. The
 * slowest one is the figure (INP takes the worst of a visit's interactions).
 */
async function interactWithForm(page: Page): Promise<number> {
  const field = page.locator(`input[placeholder="${POPUP.placeholder}"]`).first();
  await field.click();
  await page.keyboard.type("anna.svensson@example.com", { delay: 30 });
  await page.getByRole("button", { name: POPUP.button }).first().click();
  // Event Timing reports an interaction after its next paint: two frames later it is in.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await page.waitForTimeout(300);
  const record = await page.evaluate(() => (window as unknown as { __bench: PageRecord }).__bench.interactions);
  const durations = Object.values(record);
  return durations.length ? Math.max(...durations) : 0;
}

/**
 * One page load of one subject at one throttling rate. With `profile`, the
 * CPU profiler samples every 100 µs and the script time is read from it;
 * sampling that often slows the page's main thread itself, so the times a
 * visitor sees (CTA visible, long tasks) come from loads without it. With
 * `interact`, the shopper then fills in and sends the popup's form.
 */
export async function measureOnce(
  browser: Browser,
  url: string,
  subject: Subject,
  cpu: number,
  profile: boolean,
  options: { page?: BenchPage; interact?: boolean } = {},
): Promise<RunSample> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page: Page = await context.newPage();
  let requests = 0;
  let widgetRequests = 0;
  page.on("request", (r) => {
    requests++;
    if (subject.ownsScript(r.url(), "")) widgetRequests++;
  });
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
    // A widget that made no request of its own measured nothing (a crawler check, a cache, a server failure).
    if (subject.visibleCheck && widgetRequests === 0) throw new Error(`${subject.name} made no request of its own`);
    const b = await page.evaluate(() => (window as unknown as { __bench: PageRecord }).__bench);
    const frames = widgetFrames(b.frames, subject);
    const interaction =
      options.interact && subject.visibleCheck && !profile ? round(await interactWithForm(page), 0) : null;
    return {
      script_ms: cpuProfile
        ? round(attributedMs(cpuProfile as never, subject.ownsScript, url, snippetLine(subject, options.page)), 1)
        : null,
      visible_ms: b.visibleAt === null ? null : round(b.visibleAt, 0),
      fcp_ms: b.fcp === null ? null : round(b.fcp, 0),
      long_tasks: b.longTasks.length,
      long_task_ms: round(
        b.longTasks.reduce((a, d) => a + d, 0),
        0,
      ),
      widget_loafs: frames.length,
      widget_loaf_max_ms: round(Math.max(0, ...frames), 0),
      widget_loaf_parts: longestWidgetFrame(b.frames, subject),
      cls: round(b.cls, 4),
      requests,
      widget_requests: widgetRequests,
      interaction_ms: interaction,
    };
  } finally {
    await context.close();
  }
}

/** Medians of the samples of one subject at one rate: script time from the profiled loads, the rest from the others. */
export function summarize(
  subject: string,
  cpu: number,
  samples: RunSample[],
  failed: number,
  page = STORE_PAGE.name,
): SubjectSummary {
  const profiled = samples.map((s) => s.script_ms).filter((v): v is number => v !== null);
  const plain = samples.filter((s) => s.script_ms === null);
  const visible = plain.map((s) => s.visible_ms).filter((v): v is number => v !== null);
  const afterFcp = plain.flatMap((s) => (s.visible_ms != null && s.fcp_ms != null ? [s.visible_ms - s.fcp_ms] : []));
  const interactions = plain.map((s) => s.interaction_ms).filter((v): v is number => v != null);
  const script = spread(profiled, 1);
  const shown = visible.length ? spread(visible) : null;
  const longTasks = spread(plain.map((s) => s.long_tasks));
  const longTaskMs = spread(plain.map((s) => s.long_task_ms));
  return {
    page,
    subject,
    cpu,
    runs: plain.length,
    failed_runs: failed,
    script_ms: script.median,
    script_iqr: script.iqr,
    visible_ms: shown?.median ?? null,
    visible_iqr: shown?.iqr ?? null,
    visible_after_fcp: afterFcp.length ? spread(afterFcp) : null,
    long_tasks: longTasks.median,
    long_task_ms: longTaskMs.median,
    long_tasks_spread: longTasks,
    long_task_ms_spread: longTaskMs,
    widget_loafs: spread(plain.map((s) => s.widget_loafs ?? 0)),
    widget_loaf_max_ms: spread(plain.map((s) => s.widget_loaf_max_ms ?? 0)),
    widget_loaf_script_ms: spread(plain.map((s) => s.widget_loaf_parts?.script_ms ?? 0)),
    widget_loaf_forced_ms: spread(plain.map((s) => s.widget_loaf_parts?.forced_ms ?? 0)),
    widget_loaf_render_ms: spread(plain.map((s) => s.widget_loaf_parts?.render_ms ?? 0)),
    interaction_ms: interactions.length ? spread(interactions) : null,
    widget_requests: median(plain.map((s) => s.widget_requests ?? 0)),
    cls: round(median(plain.map((s) => s.cls)), 4),
    samples,
  };
}

/** Runs every subject `runs` times at each rate on each bench page, interleaved so that noise spreads evenly. */
export async function measurePages(
  pages: PageServer,
  subjects: Subject[],
  rates: number[],
  runs: number,
  benchPages: BenchPage[] = BENCH_PAGES,
): Promise<SubjectSummary[]> {
  const browser = await launchChromium();
  const samples = new Map<string, RunSample[]>();
  const failures = new Map<string, number>();
  const key = (page: BenchPage, s: Subject, cpu: number) => `${page.name}/${s.name}@${cpu}`;
  try {
    // One throwaway round: the server's and Chromium's caches of code warm up.
    for (const page of benchPages)
      for (const s of subjects) await measureOnce(browser, pages.url(s, page), s, 1, false, { page }).catch(() => null);
    for (let i = 0; i < runs; i++) {
      for (const page of benchPages) {
        for (const cpu of rates) {
          // Each subject is loaded twice a round: once under the profiler (script time), once without (all else).
          for (const profile of [false, true]) {
            for (const s of subjects) {
              const k = key(page, s, cpu);
              try {
                const sample = await measureOnce(browser, pages.url(s, page), s, cpu, profile, {
                  page,
                  interact: true,
                });
                samples.set(k, [...(samples.get(k) ?? []), sample]);
              } catch (e) {
                failures.set(k, (failures.get(k) ?? 0) + 1);
                console.warn(`[bench] ${k} run ${i + 1} failed: ${(e as Error).message.split("\n")[0]}`);
              }
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
  for (const page of benchPages)
    for (const cpu of rates)
      for (const s of subjects)
        out.push(
          summarize(s.name, cpu, samples.get(key(page, s, cpu)) ?? [], failures.get(key(page, s, cpu)) ?? 0, page.name),
        );
  return out;
}

/** The subject's own requests among the URLs of Lighthouse's network-requests audit. */
export function lighthouseWidgetRequests(
  lhr: { audits: Record<string, { details?: unknown }> },
  subject: Subject,
): number {
  const items = (lhr.audits["network-requests"]?.details as { items?: { url?: string }[] } | undefined)?.items ?? [];
  return items.filter((i) => typeof i.url === "string" && subject.ownsScript(i.url, "")).length;
}

/**
 * Lighthouse (performance only, default mobile preset with simulated
 * throttling) on each page, interleaved. A widget subject's run that made
 * no request of its own fails the benchmark: it measured a page without the
 * widget (a crawler check, a cache or a server failure), not its cost.
 */
export async function lighthousePages(
  pages: PageServer,
  subjects: Subject[],
  runs: number,
  benchPages: BenchPage[] = BENCH_PAGES,
): Promise<LighthouseSummary[]> {
  const { default: lighthouse } = await import("lighthouse");
  const { launch } = await import("chrome-launcher");
  const flags = CHROMIUM_ARGS.filter((f) => f !== "--headless").concat(["--headless=new"]);
  const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: flags, logLevel: "silent" });
  const samples = new Map<string, LighthouseSample[]>();
  const key = (page: BenchPage, s: Subject) => `${page.name}/${s.name}`;
  try {
    for (let i = 0; i < runs; i++) {
      for (const page of benchPages) {
        for (const s of subjects) {
          const result = await lighthouse(pages.url(s, page), {
            port: chrome.port,
            output: "json",
            logLevel: "error",
            onlyCategories: ["performance"],
          });
          const lhr = result?.lhr;
          if (!lhr || lhr.runtimeError) {
            console.warn(
              `[bench] lighthouse ${key(page, s)} run ${i + 1}: ${lhr?.runtimeError?.message ?? "no result"}`,
            );
            continue;
          }
          const widgetRequests = lighthouseWidgetRequests(lhr as never, s);
          if (s.visibleCheck && widgetRequests === 0)
            throw new Error(
              `Lighthouse run ${i + 1} of ${key(page, s)} recorded no request of the widget: it measured the page without it`,
            );
          const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
          samples.set(key(page, s), [
            ...(samples.get(key(page, s)) ?? []),
            {
              score: Math.round((lhr.categories.performance.score ?? 0) * 100),
              tbt_ms: round(audit("total-blocking-time"), 0),
              lcp_ms: round(audit("largest-contentful-paint"), 0),
              cls: round(audit("cumulative-layout-shift"), 4),
              widget_requests: widgetRequests,
            },
          ]);
        }
      }
      process.stdout.write(`[bench] lighthouse: round ${i + 1}/${runs} done\n`);
    }
  } finally {
    await chrome.kill();
  }
  return benchPages.flatMap((page) =>
    subjects.map((s) => summarizeLighthouse(page.name, s.name, samples.get(key(page, s)) ?? [])),
  );
}

export function summarizeLighthouse(page: string, subject: string, list: LighthouseSample[]): LighthouseSummary {
  const score = spread(list.map((x) => x.score));
  const tbt = spread(list.map((x) => x.tbt_ms));
  const lcp = spread(list.map((x) => x.lcp_ms));
  return {
    page,
    subject,
    runs: list.length,
    score: score.median,
    tbt_ms: tbt.median,
    lcp_ms: lcp.median,
    cls: round(median(list.map((x) => x.cls)), 4),
    score_spread: score,
    tbt_spread: tbt,
    lcp_spread: lcp,
    widget_requests: median(list.map((x) => x.widget_requests)),
    samples: list,
  };
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

export const DEFAULT_PAGE_COST: PageCostOptions = {
  runs: 11,
  lighthouseRuns: 9,
  lighthouse: true,
  peer: true,
  rates: [1, 4],
};

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

/** Issue 26's goals at 4x CPU, on every bench page. */
export const PAGE_GOALS = {
  script_ms: 60,
  visible_after_fcp_ms: 250,
  loaf_ms: 50,
  interaction_ms: 50,
  lighthouse_tbt_ms: 10,
  lighthouse_lcp_ms: 50,
};

/** The goals, checked against one run's medians, on each bench page. */
export function checkGoals(pages: SubjectSummary[], lh: LighthouseSummary[]): Goal[] {
  const goals: Goal[] = [];
  for (const page of [...new Set(pages.map((p) => p.page).concat(lh.map((l) => l.page)))]) {
    const at = (subject: string, cpu: number) =>
      pages.find((p) => p.page === page && p.subject === subject && p.cpu === cpu);
    const b4 = at("beckon", 4);
    const p4 = at("peer", 4);
    if (b4) {
      goals.push({
        goal: `${page}, 4x: no long animation frame over ${PAGE_GOALS.loaf_ms} ms in which the widget's script runs`,
        value:
          `${b4.widget_loafs.median} (longest ${b4.widget_loaf_max_ms.median} ms: scripts ${b4.widget_loaf_script_ms.median}, ` +
          `forced layout ${b4.widget_loaf_forced_ms.median}, rendering ${b4.widget_loaf_render_ms.median})`,
        met: b4.widget_loafs.median === 0,
      });
      goals.push({
        goal: `${page}, 4x: widget script time ≤ ${PAGE_GOALS.script_ms} ms`,
        value: `${b4.script_ms} ms`,
        met: b4.script_ms <= PAGE_GOALS.script_ms,
      });
      const afterFcp = b4.visible_after_fcp?.median ?? null;
      goals.push({
        goal: `${page}, 4x: popup visible ≤ ${PAGE_GOALS.visible_after_fcp_ms} ms after first contentful paint`,
        value: `${afterFcp ?? "never"} ms`,
        met: afterFcp !== null && afterFcp <= PAGE_GOALS.visible_after_fcp_ms,
      });
      const typing = b4.interaction_ms?.median ?? null;
      const peerTyping = p4?.interaction_ms?.median ?? null;
      goals.push({
        goal: `${page}, 4x: field-to-submit interaction latency ≤ ${PAGE_GOALS.interaction_ms} ms${p4 ? " and lower than the peer's" : ""}`,
        value: `${typing ?? "not measured"} ms${p4 ? ` vs ${peerTyping ?? "not measured"} ms` : ""}`,
        met:
          typing !== null &&
          typing <= PAGE_GOALS.interaction_ms &&
          (peerTyping === null || typing < peerTyping || typing === 0),
      });
    }
    const lb = lh.find((l) => l.page === page && l.subject === "beckon");
    const ln = lh.find((l) => l.page === page && l.subject === "none");
    if (lb && ln && lb.runs && ln.runs) {
      goals.push({
        goal: `${page}: Lighthouse score no lower than without (median of ${lb.runs})`,
        value: `${lb.score} vs ${ln.score}`,
        met: lb.score >= ln.score,
      });
      goals.push({
        goal: `${page}: Lighthouse TBT at most ${PAGE_GOALS.lighthouse_tbt_ms} ms more`,
        value: `${signed(lb.tbt_ms - ln.tbt_ms)} ms`,
        met: lb.tbt_ms - ln.tbt_ms <= PAGE_GOALS.lighthouse_tbt_ms,
      });
      goals.push({
        goal: `${page}: Lighthouse LCP at most ${PAGE_GOALS.lighthouse_lcp_ms} ms more`,
        value: `${signed(lb.lcp_ms - ln.lcp_ms)} ms`,
        met: lb.lcp_ms - ln.lcp_ms <= PAGE_GOALS.lighthouse_lcp_ms,
      });
    }
    for (const cpu of [1, 4]) {
      const b = at("beckon", cpu);
      const p = at("peer", cpu);
      if (!b || !p) continue;
      goals.push({
        goal: `${page}, ${cpu}x: script time lower than the peer's`,
        value: `${b.script_ms} vs ${p.script_ms} ms`,
        met: b.script_ms < p.script_ms,
      });
      goals.push({
        goal: `${page}, ${cpu}x: no more long tasks than the peer`,
        value: `${b.long_tasks} vs ${p.long_tasks}`,
        met: b.long_tasks <= p.long_tasks,
      });
    }
  }
  return goals;
}

/** "median (25th–75th percentile)": the middle half of the runs beside every median. */
export const withSpread = (s: Spread | null, unit = "") => (s ? `${s.median}${unit} (${s.iqr.join("–")})` : "-");

export function pageTables(r: PageCostResult) {
  const pagesTable = {
    header: [
      "page",
      "subject",
      "CPU",
      "widget script ms",
      "CTA visible after FCP ms",
      "visible from start ms",
      "long tasks",
      "long-task ms",
      "widget frames > 50 ms",
      "interaction ms",
      "layout shift",
      "widget requests",
      "runs",
    ],
    rows: r.pages.map((p) => [
      p.page,
      p.subject,
      `${p.cpu}x`,
      p.script_ms ? `${p.script_ms} (${p.script_iqr.join("–")})` : "-",
      withSpread(p.visible_after_fcp),
      p.visible_ms === null ? "-" : `${p.visible_ms} (${p.visible_iqr?.join("–")})`,
      withSpread(p.long_tasks_spread),
      withSpread(p.long_task_ms_spread),
      p.subject === "none" ? "-" : withSpread(p.widget_loafs),
      withSpread(p.interaction_ms),
      p.cls,
      p.widget_requests,
      `${p.runs}${p.failed_runs ? ` (+${p.failed_runs} failed)` : ""}`,
    ]),
  };
  const lhTable = {
    header: ["page", "subject", "Lighthouse score", "TBT ms", "LCP ms", "CLS", "widget requests", "runs"],
    rows: r.lighthouse.map((l) => [
      l.page,
      l.subject,
      withSpread(l.score_spread),
      withSpread(l.tbt_spread),
      withSpread(l.lcp_spread),
      l.cls,
      l.widget_requests,
      l.runs,
    ]),
  };
  const goalsTable = {
    header: ["goal", "measured", "met"],
    rows: r.goals.map((g) => [g.goal, g.value, g.met ? "yes" : "NO"]),
  };
  return { pagesTable, lhTable, goalsTable };
}

/**
 * Brings the server to its steady state before anything is measured, as a
 * production server that has been up for a while is: every public call the
 * page makes, a few hundred times, so the JIT has compiled those paths and a
 * first-visit page load meets a warm server, not a cold one.
 */
export async function warmServer(
  origin: string,
  websiteId: number,
  db: BenchDatabase["db"],
  rounds = 300,
): Promise<void> {
  const cta = await db.cta.findFirstOrThrow({ where: { websiteId, status: "published" } });
  const post = (url: string, body: unknown) =>
    fetch(url, { method: "POST", headers: { "Content-Type": "text/plain" }, body: JSON.stringify(body) });
  for (let i = 0; i < rounds; i++) {
    const token = `warmup${String(i).padStart(16, "0")}`;
    const answers = await Promise.all([
      fetch(`${origin}/api/websites/${websiteId}.js`),
      fetch(`${origin}/api/cta/${cta.id}.json`),
      post(`${origin}/api/websites/${websiteId}/visitors`, {
        visitor: {
          visitor_token: token,
          landing_page: "http://127.0.0.1/",
          platform: "web",
          referral_source: null,
          data: {},
        },
        new: true,
        utms: {},
      }),
    ]);
    for (const a of answers) if (!a.ok) throw new Error(`warm-up: ${a.url} answered ${a.status}`);
    await Promise.all(answers.map((a) => a.arrayBuffer()));
    const event = {
      id: `warmup-event-${i}`,
      event_type: "View",
      visitor_token: token,
      at: Date.now(),
      cta_id: cta.id,
      data: {},
    };
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
    pages = await servePages(subjects, BENCH_PAGES);
    const measured = await measurePages(pages, subjects, options.rates, options.runs);
    const lh = options.lighthouse ? await lighthousePages(pages, subjects, options.lighthouseRuns) : [];
    return {
      options,
      subjects: subjects.map((s) => s.name),
      pages: measured,
      lighthouse: lh,
      goals: checkGoals(measured, lh),
    };
  } finally {
    await pages?.close();
    await server?.stop();
    await bdb.drop();
  }
}

export async function main(argv = process.argv.slice(2)) {
  const arg = (name: string, fallback: number) => numberArg(argv, name, fallback);
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
  printTable(
    `Page cost in Chromium (store and article pages; medians of ${options.runs} runs, middle half in brackets)`,
    t.pagesTable.header,
    t.pagesTable.rows,
  );
  if (r.lighthouse.length)
    printTable(
      `Lighthouse ${"performance"} (mobile preset; medians of ${options.lighthouseRuns} runs)`,
      t.lhTable.header,
      t.lhTable.rows,
    );
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
