import { describe, expect, it } from "vitest";
import { z } from "zod";
import { apiError, parseIdParam, publicApi, readBodyText, readJson } from "#app/server/http.server";
import { InputError } from "#app/server/input-error";

function streamingRequest(totalBytes: number, chunk = 16 * 1024) {
  let sent = 0;
  let pulls = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      pulls++;
      if (sent >= totalBytes) return controller.close();
      const n = Math.min(chunk, totalBytes - sent);
      sent += n;
      controller.enqueue(new Uint8Array(n).fill(97));
    },
  });
  const request = new Request("http://x/", { method: "POST", body, duplex: "half" } as RequestInit);
  return { request, sent: () => sent, pulls: () => pulls };
}

describe("readBodyText", () => {
  it("reads bodies up to the limit", async () => {
    expect(await readBodyText(new Request("http://x/", { method: "POST", body: "hello" }), 5)).toBe("hello");
  });

  it("refuses a declared oversized body without reading it", async () => {
    const r = new Request("http://x/", {
      method: "POST",
      body: "x".repeat(10),
      headers: { "content-length": "2000000" },
    });
    const err = (await readBodyText(r, 1000).catch((e) => e)) as Response;
    expect(err.status).toBe(413);
  });

  it("answers 413 for a streamed body past the limit, discarding at most 4 MB of it", async () => {
    const s = streamingRequest(16 * 1024 * 1024);
    const err = (await readBodyText(s.request, 64 * 1024).catch((e) => e)) as Response;
    expect(err.status).toBe(413);
    // The rest is read (so clients see the 413) only up to the discard limit.
    expect(s.sent()).toBeLessThan(5 * 1024 * 1024);
  });

  it("rejects invalid UTF-8", async () => {
    const r = new Request("http://x/", { method: "POST", body: new Uint8Array([0xff, 0xfe, 0xfd]) });
    expect(((await readBodyText(r).catch((e) => e)) as Response).status).toBe(400);
  });
});

describe("readJson", () => {
  const schema = z.object({ contact: z.object({ email: z.string().email() }) });
  const req = (body: string) => new Request("http://x/", { method: "POST", body });

  it.each([
    ["", 400, /empty/],
    ["{", 400, /not valid JSON/],
    ["[]", 422, /JSON object/],
    ["null", 422, /JSON object/],
    ['"str"', 422, /JSON object/],
  ])("answers %j with %i", async (body, status, message) => {
    const res = (await readJson(req(body), schema).catch((e) => e)) as Response;
    expect(res.status).toBe(status);
    expect((await res.json()).error.message).toMatch(message);
  });

  it("names the first invalid field", async () => {
    const res = (await readJson(req('{"contact":{"email":"nope"}}'), schema).catch((e) => e)) as Response;
    expect(res.status).toBe(422);
    expect((await res.json()).error.field).toBe("contact.email");
  });

  it("returns parsed data", async () => {
    expect(await readJson(req('{"contact":{"email":"a@b.se"}}'), schema)).toEqual({ contact: { email: "a@b.se" } });
  });
});

describe("parseIdParam", () => {
  it.each(["0", "-1", "1.5", "abc", "", "99999999999", "1e3", " 1", "01"])("rejects %j", (v) => {
    expect(() => parseIdParam(v, "website_id")).toThrow();
  });
  it("accepts positive integers", () => expect(parseIdParam("42", "website_id")).toBe(42));
});

describe("publicApi", () => {
  const get = new Request("http://x/", { method: "GET" });
  it("answers preflight with CORS and 204", async () => {
    const r = await publicApi(new Request("http://x/", { method: "OPTIONS" }), async () => new Response("no"));
    expect(r.status).toBe(204);
    expect(r.headers.get("access-control-allow-origin")).toBe("*");
  });
  it("refuses other methods with 405 and Allow", async () => {
    const r = await publicApi(get, async () => new Response("no"), ["POST"]);
    expect(r.status).toBe(405);
    expect(r.headers.get("allow")).toBe("POST");
  });
  it("turns InputError into a 4xx naming the field", async () => {
    const r = await publicApi(get, async () => {
      throw new InputError("Unknown website", "website_id", 404);
    }, ["GET"]);
    expect(r.status).toBe(404);
    expect(await r.json()).toEqual({ error: { field: "website_id", message: "Unknown website" } });
  });
  it("hides unexpected errors behind a 500 without their message", async () => {
    const r = await publicApi(get, async () => {
      throw new Error("secret connection string");
    }, ["GET"]);
    expect(r.status).toBe(500);
    expect(await r.text()).not.toMatch(/secret/);
  });
  it("answers a locked database with 503 and Retry-After", async () => {
    const r = await publicApi(get, async () => {
      throw Object.assign(new Error("database is locked"), { code: "SQLITE_BUSY" });
    }, ["GET"]);
    expect(r.status).toBe(503);
    expect(r.headers.get("retry-after")).toBe("2");
  });
  it("passes thrown Responses through with CORS", async () => {
    const r = await publicApi(get, async () => {
      throw apiError(418, "teapot");
    }, ["GET"]);
    expect(r.status).toBe(418);
    expect(r.headers.get("access-control-allow-origin")).toBe("*");
  });
});
