/**
 * Theme Check on the theme app extension, as CI runs it (scripts/theme-check.ts),
 * and proof that the asset-size check really measures files: an oversized
 * JavaScript asset named by a block is reported, and the CLI exits non-zero.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { EXTENSION_ROOT, formatOffense, runThemeCheck, SIZE_CHECKS } from "#scripts/theme-check";

const BLOCK_WITH_JS = (file: string) => `<div class="probe">probe</div>
{% schema %}
{
  "name": "Probe",
  "target": "section",
  "javascript": "${file}",
  "settings": []
}
{% endschema %}
`;

/** Incompressible JavaScript of about `bytes` bytes. */
const jsOfSize = (bytes: number) =>
  `var x="${randomBytes(Math.ceil(bytes * 0.75))
    .toString("base64")
    .slice(0, bytes - 9)}";`;

let fixture: string;

beforeAll(() => {
  // A copy of the real extension plus a block that names its own JavaScript.
  fixture = mkdtempSync(path.join(os.tmpdir(), "beckon-theme-check-"));
  cpSync(EXTENSION_ROOT, fixture, { recursive: true });
  writeFileSync(path.join(fixture, "assets/oversized.js"), jsOfSize(12_000));
  writeFileSync(path.join(fixture, "assets/small.js"), jsOfSize(4_000));
  writeFileSync(path.join(fixture, "blocks/probe-big.liquid"), BLOCK_WITH_JS("oversized.js"));
  writeFileSync(path.join(fixture, "blocks/probe-small.liquid"), BLOCK_WITH_JS("small.js"));
});

afterAll(() => rmSync(fixture, { recursive: true, force: true }));

describe("Theme Check on extensions/cta-embed", () => {
  it("passes with no errors, the asset-size checks included", async () => {
    const result = await runThemeCheck();
    for (const code of SIZE_CHECKS) expect(result.checks).toContain(code);
    expect(result.checks).toEqual(
      expect.arrayContaining(["AppBlockValidTags", "ValidSchema", "MatchingTranslations", "ParserBlockingScript"]),
    );
    expect(result.errors.map((o) => formatOffense(o))).toEqual([]);
    expect(result.offenses.map((o) => formatOffense(o))).toEqual([]);
  });
});

describe("the asset-size check really runs", () => {
  it("reports a JavaScript asset over 10,000 B and passes one under it", async () => {
    const { errors } = await runThemeCheck(fixture);
    const sizeErrors = errors.filter((o) => o.check === "AssetSizeAppBlockJavaScript");
    expect(sizeErrors).toHaveLength(1);
    expect(sizeErrors[0].uri).toMatch(/blocks\/probe-big\.liquid$/);
    expect(sizeErrors[0].message).toBe(
      "The file size for 'oversized.js' (12000 B) exceeds the configured threshold (10000 B)",
    );
  });

  it("measures with the file-size function it is given", async () => {
    const zero = await runThemeCheck(fixture, { fileSize: async () => 0 });
    expect(zero.errors.filter((o) => o.check === "AssetSizeAppBlockJavaScript")).toEqual([]);
    const huge = await runThemeCheck(fixture, { fileSize: async () => 50_000 });
    expect(huge.errors.filter((o) => o.check === "AssetSizeAppBlockJavaScript")).toHaveLength(2);
  });

  it("the CI command prints the offense and exits non-zero", () => {
    const run = spawnSync(path.resolve("node_modules/.bin/tsx"), ["scripts/theme-check.ts", fixture], {
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stdout).toContain("blocks/probe-big.liquid:6:");
    expect(run.stdout).toContain("error AssetSizeAppBlockJavaScript: The file size for 'oversized.js' (12000 B)");
    const clean = spawnSync(path.resolve("node_modules/.bin/tsx"), ["scripts/theme-check.ts"], {
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(clean.status).toBe(0);
    expect(clean.stdout).toMatch(/0 error\(s\)/);
  });
});
