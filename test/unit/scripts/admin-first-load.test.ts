/**
 * The admin first-load figure of scripts/size.ts: which files a first load
 * of a route fetches according to Remix's browser manifest, and clear errors
 * for a manifest that is not one.
 */
import { mkdtempSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import {
  adminFirstLoad,
  firstLoadAssets,
  parseRemixManifest,
  type RemixBrowserManifest,
} from "#scripts/admin-first-load";

const manifest: RemixBrowserManifest = {
  entry: { module: "/assets/entry.js", imports: ["/assets/components.js"] },
  routes: {
    root: { module: "/assets/root.js", imports: ["/assets/components.js", "/assets/polaris.js"] },
    "routes/owner": { module: "/assets/owner.js", parentId: "root", imports: [] },
    "routes/list": { module: "/assets/list.js", parentId: "routes/owner", imports: ["/assets/table.js"] },
    "routes/editor": { module: "/assets/editor.js", parentId: "routes/owner", imports: ["/assets/dnd.js"] },
  },
};

describe("firstLoadAssets", () => {
  it("takes the entry and every route from the root down, each file once", () => {
    expect(firstLoadAssets(manifest, "routes/list")).toEqual([
      "/assets/entry.js",
      "/assets/components.js",
      "/assets/root.js",
      "/assets/polaris.js",
      "/assets/owner.js",
      "/assets/list.js",
      "/assets/table.js",
    ]);
  });

  it("leaves out the routes the page does not render", () => {
    expect(firstLoadAssets(manifest, "routes/list")).not.toContain("/assets/dnd.js");
  });

  it("names an unknown route and a parent loop", () => {
    expect(() => firstLoadAssets(manifest, "routes/nope")).toThrow("manifest.routes.routes/nope: no such route");
    const loop = {
      ...manifest,
      routes: { a: { module: "/a.js", parentId: "b" }, b: { module: "/b.js", parentId: "a" } },
    };
    expect(() => firstLoadAssets(loop, "a")).toThrow("parents form a loop");
  });
});

describe("parseRemixManifest", () => {
  it("reads the manifest script", () => {
    expect(parseRemixManifest(`window.__remixManifest=${JSON.stringify(manifest)};`)).toEqual(manifest);
  });

  it.each([
    ["", "not a Remix browser manifest"],
    ["alert(1)", "not a Remix browser manifest"],
    ["window.__remixManifest={nope", "not JSON"],
    ["window.__remixManifest=null;", "manifest.entry: missing its module"],
    ['window.__remixManifest={"entry":{"module":"/e.js"}};', "manifest.routes: missing"],
    [
      'window.__remixManifest={"entry":{"module":"/e.js"},"routes":{"root":{"module":1}}};',
      "manifest.routes.root: missing its module",
    ],
    [
      'window.__remixManifest={"entry":{"module":"/e.js","imports":[1]},"routes":{}};',
      "manifest.entry: missing its module",
    ],
  ])("refuses %j", (text, message) => {
    expect(() => parseRemixManifest(text)).toThrow(message);
  });
});

describe("adminFirstLoad", () => {
  it("sums the gzip size of each file fetched, static imports included and dynamic ones not", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "first-load-"));
    mkdirSync(path.join(dir, "assets"));
    const files: Record<string, string> = {
      "entry.js": 'import{a}from"./components.js";console.log(a)',
      "components.js": "export const a=1;",
      "root.js": 'import"./polaris.js";',
      "polaris.js": 'import{x}from"./shared.js";export const p=x;',
      "shared.js": "export const x=2;",
      "owner.js": "",
      "list.js": 'const lazy=()=>import("./editor.js");',
      "table.js": "",
      "editor.js": "x".repeat(5000),
    };
    for (const [name, code] of Object.entries(files)) writeFileSync(path.join(dir, "assets", name), code);
    const m = {
      ...manifest,
      routes: {
        ...manifest.routes,
        "routes/list": { ...manifest.routes["routes/list"], imports: ["/assets/table.js"] },
      },
    };
    const text = `window.__remixManifest=${JSON.stringify(m)};`;
    writeFileSync(path.join(dir, "assets", "manifest-abc123.js"), text);
    const result = adminFirstLoad(dir, "routes/list");
    if (!result.ok) throw new Error(result.reason);
    expect(result.files.sort()).toEqual(
      [
        "manifest-abc123.js",
        "entry.js",
        "components.js",
        "root.js",
        "polaris.js",
        "shared.js",
        "owner.js",
        "list.js",
        "table.js",
      ]
        .map((f) => `assets/${f}`)
        .sort(),
    );
    const expected = [
      text,
      ...Object.entries(files)
        .filter(([n]) => n !== "editor.js")
        .map(([, c]) => c),
    ].reduce((sum, c) => sum + gzipSync(c, { level: 9 }).length, 0);
    expect(result.row.gzip).toBe(expected);
  });

  it("says when there is no build", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "first-load-"));
    expect(adminFirstLoad(dir)).toEqual({ ok: false, reason: `no Remix build in ${dir}; run npm run build` });
  });
});
