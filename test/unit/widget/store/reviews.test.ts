import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  fetchReviews,
  fromJudgeme,
  fromOkendo,
  fromStamped,
  fromYotpo,
  reviewRequests,
  type ReviewConfig,
  type ReviewProvider,
} from "#widget/store/reviews";
import { storeCatalogFixture } from "#test/fixtures/store";
import { startStorefront, type RunningStorefront } from "#test/storefront/server";

describe("review request builders", () => {
  const ids = ["gid://shopify/Product/7001", "7003"];
  it("Judge.me: one preview_badge request per product, by external id", () => {
    expect(
      reviewRequests({ provider: "judgeme", shopDomain: "s.myshopify.com", publicToken: "tok" }, ids).map((r) => r.url),
    ).toEqual([
      "https://judge.me/api/v1/widgets/preview_badge?shop_domain=s.myshopify.com&api_token=tok&external_id=7001",
      "https://judge.me/api/v1/widgets/preview_badge?shop_domain=s.myshopify.com&api_token=tok&external_id=7003",
    ]);
  });
  it("Yotpo: bottomline per product", () => {
    expect(reviewRequests({ provider: "yotpo", appKey: "APP" }, ids).map((r) => r.url)).toEqual([
      "https://api-cdn.yotpo.com/products/APP/7001/bottomline",
      "https://api-cdn.yotpo.com/products/APP/7003/bottomline",
    ]);
  });
  it("Okendo: review_aggregate per product (shopify- prefixed id)", () => {
    expect(reviewRequests({ provider: "okendo", subscriberId: "sub-1" }, ["7001"])[0].url).toBe(
      "https://api.okendo.io/v1/stores/sub-1/products/shopify-7001/review_aggregate",
    );
  });
  it("Stamped: one POST for all products", () => {
    const [req, ...rest] = reviewRequests({ provider: "stamped", apiKey: "pubkey-1", storeUrl: "s.myshopify.com" }, [
      ...ids,
      "7003",
    ]);
    expect(rest).toEqual([]);
    expect(req.url).toBe("https://stamped.io/api/widget/badges?isIncludeBreakdown=false&isincludehtml=false");
    expect(req.init?.method).toBe("POST");
    expect(JSON.parse(req.init!.body)).toEqual({
      productIds: [{ productId: "7001" }, { productId: "7003" }],
      apiKey: "pubkey-1",
      storeUrl: "s.myshopify.com",
    });
    expect(req.productIds).toEqual(ids);
  });
  it("no products, no requests; baseUrl replaces the host", () => {
    expect(reviewRequests({ provider: "stamped" }, [])).toEqual([]);
    expect(
      reviewRequests({ provider: "yotpo", appKey: "A", baseUrl: "http://127.0.0.1:1/reviews/yotpo/" }, ["1"])[0].url,
    ).toBe("http://127.0.0.1:1/reviews/yotpo/products/A/1/bottomline");
  });
});

describe("review mappers → {product_id, product_score, product_total_reviews}", () => {
  it("Judge.me badge HTML", () => {
    const badge =
      "<div style='display:none' class='jdgm-prev-badge' data-average-rating='4.67' data-number-of-reviews='12' data-number-of-questions='0'></div>";
    expect(fromJudgeme({ product_external_id: 1, badge }, "p1")).toEqual({
      product_id: "p1",
      product_score: 4.67,
      product_total_reviews: 12,
    });
    expect(fromJudgeme({ badge: '<div data-average-rating="0.00" data-number-of-reviews="0"></div>' }, "p1")).toEqual({
      product_id: "p1",
      product_score: 0,
      product_total_reviews: 0,
    });
    expect(fromJudgeme({ product_external_id: 1 }, "p1")).toBeNull();
  });
  it("Yotpo bottomline", () => {
    expect(fromYotpo({ response: { bottomline: { average_score: 4.523, total_reviews: 23 } } }, "p")).toEqual({
      product_id: "p",
      product_score: 4.52,
      product_total_reviews: 23,
    });
    expect(fromYotpo({}, "p")).toBeNull();
  });
  it("Okendo aggregate", () => {
    expect(
      fromOkendo({ reviewAggregate: { reviewCount: 4, ratingAndReviewCount: 4, ratingAndReviewValuesTotal: 18 } }, "p"),
    ).toEqual({ product_id: "p", product_score: 4.5, product_total_reviews: 4 });
    expect(fromOkendo({ reviewAggregate: { reviewCount: 0, ratingAndReviewValuesTotal: 0 } }, "p")).toEqual({
      product_id: "p",
      product_score: 0,
      product_total_reviews: 0,
    });
    expect(fromOkendo(null, "p")).toBeNull();
  });
  it("Stamped badges, matched back to the caller's ids", () => {
    expect(
      fromStamped(
        [
          { productId: "7001", rating: "4.8", count: "15" },
          { productId: 9999, rating: 1, count: 1 },
        ],
        ["gid://shopify/Product/7001"],
      ),
    ).toEqual([{ product_id: "gid://shopify/Product/7001", product_score: 4.8, product_total_reviews: 15 }]);
    expect(fromStamped({ error: "x" }, ["1"])).toEqual([]);
  });
});

describe("fetchReviews against the local storefront", () => {
  let shop: RunningStorefront;
  beforeAll(async () => {
    shop = await startStorefront({
      products: storeCatalogFixture(),
      ratings: { "7001": { score: 4.5, count: 12 }, "7003": { score: 3.9, count: 4 } },
    });
  });
  afterAll(() => shop.stop());

  const configs = (): Record<ReviewProvider, ReviewConfig> => ({
    judgeme: {
      provider: "judgeme",
      shopDomain: "fixture.myshopify.com",
      publicToken: "pub",
      baseUrl: `${shop.origin}/reviews/judgeme`,
    },
    yotpo: { provider: "yotpo", appKey: "app", baseUrl: `${shop.origin}/reviews/yotpo` },
    okendo: { provider: "okendo", subscriberId: "sub", baseUrl: `${shop.origin}/reviews/okendo` },
    stamped: {
      provider: "stamped",
      apiKey: "pubkey",
      storeUrl: "fixture.myshopify.com",
      baseUrl: `${shop.origin}/reviews/stamped`,
    },
  });

  it.each(["judgeme", "yotpo", "okendo", "stamped"] as const)(
    "%s: waits 1 s, then answers each product's score and count",
    async (provider) => {
      const wait = vi.fn(async () => undefined);
      const got = await fetchReviews(configs()[provider], ["7001", "gid://shopify/Product/7003", "7005"], { wait });
      expect(wait).toHaveBeenCalledWith(1000);
      expect(got).toEqual([
        { product_id: "7001", product_score: 4.5, product_total_reviews: 12 },
        { product_id: "gid://shopify/Product/7003", product_score: 3.9, product_total_reviews: 4 },
        { product_id: "7005", product_score: 0, product_total_reviews: 0 },
      ]);
    },
  );

  it("waits before the first request (fake clock)", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout"] });
    try {
      const before = shop.state.requests.length;
      const pending = fetchReviews(configs().yotpo, ["7001"]);
      await vi.advanceTimersByTimeAsync(999);
      expect(shop.state.requests.length).toBe(before);
      await vi.advanceTimersByTimeAsync(1);
      vi.useRealTimers();
      await expect(pending).resolves.toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("leaves out products whose request failed", async () => {
    const bad = { ...configs().judgeme, publicToken: "" }; // 401
    await expect(fetchReviews(bad, ["7001"], { wait: async () => undefined })).resolves.toEqual([]);
    await expect(
      fetchReviews({ ...configs().yotpo, baseUrl: "http://127.0.0.1:1" }, ["7001"], { wait: async () => undefined }),
    ).resolves.toEqual([]);
  });
});
