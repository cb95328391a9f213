/**
 * `npm start`: the product on its embedded default. Migrates and seeds the
 * database when needed, builds the admin and the widget when the sources are
 * newer than the build, then serves everything on PORT (default 3000).
 */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const run = (cmd: string, args: string[]) => execFileSync(cmd, args, { cwd: root, stdio: "inherit", env: process.env });

function newest(dir: string): number {
  if (!existsSync(dir)) return 0;
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "generated" || entry.name.startsWith(".")) continue;
    const p = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return latest;
}

function buildIsStale(): boolean {
  const marker = path.join(root, "build/server/index.js");
  const widget = path.join(root, "extensions/cta-embed/assets/beckon-loader.js");
  if (!existsSync(marker) || !existsSync(widget)) return true;
  const built = Math.min(statSync(marker).mtimeMs, statSync(widget).mtimeMs);
  return ["app", "widget", "demo"].some((d) => newest(path.join(root, d)) > built);
}

// `npm start` is the product on its embedded default: without a configured
// SESSION_SECRET it runs as the demo, whose secret is generated once and kept
// in .beckon/ (a production deployment sets SESSION_SECRET and runs serve.ts).
if (!process.env.SESSION_SECRET) process.env.BECKON_DEMO ??= "1";

const tsx = path.join(root, "node_modules/.bin/tsx");
run(tsx, ["scripts/setup-db.ts"]);
if (buildIsStale()) run("npm", ["run", "build"]);
run(tsx, ["scripts/serve.ts"]);
