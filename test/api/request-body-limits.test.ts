/**
 * Bodies over the server's 4 MiB cap, over HTTP with node's own client, as
 * one upload each: declared with Content-Length and sent chunked without
 * one, to the public API and to the owner admin. Each gets a 413 JSON answer
 * the client reads in full, the connection then ends without a reset (the
 * client's upload finishes), and the server goes on serving.
 */
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "#test/support/test-database";
import { startTestServer, type TestServer } from "#test/support/server";

const FIVE_MIB = 5 * 1024 * 1024;
const CHUNK_BYTES = 64 * 1024;

let tdb: TestDatabase;
let server: TestServer;

beforeAll(async () => {
  tdb = await createTestDatabase();
  server = await startTestServer({ databaseUrl: tdb.url });
});

afterAll(async () => {
  await server?.stop();
  await tdb?.drop();
});

interface Outcome {
  status: number | null;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** A socket error seen at any time (a reset, a broken pipe): a clean close has none. */
  error: NodeJS.ErrnoException | null;
  /** Whether the whole upload was handed to the socket. */
  uploaded: boolean;
}

/** POSTs 5 MiB in one request on its own connection; settles when the request's socket is closed. */
function postFiveMebibytes(path: string, { chunked }: { chunked: boolean }): Promise<Outcome> {
  const body = Buffer.alloc(FIVE_MIB, "a");
  const outcome: Outcome = { status: null, headers: {}, body: "", error: null, uploaded: false };
  return new Promise((resolve) => {
    const request = http.request(new URL(path, server.origin), {
      method: "POST",
      agent: false,
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: server.origin,
        ...(chunked ? {} : { "Content-Length": String(FIVE_MIB) }),
      },
    });
    let responseDone = false;
    let closed = false;
    const settle = () => {
      if (closed && (responseDone || outcome.error || outcome.status === null)) resolve(outcome);
    };
    request.on("error", (error: NodeJS.ErrnoException) => (outcome.error ??= error));
    request.on("response", (response) => {
      outcome.status = response.statusCode ?? null;
      outcome.headers = response.headers;
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("error", (error: NodeJS.ErrnoException) => (outcome.error ??= error));
      response.on("end", () => {
        outcome.body = Buffer.concat(chunks).toString("utf8");
        responseDone = true;
        settle();
      });
    });
    request.on("close", () => {
      closed = true;
      settle();
    });
    request.on("finish", () => (outcome.uploaded = true));
    if (chunked) {
      // No Content-Length: node's client sends the writes as chunks.
      for (let offset = 0; offset < FIVE_MIB; offset += CHUNK_BYTES)
        request.write(body.subarray(offset, offset + CHUNK_BYTES));
      request.end();
    } else {
      request.end(body);
    }
  });
}

async function expectStillServing() {
  const page = await fetch(`${server.origin}/owner/login`);
  expect(page.status).toBe(200);
  const validate = await fetch(`${server.origin}/api/contacts/validate`, {
    method: "POST",
    headers: { "Content-Type": "text/plain" },
    body: JSON.stringify({ email: "anna@acme-sales.se" }),
  });
  expect(validate.status).toBeLessThan(500);
}

describe.each([
  { where: "the public API", path: "/api/contacts/validate" },
  { where: "the owner admin", path: "/owner/login" },
])("a 5 MiB body to $where", ({ path }) => {
  it.each([{ chunked: false }, { chunked: true }])(
    "is answered 413 in JSON, then the connection closes cleanly (chunked: $chunked)",
    async ({ chunked }) => {
      const outcome = await postFiveMebibytes(path, { chunked });
      expect(outcome.error?.code ?? null).toBeNull();
      expect(outcome.status).toBe(413);
      expect(outcome.headers["content-type"]).toMatch(/^application\/json/);
      expect(outcome.headers.connection).toBe("close");
      expect(JSON.parse(outcome.body)).toEqual({
        error: { field: null, message: "Request body is larger than 4194304 bytes" },
      });
      expect(outcome.uploaded).toBe(true);
      await expectStillServing();
      // Refusing a body is routine: nothing is logged as an error (pino's level 50 and up).
      expect(server.output()).not.toMatch(/"level":(5|6)0/);
    },
  );
});
