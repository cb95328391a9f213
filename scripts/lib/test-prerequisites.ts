/**
 * What `npm test` needs besides Node: Debian's Chromium for the browser
 * tests and PostgreSQL's server binaries for the PostgreSQL run. Checked up
 * front, so a fresh machine learns at once rather than after the build and
 * the SQLite run. As root with apt-get at hand they are installed; otherwise
 * the harness stops with the exact command to run.
 */
import { spawnSync } from "node:child_process";

export interface Prerequisite {
  /** The Debian package that provides it. */
  pkg: "chromium" | "postgresql";
  /** What the tests use it for, for the messages. */
  why: string;
}

export type PrerequisitePlan =
  | { action: "none" }
  | { action: "install"; packages: string[]; commands: string[][] }
  | { action: "fail"; message: string };

/** The apt-get commands that install the packages, non-interactively. */
export function installCommands(packages: string[]): string[][] {
  return [
    ["apt-get", "update", "-qq"],
    ["apt-get", "install", "-y", "-qq", ...packages],
  ];
}

/** Decides what to do about missing prerequisites: nothing, install them, or stop with the command to run. */
export function planPrerequisites(
  missing: Prerequisite[],
  env: { isRoot: boolean; hasAptGet: boolean },
): PrerequisitePlan {
  if (missing.length === 0) return { action: "none" };
  const packages = missing.map((m) => m.pkg);
  if (env.isRoot && env.hasAptGet) return { action: "install", packages, commands: installCommands(packages) };
  const needs = missing.map((m) => `${m.pkg} (${m.why})`).join(" and ");
  const command = env.hasAptGet
    ? `sudo sh -c 'apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y ${packages.join(" ")}'`
    : `install ${packages.join(" and ")} with your system's package manager (Chromium at /usr/bin/chromium or CHROMIUM_PATH; PostgreSQL's initdb on PATH or in PG_BIN)`;
  return { action: "fail", message: `The tests need ${needs}. Run:\n\n  ${command}\n\nthen \`npm test\` again.` };
}

/** Whether a command is on PATH. */
export function hasCommand(name: string): boolean {
  return spawnSync("sh", ["-c", `command -v ${name}`], { stdio: "ignore" }).status === 0;
}

/**
 * Debian's postgresql package creates and starts a cluster of its own on port
 * 5432; the tests start a throwaway one, so the freshly installed one is
 * stopped (only right after installing: an existing cluster is the owner's).
 */
export function stopDebianClusters(): void {
  if (!hasCommand("pg_lsclusters")) return;
  const list = spawnSync("pg_lsclusters", ["-h"], { encoding: "utf8" });
  for (const line of (list.stdout ?? "").split("\n")) {
    const [version, name] = line.trim().split(/\s+/);
    if (version && name) spawnSync("pg_ctlcluster", [version, name, "stop"], { stdio: "ignore" });
  }
}

/** Installs or reports what is missing; returns an error message, or null when everything is there. */
export function ensurePrerequisites(missing: Prerequisite[]): string | null {
  const plan = planPrerequisites(missing, { isRoot: process.getuid?.() === 0, hasAptGet: hasCommand("apt-get") });
  if (plan.action === "none") return null;
  if (plan.action === "fail") return plan.message;
  console.log(`\n=== installing ${plan.packages.join(" and ")} from Debian`);
  for (const [cmd, ...args] of plan.commands) {
    const install = spawnSync(cmd, args, {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
    if (install.status !== 0)
      return `\`${[cmd, ...args].join(" ")}\` failed (exit ${install.status}); install ${plan.packages.join(" and ")} and run \`npm test\` again.`;
  }
  if (plan.packages.includes("postgresql")) stopDebianClusters();
  return null;
}
