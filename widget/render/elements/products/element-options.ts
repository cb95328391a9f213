/**
 * What the products element reads from its options and the page: the store
 * it adds to, its feed sources, the review provider and a follow-up's
 * discount code. Pure but for the store's choice, which reads the runtime.
 */
import type { CtaElement } from "#contract/schema/cta";
import { createAjaxCart } from "#widget/store/ajax-cart";
import { collectionFromPath } from "#widget/store/paths";
import type { ReviewConfig, ReviewProvider } from "#widget/store/reviews";
import type { FeedSource } from "#widget/store/sources";
import type { CartAdapter, ProductCatalog } from "#widget/store/types";
import type { RenderContext } from "#widget/render/context";
import { str } from "#widget/render/kit";
import { storeOf } from "#widget/render/store-outcome";

/** The store the element adds to and, when it can, reads products from. */
export type ProductStore = CartAdapter & Partial<ProductCatalog>;

/** The site's store: the runtime's adapter, else the Ajax API on a Shopify page or when the CTA names the Shopify integration. */
export function productStore(ctx: RenderContext, element: CtaElement): ProductStore | null {
  const given = storeOf(ctx.runtime.store) as ProductStore | null;
  if (given) return given;
  const named =
    str(element.options, "selected-store-integration") || str(ctx.cta.options ?? {}, "selected-store-integration");
  return named === "shopify" || named === "shopify-ajax"
    ? createAjaxCart({ root: "/", currency: ctx.config.currency ?? undefined })
    : null;
}

/** The element's feed sources (product_recommendations entries), in order. */
export function feedSources(element: CtaElement, values: Record<string, unknown>, url = location.href): FeedSource[] {
  const entries = (element.product_recommendations ?? []) as Record<string, unknown>[];
  const list = (v: unknown) =>
    Array.isArray(v) ? v.map(String) : typeof v === "string" && v ? v.split(",").map((s) => s.trim()) : [];
  const answers = () =>
    Object.values(values).flatMap((v) =>
      Array.isArray(v) ? v.map(String) : v === null || v === undefined ? [] : [String(v)],
    );
  return entries.flatMap((entry): FeedSource[] => {
    const intent = entry.intent === "complementary" ? "complementary" : "related";
    switch (entry.source ?? entry.type) {
      case "manual": {
        const handles = list(entry.handles ?? entry.handle);
        const variantIds = list(entry.variant_ids ?? entry.variantIds);
        return handles.length ? [{ type: "manual", handles, ...(variantIds.length ? { variantIds } : {}) }] : [];
      }
      case "collection": {
        const handle = String(entry.handle ?? "") || collectionFromPath(url);
        return handle ? [{ type: "collection", handle }] : [];
      }
      case "recommendations":
        return entry.product_id ? [{ type: "recommendations", productId: String(entry.product_id), intent }] : [];
      case "filter": {
        // Fixed terms (products tagged for a quiz outcome) instead of the shopper's answers.
        const terms = list(entry.terms);
        return [{ type: "filter", answers: terms.length ? terms : answers() }];
      }
      case "cart":
        return [{ type: "cart", intent }];
      default:
        return [];
    }
  });
}

/** The review provider the element names, with its keys; null without a known one. */
export function reviewConfig(options: Record<string, unknown>): ReviewConfig | null {
  const provider = str(options, "reviews-provider") as ReviewProvider;
  if (!["judgeme", "yotpo", "okendo", "stamped"].includes(provider)) return null;
  const optional = (k: string) => str(options, k) || undefined;
  return {
    provider,
    shopDomain: optional("reviews-shop-domain"),
    publicToken: optional("reviews-public-token"),
    appKey: optional("reviews-app-key"),
    subscriberId: optional("reviews-subscriber-id"),
    apiKey: optional("reviews-api-key"),
    storeUrl: optional("reviews-store-url"),
    baseUrl: optional("reviews-base-url"),
  };
}

/** The discount code a follow-up carries: the element option, else an apply_discount action. */
export function discountCode(element: CtaElement): string | null {
  const fromAction = element.actions?.find((a) => a.action_type === "apply_discount")?.data as
    | Record<string, unknown>
    | undefined;
  return str(element.options, "discount-code") || (fromAction?.code ? String(fromAction.code) : "") || null;
}
