/**
 * The one way provider clients talk HTTP: a time-out on every call, and every
 * failure turned into a ProviderError that says whether to retry.
 */
import { DEFAULT_PROVIDER_TIMEOUT_MS } from "#app/server/env.server";
import { ProviderError, type ProviderOptions } from "./types";

/** Parses Retry-After (seconds or an HTTP date) into milliseconds from now. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return null;
  return Math.max(0, at - now);
}

/** Whether an HTTP status is worth retrying: rate limits, time-outs and server errors. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 425 || status === 429 || status >= 500;
}

export interface ProviderResponse {
  status: number;
  headers: Headers;
  /** Parsed JSON body, or null when the body was empty or not JSON. */
  json: unknown;
  text: string;
}

/**
 * Sends one request and returns 2xx answers (and any status listed in
 * `accept`); everything else throws a ProviderError built by `describe`.
 */
export async function providerRequest(
  url: string,
  init: RequestInit & { accept?: number[]; describe?: (res: ProviderResponse) => string },
  options: ProviderOptions = {},
): Promise<ProviderResponse> {
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_PROVIDER_TIMEOUT_MS;
  let res: Response;
  let text: string;
  try {
    // The signal also covers reading the body: a tool that sends headers and
    // then stalls is as hung as one that never answers.
    res = await doFetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    text = await res.text();
  } catch (error) {
    const name = error instanceof Error ? error.name : "";
    const reason =
      name === "TimeoutError" || name === "AbortError" ? `timed out after ${timeoutMs} ms` : networkReason(error);
    throw new ProviderError(`${init.method ?? "GET"} ${new URL(url).pathname}: ${reason}`, true);
  }
  let json: unknown = null;
  if (text) {
    try {
      json = JSON.parse(text);
    } catch {
      json = null;
    }
  }
  const answer: ProviderResponse = { status: res.status, headers: res.headers, json, text };
  if ((res.status >= 200 && res.status < 300) || init.accept?.includes(res.status)) return answer;
  const detail = init.describe?.(answer) ?? (text.slice(0, 300) || res.statusText);
  const message = `${init.method ?? "GET"} ${new URL(url).pathname} answered ${res.status}: ${detail}`;
  throw new ProviderError(
    message,
    isRetryableStatus(res.status),
    res.status,
    parseRetryAfter(res.headers.get("retry-after")),
  );
}

/**
 * A provider's `call(method, path, body?, accept?)`: requests to `base` + path
 * with the provider's headers, a body sent as JSON, and `describe` for its errors.
 */
export function jsonCaller(
  base: string,
  headers: Record<string, string>,
  options: ProviderOptions,
  describe?: (res: ProviderResponse) => string,
) {
  return (method: string, path: string, body?: unknown, accept?: number[]) =>
    providerRequest(
      `${base}${path}`,
      { method, headers, body: body === undefined ? undefined : JSON.stringify(body), describe, accept },
      options,
    );
}

function networkReason(error: unknown): string {
  const cause =
    error instanceof Error && error.cause && typeof error.cause === "object"
      ? (error.cause as { code?: string; message?: string })
      : null;
  if (cause?.code) return `network error ${cause.code}`;
  return error instanceof Error ? error.message : String(error);
}

/** Reads a string field from an unknown JSON value. */
export function stringAt(value: unknown, ...path: (string | number)[]): string | null {
  let current: unknown = value;
  for (const key of path) {
    if (current === null || typeof current !== "object") return null;
    current = (current as Record<string | number, unknown>)[key];
  }
  if (typeof current === "string") return current;
  if (typeof current === "number") return String(current);
  return null;
}

/** Reads an array field from an unknown JSON value. */
export function arrayAt(value: unknown, ...path: (string | number)[]): unknown[] {
  let current: unknown = value;
  for (const key of path) {
    if (current === null || typeof current !== "object") return [];
    current = (current as Record<string | number, unknown>)[key];
  }
  return Array.isArray(current) ? current : [];
}
