/**
 * The shared part of the local fakes of outside services: an HTTP server on
 * 127.0.0.1 and a free port, a log of what it received, and faults to inject
 * for the next N calls — 429 with Retry-After, 500, 400, or a hang (no answer
 * until the client gives up). It can be stopped (connections refused) and
 * started again on the same port, like a provider having an outage.
 */
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";

export interface ReceivedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  rawBody: string;
  body: unknown;
  /** "ok" when the fake handled it, or the fault it answered with. */
  outcome: "ok" | Fault["kind"];
  status: number;
}

export type Fault =
  | { kind: "429"; retryAfter?: string }
  | { kind: "500" }
  | { kind: "400"; detail?: string }
  | { kind: "hang" };

export interface FakeReply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export type FakeHandler = (req: Omit<ReceivedRequest, "outcome" | "status">) => FakeReply | Promise<FakeReply>;

/** A local HTTP service with fault injection. */
export class FakeServer {
  readonly requests: ReceivedRequest[] = [];
  private faults: Fault[] = [];
  private server: http.Server | null = null;
  private sockets = new Set<Socket>();
  private port = 0;
  private waiters: { predicate: (r: ReceivedRequest) => boolean; resolve: (r: ReceivedRequest) => void }[] = [];

  constructor(
    private readonly handler: FakeHandler,
    /** Shapes a fault's error body the way the service documents its errors. */
    private readonly errorBody: (status: number, detail: string) => unknown = (status, detail) => ({ status, detail }),
  ) {}

  /** Base URL, e.g. http://127.0.0.1:40123 */
  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Starts listening (again, on the same port after a stop). */
  async start(): Promise<this> {
    if (this.server) return this;
    const server = http.createServer((req, res) => void this.handle(req, res));
    server.on("connection", (s) => {
      this.sockets.add(s);
      s.on("close", () => this.sockets.delete(s));
    });
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(this.port, "127.0.0.1", () => resolve());
    });
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
    return this;
  }

  /** Stops answering: new connections are refused and open ones are cut. */
  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = null;
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** The next `count` requests get this fault. */
  failNext(count: number, fault: Fault): this {
    for (let i = 0; i < count; i++) this.faults.push(fault);
    return this;
  }

  /** Drops queued faults. */
  clearFaults(): void {
    this.faults = [];
  }

  /** Resolves with the first received request (already received or future) that matches. */
  waitFor(predicate: (r: ReceivedRequest) => boolean): Promise<ReceivedRequest> {
    const seen = this.requests.find(predicate);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve) => this.waiters.push({ predicate, resolve }));
  }

  /** Requests the fake handled (not faulted), optionally filtered. */
  handled(filter?: (r: ReceivedRequest) => boolean): ReceivedRequest[] {
    return this.requests.filter((r) => r.outcome === "ok" && (!filter || filter(r)));
  }

  private record(r: ReceivedRequest) {
    this.requests.push(r);
    for (const w of [...this.waiters]) {
      if (w.predicate(r)) {
        this.waiters.splice(this.waiters.indexOf(w), 1);
        w.resolve(r);
      }
    }
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const rawBody = Buffer.concat(chunks).toString("utf8");
    let body: unknown = null;
    try {
      body = rawBody ? JSON.parse(rawBody) : null;
    } catch {
      body = null;
    }
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const base = {
      method: req.method ?? "GET",
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      rawBody,
      body,
    };
    const fault = this.faults.shift();
    if (fault) {
      if (fault.kind === "hang") {
        // Never answer; the socket closes when the client times out or the fake stops.
        this.record({ ...base, outcome: "hang", status: 0 });
        return;
      }
      const status = Number(fault.kind);
      const headers: Record<string, string> = { "Content-Type": "application/json" };
      if (fault.kind === "429" && fault.retryAfter !== undefined) headers["Retry-After"] = fault.retryAfter;
      const detail =
        fault.kind === "400"
          ? (fault.detail ?? "Invalid input")
          : fault.kind === "429"
            ? "Too many requests"
            : "Internal server error";
      res.writeHead(status, headers).end(JSON.stringify(this.errorBody(status, detail)));
      this.record({ ...base, outcome: fault.kind, status });
      return;
    }
    let reply: FakeReply;
    try {
      reply = await this.handler(base);
    } catch (e) {
      reply = { status: 500, body: this.errorBody(500, e instanceof Error ? e.message : String(e)) };
    }
    const headers = { ...(reply.body !== undefined ? { "Content-Type": "application/json" } : {}), ...reply.headers };
    res
      .writeHead(reply.status, headers)
      .end(
        reply.body === undefined ? undefined : typeof reply.body === "string" ? reply.body : JSON.stringify(reply.body),
      );
    this.record({ ...base, outcome: "ok", status: reply.status });
  }
}
