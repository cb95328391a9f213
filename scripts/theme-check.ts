/**
 * Runs Shopify Theme Check on the theme app extension (extensions/cta-embed)
 * with the theme-app-extension config, prints every offense and exits 1 when
 * any is an error. `npx tsx scripts/theme-check.ts [extension-dir]`.
 *
 * @shopify/theme-check-node has no command-line program, and its convenience
 * runner decides for itself how (and whether) file sizes are known. The
 * asset-size checks (AssetSizeAppBlockJavaScript: 10,000 B;
 * AssetSizeAppBlockCSS: 100,000 B) do nothing without a file-size function,
 * so this runner builds the check dependencies itself and hands Theme Check a
 * file system whose stat() reports real sizes, plus the same function as
 * `fileSize`. Sizes are raw bytes on disk, as Shopify's own tooling measures
 * them. test/unit/extensions/cta-embed/theme-check.test.ts proves an oversized asset is
 * reported.
 */
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  getTheme,
  isBlock,
  isSection,
  JSONValidator,
  loadConfig,
  memo,
  NodeFileSystem,
  Severity,
  toSchema,
  type AbstractFileSystem,
  type AppBlockSchema,
  type Config,
  type Offense,
  type SectionSchema,
  type ThemeBlockSchema,
} from "@shopify/theme-check-node";
// theme-check-node's own check(root, configPath) is the convenience runner; the common one takes dependencies.
import { check, path as uriPath } from "@shopify/theme-check-common";
import { ThemeLiquidDocsManager } from "@shopify/theme-check-docs-updater";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** The theme app extension this repository ships. */
export const EXTENSION_ROOT = path.join(root, "extensions/cta-embed");

/** Theme Check's own config for theme app extensions (extends recommended, context app). */
export const APP_EXTENSION_CONFIG = path.join(
  root,
  "node_modules/@shopify/theme-check-node/configs/theme-app-extension.yml",
);

/** The checks that only work when Theme Check knows file sizes. */
export const SIZE_CHECKS = ["AssetSizeAppBlockJavaScript", "AssetSizeAppBlockCSS"] as const;

/** Size of a file in bytes, as Theme Check's asset-size checks compare it. */
export type FileSizeFn = (uri: string) => Promise<number>;

/** Raw bytes on disk; 0 for a missing file (the checks report those separately). */
export const fileSizeOnDisk: FileSizeFn = async (uri) => {
  try {
    return (await stat(uriPath.fsPath(uri))).size;
  } catch {
    return 0;
  }
};

/** NodeFileSystem whose stat() sizes come from `fileSize` (Theme Check derives its fileSize from stat). */
export function sizedFileSystem(fileSize: FileSizeFn): AbstractFileSystem {
  return {
    readFile: (uri) => NodeFileSystem.readFile(uri),
    readDirectory: (uri) => NodeFileSystem.readDirectory(uri),
    async stat(uri) {
      const fileStat = await NodeFileSystem.stat(uri);
      return fileStat.type === 1 /* FileType.File */ ? { ...fileStat, size: await fileSize(uri) } : fileStat;
    },
  };
}

export interface ThemeCheckResult {
  config: Config;
  offenses: Offense[];
  errors: Offense[];
  /** Codes of the checks that ran. */
  checks: string[];
}

/** Runs every check of the theme-app-extension config on `extensionRoot`. */
export async function runThemeCheck(
  extensionRoot: string = EXTENSION_ROOT,
  options: { configPath?: string; fileSize?: FileSizeFn } = {},
): Promise<ThemeCheckResult> {
  const fileSize = options.fileSize ?? fileSizeOnDisk;
  const config = await loadConfig(options.configPath ?? APP_EXTENSION_CONFIG, extensionRoot);
  const checks = config.checks.map((c) => c.meta.code);
  for (const code of SIZE_CHECKS) {
    if (!checks.includes(code)) throw new Error(`[beckon] Theme Check config does not enable ${code}`);
  }
  const theme = await getTheme(config);
  const docs = new ThemeLiquidDocsManager();
  const validator = await JSONValidator.create(docs, config);
  const isValidSchema = validator?.isValid;
  const schemaOf = (source: (typeof theme)[number]) =>
    memo(async () => toSchema(config.context, source.uri, source, isValidSchema));
  const blocks = new Map(
    theme.filter((s) => isBlock(s.uri)).map((s) => [path.basename(s.uri, ".liquid"), schemaOf(s)]),
  );
  const sections = new Map(
    theme.filter((s) => isSection(s.uri)).map((s) => [path.basename(s.uri, ".liquid"), schemaOf(s)]),
  );
  const offenses = await check(theme, config, {
    fs: sizedFileSystem(fileSize),
    // Newer Theme Check versions take the function directly; 3.x derives it from fs.stat above.
    ...({ fileSize } as object),
    themeDocset: docs,
    jsonValidationSet: docs,
    getBlockSchema: async (name) => (await blocks.get(name)?.()) as ThemeBlockSchema | undefined,
    getSectionSchema: async (name) => (await sections.get(name)?.()) as SectionSchema | undefined,
    getAppBlockSchema: async (name) => (await blocks.get(name)?.()) as AppBlockSchema | undefined,
  });
  return { config, offenses, errors: offenses.filter((o) => o.severity === Severity.ERROR), checks };
}

const SEVERITY_NAMES: Record<number, string> = {
  [Severity.ERROR]: "error",
  [Severity.WARNING]: "warning",
  [Severity.INFO]: "info",
};

/** One offense as `path:line:column severity Check: message`. */
export function formatOffense(o: Offense, extensionRoot: string = EXTENSION_ROOT): string {
  const file = path.relative(extensionRoot, uriPath.fsPath(o.uri));
  return `${file}:${o.start.line + 1}:${o.start.character + 1} ${SEVERITY_NAMES[o.severity] ?? o.severity} ${o.check}: ${o.message}`;
}

async function main() {
  const extensionRoot = path.resolve(process.argv[2] ?? EXTENSION_ROOT);
  const { offenses, errors, checks } = await runThemeCheck(extensionRoot);
  for (const offense of offenses) console.log(formatOffense(offense, extensionRoot));
  const js = await Promise.all(
    ["beckon-loader.js", "beckon-renderer.js"].map(async (f) => {
      const text = await readFile(path.join(extensionRoot, "assets", f)).catch(() => null);
      return text ? `${f} ${text.byteLength} B` : `${f} (not built)`;
    }),
  );
  console.log(
    `Theme Check: ${checks.length} checks (${SIZE_CHECKS.join(", ")} with file sizes) on ${path.relative(root, extensionRoot) || "."}: ` +
      `${errors.length} error(s), ${offenses.length - errors.length} other offense(s). Assets: ${js.join(", ")}.`,
  );
  if (errors.length > 0) process.exit(1);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
