/**
 * A store's Admin GraphQL API, called with the shop's offline access token
 * at the documented endpoint https://{shop}/admin/api/{version}/graphql.json
 * (header X-Shopify-Access-Token). Used where there is no embedded Shopify
 * session to borrow (the standalone owner admin of a store website).
 *
 * Failures become an AdminApiError with a kind the caller can explain:
 * the token was revoked (401/403), Shopify throttled us (HTTP 429 or a
 * THROTTLED GraphQL error) after retrying, or the network failed.
 * BECKON_SHOPIFY_ADMIN_URL replaces https://{shop} (tests point it at a
 * local server; nothing else may set it).
 */
import type { AdminOperations } from "./operations";

export type AdminApiErrorKind = "unauthorized" | "throttled" | "network" | "bad_response";

export class AdminApiError extends Error {
  constructor(
    readonly kind: AdminApiErrorKind,
    message: string,
    /** For "throttled": how long Shopify's answer says to wait (Retry-After, or what the cost bucket needs). */
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
    this.name = "AdminApiError";
  }
}

export interface AdminGraphqlOptions {
  shop: string;
  accessToken: string;
  apiVersion: string;
  /** Replaces https://{shop} (tests). */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Extra attempts after a throttled answer (default 2). */
  retries?: number;
  /** Longest wait before a retry in ms (default 2000): an editor search should fail fast rather than hang. */
  maxRetryWaitMs?: number;
  timeoutMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

interface GraphqlBody<T> {
  data?: T | null;
  errors?: { message?: string; extensions?: { code?: string } }[] | string;
  extensions?: {
    cost?: { requestedQueryCost?: number; throttleStatus?: { currentlyAvailable?: number; restoreRate?: number } };
  };
}

const MYSHOPIFY = /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/;

/** The endpoint of a shop's Admin GraphQL API. */
export function adminGraphqlUrl(shop: string, apiVersion: string, baseUrl?: string): string {
  if (!MYSHOPIFY.test(shop)) throw new AdminApiError("bad_response", `Not a myshopify domain: ${shop}`);
  if (!/^\d{4}-\d{2}$|^unstable$/.test(apiVersion))
    throw new AdminApiError("bad_response", `Not an API version: ${apiVersion}`);
  const origin = (baseUrl ?? `https://${shop}`).replace(/\/+$/, "");
  return `${origin}/admin/api/${apiVersion}/graphql.json`;
}

/** How long to wait before retrying a throttled call: Retry-After, else what the cost extension says the bucket needs. */
export function throttleWaitMs(retryAfter: string | null, body: GraphqlBody<unknown> | null, cap: number): number {
  const seconds = retryAfter !== null ? Number(retryAfter) : NaN;
  if (Number.isFinite(seconds) && seconds >= 0) return Math.min(seconds * 1000, cap);
  const cost = body?.extensions?.cost;
  const needed = (cost?.requestedQueryCost ?? 0) - (cost?.throttleStatus?.currentlyAvailable ?? 0);
  const rate = cost?.throttleStatus?.restoreRate ?? 0;
  if (needed > 0 && rate > 0) return Math.min(Math.ceil((needed / rate) * 1000), cap);
  return Math.min(1000, cap);
}

function isThrottled(body: GraphqlBody<unknown> | null): boolean {
  return Array.isArray(body?.errors) && body!.errors.some((e) => e.extensions?.code === "THROTTLED");
}

/** Runs one typed Admin GraphQL operation (a query or a mutation) and returns its data. */
export async function adminGraphql<Q extends keyof AdminOperations>(
  options: AdminGraphqlOptions,
  query: Q,
  variables: AdminOperations[Q]["variables"],
): Promise<AdminOperations[Q]["return"]> {
  const url = adminGraphqlUrl(options.shop, options.apiVersion, options.baseUrl);
  const doFetch = options.fetch ?? fetch;
  const retries = options.retries ?? 2;
  const cap = options.maxRetryWaitMs ?? 2000;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  for (let attempt = 0; ; attempt++) {
    let response: Response;
    try {
      response = await doFetch(url, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          Accept: "application/json",
          "X-Shopify-Access-Token": options.accessToken,
        },
        body: JSON.stringify({ query, variables }),
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        redirect: "error",
      });
    } catch (error) {
      throw new AdminApiError(
        "network",
        `Shopify could not be reached (${error instanceof Error ? error.message : String(error)})`,
      );
    }
    if (response.status === 401 || response.status === 403) {
      await response.body?.cancel();
      throw new AdminApiError(
        "unauthorized",
        "Shopify refused the store's access token: it was revoked or the app was uninstalled",
      );
    }
    let body: GraphqlBody<AdminOperations[Q]["return"]> | null = null;
    try {
      body = (await response.json()) as GraphqlBody<AdminOperations[Q]["return"]>;
    } catch {
      body = null;
    }
    if (response.status === 429 || (response.ok && isThrottled(body))) {
      const wait = throttleWaitMs(response.headers.get("Retry-After"), body, cap);
      if (attempt >= retries)
        throw new AdminApiError("throttled", "Shopify is limiting requests to this store right now", wait);
      await sleep(wait);
      continue;
    }
    if (!response.ok)
      throw new AdminApiError(
        response.status >= 500 ? "network" : "bad_response",
        `Shopify answered ${response.status}`,
      );
    if (typeof body?.errors === "string") throw new AdminApiError("bad_response", body.errors);
    if (body?.errors?.length)
      throw new AdminApiError("bad_response", body.errors.map((e) => e.message ?? "GraphQL error").join("; "));
    if (!body?.data) throw new AdminApiError("bad_response", "Shopify's answer held no data");
    return body.data;
  }
}
