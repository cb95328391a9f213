/**
 * Page-cost medians: script time comes from the profiled loads only, and
 * what a visitor sees (CTA visible, long tasks, layout shift) from the loads
 * without the profiler, whose sampling slows the page.
 */
import { describe, expect, it } from "vitest";
import { summarize, type RunSample } from "#bench/page-cost";

const run = (over: Partial<RunSample>): RunSample => ({
  script_ms: null,
  visible_ms: 300,
  long_tasks: 0,
  long_task_ms: 0,
  cls: 0,
  requests: 5,
  ...over,
});

describe("page-cost summary of one subject at one rate", () => {
  it("takes script time from profiled loads and the rest from unprofiled ones", () => {
    const samples = [
      run({ visible_ms: 200 }),
      run({ visible_ms: 220, long_tasks: 1, long_task_ms: 60 }),
      run({ visible_ms: 240 }),
      run({ script_ms: 10, visible_ms: 900, long_tasks: 3, long_task_ms: 300, cls: 0.5 }),
      run({ script_ms: 14, visible_ms: 950, long_tasks: 3, long_task_ms: 300, cls: 0.5 }),
      run({ script_ms: 12, visible_ms: 990, long_tasks: 3, long_task_ms: 300, cls: 0.5 }),
    ];
    expect(summarize("beckon", 4, samples, 1)).toMatchObject({
      runs: 3,
      failed_runs: 1,
      script_ms: 12,
      visible_ms: 220,
      long_tasks: 0,
      long_task_ms: 0,
      cls: 0,
    });
  });

  it("gives the middle half of the runs beside each median", () => {
    const samples = [10, 20, 30, 40, 50].flatMap((v) => [run({ visible_ms: v * 10 }), run({ script_ms: v })]);
    expect(summarize("beckon", 4, samples, 0)).toMatchObject({
      script_ms: 30,
      script_iqr: [20, 40],
      visible_ms: 300,
      visible_iqr: [200, 400],
    });
  });

  it("reports no visible time when no unprofiled load showed the CTA", () => {
    expect(summarize("none", 1, [run({ visible_ms: null }), run({ script_ms: 0, visible_ms: null })], 0)).toMatchObject(
      { script_ms: 0, visible_ms: null, visible_iqr: null, runs: 1 },
    );
  });
});
