/**
 * Size budgets of the widget (DESIGN.md "Budgets"): builds the bundles
 * (pass --no-build to measure what is already built), prints raw, gzip
 * (level 9) and brotli sizes, and exits non-zero past a budget.
 */
import { existsSync, readFileSync } from "node:fs";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { buildWidget, LOADER_FILE, RENDERER_FILE } from "./build-widget";

/** Shopify's theme-check limit for app-block JavaScript. */
export const LOADER_GZIP_BUDGET = 10_000;
/** Loader plus renderer for a popup with a form. */
export const TOTAL_GZIP_BUDGET = 25_600;

export interface SizeRow {
  name: string;
  raw: number;
  gzip: number;
  brotli: number;
}

const measure = (name: string, code: Buffer): SizeRow => ({
  name,
  raw: code.length,
  gzip: gzipSync(code, { level: 9 }).length,
  brotli: brotliCompressSync(code, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
});

/** Measures the built bundles; `ok` is false when a budget is exceeded. */
export async function checkSizes(build = true): Promise<{ rows: SizeRow[]; ok: boolean; problems: string[] }> {
  if (build || !existsSync(LOADER_FILE) || !existsSync(RENDERER_FILE)) await buildWidget({ quiet: true });
  const loader = readFileSync(LOADER_FILE);
  const renderer = readFileSync(RENDERER_FILE);
  const l = measure("loader", loader);
  const r = measure("renderer", renderer);
  // Two separate downloads: the total is the sum of the compressed sizes, not the size of the concatenation.
  const total: SizeRow = { name: "loader + renderer", raw: l.raw + r.raw, gzip: l.gzip + r.gzip, brotli: l.brotli + r.brotli };
  const problems: string[] = [];
  if (l.gzip > LOADER_GZIP_BUDGET) problems.push(`loader is ${l.gzip} B gzip, over its budget of ${LOADER_GZIP_BUDGET} B`);
  if (total.gzip > TOTAL_GZIP_BUDGET) problems.push(`loader + renderer is ${total.gzip} B gzip, over its budget of ${TOTAL_GZIP_BUDGET} B`);
  return { rows: [l, r, total], ok: problems.length === 0, problems };
}

async function main() {
  const { rows, ok, problems } = await checkSizes(!process.argv.includes("--no-build"));
  const budget: Record<string, string> = { loader: String(LOADER_GZIP_BUDGET), "loader + renderer": String(TOTAL_GZIP_BUDGET) };
  const table = [["bundle", "raw B", "gzip B", "brotli B", "gzip budget B"], ...rows.map((r) => [r.name, String(r.raw), String(r.gzip), String(r.brotli), budget[r.name] ?? "-"])];
  const widths = table[0].map((_, i) => Math.max(...table.map((row) => row[i].length)));
  for (const row of table) console.log(row.map((c, i) => (i ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join("  "));
  if (!ok) {
    for (const p of problems) console.error(`[size] ${p}`);
    process.exit(1);
  }
}

if (process.argv[1] && /size\.ts$/.test(process.argv[1])) void main();
