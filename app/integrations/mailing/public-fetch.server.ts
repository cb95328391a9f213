/**
 * HTTP to an address an owner typed (an ActiveCampaign account's API URL):
 * only to the public internet, never back into this server's network. The
 * check runs inside the connection's own DNS lookup, on the very addresses
 * the socket then connects to, so a name that resolves to a public address
 * when the URL is saved and to 127.0.0.1 later (DNS rebinding) is refused
 * too. Redirects are never followed: a 3xx is handed back as an answer.
 *
 * Tests run their fake tools on 127.0.0.1; BECKON_ALLOW_PRIVATE_PROVIDER_HOSTS
 * (host or host:port, comma-separated, matched against the URL as written)
 * lets those exact hosts through. Production leaves it unset.
 */
import { lookup as dnsLookup } from "node:dns/promises";
import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { isPublicAddress } from "#app/server/public-address";
import { serverEnv, type EnvSource } from "#app/server/env.server";

/** Resolves a host name to all its addresses. */
export type ResolveAddresses = (hostname: string) => Promise<{ address: string; family: number }[]>;

export interface PublicFetchOptions {
  /** URL hosts (`host` or `host:port`) allowed to be private: the tests' local fakes. */
  allowPrivate?: readonly string[];
  /** Name resolution (default: the system's, as any connection would use). */
  resolve?: ResolveAddresses;
}

/** A refused destination: not public, or not to be found. */
export class NonPublicAddressError extends Error {
  readonly code = "ENONPUBLIC";
  constructor(host: string) {
    super(`${host} is not a public internet address`);
    this.name = "NonPublicAddressError";
  }
}

const systemResolve: ResolveAddresses = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/** The hosts BECKON_ALLOW_PRIVATE_PROVIDER_HOSTS lets through (lower case, brackets kept for IPv6). */
export function allowedPrivateHosts(env?: EnvSource): string[] {
  return serverEnv(env).allowPrivateProviderHosts;
}

/** Whether a URL's host (as written, with or without its port) is on the allowance list. */
export function isAllowedPrivate(url: URL, allow: readonly string[]): boolean {
  const port = url.port || (url.protocol === "https:" ? "443" : "80");
  const host = url.hostname.toLowerCase();
  return allow.includes(host) || allow.includes(`${host}:${port}`);
}

/** Whether a URL's host, as written, is an IP literal that is not public (WHATWG URL already turned 0x7f000001 and 2130706433 into 127.0.0.1). */
function literalIsNotPublic(url: URL): boolean {
  const bare = url.hostname.replace(/^\[|\]$/g, "");
  return isIP(bare) !== 0 && !isPublicAddress(bare);
}

/**
 * Checks, ahead of time, that a URL leads to the public internet (for a
 * clear error when the owner saves it); the connection checks again.
 */
export async function assertPublicUrl(url: URL, options: PublicFetchOptions = {}): Promise<void> {
  if (isAllowedPrivate(url, options.allowPrivate ?? [])) return;
  const bare = url.hostname.replace(/^\[|\]$/g, "");
  if (isIP(bare)) {
    if (!isPublicAddress(bare)) throw new NonPublicAddressError(url.hostname);
    return;
  }
  const addresses = await (options.resolve ?? systemResolve)(bare).catch(() => []);
  if (!addresses.length || addresses.some((a) => !isPublicAddress(a.address)))
    throw new NonPublicAddressError(url.hostname);
}

/** A connection lookup that refuses any name with a non-public address among its answers. */
function guardedLookup(resolve: ResolveAddresses): LookupFunction {
  return ((hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    resolve(hostname).then(
      (addresses) => {
        // One private answer is enough to refuse: a round-robin mix would otherwise succeed by chance.
        if (!addresses.length || addresses.some((a) => !isPublicAddress(a.address)))
          return callback(new NonPublicAddressError(hostname));
        if (options.all) return callback(null, addresses);
        callback(null, addresses[0].address, addresses[0].family);
      },
      (e: unknown) => callback(e),
    );
  }) as LookupFunction;
}

const NULL_BODY = new Set([101, 204, 205, 304]);
/** A tool's answers are small JSON; an endless body from a hostile host must not fill the memory. */
const MAX_BODY_BYTES = 2 * 1024 * 1024;
// Pools used by this module only: every socket in them was opened through a guarded lookup (or to an allowed host).
const agents = {
  "http:": new http.Agent({ keepAlive: true, timeout: 30_000 }),
  "https:": new https.Agent({ keepAlive: true, timeout: 30_000 }),
};

function toHeaders(res: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(res.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  return headers;
}

/**
 * A fetch (method, headers, string body, signal) that reaches public
 * addresses only and follows no redirect.
 */
export function publicOnlyFetch(options: PublicFetchOptions = {}): typeof fetch {
  const allow = options.allowPrivate ?? [];
  const guarded = guardedLookup(options.resolve ?? systemResolve);
  return (async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.protocol !== "https:" && url.protocol !== "http:")
      throw new TypeError(`Unsupported protocol ${url.protocol}`);
    const allowed = isAllowedPrivate(url, allow);
    // net.connect calls no lookup for an IP literal: check it here.
    if (!allowed && literalIsNotPublic(url))
      throw new TypeError("fetch failed", { cause: new NonPublicAddressError(url.hostname) });
    const signal = init.signal ?? null;
    signal?.throwIfAborted();
    const headers = new Headers(init.headers);
    const body = typeof init.body === "string" ? init.body : init.body == null ? undefined : String(init.body);
    if (body !== undefined) headers.set("content-length", String(Buffer.byteLength(body)));
    return new Promise<Response>((resolve, reject) => {
      const mod = url.protocol === "https:" ? https : http;
      const req = mod.request(url, {
        method: init.method ?? "GET",
        headers: Object.fromEntries(headers),
        agent: agents[url.protocol as "http:" | "https:"],
        ...(allowed ? {} : { lookup: guarded }),
      });
      const onAbort = () => {
        req.destroy();
        reject(signal?.reason ?? new DOMException("The operation was aborted", "AbortError"));
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      const done = () => signal?.removeEventListener("abort", onAbort);
      req.on("error", (e) => {
        done();
        reject(new TypeError("fetch failed", { cause: e }));
      });
      req.on("response", (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on("data", (c: Buffer) => {
          size += c.length;
          if (size > MAX_BODY_BYTES) return res.destroy(new Error("answer too large"));
          chunks.push(c);
        });
        res.on("error", (e) => {
          done();
          reject(new TypeError("fetch failed", { cause: e }));
        });
        res.on("end", () => {
          done();
          const status = res.statusCode ?? 0;
          const payload = NULL_BODY.has(status) ? null : Buffer.concat(chunks);
          try {
            resolve(
              new Response(payload as Uint8Array<ArrayBuffer> | null, {
                status,
                statusText: res.statusMessage,
                headers: toHeaders(res),
              }),
            );
          } catch (e) {
            reject(new TypeError("fetch failed", { cause: e }));
          }
        });
      });
      req.end(body);
    });
  }) as typeof fetch;
}
