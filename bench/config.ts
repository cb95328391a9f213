/**
 * What a page's first visit asks of the server before its popup shows: the
 * per-website script (GET /api/websites/{id}.js: public config plus the
 * loader), the renderer's files (GET /widget/...) and the visitor's
 * creation (POST /api/websites/{id}/visitors). Requests per second at fixed
 * concurrency for a fixed time: the script once as a first visit (200 with
 * the whole script, compressed as browsers ask) and once as a revalidation
 * (If-None-Match with the ETag: 304, no body), each renderer file as a
 * first visit, and creations of new visitors (a unique token each, 201). On
 * the production server over a fresh seeded SQLite database. Checks the
 * caching headers before measuring.
 *
 *   npx tsx bench/config.ts [--duration=10] [--connections=10]
 */
import autocannon from "autocannon";
import { demoStore, freshDatabase, printTable, round, startBenchServer, writeResult, numberArg } from "./lib";

export interface ConfigResult {
  case: string;
  status: number;
  /** The encoding of the answers (browsers' Accept-Encoding); null for none. */
  content_encoding: string | null;
  requests_per_s: number;
  bytes_per_response: number;
  latency_ms: { p50: number; p99: number };
  non_expected: number;
}

export interface ConfigBench {
  headers: { etag: string | null; cache_control: string | null; content_encoding: string | null };
  /** The renderer's files, as the build's manifest lists them. */
  renderer_files: string[];
  results: ConfigResult[];
}

export async function benchConfig(options = { duration: 10, connections: 10 }): Promise<ConfigBench> {
  const bdb = await freshDatabase("sqlite");
  const server = await startBenchServer(bdb.url);
  try {
    const { websiteId } = await demoStore(bdb.db);
    const path = `/api/websites/${websiteId}.js`;
    const first = await fetch(server.origin + path, { headers: { "Accept-Encoding": "gzip" } });
    const etag = first.headers.get("etag");
    const cacheControl = first.headers.get("cache-control");
    if (first.status !== 200 || !etag || !/max-age=\d+/.test(cacheControl ?? "")) {
      throw new Error(
        `the script must answer 200 with an ETag and max-age; got ${first.status}, ETag ${etag}, Cache-Control ${cacheControl}`,
      );
    }
    const again = await fetch(server.origin + path, { headers: { "If-None-Match": etag } });
    if (again.status !== 304)
      throw new Error(`If-None-Match with the current ETag must answer 304; got ${again.status}`);
    const browser = { "accept-encoding": "gzip, deflate, br" };
    const rendererFiles: string[] = (await (await fetch(`${server.origin}/widget/beckon-manifest.json`)).json())
      .renderer;
    let visitors = 0;
    // As the snippet posts it: text/plain (no CORS preflight), a new token each time.
    const newVisitor = () =>
      JSON.stringify({
        visitor: {
          visitor_token: `bench${String(visitors++).padStart(27, "0")}`,
          landing_page: "https://shop.example/",
          platform: "Web",
          referral_source: null,
          data: {},
        },
        new: true,
        utms: {},
      });
    const cases: {
      name: string;
      path: string;
      status: number;
      headers: Record<string, string>;
      body?: () => string;
    }[] = [
      { name: "site script, first visit (200)", path, status: 200, headers: browser },
      { name: "site script, revalidation (If-None-Match: 304)", path, status: 304, headers: { "if-none-match": etag } },
      ...rendererFiles.map((f) => ({
        name: `${f.replace(/\?.*/, "")}, first visit (200)`,
        path: `/widget/${f}`,
        status: 200,
        headers: browser,
      })),
      {
        name: "visitor creation (201)",
        path: `/api/websites/${websiteId}/visitors`,
        status: 201,
        headers: { ...browser, "content-type": "text/plain" },
        body: newVisitor,
      },
    ];
    const results: ConfigResult[] = [];
    for (const c of cases) {
      const check = await fetch(server.origin + c.path, {
        method: c.body ? "POST" : "GET",
        headers: c.headers,
        body: c.body?.(),
      });
      await check.arrayBuffer();
      if (check.status !== c.status) throw new Error(`${c.path} answered ${check.status}, not ${c.status}`);
      await load(server.origin + c.path, c.headers, 2, options.connections, c.body);
      const r = await load(server.origin + c.path, c.headers, options.duration, options.connections, c.body);
      const byStatus = r.statusCodeStats as Record<string, { count: number }> | undefined;
      const ok =
        byStatus?.[String(c.status)]?.count ??
        ((c.status < 300 ? r["2xx"] : r["3xx" as keyof autocannon.Result]) as number);
      // Every creation answered 201 is a row (the warm-up's and the check's besides).
      if (c.body && (await bdb.db.person.count({ where: { visitorToken: { startsWith: "bench" } } })) < ok)
        throw new Error("fewer visitors stored than created");
      results.push({
        case: c.name,
        status: c.status,
        content_encoding: check.headers.get("content-encoding"),
        requests_per_s: round(ok / r.duration, 0),
        bytes_per_response: Math.round(r.throughput.total / Math.max(1, r.requests.total)),
        latency_ms: { p50: r.latency.p50, p99: r.latency.p99 },
        non_expected: r.requests.total - ok,
      });
    }
    return {
      headers: { etag, cache_control: cacheControl, content_encoding: first.headers.get("content-encoding") },
      renderer_files: rendererFiles,
      results,
    };
  } finally {
    await server.stop();
    await bdb.drop();
  }
}

/** autocannon at fixed concurrency; with `body`, POSTs a fresh body for every request. */
function load(
  url: string,
  headers: Record<string, string>,
  duration: number,
  connections: number,
  body?: () => string,
): Promise<autocannon.Result> {
  const posts = body
    ? { method: "POST" as const, requests: [{ setupRequest: (req: autocannon.Request) => ({ ...req, body: body() }) }] }
    : {};
  return new Promise((resolve, reject) => {
    autocannon(
      { url, connections, duration, headers, timeout: 10, ...posts },
      (err: Error | null, result: autocannon.Result) => (err ? reject(err) : resolve(result)),
    );
  });
}

export function configTable(b: ConfigBench) {
  return {
    header: ["case", "encoding", "requests/s", "p50 ms", "p99 ms", "bytes/response"],
    rows: b.results.map((r) => [
      r.case,
      r.content_encoding ?? "-",
      r.requests_per_s,
      r.latency_ms.p50,
      r.latency_ms.p99,
      r.bytes_per_response,
    ]),
  };
}

export async function main(argv = process.argv.slice(2)) {
  const arg = (name: string, fallback: number) => numberArg(argv, name, fallback);
  const options = { duration: arg("duration", 10), connections: arg("connections", 10) };
  console.log(`[bench] a first visit's requests: ${options.connections} connections, ${options.duration} s per case`);
  const b = await benchConfig(options);
  const t = configTable(b);
  printTable(
    `A first visit's requests: the per-website script (Cache-Control: ${b.headers.cache_control}), the renderer's files, the visitor's creation`,
    t.header,
    t.rows,
  );
  writeResult("config", { options, ...b });
  return b;
}

if (process.argv[1] && /bench[\\/]config\.ts$/.test(process.argv[1])) {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
