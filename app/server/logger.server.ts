/**
 * The server's log: pino, one JSON object per line on stdout, at the level
 * LOG_LEVEL sets (env.server.ts; default info). Modules log through a child
 * named after them (`logger("outbox")` adds `"module":"outbox"`), and pass an
 * error under `err` so pino writes its type, message and stack.
 *
 * Lines go through one switchable destination rather than straight to stdout,
 * so a test that wants to read what a module logged redirects it
 * (captureLogs) instead of spying on the console. Writes are synchronous: a line logged just before the process
 * exits (a failed start) is not lost in a buffer.
 */
import pino, { type DestinationStream, type Logger } from "pino";
import { serverEnv, type LogLevel } from "./env.server";

export type { Logger } from "pino";

/** Builds a logger writing JSON lines to `destination` at `level` (the root below uses LOG_LEVEL and stdout). */
export function createLogger(destination: DestinationStream, level: LogLevel): Logger {
  return pino({ name: "beckon", level, timestamp: pino.stdTimeFunctions.isoTime }, destination);
}

const stdout = pino.destination({ dest: 1, sync: true });
let current: DestinationStream = stdout;
const switchable: DestinationStream = { write: (line: string) => current.write(line) };

let root: Logger | null = null;

/**
 * The process's logger, or a child whose lines name `module`. Made at first
 * use, so LOG_LEVEL is read then, and a bad value fails the first log call
 * (the server checks it before it listens: assertServerEnv) instead of an import.
 */
export function logger(module?: string): Logger {
  root ??= createLogger(switchable, serverEnv().logLevel);
  return module ? root.child({ module }) : root;
}

/** The logger that reports a failed start: a server one, or at info when LOG_LEVEL itself is what was refused. */
export function failedStartLogger(): Logger {
  try {
    return logger("server");
  } catch {
    return createLogger(switchable, "info").child({ module: "server" });
  }
}

/** Tests: sends the log's lines to an array (each parsed) instead of stdout until `stop()`. */
export function captureLogs(): { lines: Record<string, unknown>[]; stop(): void } {
  const lines: Record<string, unknown>[] = [];
  current = { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) };
  return {
    lines,
    stop: () => void (current = stdout),
  };
}
