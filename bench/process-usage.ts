/**
 * A server's resident memory and CPU time, read from /proc (Linux): the
 * server is started through tsx, which runs the app in a child process, so
 * the figures are sums over the process and its descendants.
 */
import { readdirSync, readFileSync } from "node:fs";

/** The process and every descendant of it, found by their parent ids. */
export function processTree(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // The command name (2nd field) may hold spaces: the parent id is the 2nd field after its closing parenthesis.
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(name)]);
    } catch {
      /* the process ended meanwhile */
    }
  }
  const tree = [pid];
  for (let k = 0; k < tree.length; k++) tree.push(...(children.get(tree[k]) ?? []));
  return tree;
}

/** VmRSS of the processes together, in bytes (ended processes count 0). */
export function residentBytes(pids: number[]): number {
  let kb = 0;
  for (const pid of pids) {
    try {
      const m = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
      if (m) kb += Number(m[1]);
    } catch {
      /* ended */
    }
  }
  return kb * 1024;
}

export interface MemorySampler {
  /** Highest reading since the sampler started or since the last reset. */
  peak(): number;
  /** Every reading since the last reset. */
  readings(): number[];
  reset(): void;
  stop(): void;
}

/** Reads the processes' resident memory every `everyMs` milliseconds. */
export function sampleMemory(pids: number[], everyMs = 20): MemorySampler {
  let values: number[] = [];
  const read = () => values.push(residentBytes(pids));
  read();
  const timer = setInterval(read, everyMs);
  return {
    peak: () => Math.max(...values, residentBytes(pids)),
    readings: () => values,
    reset: () => {
      values = [];
      read();
    },
    stop: () => clearInterval(timer),
  };
}

/** User and system CPU seconds the processes used so far (ended processes count 0). */
export function cpuSeconds(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      // utime and stime: fields 14 and 15 of stat, 12 and 13 after the command name.
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      /* ended */
    }
  }
  return ticks / 100;
}

/**
 * Waits until the processes use under a tenth of a core over a second, or
 * `maxS` seconds: a request the client gave up on keeps the server busy,
 * and the next request must not be timed against it.
 */
export async function waitUntilQuiet(pids: number[], maxS: number): Promise<number> {
  const started = Date.now();
  let before = cpuSeconds(pids);
  while (Date.now() - started < maxS * 1000) {
    await new Promise((r) => setTimeout(r, 1000));
    const now = cpuSeconds(pids);
    if (now - before < 0.1) break;
    before = now;
  }
  return (Date.now() - started) / 1000;
}
