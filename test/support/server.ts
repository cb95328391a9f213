/**
 * Starts the real Beckon server (scripts/serve.ts on the built app) on a
 * free port against a given database, for API and end-to-end tests.
 * Needs `npm run build` first (the test harness does it).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../..", import.meta.url));

export interface TestServer {
  origin: string;
  process: ChildProcess;
  /** Everything the server printed so far. */
  output(): string;
  stop(): Promise<void>;
}

export async function startTestServer(options: {
  databaseUrl: string;
  env?: Record<string, string>;
  /** Folder holding the build to serve (default the project; benchmarks serve a snapshot). */
  appRoot?: string;
  /** How long the process may take to say it listens (default 30 s). */
  startTimeoutMs?: number;
}): Promise<TestServer> {
  const appRoot = options.appRoot ?? root;
  if (!existsSync(path.join(appRoot, "build/server/index.js"))) {
    throw new Error("No build: run `npm run build` before the API and end-to-end tests (npm test does).");
  }
  const child = spawn(path.join(root, "node_modules/.bin/tsx"), [path.join(root, "scripts/serve.ts")], {
    cwd: appRoot,
    env: {
      ...process.env,
      NODE_ENV: "production",
      BECKON_DEMO: "1",
      PORT: "0",
      HOST: "127.0.0.1",
      DATABASE_URL: options.databaseUrl,
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  const origin = await new Promise<string>((resolve, reject) => {
    const startTimeoutMs = options.startTimeoutMs ?? 30_000;
    const timer = setTimeout(
      () => reject(new Error(`Server did not start within ${startTimeoutMs / 1000} s:\n${log}`)),
      startTimeoutMs,
    );
    child.stdout!.on("data", (chunk: Buffer) => {
      log += chunk.toString();
      const m = /Beckon listening on (http:\/\/[\d.]+:\d+)/.exec(log);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    child.stderr!.on("data", (chunk: Buffer) => (log += chunk.toString()));
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`Server exited with ${code}:\n${log}`));
    });
  });
  return {
    origin,
    process: child,
    output: () => log,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
