/**
 * The built widget bundles agree with each other: the loader names every
 * chunk the renderer imports statically, so it can fetch them beside the
 * renderer instead of after it (scripts/build-widget.ts), and each of those
 * names is a file that exists. Needs a widget build, like every e2e test.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ASSETS_DIR, LOADER_FILE, RENDERER_FILE } from "../../scripts/build-widget";

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

  it("finds static imports in minified code and ignores dynamic ones", () => {
    expect(staticImports(`import{a as b}from"./beckon-chunk-AB12CD34.js";import"./beckon-side-EF56GH78.js";import("./beckon-lazy-X.js")`)).toEqual([
      "beckon-chunk-AB12CD34.js",
      "beckon-side-EF56GH78.js",
    ]);
  });
});
