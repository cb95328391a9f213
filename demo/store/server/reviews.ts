/**
 * The review providers' public endpoints, as the local storefront answers them
 * (under /reviews/{provider}/…; the widget's baseUrl points there in tests):
 * - Judge.me  GET  /reviews/judgeme/api/v1/widgets/preview_badge?shop_domain&api_token&external_id
 * - Yotpo     GET  /reviews/yotpo/products/{app_key}/{product_id}/bottomline
 * - Okendo    GET  /reviews/okendo/v1/stores/{subscriber_id}/products/shopify-{product_id}/review_aggregate
 * - Stamped   POST /reviews/stamped/api/widget/badges  {productIds: [{productId}], apiKey, storeUrl}
 */
import type { CatalogProduct } from "./catalog";

export interface Rating {
  score: number;
  count: number;
}

const SCORES = [4.8, 4.5, 4.2, 3.9, 4.6, 5, 4.1];

/** Stable made-up ratings per product id (catalogue order decides), unless the caller gave its own. */
export function defaultRatings(products: CatalogProduct[]): Record<string, Rating> {
  return Object.fromEntries(
    products.map((p, i) => [String(p.id), { score: SCORES[i % SCORES.length], count: 3 + 11 * i }]),
  );
}

export type ReviewAnswer = { status: number; body: unknown };

/** Answers a review-provider request, or null when the path is not one. */
export function answerReviews(
  method: string,
  url: URL,
  body: unknown,
  ratings: Record<string, Rating>,
): ReviewAnswer | null {
  const pathname = url.pathname;
  const rating = (id: string): Rating => ratings[id] ?? { score: 0, count: 0 };

  if (method === "GET" && pathname === "/reviews/judgeme/api/v1/widgets/preview_badge") {
    const id = url.searchParams.get("external_id") ?? "";
    if (!url.searchParams.get("api_token") || !url.searchParams.get("shop_domain"))
      return { status: 401, body: { error: "Unauthorized" } };
    const productRating = rating(id);
    const badge =
      `<div style='display:none' class='jdgm-prev-badge' data-average-rating='${productRating.score.toFixed(2)}' data-number-of-reviews='${productRating.count}' data-number-of-questions='0'>` +
      `<span class='jdgm-prev-badge__stars' data-score='${productRating.score.toFixed(2)}' tabindex='0' aria-label='${productRating.score.toFixed(2)} stars' role='button'></span>` +
      `<span class='jdgm-prev-badge__text'> ${productRating.count} reviews </span></div>`;
    return { status: 200, body: { product_external_id: Number(id), badge } };
  }

  let match = /^\/reviews\/yotpo\/products\/([^/]+)\/([^/]+)\/bottomline$/.exec(pathname);
  if (method === "GET" && match) {
    const productRating = rating(decodeURIComponent(match[2]));
    return {
      status: 200,
      body: {
        status: { code: 200, message: "OK" },
        response: { bottomline: { average_score: productRating.score, total_reviews: productRating.count } },
      },
    };
  }

  match = /^\/reviews\/okendo\/v1\/stores\/([^/]+)\/products\/shopify-([^/]+)\/review_aggregate$/.exec(pathname);
  if (method === "GET" && match) {
    const productRating = rating(decodeURIComponent(match[2]));
    return {
      status: 200,
      body: {
        reviewAggregate: {
          ratingAndReviewCount: productRating.count,
          ratingAndReviewValuesTotal: Math.round(productRating.score * productRating.count * 100) / 100,
          reviewCount: productRating.count,
        },
      },
    };
  }

  if (method === "POST" && pathname === "/reviews/stamped/api/widget/badges") {
    const req = (body ?? {}) as { productIds?: { productId?: string | number }[]; apiKey?: string };
    if (!req.apiKey) return { status: 401, body: { error: "apiKey required" } };
    return {
      status: 200,
      body: (req.productIds ?? []).map(({ productId }) => {
        const productRating = rating(String(productId));
        return {
          productId: String(productId),
          rating: productRating.score,
          count: productRating.count,
          countQuestions: 0,
          badge: "",
        };
      }),
    };
  }
  return null;
}
