/**
 * The one answer to "which address is this client?", for everything that
 * keys on it: the public API's rate limits, the owner sign-in throttle,
 * geolocation, reCAPTCHA's remoteip.
 *
 * Without a proxy it is the socket's address. Behind one trusted proxy
 * (TRUST_PROXY=1) it is the hop that proxy appended to X-Forwarded-For: the
 * LAST one. Every hop before it was written by the client (or by proxies we
 * know nothing of), so keying on the first would let anyone pick a fresh
 * address per request and never meet a limit. Without TRUST_PROXY the
 * headers are ignored altogether, since any client can send them.
 */
import { serverEnv, type EnvSource } from "./env.server";

/** What a request says about where it came from. */
export interface AddressSources {
  /** The connection's peer (the proxy itself, behind one). */
  socket?: string | null;
  /** The X-Forwarded-For header as received. */
  forwardedFor?: string | null;
  /** The X-Real-IP header as received (a proxy that sets it instead). */
  realIp?: string | null;
}

/** An IPv4 address as the plain dotted quad, also when the socket reports it IPv4-mapped (::ffff:a.b.c.d). */
export function normalizeIp(ip: string): string {
  return ip.startsWith("::ffff:") && ip.includes(".") ? ip.slice(7) : ip;
}

/** The last non-empty hop of an X-Forwarded-For value: the one the nearest proxy appended. */
export function appendedHop(forwardedFor: string): string | null {
  // From the end, without splitting the whole header: a client may send thousands of hops.
  let end = forwardedFor.length;
  while (end > 0) {
    const comma = forwardedFor.lastIndexOf(",", end - 1);
    const hop = forwardedFor.slice(comma + 1, end).trim();
    if (hop) return hop;
    if (comma < 0) break;
    end = comma;
  }
  return null;
}

/** The client's address from the socket and the headers; headers count only when `trustProxy`. */
export function clientAddress(sources: AddressSources, trustProxy: boolean): string | null {
  if (trustProxy) {
    const hop = sources.forwardedFor ? appendedHop(sources.forwardedFor) : null;
    if (hop) return normalizeIp(hop);
    const real = sources.realIp?.trim();
    if (real) return normalizeIp(real);
  }
  return sources.socket ? normalizeIp(sources.socket) : null;
}

/**
 * The caller's address for a Remix request: the server resolves it per
 * request and passes it in the load context (context.clientIp); without
 * one (a request handled outside scripts/serve.ts), the headers under
 * TRUST_PROXY=1, else null.
 */
export function clientIp(request: Request, context?: unknown, env?: EnvSource): string | null {
  const fromContext = context && typeof context === "object" ? (context as { clientIp?: unknown }).clientIp : undefined;
  if (typeof fromContext === "string" && fromContext) return normalizeIp(fromContext);
  return clientAddress(
    { forwardedFor: request.headers.get("x-forwarded-for"), realIp: request.headers.get("x-real-ip") },
    serverEnv(env).trustProxy,
  );
}
