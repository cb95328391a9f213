/**
 * A test server that can be stopped, or killed without warning (SIGKILL: no
 * graceful close, requests in flight cut), and started again on the same
 * port, so a browser page keeps talking to the same origin across an outage
 * or a crash (the widget's queue must deliver everything once it is back).
 * Wraps startTestServer: its env PORT overrides the default free port.
 */
import { readdirSync, readFileSync } from "node:fs";
import { startTestServer, type TestServer } from "./server";
import { eventually } from "./eventually";

/** Every descendant of a process (Linux /proc): tsx runs the server in a child process of its own. */
function descendants(pid: number): number[] {
  const parentOf = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // Fields after the command name (which may hold spaces) start after the last ")".
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      parentOf.set(Number(entry), ppid);
    } catch {
      /* gone meanwhile */
    }
  }
  const out: number[] = [];
  const walk = (p: number) => {
    for (const [child, parent] of parentOf) {
      if (parent === p) {
        out.push(child);
        walk(child);
      }
    }
  };
  walk(pid);
  return out;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

export interface KillableServer {
  /** Fixed across restarts (the port the OS gave the first process). */
  origin: string;
  output(): string;
  /** SIGKILL, then waits until the process is gone. */
  kill(): Promise<void>;
  /** A new process on the same port (after kill() or stop()). */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

export async function startKillableServer(options: {
  databaseUrl: string;
  env?: Record<string, string>;
}): Promise<KillableServer> {
  let server: TestServer | null = await startTestServer(options);
  const origin = server.origin;
  const port = new URL(origin).port;
  let log = "";
  return {
    origin,
    output: () => log + (server?.output() ?? ""),
    async kill() {
      const s = server;
      if (!s) return;
      server = null;
      log += s.output();
      if (s.process.exitCode === null && s.process.signalCode === null) {
        const pids = descendants(s.process.pid!);
        const exited = new Promise<void>((resolve) => s.process.once("exit", () => resolve()));
        // The server process itself first (it holds the port), then tsx around it.
        for (const pid of pids.reverse()) process.kill(pid, "SIGKILL");
        s.process.kill("SIGKILL");
        await exited;
        // SIGKILL is not instant for the children: polled until they are gone (2 s at most, then the restart tries anyway).
        await eventually(async () => !pids.some(alive), { timeoutMs: 2000, pollMs: 20 }).catch(() => {});
      }
    },
    async restart() {
      if (server) throw new Error("The server is running: kill() or stop() it first");
      server = await startTestServer({ ...options, env: { ...options.env, PORT: port } });
      if (server.origin !== origin) throw new Error(`Restarted on ${server.origin}, not ${origin}`);
    },
    async stop() {
      if (server) log += server.output();
      await server?.stop();
      server = null;
    },
  };
}
