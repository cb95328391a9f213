/**
 * `npm start` rebuilds only when a source changed: a tree laid out like the
 * repository, with file times set explicitly in the order a build writes
 * them (widget, then the demo site's assets inside demo/, then the server).
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildStaleness } from "#scripts/lib/build-stale";

let root: string;

function write(rel: string, atSeconds: number) {
  const p = path.join(root, rel);
  mkdirSync(path.dirname(p), { recursive: true });
  writeFileSync(p, rel);
  utimesSync(p, atSeconds, atSeconds);
}

const T0 = 1_700_000_000;
const SOURCES = [
  "app/root.tsx",
  "widget/core/loader.ts",
  "demo/sv/index.html",
  "demo/sv/src/main.ts",
  "package-lock.json",
  "vite.config.ts",
];

/** A build in the order `npm run build` writes: widget, demo assets (inside demo/), server. */
function build(at: number) {
  write("extensions/cta-embed/assets/beckon-loader.js", at);
  write("demo/sv/assets/site.js", at + 10);
  write("demo/sv/assets/kurs-1.png", at + 11);
  write("app/generated/client/index.js", at + 12);
  write("build/server/index.js", at + 20);
}

beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), "beckon-stale-"));
  for (const s of SOURCES) write(s, T0);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("buildStaleness", () => {
  it("is stale before the first build, naming the missing output", () => {
    expect(buildStaleness(root)).toEqual({
      stale: true,
      reason: "extensions/cta-embed/assets/beckon-loader.js is missing",
    });
  });

  it("is fresh on the next start after a build, though the build wrote into demo/ and app/", () => {
    build(T0 + 100);
    expect(buildStaleness(root)).toEqual({ stale: false });
  });

  it.each(["app/root.tsx", "widget/core/loader.ts", "demo/sv/src/main.ts", "package-lock.json"])(
    "is stale once %s changes",
    (file) => {
      build(T0 + 100);
      write(file, T0 + 200);
      expect(buildStaleness(root)).toEqual({ stale: true, reason: `${file} changed after the last build` });
    },
  );

  it("is stale when a source changed while the build ran (after its first output)", () => {
    build(T0 + 100);
    write("app/routes/new.tsx", T0 + 105);
    expect(buildStaleness(root)).toMatchObject({ stale: true });
  });

  it("is stale when an output was deleted", () => {
    build(T0 + 100);
    rmSync(path.join(root, "demo/sv/assets/site.js"));
    expect(buildStaleness(root)).toEqual({ stale: true, reason: "demo/sv/assets/site.js is missing" });
  });
});
