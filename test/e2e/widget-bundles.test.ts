/**
 * The built widget bundles agree with each other: the loader names every
 * chunk the renderer imports statically, so it can fetch them beside the
 * renderer instead of after it (scripts/build-widget.ts), and each of those
 * names is a file that exists; the renderer's chunks carry V8's compile
 * hint. Needs a widget build, like every e2e test.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ASSETS_DIR, LOADER_FILE, RENDERER_FILE } from "#scripts/build-widget";
import { COMPILE_HINT } from "#contract/compile-hint";

/** The relative modules a bundle imports statically (import ... from "./x.js" and import "./x.js"). */
function staticImports(code: string): string[] {
  return [...code.matchAll(/(?:\bfrom\s*|\bimport\s*)["']\.\/([\w.-]+\.js)["']/g)].map((m) => m[1]);
}

describe("widget bundles", () => {
  it("the loader names every chunk the renderer imports statically", () => {
    const renderer = readFileSync(RENDERER_FILE, "utf8");
    const loader = readFileSync(LOADER_FILE, "utf8");
    const deps = staticImports(renderer);
    expect(deps.length).toBeGreaterThan(0);
    for (const dep of deps) {
      expect(existsSync(path.join(ASSETS_DIR, dep)), dep).toBe(true);
      expect(loader).toContain(JSON.stringify(dep));
    }
  });

  it("every renderer chunk starts with V8's compile hint; the loader does not (the site script puts it first)", () => {
    const chunks = readdirSync(ASSETS_DIR).filter(
      (f) => f === "beckon-renderer.js" || /^beckon-[\w-]+-[A-Z0-9]{8}\.js$/.test(f),
    );
    expect(chunks.length).toBeGreaterThan(1);
    for (const f of chunks)
      expect(readFileSync(path.join(ASSETS_DIR, f), "utf8").startsWith(`${COMPILE_HINT}\n`), f).toBe(true);
    expect(readFileSync(LOADER_FILE, "utf8")).not.toContain(COMPILE_HINT);
  });

  it("finds static imports in minified code and ignores dynamic ones", () => {
    expect(
      staticImports(
        `import{a as b}from"./beckon-chunk-AB12CD34.js";import"./beckon-side-EF56GH78.js";import("./beckon-lazy-X.js")`,
      ),
    ).toEqual(["beckon-chunk-AB12CD34.js", "beckon-side-EF56GH78.js"]);
  });
});
