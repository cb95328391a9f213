/**
 * What a headless storefront's server fetches from Beckon in its loader and
 * passes to the components: the website's public config (the object the
 * site script carries, GET /api/websites/{id}.json) for BeckonProvider's
 * `config`, and a published CTA (GET /api/cta/{id}.json) for BeckonCta's
 * `cta`. The page then needs no site script and no request to Beckon before
 * its CTAs render. Plain fetch: Node 18+, Oxygen and other workers, or the
 * browser (both answers allow any origin).
 */
import type { CtaDocument } from "#contract/schema/cta";
import type { PublicWebsiteConfig } from "#contract/schema/public-config";

export interface BeckonFetchOptions {
  /** The fetch to use (default the global one), e.g. one that caches. */
  fetch?: typeof fetch;
  /** Anything else for the request: headers (If-None-Match), signal, cache. */
  init?: RequestInit;
}

/** Beckon's origin as given ("https://beckon.example" or with a trailing slash), checked. */
function originOf(beckonOrigin: string): string {
  let url: URL;
  try {
    url = new URL(beckonOrigin);
  } catch {
    throw new Error(`[beckon] not an address: ${JSON.stringify(beckonOrigin.slice(0, 200))}`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    throw new Error(`[beckon] Beckon's address must be http(s): ${url.protocol}`);
  return url.origin;
}

/** An id as Beckon's routes take it: a whole number from 1 to 2^31-1. */
function checkId(what: string, id: number): number {
  if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) throw new Error(`[beckon] not a ${what} id: ${id}`);
  return id;
}

async function getJson(url: string, options: BeckonFetchOptions): Promise<unknown> {
  const res = await (options.fetch ?? fetch)(url, {
    ...options.init,
    headers: { Accept: "application/json", ...(options.init?.headers as Record<string, string> | undefined) },
  });
  if (!res.ok) {
    // Beckon's errors are {"error":{"field","message"}}; anything else (a proxy's page) is named by its status.
    const message = await res
      .json()
      .then((body: { error?: { message?: unknown } }) => String(body?.error?.message ?? ""))
      .catch(() => "");
    throw new Error(`[beckon] ${url} answered ${res.status}${message ? `: ${message}` : ""}`);
  }
  try {
    return await res.json();
  } catch {
    throw new Error(`[beckon] ${url} answered ${res.status} with something that is not JSON`);
  }
}

/** The address of a website's config as JSON. */
export function beckonConfigUrl(beckonOrigin: string, websiteId: number): string {
  return `${originOf(beckonOrigin)}/api/websites/${checkId("website", websiteId)}.json`;
}

/**
 * The website's public config, for `<BeckonProvider config={...}>`. Throws,
 * in words, on an unknown website, an error answer or an answer that is not
 * that website's config.
 */
export async function fetchBeckonConfig(
  beckonOrigin: string,
  websiteId: number,
  options: BeckonFetchOptions = {},
): Promise<PublicWebsiteConfig> {
  const url = beckonConfigUrl(beckonOrigin, websiteId);
  const config = (await getJson(url, options)) as Partial<PublicWebsiteConfig> | null;
  if (
    !config ||
    config.website_id !== websiteId ||
    typeof config.api_origin !== "string" ||
    typeof config.asset_base !== "string" ||
    !Array.isArray(config.ctas)
  )
    throw new Error(`[beckon] ${url} did not answer website ${websiteId}'s config`);
  return config as PublicWebsiteConfig;
}

/** A published CTA's document, for `<BeckonCta cta={...}>`; throws on an unknown or unpublished CTA. */
export async function fetchBeckonCta(
  beckonOrigin: string,
  ctaId: number,
  options: BeckonFetchOptions = {},
): Promise<CtaDocument> {
  const url = `${originOf(beckonOrigin)}/api/cta/${checkId("CTA", ctaId)}.json`;
  const body = (await getJson(url, options)) as { cta?: Partial<CtaDocument> } | null;
  const cta = body?.cta;
  if (!cta || cta.id !== ctaId || !Array.isArray(cta.variants))
    throw new Error(`[beckon] ${url} did not answer CTA ${ctaId}`);
  return cta as CtaDocument;
}
