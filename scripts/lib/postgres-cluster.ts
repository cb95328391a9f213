/**
 * A throwaway PostgreSQL cluster for tests and for computing migrations:
 * initdb in a temporary folder, started on 127.0.0.1 and a free port, stopped
 * and deleted by stop(). Uses Debian's server binaries (apt-get install
 * postgresql). PostgreSQL refuses to run as root, so as root the cluster runs
 * as the `postgres` user.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "./free-port";

export interface PostgresCluster {
  /** Connection string for the `beckon` database. */
  url: string;
  host: string;
  port: number;
  user: string;
  database: string;
  stop(): void;
}

/** Directory holding initdb and pg_ctl, or null when PostgreSQL is not installed. */
export function findPostgresBin(): string | null {
  if (process.env.PG_BIN && existsSync(path.join(process.env.PG_BIN, "initdb"))) return process.env.PG_BIN;
  const debianRoot = "/usr/lib/postgresql";
  if (existsSync(debianRoot)) {
    const versions = readdirSync(debianRoot)
      .filter((v) => existsSync(path.join(debianRoot, v, "bin/initdb")))
      .sort((a, b) => Number(b) - Number(a));
    if (versions.length) return path.join(debianRoot, versions[0], "bin");
  }
  const which = spawnSync("sh", ["-c", "command -v initdb"], { encoding: "utf8" });
  return which.status === 0 ? path.dirname(which.stdout.trim()) : null;
}

function userIds(name: string): { uid: number; gid: number } | null {
  const uid = spawnSync("id", ["-u", name], { encoding: "utf8" });
  const gid = spawnSync("id", ["-g", name], { encoding: "utf8" });
  if (uid.status !== 0 || gid.status !== 0) return null;
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

/** Starts a new cluster and creates the `beckon` database in it. */
export async function startPostgresCluster(): Promise<PostgresCluster> {
  const bin = findPostgresBin();
  if (!bin) {
    throw new Error(
      "PostgreSQL server binaries not found. Install them with `apt-get install -y postgresql` (or set PG_BIN).",
    );
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), "beckon-pg-"));
  const dataDir = path.join(dir, "data");
  const asRoot = process.getuid?.() === 0;
  let run = (cmd: string, args: string[]) => execFileSync(path.join(bin, cmd), args, { stdio: "pipe" });
  if (asRoot) {
    const ids = userIds("postgres");
    if (!ids) throw new Error("Running as root needs the `postgres` user (it comes with Debian's postgresql package).");
    chownSync(dir, ids.uid, ids.gid);
    run = (cmd, args) =>
      execFileSync("runuser", ["-u", "postgres", "--", path.join(bin, cmd), ...args], { stdio: "pipe" });
  }
  const user = "beckon";
  const database = "beckon";
  const port = await freePort();
  run("initdb", ["-D", dataDir, "-U", user, "--auth=trust", "--encoding=UTF8", "--no-sync"]);
  run("pg_ctl", [
    "-D",
    dataDir,
    "-l",
    path.join(dir, "server.log"),
    "-o",
    `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off`,
    "-w",
    "start",
  ]);
  run("createdb", ["-h", "127.0.0.1", "-p", String(port), "-U", user, database]);
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    try {
      run("pg_ctl", ["-D", dataDir, "-m", "immediate", "-w", "stop"]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  return { url: `postgresql://${user}@127.0.0.1:${port}/${database}`, host: "127.0.0.1", port, user, database, stop };
}
