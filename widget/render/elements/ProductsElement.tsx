/**
 * The products element (SPEC 4 Product feed, SPEC 5, SPEC 9): a feed of
 * products from the store with variant, subscription and quantity pickers,
 * prices after the CTA's discount, badges, review stars and an add-to-cart
 * button per product, plus an optional add-all button. A chunk of its own:
 * only store CTAs download it.
 */
import type { CtaElement } from "../../../app/lib/schema/cta";
import { createAjaxCart } from "../../store/ajax-cart";
import { addToCartEventData, isCartConversion } from "../../store/conversion";
import { collectionFromPath, redirectTarget, type RedirectTo } from "../../store/paths";
import {
  CART_RECOMMENDATION_FETCH_DELAY_MS,
  RELATED_CART_EMPTY_DELAY_MS,
  TAB_SWITCH_EMPTY_CHECK_MS,
} from "../../store/constants";
import { redirectAfterCart } from "../../store/redirect-flow";
import {
  addAllLines,
  formatMoney,
  pickSellingPlan,
  SOLD_OUT,
  type BadgeKind,
  type DiscountType,
} from "../../store/pricing";
import { fetchReviews, type ReviewConfig, type ReviewProvider, type ReviewSummary } from "../../store/reviews";
import { loadFeed, type FeedSource } from "../../store/sources";
import type { CartAdapter, CartLineInput, Product, ProductCatalog } from "../../store/types";
import type { ElementProps, RenderContext } from "../context";
import { debug } from "../../core/debug";
import { bool, fill, num, str, useEffect, useState, warn } from "../kit";
import { storeOf } from "../store-outcome";
import { ProductCard, initialSelection, type CardSettings, type Selection } from "./products/ProductCard";
import { AddAllButton } from "./products/AddAllButton";

type Store = CartAdapter & Partial<ProductCatalog>;

const CSS = `.bk-products{display:grid;grid-template-columns:repeat(var(--bk-per-row,3),minmax(0,1fr));gap:16px}
.bk-products-list{grid-template-columns:1fr}
.bk-products-list .bk-product{flex-direction:row;align-items:center}
.bk-products-list .bk-product-image{flex:0 0 30%}
.bk-product{display:flex;flex-direction:column;gap:8px;min-width:0}
.bk-product-hero{flex-direction:row;gap:24px}
.bk-product-hero .bk-product-image{flex:0 0 45%}
.bk-product-image{position:relative}
.bk-product-image img{display:block;width:100%;height:auto;border-radius:4px}
.bk-product-body{display:flex;flex-direction:column;gap:6px;flex:1}
.bk-product-title{margin:0;font-weight:600}
.bk-product-title a{color:inherit;text-decoration:none}
.bk-product-price{margin:0}
.bk-compare-price{margin-left:6px;opacity:.6}
.bk-badge{position:absolute;top:8px;left:8px;padding:2px 8px;border-radius:3px;background:var(--bk-primary);color:#fff;font-size:.75em;font-weight:700}
.bk-badge-sold-out{background:#333}
.bk-product-body>.bk-badge{position:static;align-self:flex-start}
.bk-product select,.bk-product input{width:100%;padding:6px;font:inherit}
.bk-stars{color:#f5a623;letter-spacing:1px}
.bk-review-count{font-size:.85em;opacity:.8}
.bk-product-button[disabled]{opacity:.6;cursor:not-allowed}
.bk-products-empty{text-align:center;opacity:.7}
.bk-product-placeholder .bk-product-image{aspect-ratio:1;background:#e5e5e5;border-radius:4px}
.bk-add-all{margin-top:16px;width:100%}
.bk-sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
@media (max-width:480px){.bk-products{grid-template-columns:1fr}.bk-product-hero{flex-direction:column}}`;

/** The site's store: the runtime's adapter, else the Ajax API on a Shopify page or when the CTA names the Shopify integration. */
export function productStore(ctx: RenderContext, element: CtaElement): Store | null {
  const given = storeOf(ctx.runtime.store) as Store | null;
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
  return entries.flatMap((e): FeedSource[] => {
    const intent = e.intent === "complementary" ? "complementary" : "related";
    switch (e.source ?? e.type) {
      case "manual": {
        const handles = list(e.handles ?? e.handle);
        const variantIds = list(e.variant_ids ?? e.variantIds);
        return handles.length ? [{ type: "manual", handles, ...(variantIds.length ? { variantIds } : {}) }] : [];
      }
      case "collection": {
        const handle = String(e.handle ?? "") || collectionFromPath(url);
        return handle ? [{ type: "collection", handle }] : [];
      }
      case "recommendations":
        return e.product_id ? [{ type: "recommendations", productId: String(e.product_id), intent }] : [];
      case "filter":
        return [{ type: "filter", answers: answers() }];
      case "cart":
        return [{ type: "cart", intent }];
      default:
        return [];
    }
  });
}

function reviewConfig(o: Record<string, unknown>): ReviewConfig | null {
  const provider = str(o, "reviews-provider") as ReviewProvider;
  if (!["judgeme", "yotpo", "okendo", "stamped"].includes(provider)) return null;
  const s = (k: string) => str(o, k) || undefined;
  return {
    provider,
    shopDomain: s("reviews-shop-domain"),
    publicToken: s("reviews-public-token"),
    appKey: s("reviews-app-key"),
    subscriberId: s("reviews-subscriber-id"),
    apiKey: s("reviews-api-key"),
    storeUrl: s("reviews-store-url"),
    baseUrl: s("reviews-base-url"),
  };
}

/** The discount code a follow-up carries: the element option, else an apply_discount action. */
function discountCode(element: CtaElement): string | null {
  const fromAction = element.actions?.find((a) => a.action_type === "apply_discount")?.data as
    | Record<string, unknown>
    | undefined;
  return str(element.options, "discount-code") || (fromAction?.code ? String(fromAction.code) : "") || null;
}

const CART_EVENTS = ["cfAddToCart", "cfAddToCartShopify", "cart:updated"];

/** SPEC 9: a collection's empty message waits 3 s (the collection may still be filling on the theme side). */
export const COLLECTION_EMPTY_DELAY_MS = 3000;

/** Keeps what the shopper chose on products still in a reloaded feed. */
const keepSelections = (found: Product[], before: Product[] | null, chosen: Selection[]) =>
  found.map((p) => {
    const i = before?.findIndex((b) => b.id === p.id) ?? -1;
    return i >= 0 && chosen[i] ? chosen[i] : initialSelection(p);
  });

/** The products element; `hero` shows one product large (the product hero element). */
export default function ProductsElement({ element, ctx, hero = false }: ElementProps & { hero?: boolean }) {
  const o = element.options;
  const [store] = useState(() => productStore(ctx, element));
  const [products, setProducts] = useState<Product[] | null>(null);
  const [selections, setSelections] = useState<Selection[]>([]);
  const [reviews, setReviews] = useState<Record<string, ReviewSummary>>({});
  const [showEmpty, setShowEmpty] = useState(false);
  // SPEC 4: in the editor's (non-live) preview the feed shows placeholders and fetches nothing.
  const editing = ctx.mode === "preview";
  const limit = hero ? 1 : num(o, "products-limit", 3);
  const list = str(o, "products-layout") === "list";
  const perRow = list || hero ? 1 : num(o, "products-per-row", 3);
  const sources = feedSources(element, ctx.values);
  const reloadOnAnswer = sources.some((s) => s.type === "filter");
  const reloadOnCart = sources.some((s) => s.type === "cart");

  useEffect(() => {
    if (editing) return;
    let live = true;
    let emptyTimer: ReturnType<typeof setTimeout> | undefined;
    let shown: Product[] | null = null;
    // settled: the tab-switch check already waited, so its empty message shows at once.
    const load = async (settled = false) => {
      if (!store?.product) {
        warn("No store for a products element");
        return live && setProducts([]);
      }
      const catalog = store as Store & ProductCatalog;
      const found: Product[] = [];
      for (const source of feedSources(element, ctx.values)) {
        const r = await loadFeed(catalog, source, {
          limit: limit - found.length,
          showUnavailable: bool(o, "show-unavailable-products"),
          cart: store,
        });
        if (r.ok) found.push(...r.value.filter((p) => !found.some((f) => f.handle === p.handle && !p.is_variant)));
        else warn("Product feed failed", r.error.message);
        if (found.length >= limit) break;
      }
      if (!live) return;
      clearTimeout(emptyTimer);
      const before = shown;
      shown = found;
      setSelections((chosen) => keepSelections(found, before, chosen));
      setProducts(found);
      if (found.length) setShowEmpty(false);
      else {
        // A collection or the cart may still be filling: their empty message waits (SPEC 9).
        const wait = sources.some((s) => s.type === "collection")
          ? COLLECTION_EMPTY_DELAY_MS
          : reloadOnCart && !settled
            ? RELATED_CART_EMPTY_DELAY_MS
            : 0;
        if (wait) emptyTimer = setTimeout(() => live && setShowEmpty(true), wait);
        else setShowEmpty(true);
      }
      const rc = reviewConfig(o);
      if (rc && found.length)
        void fetchReviews(
          rc,
          found.map((p) => p.id),
        ).then((all) => live && setReviews(Object.fromEntries(all.map((s) => [s.product_id, s]))));
    };
    void load();
    const names = [...(reloadOnCart ? CART_EVENTS : []), ...(reloadOnAnswer ? ["cfAnswer"] : [])];
    let cartTimer: ReturnType<typeof setTimeout> | undefined;
    // A cart change reloads once the cart settled (SPEC 9: 500 ms); an answer reloads at once.
    const reload = (e: Event) => {
      clearTimeout(cartTimer);
      if (e.type === "cfAnswer") void load();
      else cartTimer = setTimeout(() => void load(), CART_RECOMMENDATION_FETCH_DELAY_MS);
    };
    names.forEach((n) => document.addEventListener(n, reload));
    // The shopper may empty the cart in another browser tab, which sends this page no cart event: coming
    // back, the cart feed checks the cart again after 250 ms (SPEC 9).
    let tabTimer: ReturnType<typeof setTimeout> | undefined;
    const back = () => {
      clearTimeout(tabTimer);
      if (document.visibilityState === "visible")
        tabTimer = setTimeout(() => void load(true), TAB_SWITCH_EMPTY_CHECK_MS);
    };
    if (reloadOnCart) document.addEventListener("visibilitychange", back);
    return () => {
      live = false;
      clearTimeout(emptyTimer);
      clearTimeout(cartTimer);
      clearTimeout(tabTimer);
      document.removeEventListener("visibilitychange", back);
      names.forEach((n) => document.removeEventListener(n, reload));
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- mount-only: the feed's sources and options are the mounted CTA's document, which never changes; answers and cart changes reload through the events above
  }, []);

  if (editing)
    return (
      <Placeholders
        count={Math.max(1, limit)}
        list={list}
        perRow={perRow}
        hero={hero}
        ctx={ctx}
        buttonText={str(o, "products-button-text")}
      />
    );
  if (products === null) return null; // SPEC 4: hidden until loaded.

  const settings: CardSettings = {
    buttonText: str(o, "products-button-text"),
    viewCartText: str(o, "products-view-cart-text") || ctx.labels.viewCart,
    mode: str(o, "products-button-mode") === "go-to-product" ? "go-to-product" : "add-to-cart",
    soldOutText: str(o, "products-sold-out-text"),
    badge: (str(o, "products-badge") || null) as BadgeKind | null,
    badgeText: str(o, "products-badge-text"),
    soldOutBadgeText: str(o, "products-sold-out-badge-text"),
    discount: {
      type: (str(o, "products-discount-type") || null) as DiscountType | null,
      value: o["products-discount-value"] === undefined ? null : Number(o["products-discount-value"]),
    },
    currencyCharacter: ctx.config.currency_character,
    quantity: bool(o, "products-quantity"),
    subscriptions: bool(o, "products-subscriptions", true),
    oneTimeText: str(o, "products-subscription-text"),
    reviewLabel: str(o, "reviews-label"),
    description: hero || bool(o, "products-description"),
    labels: ctx.labels,
  };

  const ids = ctx.ids(element);
  const trackMode = str(o, "track-conversion-when") || str(ctx.variant.options ?? {}, "track-conversion-when");
  const code = discountCode(element);
  const root = store ? store.cartUrl().replace(/cart\/?$/, "") || "/" : "/";
  // The SPEC 9 redirect flow: a short wait for the cart (up to 5 s while any write of the adapter, this
  // CTA's or another's, is still in flight), then go; a failed flow still fetches the URL.
  const go = (url: string) => void redirectAfterCart(url, { busy: () => !!store?.busy?.() });

  const added = (lines: { product: Product; line: CartLineInput }[], cart: unknown) => {
    for (const { product, line } of lines) {
      const variant = product.variants.find((v) => v.id === line.variantId);
      const data = addToCartEventData(product, variant);
      ctx.runtime.track("Add To Cart", ids, {
        ...data,
        quantity: line.quantity,
        selling_plan: line.sellingPlanId ?? null,
      });
      const detail = { ...ids, ...data, quantity: line.quantity, selling_plan: line.sellingPlanId ?? null, cart };
      ctx.runtime.dispatch("cfAddToCart", detail);
      if (store?.integration === "shopify") ctx.runtime.dispatch("cfAddToCartShopify", detail);
    }
    if (isCartConversion(trackMode, "added-to-cart")) ctx.complete(element, "Complete", { confirm: false });
  };

  // show: the shopper stays on the page, so the theme's own cart (drawer, header count) shows the add; a
  // theme whose cart nothing refreshed reloads the page, after the same short wait as a redirect (the add is
  // tracked by then, and the event queue goes out with the page).
  const addLines = async (items: { product: Product; line: CartLineInput }[], show: boolean): Promise<boolean> => {
    if (!store || !items.length) return false;
    const r = await store.addLines(
      items.map((i) => i.line),
      { show },
    );
    if (!r.ok) {
      warn("Add to cart failed", r.error.message);
      return false;
    }
    added(items, r.value.cart);
    if (r.value.reload)
      void redirectAfterCart(location.href, { busy: () => !!store.busy?.(), go: () => location.reload() });
    return true;
  };

  const lineOf = (p: Product, s: Selection): CartLineInput => ({
    variantId: s.variantId,
    quantity: s.quantity,
    sellingPlanId: pickSellingPlan(p, s.planId || null),
  });

  const afterAdd = () => str(o, "products-button-action-after-add-to-cart") || "cart";
  const followUp = async (product: Product) => {
    const action = afterAdd();
    if (isCartConversion(trackMode, "clicked-through-to-cart") && (action === "cart" || action === "checkout"))
      ctx.complete(element, "Complete", { confirm: false });
    if (action === "step") return void ctx.goToStep(num(o, "products-button-redirect-step", ctx.stepIndex + 1));
    if (action === "cta") {
      const id = num(o, "products-button-cta", 0);
      const beckon = (window as unknown as { beckon?: { load?(id: number): void } }).beckon;
      return void (id && (ctx.runtime.showCta ? ctx.runtime.showCta(id) : beckon?.load?.(id)));
    }
    const custom = action === "redirect" ? str(o, "products-button-redirect-url") : "";
    if (store?.integration === "storefront") {
      if (code) await store.applyDiscount(code);
      if (action === "checkout") {
        const url = await store.checkoutUrl();
        return go(url.ok ? url.value : store.cartUrl());
      }
      return go(custom || (action === "redirect" ? product.redirect_url : store.cartUrl()));
    }
    const to: RedirectTo = action === "checkout" ? "checkout" : action === "redirect" ? "product" : "cart";
    if (custom)
      return go(
        code
          ? redirectTarget(root, "cart", { discountCode: code }).replace(
              /redirect=.*$/,
              "redirect=" + encodeURIComponent(custom),
            )
          : custom,
      );
    go(redirectTarget(root, to, { handle: product.handle, discountCode: code }));
  };

  const visible = products.slice(0, limit);
  const select = (i: number, s: Selection) => setSelections((all) => all.map((x, j) => (j === i ? s : x)));
  const style = { "--bk-per-row": String(Math.max(1, perRow)) } as Record<string, string>;

  return (
    <div className="bk-el bk-products-element">
      <style>{CSS}</style>
      {visible.length === 0 ? (
        showEmpty && (
          <p className="bk-products-empty">{ctx.merge(str(o, "products-empty-message") || ctx.labels.noProducts)}</p>
        )
      ) : (
        <div className={"bk-products" + (list ? " bk-products-list" : "")} style={style}>
          {visible.map((p, i) => (
            <ProductCard
              key={p.id + ":" + i}
              product={p}
              hero={hero}
              selection={selections[i] ?? initialSelection(p)}
              settings={settings}
              review={reviews[p.id]}
              onSelect={(s) => select(i, s)}
              add={() => addLines([{ product: p, line: lineOf(p, selections[i] ?? initialSelection(p)) }], true)}
              followUp={() => void followUp(p)}
              openProduct={() =>
                isCartConversion(trackMode, "link-clicked") && ctx.complete(element, "Complete", { confirm: false })
              }
            />
          ))}
        </div>
      )}
      {visible.length > 0 && bool(o, "products-add-all") && (
        <AddAllButton
          text={str(o, "products-add-all-text") || ctx.labels.addAll}
          add={async () => {
            // A chosen option combination without a variant is sold out, not "the default variant".
            const chosen = visible.map((product, i) => ({ product, s: selections[i] ?? initialSelection(product) }));
            chosen
              .filter((c) => c.product.variants.length && !c.s.variantId)
              .forEach((c) => debug(`${c.product.title} not added: sold out`));
            const { lines, skipped } = addAllLines(
              chosen
                .filter((c) => !c.product.variants.length || c.s.variantId)
                .map(({ product, s }) => ({
                  product,
                  variantId: s.variantId,
                  quantity: s.quantity,
                  sellingPlanId: s.planId || null,
                })),
            );
            // A sold-out product is the shopper's luck; a required plan with no plans is the owner's product setup to fix.
            skipped.forEach((s) => (s.reason == SOLD_OUT ? debug : warn)(`${s.product.title} not added: ${s.reason}`));
            const items = lines.map((line) => ({
              product: visible.find((p) => p.variants.some((v) => v.id === line.variantId))!,
              line,
            }));
            // The follow-up leaves the page unless it goes to a step or another CTA.
            const ok = await addLines(items, ["step", "cta"].includes(afterAdd()));
            if (ok) await followUp(visible[0]);
            return ok;
          }}
        />
      )}
    </div>
  );
}

/** Stand-in cards for the editor's preview (SPEC 4 "In editing mode, placeholders are shown"). */
function Placeholders(props: {
  count: number;
  list: boolean;
  perRow: number;
  hero: boolean;
  ctx: RenderContext;
  buttonText: string;
}) {
  const style = { "--bk-per-row": String(Math.max(1, props.perRow)) } as Record<string, string>;
  return (
    <div className="bk-el bk-products-element bk-products-placeholders">
      <style>{CSS}</style>
      <div className={"bk-products" + (props.list ? " bk-products-list" : "")} style={style}>
        {Array.from({ length: props.count }, (_, i) => (
          <div
            key={i}
            className={"bk-product bk-product-placeholder" + (props.hero ? " bk-product-hero" : "")}
            aria-hidden="true"
          >
            <div className="bk-product-image" />
            <div className="bk-product-body">
              <p className="bk-product-title">{fill(props.ctx.labels.productN, { n: i + 1 })}</p>
              <p className="bk-product-price">
                <span className="bk-price">{formatMoney(2000, props.ctx.config.currency_character)}</span>
              </p>
              <button type="button" className="bk-button bk-product-button" disabled>
                {props.buttonText || props.ctx.labels.addToCart}
              </button>
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
