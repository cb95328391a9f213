import { describe, expect, it } from "vitest";
import { attributedMs } from "../../../bench/page-cost";

const PAGE = "http://127.0.0.1:4000/s/beckon/";
const OWN = "http://127.0.0.1:5000/widget/beckon-renderer.js";

/** A profile: nodes as [id, functionName, url, children], and samples of 1 ms each. */
function profile(nodes: [number, string, string, number[]][], samples: number[]) {
  return {
    nodes: nodes.map(([id, functionName, url, children]) => ({ id, callFrame: { functionName, url }, children })),
    samples,
    timeDeltas: samples.map(() => 1000),
  };
}

const owns = (url: string, fn: string) => url.startsWith("http://127.0.0.1:5000/") || fn === "beckonSnippet";

describe("page-cost attribution of CPU samples", () => {
  const p = profile(
    [
      [1, "(root)", "", [2, 3, 9, 10]],
      [2, "(anonymous)", PAGE, [4, 6]], // the page's inline script
      [4, "beckonSnippet", PAGE, [5, 11]],
      [5, "fetch", "", []], // native, called by the snippet
      [11, "", PAGE, []], // the snippet's forEach callback
      [6, "pageCode", PAGE, [7]], // the page's own function
      [7, "appendChild", "", []],
      [3, "mount", OWN, [8]],
      [8, "createElementNS", "", []],
      [9, "(garbage collector)", "", []],
      [10, "other", "http://cdn.example/lib.js", []],
    ],
    [4, 5, 11, 6, 7, 3, 8, 9, 10, 2],
  );

  it("counts the subject's scripts, its snippet's function, and what they call without a script of its own", () => {
    // 4 (snippet), 5 (its native call), 11 (its callback), 3 (own script), 8 (its native call).
    expect(attributedMs(p, owns, PAGE)).toBe(5);
  });

  it("counts nothing for a subject that owns nothing", () => {
    expect(attributedMs(p, () => false, PAGE)).toBe(0);
  });
});
