/**
 * A throwaway redis-server for tests: Debian's /usr/bin/redis-server (or
 * REDIS_SERVER) on 127.0.0.1 and a free port, nothing written to disk
 * (--save '' --appendonly no), stopped by the test. Redis is optional for
 * Beckon: tests that use it skip, saying why, where it is not installed.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { freePort } from "#scripts/lib/free-port";

/** The redis-server binary, or null when it is not installed. */
export function redisServerPath(): string | null {
  const candidate = process.env.REDIS_SERVER ?? "/usr/bin/redis-server";
  return existsSync(candidate) ? candidate : null;
}

export interface TestRedis {
  url: string;
  port: number;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** Starts redis-server on a free port and waits until it accepts connections. */
export async function startTestRedis(): Promise<TestRedis> {
  const bin = redisServerPath();
  if (!bin) throw new Error("redis-server is not installed (apt-get install -y redis-server)");
  const port = await freePort();
  const child = spawn(bin, ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`redis-server did not start within 10 s:\n${log}`)), 10_000);
    const onData = (chunk: Buffer) => {
      log += chunk.toString();
      if (/Ready to accept connections/.test(log)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited with ${code}:\n${log}`));
    });
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    process: child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
