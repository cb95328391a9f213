/**
 * The page-cost benchmark checks that what it measures ran: a widget's load
 * or Lighthouse run without a request of the widget's own is a failure, not
 * a zero cost; long animation frames count only where the widget's script
 * ran; every figure has the middle half of the runs beside its median; and
 * both bench pages carry the subject's snippet where the profile looks for it.
 */
import { describe, expect, it } from "vitest";
import {
  checkGoals,
  lighthouseWidgetRequests,
  snippetLine,
  summarize,
  summarizeLighthouse,
  widgetFrames,
  longestWidgetFrame,
  type RunSample,
} from "#bench/page-cost";
import { ARTICLE_FILES, articlePage } from "#bench/article-page";
import { ARTICLE_PAGE, STORE_PAGE, type Subject } from "#bench/pages";

const widget: Subject = {
  name: "beckon",
  snippet: "<script>\n(function beckonSnippet(w){w.x=1})(window);\n</script>",
  snippetFunction: "beckonSnippet",
  ownsScript: (url, fn) => url.startsWith("http://beckon.test/") || fn === "beckonSnippet",
  visibleCheck: "() => true",
};

const run = (over: Partial<RunSample>): RunSample => ({
  script_ms: null,
  visible_ms: 300,
  fcp_ms: 100,
  long_tasks: 0,
  long_task_ms: 0,
  cls: 0,
  requests: 5,
  widget_requests: 4,
  ...over,
});

describe("what the page-cost benchmark counts", () => {
  it("counts a long animation frame only when it is over 50 ms and a script of the subject ran in it", () => {
    const frames = [
      { duration: 120, scripts: [["http://shop.test/theme.js", "onScroll"]] as [string, string][] },
      { duration: 80, scripts: [["http://beckon.test/widget/beckon-renderer.js", "mount"]] as [string, string][] },
      { duration: 45, scripts: [["http://beckon.test/api/websites/1.js", ""]] as [string, string][] },
      { duration: 60, scripts: [["http://shop.test/", "beckonSnippet"]] as [string, string][] },
    ];
    expect(widgetFrames(frames, widget)).toEqual([80, 60]);
  });

  it("splits the longest of the widget's long frames into script, forced layout and rendering time", () => {
    const own = (duration: number, script: number, forced: number, render: number) => ({
      duration,
      scripts: [["http://beckon.test/widget/beckon-renderer.js", "mount"]] as [string, string][],
      script,
      forced,
      render,
    });
    const frames = [
      { ...own(200, 150, 0, 50), scripts: [["http://shop.test/theme.js", "onScroll"]] as [string, string][] },
      own(70, 30, 5, 40.4),
      own(90, 20.4, 10, 69.6),
      own(40, 40, 0, 0),
    ];
    expect(longestWidgetFrame(frames, widget)).toEqual({ script_ms: 20, forced_ms: 10, render_ms: 70 });
    // No frame of the widget's over 50 ms, or a browser without the breakdown: zeros, not NaN.
    expect(longestWidgetFrame([frames[0], frames[3]], widget)).toEqual({ script_ms: 0, forced_ms: 0, render_ms: 0 });
    expect(longestWidgetFrame([{ duration: 60, scripts: frames[1].scripts }], widget)).toEqual({
      script_ms: 0,
      forced_ms: 0,
      render_ms: 0,
    });
  });

  it("reads the widget's requests from Lighthouse's network record", () => {
    const lhr = (urls: string[]) => ({
      audits: { "network-requests": { details: { items: urls.map((url) => ({ url })) } } },
    });
    expect(
      lighthouseWidgetRequests(
        lhr(["http://shop.test/", "http://beckon.test/api/websites/1.js", "http://beckon.test/widget/a.js"]),
        widget,
      ),
    ).toBe(2);
    expect(lighthouseWidgetRequests(lhr(["http://shop.test/"]), widget)).toBe(0);
    // A report without the audit (or a malformed one) counts nothing rather than throwing.
    expect(lighthouseWidgetRequests({ audits: {} }, widget)).toBe(0);
    expect(
      lighthouseWidgetRequests(
        { audits: { "network-requests": { details: { items: [{ url: 3 }] } } } } as never,
        widget,
      ),
    ).toBe(0);
  });

  it("measures the popup from the page's first contentful paint, with the middle half of the runs beside every median", () => {
    const samples = [1, 2, 3, 4, 5].flatMap((i) => [
      run({
        visible_ms: 400 + i * 10,
        fcp_ms: 200,
        long_tasks: i,
        long_task_ms: i * 60,
        widget_loafs: i % 2,
        widget_loaf_max_ms: (i % 2) * 70,
        interaction_ms: i * 8,
      }),
      run({ script_ms: i * 10 }),
    ]);
    const s = summarize("beckon", 4, samples, 0, "article");
    expect(s).toMatchObject({ page: "article", visible_ms: 430, long_tasks: 3, long_task_ms: 180, widget_requests: 4 });
    expect(s.visible_after_fcp).toEqual({ median: 230, iqr: [220, 240] });
    expect(s.long_tasks_spread).toEqual({ median: 3, iqr: [2, 4] });
    expect(s.widget_loafs).toEqual({ median: 1, iqr: [0, 1] });
    expect(s.interaction_ms).toEqual({ median: 24, iqr: [16, 32] });
    // A load with no paint recorded has no figure after the paint; no interaction measured, none reported.
    expect(summarize("beckon", 4, [run({ fcp_ms: null })], 0).visible_after_fcp).toBeNull();
    expect(summarize("beckon", 4, [run({})], 0).interaction_ms).toBeNull();
  });

  it("checks the goals on every bench page, and fails a page where the widget's frames are long", () => {
    const good = [1, 2, 3].map(() => run({ visible_ms: 300, fcp_ms: 100, widget_loafs: 0, interaction_ms: 20 }));
    const slow = [1, 2, 3].map(() =>
      run({ visible_ms: 300, fcp_ms: 100, widget_loafs: 2, widget_loaf_max_ms: 90, interaction_ms: 20 }),
    );
    const profiled = [run({ script_ms: 40 })];
    const pages = [
      summarize("beckon", 4, [...good, ...profiled], 0, "store"),
      summarize("beckon", 4, [...slow, ...profiled], 0, "article"),
    ];
    const lh = [
      summarizeLighthouse("store", "none", [{ score: 95, tbt_ms: 100, lcp_ms: 1000, cls: 0, widget_requests: 0 }]),
      summarizeLighthouse("store", "beckon", [{ score: 95, tbt_ms: 105, lcp_ms: 1100, cls: 0, widget_requests: 5 }]),
    ];
    const goals = checkGoals(pages, lh);
    const met = (text: string) => goals.find((g) => g.goal.startsWith(text))?.met;
    expect(met("store, 4x: no long animation frame")).toBe(true);
    expect(met("article, 4x: no long animation frame")).toBe(false);
    expect(met("store, 4x: popup visible")).toBe(true);
    expect(met("store, 4x: widget script time")).toBe(true);
    expect(met("store: Lighthouse TBT")).toBe(true);
    expect(met("store: Lighthouse LCP")).toBe(false);
  });
});

describe("the article bench page", () => {
  it("is a long article of another shape: 12 sections, 6 images, 30 comments, a sticky header with a progress bar", () => {
    const html = articlePage("");
    expect(html.match(/<section /g)).toHaveLength(12);
    expect(html.match(/<img /g)).toHaveLength(6);
    expect(html.match(/class="comment"/g)).toHaveLength(30);
    expect(html).toMatch(/position: sticky/);
    expect(html).toMatch(/addEventListener\("scroll", update/);
    for (let i = 1; i <= 6; i++) expect(html).toContain(`src="image-${i}.svg"`);
    expect(Object.keys(ARTICLE_FILES)).toHaveLength(6);
    // The same bytes every run.
    expect(articlePage("x")).toBe(articlePage("x"));
  });

  it("holds the snippet on a line of its own, found by the profile's attribution on both pages", () => {
    for (const page of [STORE_PAGE, ARTICLE_PAGE]) {
      const line = snippetLine(widget, page);
      expect(page.html(widget.snippet).split("\n")[line], page.name).toBe(
        "(function beckonSnippet(w){w.x=1})(window);",
      );
    }
  });
});
