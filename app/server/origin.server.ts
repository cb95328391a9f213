/**
 * The public origin of this server, for links the widget follows back (API
 * calls, bundles). The site script carrying it is cached by browsers and
 * CDNs under its URL alone, so an origin taken from a request header (Host,
 * or X-Forwarded-Host under TRUST_PROXY=1) must never reach an answer a
 * shared cache keeps: one request with `Host: evil.example` would otherwise
 * point every visitor's widget at evil.example.
 *
 * - BECKON_PUBLIC_URL set: always that origin.
 * - BECKON_ALLOWED_HOSTS set (`host[:port]` or `https://host[:port]`,
 *   comma-separated): the request's host when listed, else the first entry.
 * - neither (the demo, tests, a first try): the request's origin, and the
 *   answer is for the browser's cache only (`shared` false).
 */
import { serverEnv, type EnvSource } from "./env.server";

export interface ResolvedOrigin {
  origin: string;
  /** Whether shared caches may keep an answer built with it: true when it comes from configuration, not from a header. */
  shared: boolean;
}

/** The allowed hosts as origins (a bare host takes the request's scheme). */
function allowedOrigins(list: string, protocol: string): string[] {
  return list
    .split(",")
    .map((entry) => entry.trim().replace(/\/+$/, ""))
    .filter(Boolean)
    .flatMap((entry) => {
      try {
        return [new URL(/^https?:\/\//i.test(entry) ? entry : `${protocol}//${entry}`).origin];
      } catch {
        return [];
      }
    });
}

/** Where the widget should call back for this request, and whether that may be cached by others than the browser. */
export function resolveOrigin(request: Request, source?: EnvSource): ResolvedOrigin {
  const env = serverEnv(source);
  const configured = env.publicUrl;
  if (configured) return { origin: configured.replace(/\/+$/, ""), shared: true };
  const url = new URL(request.url);
  const allowed = allowedOrigins(env.allowedHosts ?? "", url.protocol);
  if (allowed.length) {
    // Compared by host: the scheme behind a proxy is a header too, and an entry with a scheme fixes it.
    const listed = allowed.find((o) => new URL(o).host === url.host);
    return { origin: listed ?? allowed[0], shared: true };
  }
  return { origin: url.origin, shared: false };
}

/** The public origin of this server for a request (see resolveOrigin). */
export function publicOrigin(request: Request): string {
  return resolveOrigin(request).origin;
}
