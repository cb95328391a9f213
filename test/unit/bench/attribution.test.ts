import { describe, expect, it } from "vitest";
import { attributedMs, snippetLine } from "#bench/page-cost";
import { storePage } from "#bench/pages";

const PAGE = "http://127.0.0.1:4000/s/beckon/";
const OWN = "http://127.0.0.1:5000/widget/beckon-renderer.js";

/** A profile: nodes as [id, functionName, url, children, line, column], and samples of 1 ms each. */
function profile(nodes: [number, string, string, number[], number?, number?][], samples: number[]) {
  return {
    nodes: nodes.map(([id, functionName, url, children, lineNumber = 0, columnNumber = 0]) => ({
      id,
      callFrame: { functionName, url, lineNumber, columnNumber },
      children,
    })),
    samples,
    timeDeltas: samples.map(() => 1000),
  };
}

const owns = (url: string, fn: string) => url.startsWith("http://127.0.0.1:5000/") || fn === "beckonSnippet";

describe("page-cost attribution of CPU samples", () => {
  const p = profile(
    [
      [1, "(root)", "", [2, 3, 9, 10]],
      [2, "(anonymous)", PAGE, [4, 6], 67, 0], // the page's inline script
      [4, "beckonSnippet", PAGE, [5, 11], 68, 23],
      [5, "fetch", "", []], // native, called by the snippet
      [11, "", PAGE, [], 68, 383], // the snippet's forEach callback
      [6, "pageCode", PAGE, [7], 90, 5], // the page's own function
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
    expect(attributedMs(p, owns, PAGE, 68)).toBe(5);
  });

  it("counts the snippet's functions that the browser calls later, by the line they are defined on", () => {
    const later = profile(
      [
        [1, "(root)", "", [2, 3, 5, 7]],
        [2, "(anonymous)", PAGE, [], 67, 0], // the snippet's <script>, its function not sampled this load
        [3, "x", PAGE, [6], 68, 518], // its timer callback, on the snippet's line: a stack of its own
        [6, "appendChild", "", []], // native, called by the callback
        [5, "before", PAGE, [], 40, 10], // the page's, above the snippet
        [7, "onLoad", PAGE, [], 90, 600], // the page's, below it
      ],
      [3, 6, 6, 5, 7, 2],
    );
    // 3 (the callback), 6 twice (its native call).
    expect(attributedMs(later, owns, PAGE, 68)).toBe(3);
    expect(attributedMs(later, owns, PAGE)).toBe(0);
  });

  it("counts nothing for a subject that owns nothing", () => {
    expect(attributedMs(p, () => false, PAGE)).toBe(0);
  });

  it("finds the line of a subject's snippet in its page", () => {
    const subject = {
      name: "s",
      snippet: "<script>\n(function beckonSnippet(w){w.x=1})(window);\n</script>",
      snippetFunction: "beckonSnippet",
      ownsScript: () => false,
      visibleCheck: null,
    };
    const line = snippetLine(subject);
    expect(storePage(subject.snippet).split("\n")[line]).toBe("(function beckonSnippet(w){w.x=1})(window);");
    expect(snippetLine({ ...subject, snippetFunction: undefined })).toBe(-1);
  });
});
