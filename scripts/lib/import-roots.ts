/**
 * The named roots every import of ours starts with when it leaves its own
 * folder (`#app/…`, `#contract/…`, `#widget/…`, `#test/…`), listed once, in
 * tsconfig.json's "paths". TypeScript, esbuild (the widget and demo builds)
 * and tsx read that list themselves; Vite and Vitest get it from here as
 * aliases, so a root is added in one place. Lint (scripts/lib/app-layers.js)
 * refuses the other spellings: `../` climbing and the old `~/`.
 */
import { readFileSync } from "node:fs";
import path from "node:path";

export interface ImportRootAlias {
  find: RegExp;
  replacement: string;
}

/** Vite's aliases for tsconfig.json's "paths" ("#app/*": ["./app/*"] becomes /^#app\// → <project>/app/). */
export function importRootAliases(projectRoot: string): ImportRootAlias[] {
  const tsconfig = JSON.parse(readFileSync(path.join(projectRoot, "tsconfig.json"), "utf8")) as {
    compilerOptions: { paths: Record<string, string[]> };
  };
  return Object.entries(tsconfig.compilerOptions.paths).map(([pattern, [target]]) => ({
    find: new RegExp(`^${pattern.replace(/\*$/, "").replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`),
    replacement: path.join(projectRoot, target.replace(/\*$/, "")),
  }));
}
