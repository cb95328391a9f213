/**
 * Size budgets of the widget (DESIGN.md "Budgets"): builds the bundles
 * (pass --no-build to measure what is already built), prints raw, gzip
 * (level 9) and brotli sizes of the loader and of every lazily imported
 * chunk, and exits non-zero past a budget. The panel chunk loads only for
 * site owners, so it has no budget of its own.
 * It also prints the JavaScript the admin's CTA list downloads on its first
 * load (scripts/admin-first-load.ts), read from the last `npm run build`,
 * against its budget: the builder's editor code must stay out of it.
 * It also measures the @beckon/react package's bundle
 * (scripts/build-react-package.ts), what a headless storefront adds to its
 * own JavaScript: built when missing or unless --no-build, with a budget.
 * `--why` also prints what the loader is made of: per source module, the
 * gzip bytes the loader loses without that module's code.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { build, transform } from "esbuild";
import { ASSETS_DIR, buildWidget, CHUNKS, LOADER_FILE, loaderBuildOptions, RENDERER_FILE } from "./build-widget";
import { adminFirstLoad, ADMIN_FIRST_LOAD_BUDGET } from "./admin-first-load";
import { buildReactPackage, REACT_PACKAGE_FILE, REACT_PACKAGE_NAME } from "./build-react-package";

/** Shopify's theme-check limit for app-block JavaScript. */
export const LOADER_GZIP_BUDGET = 10_000;
/** Loader plus renderer for a popup with a form. */
export const TOTAL_GZIP_BUDGET = 25_600;
/**
 * The React package (its bundle, the Storefront API client in it; React and
 * hydrogen-react are the storefront's): 14,044 B once the server cart (Hydrogen's
 * CartForm path) joined the Storefront API and CartProvider carts, so about
 * 7 % to grow before someone has to look.
 */
export const REACT_PACKAGE_GZIP_BUDGET = 15_000;
/**
 * Element chunks with a budget of their own: what a CTA that shows one adds
 * to loader + renderer (the chunk and what it imports that the renderer did
 * not bring). The prize wheel and scratch card chunk was 3,225 B at first,
 * the discount code element's 1,053 B, the quiz's 8,446 B once it had outcomes.
 */
export const ELEMENT_CHUNK_BUDGETS = [
  { name: "prize game chunk", file: /^beckon-PrizeElement-\w+\.js$/, gzip: 4_000 },
  { name: "discount code chunk", file: /^beckon-CodeElement-\w+\.js$/, gzip: 1_500 },
  { name: "quiz chunk", file: /^beckon-QuizElement-\w+\.js$/, gzip: 9_000 },
];

export interface SizeRow {
  name: string;
  raw: number;
  gzip: number;
  brotli: number;
}

/** Sizes of separate downloads: each file compressed on its own, summed. */
const measure = (name: string, files: string[]): SizeRow =>
  files
    .map((f) => readFileSync(f))
    .reduce<SizeRow>(
      (row, code) => ({
        name,
        raw: row.raw + code.length,
        gzip: row.gzip + gzipSync(code, { level: 9 }).length,
        brotli: row.brotli + brotliCompressSync(code, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
      }),
      { name, raw: 0, gzip: 0, brotli: 0 },
    );

/**
 * A built ES module and the chunks it imports statically, transitively (what
 * a browser downloads before it runs), read from the minified code:
 * `import{...}from"./beckon-chunk-X.js"` or `import"./beckon-chunk-X.js"`.
 */
export function staticImports(file: string, seen = new Set<string>()): string[] {
  if (seen.has(file) || !existsSync(file)) return [...seen];
  seen.add(file);
  const code = readFileSync(file, "utf8");
  for (const match of code.matchAll(/(?:^|[;}\n])\s*import\s*(?:[^"'();]*?from\s*)?["'](\.\/beckon-[\w-]+\.js)["']/g))
    staticImports(path.join(path.dirname(file), match[1]), seen);
  return [...seen];
}

/** Measures the built bundles; `ok` is false when a budget is exceeded. */
export async function checkSizes(build = true): Promise<{ rows: SizeRow[]; ok: boolean; problems: string[] }> {
  const built =
    build || [LOADER_FILE, ...CHUNKS.map((c) => c.file)].some((f) => !existsSync(f))
      ? await buildWidget({ quiet: true })
      : null;
  const loader = measure("loader", [LOADER_FILE]);
  // A split chunk counts with the chunks its entry imports statically.
  const chunks = CHUNKS.map((c) =>
    measure(c.name, (built?.[c.name] as { initial?: string[] } | undefined)?.initial ?? staticImports(c.file)),
  );
  const renderer = chunks.find((c) => c.name === "renderer")!;
  // Two separate downloads: the total is the sum of the compressed sizes, not the size of the concatenation.
  const total: SizeRow = {
    name: "loader + renderer",
    raw: loader.raw + renderer.raw,
    gzip: loader.gzip + renderer.gzip,
    brotli: loader.brotli + renderer.brotli,
  };
  if (build || !existsSync(REACT_PACKAGE_FILE)) await buildReactPackage({ quiet: true });
  const reactPackage = measure(REACT_PACKAGE_NAME, [REACT_PACKAGE_FILE]);
  const problems: string[] = [];
  const rendererFiles = new Set(staticImports(RENDERER_FILE));
  const elementChunks = ELEMENT_CHUNK_BUDGETS.map((budget) => {
    const file = readdirSync(ASSETS_DIR).find((f) => budget.file.test(f));
    const row = measure(
      budget.name,
      file ? staticImports(path.join(ASSETS_DIR, file)).filter((f) => !rendererFiles.has(f)) : [],
    );
    if (!file) problems.push(`${budget.name}: no file matches ${budget.file}`);
    else if (row.gzip > budget.gzip)
      problems.push(`${budget.name} is ${row.gzip} B gzip, over its budget of ${budget.gzip} B`);
    return row;
  });
  if (reactPackage.gzip > REACT_PACKAGE_GZIP_BUDGET)
    problems.push(
      `${REACT_PACKAGE_NAME} is ${reactPackage.gzip} B gzip, over its budget of ${REACT_PACKAGE_GZIP_BUDGET} B`,
    );
  if (loader.gzip > LOADER_GZIP_BUDGET)
    problems.push(`loader is ${loader.gzip} B gzip, over its budget of ${LOADER_GZIP_BUDGET} B`);
  if (total.gzip > TOTAL_GZIP_BUDGET)
    problems.push(`loader + renderer is ${total.gzip} B gzip, over its budget of ${TOTAL_GZIP_BUDGET} B`);
  return { rows: [loader, ...chunks, total, ...elementChunks, reactPackage], ok: problems.length === 0, problems };
}

/**
 * The loader's gzip bytes per source module: the loader is built minified
 * but one statement a line, so esbuild's `// path` comments split it by
 * module (esbuild's minification only: the real build's terser pass takes a
 * few percent more off every row); each row is the whole's gzip size less the size without that
 * module's code (how much leaving it out would save; the rows overlap a
 * little, as gzip shares strings across modules).
 */
export async function loaderComposition(): Promise<{ module: string; raw: number; gzip: number }[]> {
  // Stand-ins of the right length for the chunk hashes the real build bakes in; minified but for whitespace.
  const out = await build({
    ...loaderBuildOptions({ renderer: "0".repeat(10), panel: "0".repeat(10), extras: "0".repeat(10) }, [
      "beckon-chunk-00000000.js",
    ]),
    minifyIdentifiers: true,
    minifySyntax: true,
  });
  const parts: { module: string; code: string }[] = [{ module: "(wrapper)", code: "" }];
  for (const line of out.outputFiles[0].text.split("\n")) {
    const match = /^\s*\/\/ (\S+)$/.exec(line);
    if (match) parts.push({ module: match[1], code: "" });
    else parts[parts.length - 1].code += line + "\n";
  }
  // Whitespace minified per module as in the real build (a part that does not parse alone just loses its line breaks).
  for (const part of parts)
    part.code = await transform(part.code, { minifyWhitespace: true }).then(
      (r) => r.code,
      () => part.code.replace(/\n\s*/g, ""),
    );
  const gz = (p: typeof parts) => gzipSync(p.map((x) => x.code).join(""), { level: 9 }).length;
  const whole = gz(parts);
  return parts
    .map((p) => ({ module: p.module, raw: p.code.length, gzip: whole - gz(parts.filter((q) => q !== p)) }))
    .sort((a, b) => b.gzip - a.gzip);
}

/** Row name of the admin's first load in the table. */
const ADMIN_ROW = "admin first load (CTA list)";

async function main() {
  const noBuild = process.argv.includes("--no-build");
  const { rows, ok: widgetOk, problems } = await checkSizes(!noBuild);
  // The admin's first load is read from the Remix client build (npm run build), which this script does not run.
  const admin = adminFirstLoad();
  if (admin.ok && admin.row.gzip > ADMIN_FIRST_LOAD_BUDGET)
    problems.push(`admin first load is ${admin.row.gzip} B gzip, over its budget of ${ADMIN_FIRST_LOAD_BUDGET} B`);
  const ok = widgetOk && problems.length === 0;
  const budget: Record<string, string> = {
    loader: String(LOADER_GZIP_BUDGET),
    "loader + renderer": String(TOTAL_GZIP_BUDGET),
    [REACT_PACKAGE_NAME]: String(REACT_PACKAGE_GZIP_BUDGET),
    ...Object.fromEntries(ELEMENT_CHUNK_BUDGETS.map((b) => [b.name, String(b.gzip)])),
    [ADMIN_ROW]: String(ADMIN_FIRST_LOAD_BUDGET),
  };
  const all = admin.ok ? [...rows, { ...admin.row, name: ADMIN_ROW }] : rows;
  const table = [
    ["bundle", "raw B", "gzip B", "brotli B", "gzip budget B"],
    ...all.map((r) => [r.name, String(r.raw), String(r.gzip), String(r.brotli), budget[r.name] ?? "-"]),
  ];
  const widths = table[0].map((_, i) => Math.max(...table.map((row) => row[i].length)));
  for (const row of table) console.log(row.map((c, i) => (i ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join("  "));
  if (!admin.ok) console.log(`\n${ADMIN_ROW}: not measured (${admin.reason})`);
  else if (process.argv.includes("--why")) console.log(`\n${ADMIN_ROW} files: ${admin.files.join(" ")}`);
  if (process.argv.includes("--why")) {
    console.log("\nloader by module (gzip B saved without it, raw B)");
    for (const row of await loaderComposition())
      console.log(`${String(row.gzip).padStart(6)} ${String(row.raw).padStart(6)}  ${row.module}`);
  }
  if (!ok) {
    for (const problem of problems) console.error(`[size] ${problem}`);
    process.exit(1);
  }
}

if (process.argv[1] && /size\.ts$/.test(process.argv[1])) void main();
