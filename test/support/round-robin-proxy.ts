/**
 * A local reverse proxy for tests of several server processes: plain
 * node:http on 127.0.0.1 and a free port, each request to the next backend
 * in turn, with X-Forwarded-For (the client's address appended, as nginx's
 * $proxy_add_x_forwarded_for), X-Forwarded-Proto and the original Host, so
 * backends run with TRUST_PROXY=1. It records which backend answered each
 * request, so a test can show its requests were spread. A test sends a
 * request to one backend by naming its index in the X-Test-Backend header
 * (the proxy takes the header off).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

/** The request header that names the backend (0-based) to send a request to. */
export const BACKEND_HEADER = "x-test-backend";

export interface RoundRobinProxy {
  origin: string;
  /** The backend origin that answered each request, in order. */
  readonly served: string[];
  stop(): Promise<void>;
}

/** Starts the proxy in front of the given backend origins. */
export async function startRoundRobinProxy(backends: string[]): Promise<RoundRobinProxy> {
  if (!backends.length) throw new Error("The proxy needs at least one backend");
  let turn = 0;
  const served: string[] = [];
  // A fresh connection per request: a kept-alive socket that sat idle as long as the backend's keep-alive timeout
  // is closed by the backend just as the proxy reuses it, which fails that request with ECONNRESET.
  const agent = new http.Agent({ keepAlive: false });
  const server = http.createServer((req, res) => {
    const named = req.headers[BACKEND_HEADER];
    delete req.headers[BACKEND_HEADER];
    const index =
      typeof named === "string" && /^\d+$/.test(named) && Number(named) < backends.length
        ? Number(named)
        : turn++ % backends.length;
    const backend = new URL(backends[index]);
    served.push(backends[index]);
    const forwardedFor = [req.headers["x-forwarded-for"], req.socket.remoteAddress].filter(Boolean).join(", ");
    const upstream = http.request(
      {
        agent,
        host: backend.hostname,
        port: backend.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, "x-forwarded-for": forwardedFor, "x-forwarded-proto": "http" },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", (e) => {
      if (!res.headersSent) res.writeHead(502, { "Content-Type": "text/plain" });
      res.end(`proxy: ${backends[index]} failed: ${e.message}`);
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    served,
    stop: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
