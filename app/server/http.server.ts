/**
 * Request and response helpers for the public API: bounded body reading,
 * validation with errors that name the field, CORS, JSON answers.
 * Errors are JSON: { "error": { "field": ..., "message": ... } }.
 */
import type { z } from "zod";
import { InputError } from "./input-error";
import { repairJson } from "./json-input";
import { isDatabaseBusy } from "#app/db/db-errors.server";
import { publicApiRateLimit } from "./rate-limits.server";
import { parseId } from "./id";
import { logger } from "./logger.server";

export interface ApiErrorBody {
  error: { field: string | null; message: string };
}

/** A JSON error answer; thrown from loaders and actions and returned as is. */
export function apiError(
  status: number,
  message: string,
  field: string | null = null,
  headers?: HeadersInit,
): Response {
  const body: ApiErrorBody = { error: { field, message } };
  const merged = new Headers(headers);
  merged.set("Content-Type", "application/json; charset=utf-8");
  merged.set("Cache-Control", "no-store");
  return new Response(JSON.stringify(body), { status, headers: merged });
}

/** A JSON success answer. */
export function apiJson(data: unknown, init: ResponseInit = {}): Response {
  const merged = new Headers(init.headers);
  merged.set("Content-Type", "application/json; charset=utf-8");
  if (!merged.has("Cache-Control")) merged.set("Cache-Control", "no-store");
  return new Response(JSON.stringify(data), { ...init, headers: merged });
}

export const DEFAULT_MAX_BODY_BYTES = 64 * 1024;

/**
 * How much of an oversized body is read and thrown away before answering 413.
 * Clients (browsers, undici) fail with a connection reset instead of showing
 * the 413 when the server stops reading mid-upload; past this, we do stop.
 * On the server, request-body-cap.server.ts never lets more reach a route:
 * it answers a larger body itself and fails the read here.
 */
const DISCARD_LIMIT_BYTES = 4 * 1024 * 1024;

async function discardRest(reader: ReadableStreamDefaultReader<Uint8Array>, alreadyRead: number): Promise<void> {
  let read = alreadyRead;
  try {
    while (read <= DISCARD_LIMIT_BYTES) {
      const { done, value } = await reader.read();
      if (done) return;
      read += value.byteLength;
    }
  } catch {
    // The body was cut off (the server's cap, a client gone): nothing more to discard, the answer is still 413.
    return;
  }
  await reader.cancel().catch(() => {});
}

/**
 * Reads the body as text, keeping at most maxBytes in memory: a larger body
 * is answered 413 (its rest is read and discarded, never buffered).
 */
export async function readBodyText(request: Request, maxBytes = DEFAULT_MAX_BODY_BYTES): Promise<string> {
  const tooLarge = () => apiError(413, `Request body is larger than ${maxBytes} bytes`);
  const declared = Number(request.headers.get("content-length") ?? "NaN");
  if (!request.body) return "";
  const reader = request.body.getReader();
  if (Number.isFinite(declared) && declared > maxBytes) {
    if (declared <= DISCARD_LIMIT_BYTES) await discardRest(reader, 0);
    else await reader.cancel().catch(() => {});
    throw tooLarge();
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await discardRest(reader, size);
      throw tooLarge();
    }
    chunks.push(value);
  }
  const all = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    all.set(chunk, offset);
    offset += chunk.byteLength;
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(all);
  } catch {
    throw apiError(400, "Request body is not valid UTF-8");
  }
}

/** Formats a zod issue path as a field name: contact.email, events.3.event_type. */
export function fieldName(path: (string | number)[]): string | null {
  return path.length ? path.join(".") : null;
}

/** Turns the first zod issue into a 422 that names the field. */
export function validationError(error: z.ZodError, prefix: (string | number)[] = []): Response {
  const issue = error.issues[0];
  const path = [...prefix, ...(issue?.path ?? [])];
  const message = issue?.message ?? "Invalid input";
  return apiError(422, message, fieldName(path));
}

/** Parses a value with a schema or throws the 422 answer. */
export function parseWith<S extends z.ZodTypeAny>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw validationError(result.error);
  return result.data;
}

/**
 * Reads a JSON body (any content type, so text/plain beacons work), repairs
 * lone surrogates, refuses deep nesting (json-input.ts) and validates it.
 */
export async function readJson<S extends z.ZodTypeAny>(
  request: Request,
  schema: S,
  maxBytes = DEFAULT_MAX_BODY_BYTES,
): Promise<z.infer<S>> {
  const text = await readBodyText(request, maxBytes);
  if (text.trim() === "") throw apiError(400, "Request body is empty; send JSON");
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw apiError(400, "Request body is not valid JSON");
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw apiError(422, "Request body must be a JSON object");
  }
  try {
    value = repairJson(value);
  } catch (e) {
    if (e instanceof InputError) throw apiError(422, e.message, e.field);
    throw e;
  }
  return parseWith(schema, value);
}

/** Parses a positive integer id from a route parameter or throws 404. */
export function parseIdParam(value: string | undefined, what: string): number {
  const id = parseId(value);
  if (id === null) throw apiError(404, `Unknown ${what}`, what);
  return id;
}

/**
 * CORS for the visitor-side API: any site may call it (the widget runs on
 * merchants' own domains). No credentials are allowed cross-origin, so a
 * foreign page can never act with an owner's cookie.
 */
export function corsHeaders(request: Request): Headers {
  const merged = new Headers();
  merged.set("Access-Control-Allow-Origin", "*");
  merged.set("Access-Control-Allow-Methods", "GET, POST, OPTIONS");
  merged.set("Access-Control-Allow-Headers", "Content-Type");
  merged.set("Access-Control-Max-Age", "86400");
  // The merchant's page may measure our calls (Resource Timing); it learns nothing it could not time itself.
  merged.set("Timing-Allow-Origin", "*");
  if (request.headers.get("access-control-request-private-network") === "true") {
    merged.set("Access-Control-Allow-Private-Network", "true");
  }
  return merged;
}

/** For POST-only routes: Remix sends OPTIONS and GET to the loader; answer preflight and 405. */
export function postOnlyLoader({ request }: { request: Request }): Promise<Response> {
  return publicApi(request, async () => apiError(405, "Use POST", null, { Allow: "POST" }), ["POST"]);
}

/** Copies CORS headers onto a response. */
export function withCors(request: Request, response: Response): Response {
  corsHeaders(request).forEach((v, k) => response.headers.set(k, v));
  return response;
}

/** PostgreSQL gave up waiting for a lock (lock_timeout, SQLSTATE 55P03): as busy as a locked SQLite file. */
function isLockTimeout(error: unknown): boolean {
  for (
    let current: unknown = error, depth = 0;
    current && typeof current === "object" && depth < 4;
    current = (current as { cause?: unknown }).cause, depth++
  ) {
    const candidate = current as { code?: unknown; message?: unknown; meta?: { code?: unknown; message?: unknown } };
    if (candidate.code === "55P03" || candidate.meta?.code === "55P03") return true;
    if (/lock timeout/i.test(`${candidate.message ?? ""} ${candidate.meta?.message ?? ""}`)) return true;
  }
  return false;
}

/**
 * Runs a public API handler: answers preflight, turns thrown Responses and
 * unexpected errors into JSON answers, adds CORS, and never lets an internal
 * error message leak.
 */
export async function publicApi(
  request: Request,
  handler: () => Promise<Response>,
  methods: string[] = ["POST"],
): Promise<Response> {
  if (request.method === "OPTIONS") return new Response(null, { status: 204, headers: corsHeaders(request) });
  if (!methods.includes(request.method)) {
    return withCors(request, apiError(405, `Use ${methods.join(" or ")}`, null, { Allow: methods.join(", ") }));
  }
  // Before the handler: a flood is refused without reading its body or touching the database.
  const limit = await publicApiRateLimit(request);
  if (!limit.allowed) {
    return withCors(
      request,
      apiError(429, "Too many requests; try again shortly", null, { "Retry-After": String(limit.retryAfterSeconds) }),
    );
  }
  try {
    return withCors(request, await handler());
  } catch (error) {
    if (error instanceof Response) return withCors(request, error);
    if (error instanceof InputError) return withCors(request, apiError(error.status, error.message, error.field));
    if (isDatabaseBusy(error) || isLockTimeout(error)) {
      return withCors(request, apiError(503, "The database is busy; try again shortly", null, { "Retry-After": "2" }));
    }
    logger("public-api").error({ err: error }, "public API error");
    return withCors(request, apiError(500, "Something went wrong on our side"));
  }
}
