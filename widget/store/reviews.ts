/**
 * Review providers (SPEC 7): star ratings for the products of a feed, fetched
 * by product ids after a 1 s delay (SPEC 9) so they never compete with the
 * feed itself. Each provider's public, storefront-safe endpoint:
 * - Judge.me: GET judge.me/api/v1/widgets/preview_badge?shop_domain&api_token&external_id
 *   → {product_external_id, badge}; the badge HTML carries data-average-rating and
 *   data-number-of-reviews.
 * - Yotpo: GET api-cdn.yotpo.com/products/{app_key}/{product_id}/bottomline
 *   → {status, response: {bottomline: {average_score, total_reviews}}}.
 * - Okendo: GET api.okendo.io/v1/stores/{subscriber_id}/products/shopify-{product_id}/review_aggregate
 *   → {reviewAggregate: {reviewCount, ratingAndReviewCount, ratingAndReviewValuesTotal}}.
 * - Stamped: POST stamped.io/api/widget/badges with {productIds: [{productId}], apiKey, storeUrl}
 *   → [{productId, rating, count}], one request for all products.
 * Request builders and mappers are pure; fetchReviews is the only network call.
 */
import { REVIEW_FETCH_DELAY_MS } from "./constants";
import { numericId } from "./ids";

export type ReviewProvider = "judgeme" | "yotpo" | "okendo" | "stamped";

/** SPEC 7: what a provider answers per product. */
export interface ReviewSummary {
  product_id: string;
  product_score: number;
  product_total_reviews: number;
}

export interface ReviewConfig {
  provider: ReviewProvider;
  /** Judge.me: the shop's myshopify domain and public token. */
  shopDomain?: string;
  publicToken?: string;
  /** Yotpo app key. */
  appKey?: string;
  /** Okendo subscriber (store) id. */
  subscriberId?: string;
  /** Stamped public key and store URL. */
  apiKey?: string;
  storeUrl?: string;
  /** Another host for the provider (tests use the local storefront). */
  baseUrl?: string;
}

export const REVIEW_HOSTS: Record<ReviewProvider, string> = {
  judgeme: "https://judge.me",
  yotpo: "https://api-cdn.yotpo.com",
  okendo: "https://api.okendo.io",
  stamped: "https://stamped.io",
};

export interface ReviewRequest {
  url: string;
  init?: { method: "POST"; headers: Record<string, string>; body: string };
  /** The caller's product ids this request answers for. */
  productIds: string[];
}

const enc = encodeURIComponent;

/** The requests that fetch ratings for these products (one per product, or one batch for Stamped). */
export function reviewRequests(config: ReviewConfig, productIds: readonly string[]): ReviewRequest[] {
  const base = (config.baseUrl ?? REVIEW_HOSTS[config.provider]).replace(/\/$/, "");
  const ids = [...new Set(productIds)];
  switch (config.provider) {
    case "judgeme":
      return ids.map((id) => ({
        url: `${base}/api/v1/widgets/preview_badge?shop_domain=${enc(config.shopDomain ?? "")}&api_token=${enc(config.publicToken ?? "")}&external_id=${enc(numericId(id))}`,
        productIds: [id],
      }));
    case "yotpo":
      return ids.map((id) => ({
        url: `${base}/products/${enc(config.appKey ?? "")}/${enc(numericId(id))}/bottomline`,
        productIds: [id],
      }));
    case "okendo":
      return ids.map((id) => ({
        url: `${base}/v1/stores/${enc(config.subscriberId ?? "")}/products/shopify-${enc(numericId(id))}/review_aggregate`,
        productIds: [id],
      }));
    case "stamped":
      return ids.length
        ? [
            {
              url: `${base}/api/widget/badges?isIncludeBreakdown=false&isincludehtml=false`,
              init: {
                method: "POST",
                headers: { "Content-Type": "application/json" },
                body: JSON.stringify({
                  productIds: ids.map((id) => ({ productId: numericId(id) })),
                  apiKey: config.apiKey ?? "",
                  storeUrl: config.storeUrl ?? "",
                }),
              },
              productIds: ids,
            },
          ]
        : [];
  }
}

const toNumber = (v: unknown): number => {
  const parsed = typeof v === "number" ? v : typeof v === "string" ? Number(v) : NaN;
  return Number.isFinite(parsed) ? parsed : 0;
};
const round2 = (n: number) => Math.round(n * 100) / 100;
const summary = (product_id: string, score: unknown, total: unknown): ReviewSummary => ({
  product_id,
  product_score: round2(toNumber(score)),
  product_total_reviews: Math.max(0, Math.round(toNumber(total))),
});

/** Judge.me preview badge → summary, read from the badge's data attributes. */
export function fromJudgeme(
  json: { product_external_id?: unknown; badge?: string } | null,
  productId: string,
): ReviewSummary | null {
  if (!json?.badge) return null;
  const rating = /data-average-rating=['"]?([\d.]+)/.exec(json.badge)?.[1];
  const count = /data-number-of-reviews=['"]?(\d+)/.exec(json.badge)?.[1];
  return summary(productId, rating, count);
}

/** Yotpo bottomline → summary. */
export function fromYotpo(
  json: { response?: { bottomline?: { average_score?: unknown; total_reviews?: unknown } } } | null,
  productId: string,
): ReviewSummary | null {
  const bottomline = json?.response?.bottomline;
  return bottomline ? summary(productId, bottomline.average_score, bottomline.total_reviews) : null;
}

/** Okendo review aggregate → summary (average = values total / rated count). */
export function fromOkendo(
  json: {
    reviewAggregate?: { reviewCount?: unknown; ratingAndReviewCount?: unknown; ratingAndReviewValuesTotal?: unknown };
  } | null,
  productId: string,
): ReviewSummary | null {
  const aggregate = json?.reviewAggregate;
  if (!aggregate) return null;
  const rated = toNumber(aggregate.ratingAndReviewCount) || toNumber(aggregate.reviewCount);
  return summary(
    productId,
    rated ? toNumber(aggregate.ratingAndReviewValuesTotal) / rated : 0,
    aggregate.reviewCount ?? aggregate.ratingAndReviewCount,
  );
}

/** Stamped badges → summaries, matched back to the caller's ids by numeric id. */
export function fromStamped(json: unknown, productIds: readonly string[]): ReviewSummary[] {
  if (!Array.isArray(json)) return [];
  const byNumeric = new Map(productIds.map((id) => [numericId(id), id]));
  return json.flatMap((b: { productId?: unknown; rating?: unknown; count?: unknown }) => {
    const id = byNumeric.get(String(b?.productId ?? ""));
    return id ? [summary(id, b.rating, b.count)] : [];
  });
}

/** Maps one request's answer into summaries. */
export function mapReviewResponse(
  provider: ReviewProvider,
  json: unknown,
  productIds: readonly string[],
): ReviewSummary[] {
  const one = (s: ReviewSummary | null) => (s ? [s] : []);
  switch (provider) {
    case "judgeme":
      return one(fromJudgeme(json as Parameters<typeof fromJudgeme>[0], productIds[0]));
    case "yotpo":
      return one(fromYotpo(json as Parameters<typeof fromYotpo>[0], productIds[0]));
    case "okendo":
      return one(fromOkendo(json as Parameters<typeof fromOkendo>[0], productIds[0]));
    case "stamped":
      return fromStamped(json, productIds);
  }
}

export interface FetchReviewsDeps {
  fetch?: typeof fetch;
  /** Waits before fetching; SPEC 9 says 1 s. Tests pass their own. */
  wait?: (ms: number) => Promise<void>;
  delayMs?: number;
}

/** Fetches ratings for the products after the delay; failed requests are left out (no stars rather than an error). */
export async function fetchReviews(
  config: ReviewConfig,
  productIds: readonly string[],
  deps: FetchReviewsDeps = {},
): Promise<ReviewSummary[]> {
  const requests = reviewRequests(config, productIds);
  if (!requests.length) return [];
  const wait = deps.wait ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  await wait(deps.delayMs ?? REVIEW_FETCH_DELAY_MS);
  const doFetch = deps.fetch ?? globalThis.fetch;
  const answers = await Promise.all(
    requests.map(async (req) => {
      try {
        const res = await doFetch(req.url, {
          ...req.init,
          headers: { Accept: "application/json", ...req.init?.headers },
          credentials: "omit",
        });
        if (!res.ok) return [];
        return mapReviewResponse(config.provider, await res.json(), req.productIds);
      } catch {
        return [];
      }
    }),
  );
  return answers.flat();
}
