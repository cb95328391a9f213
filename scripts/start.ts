/**
 * `npm start`: the product on its embedded default. Migrates and seeds the
 * database when needed, builds the admin and the widget when the sources are
 * newer than the build, then serves everything on PORT (default 3000).
 * Without SMTP_URL it also runs the demo's mail server (demo/mail/mailbox.ts)
 * on 127.0.0.1, so the e-mails the built-in lists send arrive at /demo/mail.
 */
import { execFileSync, spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildStaleness } from "./lib/build-stale";
import { serverEnv } from "#app/server/env.server";
import { logger } from "#app/server/logger.server";
import { startMailbox } from "#demo/mail/mailbox";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** Runs a step with this terminal; a step that fails has said why itself, so start stops with its exit code, no stack. */
function run(cmd: string, args: string[]): void {
  try {
    execFileSync(cmd, args, { cwd: root, stdio: "inherit", env: process.env });
  } catch (error) {
    const status = (error as { status?: unknown }).status;
    process.exit(typeof status === "number" && status > 0 ? status : 1);
  }
}

// `npm start` is the product on its embedded default: without a configured
// SESSION_SECRET it runs as the demo, whose secret is generated once and kept
// in .beckon/ (a production deployment sets SESSION_SECRET and runs serve.ts).
// Written into process.env: the scripts run below inherit it.
if (!serverEnv().sessionSecret) process.env.BECKON_DEMO ??= "1";

const tsx = path.join(root, "node_modules/.bin/tsx");
run(tsx, ["scripts/setup-db.ts"]);
const staleness = buildStaleness(root);
if (staleness.stale) {
  logger("start").info(`Building: ${staleness.reason}.`);
  run("npm", ["run", "build"]);
} else {
  logger("start").info("The build is up to date with the sources.");
}

// The embedded default of e-mail, as SQLite is of the database: a local SMTP
// server whose messages the demo's mail page shows. In this process, so the
// server below is a child that only learns its address from SMTP_URL.
if (!serverEnv().smtpUrl) {
  const dir = path.join(root, ".beckon", "demo-mail");
  const mailbox = await startMailbox({ dir });
  process.env.SMTP_URL = mailbox.url;
  process.env.BECKON_DEMO_MAILBOX = dir;
  logger("start").info(`No SMTP_URL: e-mail goes to the demo's mail server (${mailbox.url}), shown at /demo/mail.`);
}

// Not execFileSync: this process keeps serving SMTP while the server runs.
const server = spawn(tsx, ["scripts/serve.ts"], { cwd: root, stdio: "inherit", env: process.env });
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
