/**
 * The server's log (app/server/logger.server.ts): pino JSON lines with level and
 * message, gated by LOG_LEVEL, errors serialized with message and stack under
 * `err`, module children, and a refused LOG_LEVEL named by the env module.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { captureLogs, createLogger, failedStartLogger, logger } from "#app/server/logger.server";

/** A destination that keeps each line as written. */
function lines() {
  const written: string[] = [];
  return { written, stream: { write: (line: string) => void written.push(line) } };
}

describe("createLogger", () => {
  it("writes one parseable JSON object per line, with level, time, name and msg", () => {
    const out = lines();
    createLogger(out.stream, "info").info("Beckon listening on http://127.0.0.1:3000");
    expect(out.written).toHaveLength(1);
    expect(out.written[0].endsWith("\n")).toBe(true);
    const line = JSON.parse(out.written[0]);
    expect(line).toMatchObject({ level: 30, name: "beckon", msg: "Beckon listening on http://127.0.0.1:3000" });
    expect(new Date(line.time).toISOString()).toBe(line.time);
  });

  it("writes only what the level lets through; silent writes nothing", () => {
    const out = lines();
    const log = createLogger(out.stream, "warn");
    log.debug("d");
    log.info("i");
    log.warn("w");
    log.error("e");
    expect(out.written.map((l) => JSON.parse(l).msg)).toEqual(["w", "e"]);
    const quiet = lines();
    const silent = createLogger(quiet.stream, "silent");
    silent.error("e");
    silent.fatal("f");
    expect(quiet.written).toEqual([]);
  });

  it("serializes an Error under err with its type, message and stack", () => {
    const out = lines();
    const err = new TypeError("db down");
    createLogger(out.stream, "info").error({ err }, "site script build failed");
    const line = JSON.parse(out.written[0]);
    expect(line).toMatchObject({
      level: 50,
      msg: "site script build failed",
      err: { type: "TypeError", message: "db down" },
    });
    expect(line.err.stack).toContain("TypeError: db down");
    expect(line.err.stack).toContain("logger.test.ts");
  });

  it("keeps a hostile message on one line, escaped, and survives odd err values", () => {
    const out = lines();
    const log = createLogger(out.stream, "info");
    log.error('a\n{"level":60,"msg":"forged"}\r\u0000\u2028');
    log.error({ err: "not an error" }, "string err");
    log.error({ err: null }, "null err");
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    log.error({ err: Object.assign(new Error("cycle"), { circular }) }, "circular err");
    expect(out.written).toHaveLength(4);
    for (const l of out.written) expect(l.trimEnd().includes("\n")).toBe(false);
    const parsed = out.written.map((l) => JSON.parse(l));
    expect(parsed[0].msg).toBe('a\n{"level":60,"msg":"forged"}\r\u0000\u2028');
    expect(parsed[0].level).toBe(50);
    expect(parsed[1].err).toBe("not an error");
    expect(parsed[3].err.message).toBe("cycle");
  });
});

describe("the process's logger", () => {
  afterEach(() => {
    delete process.env.LOG_LEVEL;
    vi.resetModules();
  });

  it("names the module of a child, and captureLogs reads what modules logged", () => {
    const captured = captureLogs();
    try {
      logger("outbox").error({ err: new Error("smtp down") }, "outbox pass failed");
      logger().info("plain");
    } finally {
      captured.stop();
    }
    expect(captured.lines).toMatchObject([
      { level: 50, module: "outbox", msg: "outbox pass failed", err: { message: "smtp down" } },
      { level: 30, msg: "plain" },
    ]);
    expect(captured.lines[1].module).toBeUndefined();
  });

  it("takes its level from LOG_LEVEL", async () => {
    process.env.LOG_LEVEL = "error";
    const fresh = await import("#app/server/logger.server");
    const captured = fresh.captureLogs();
    try {
      fresh.logger("m").warn("dropped");
      fresh.logger("m").error("kept");
    } finally {
      captured.stop();
    }
    expect(captured.lines.map((l) => l.msg)).toEqual(["kept"]);
  });

  it("refuses a bad LOG_LEVEL naming it; a failed start is still logged, at info", async () => {
    process.env.LOG_LEVEL = "verbose";
    const fresh = await import("#app/server/logger.server");
    // A fresh module graph has its own EnvError class: compared by what it says.
    expect(() => fresh.logger("m")).toThrow(expect.objectContaining({ name: "EnvError", variable: "LOG_LEVEL" }));
    expect(() => fresh.logger("m")).toThrow(
      /^LOG_LEVEL must be one of trace, debug, info, warn, error, fatal, silent; got "verbose"/,
    );
    const captured = fresh.captureLogs();
    try {
      fresh.failedStartLogger().fatal({ err: new Error("LOG_LEVEL must be one of ...") }, "the server could not start");
    } finally {
      captured.stop();
    }
    expect(captured.lines).toMatchObject([{ level: 60, module: "server", msg: "the server could not start" }]);
  });

  it("failedStartLogger is the server's logger when the environment is fine", () => {
    const captured = captureLogs();
    try {
      failedStartLogger().info("x");
    } finally {
      captured.stop();
    }
    expect(captured.lines).toMatchObject([{ module: "server", msg: "x" }]);
  });
});
