// @vitest-environment happy-dom
// @vitest-environment-options {"settings":{"handleDisabledFileLoadingAsSuccess":true}}
import { describe, expect, it } from "vitest";
import { genericSnippet } from "../../../widget/snippet";

/** Runs the snippet's inline script the way a browser would. */
function runSnippet(html: string) {
  const code = html.match(/<script>([\s\S]*?)<\/script>/)![1];
  new Function(code)();
}

describe("generic snippet", () => {
  it("is an async script for the website's file", () => {
    const html = genericSnippet({ origin: "https://beckon.example/", websiteId: 1 });
    expect(html).toContain('"https://beckon.example/api/websites/1.js"');
    expect(html).toContain("s.async=true");
  });

  it("defines a queueing stub and inserts the script without blocking", () => {
    delete (window as { beckon?: unknown }).beckon;
    runSnippet(genericSnippet({ origin: "http://127.0.0.1:3000", websiteId: 12 }));
    const beckon = (window as unknown as { beckon: Record<string, any> }).beckon;
    beckon.identify({ email: "a@b.se" });
    beckon.trigger(7);
    expect(beckon.q).toEqual([
      ["identify", [{ email: "a@b.se" }]],
      ["trigger", [7]],
    ]);
    const script = document.querySelector<HTMLScriptElement>('script[src="http://127.0.0.1:3000/api/websites/12.js"]')!;
    expect(script).not.toBeNull();
    expect(script.async).toBe(true);
    for (const m of ["identify", "load", "trigger", "start", "close", "trackPurchase"]) expect(typeof beckon[m]).toBe("function");
  });

  it("keeps the queue and methods of an earlier stub or loader", () => {
    const real = () => "real";
    (window as unknown as { beckon: unknown }).beckon = { installed: true, start: real };
    runSnippet(genericSnippet({ origin: "http://127.0.0.1:3000", websiteId: 12 }));
    expect((window as unknown as { beckon: { start: unknown } }).beckon.start).toBe(real);
  });

  it("refuses bad input instead of writing it into HTML", () => {
    expect(() => genericSnippet({ origin: "javascript:alert(1)", websiteId: 1 })).toThrow();
    expect(() => genericSnippet({ origin: "https://x.se", websiteId: 0 })).toThrow();
    expect(genericSnippet({ origin: "https://x.se/</script><b>", websiteId: 1 })).not.toContain("</script><b>");
  });
});
