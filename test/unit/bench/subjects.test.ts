import { describe, expect, it } from "vitest";
import { atOnceSubject, beckonSubject } from "#bench/page-cost";

describe("page-cost subjects", () => {
  const beckon = beckonSubject("http://127.0.0.1:5000", 3);

  it("the at-once variant inserts the widget when the snippet runs, not after the first paint", () => {
    const atOnce = atOnceSubject(beckon);
    expect(atOnce.name).toBe("beckon-at-once");
    expect(beckon.snippet).toContain("DOMContentLoaded");
    expect(atOnce.snippet).not.toContain("DOMContentLoaded");
    expect(atOnce.snippet).toMatch(/x\(\)\}\)\(window,document,/);
    // Everything else is Beckon's: its scripts and its visibility check.
    expect(atOnce.visibleCheck).toBe(beckon.visibleCheck);
    expect(atOnce.ownsScript("http://127.0.0.1:5000/widget/beckon-renderer.js", "")).toBe(true);
  });

  it("refuses a snippet that no longer starts the way it expects", () => {
    expect(() => atOnceSubject({ ...beckon, snippet: "<script>start()</script>" })).toThrow(/SNIPPET_START/);
  });
});
