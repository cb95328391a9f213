/**
 * The products element (SPEC 4 Product feed, SPEC 5, SPEC 9): a feed of
 * products from the store with variant, subscription and quantity pickers,
 * prices after the CTA's discount, badges, review stars and an add-to-cart
 * button per product, plus an optional add-all button. A chunk of its own:
 * only store CTAs download it.
 */
import { addToCartEventData, isCartConversion } from "#widget/store/conversion";
import { redirectTarget, type RedirectTo } from "#widget/store/paths";
import {
  CART_RECOMMENDATION_FETCH_DELAY_MS,
  RELATED_CART_EMPTY_DELAY_MS,
  TAB_SWITCH_EMPTY_CHECK_MS,
} from "#widget/store/constants";
import { redirectAfterCart } from "#widget/store/redirect-flow";
import {
  addAllLines,
  formatMoney,
  pickSellingPlan,
  SOLD_OUT,
  type BadgeKind,
  type DiscountType,
} from "#widget/store/pricing";
import { fetchReviews, type ReviewSummary } from "#widget/store/reviews";
import { loadFeed } from "#widget/store/sources";
import type { CartLineInput, Product, ProductCatalog } from "#widget/store/types";
import type { ElementProps, RenderContext } from "#widget/render/context";
import { debug } from "#widget/core/debug";
import { bool, fill, num, str, useEffect, useState, warn } from "#widget/render/kit";
import { ProductCard, initialSelection, type CardSettings, type Selection } from "./products/ProductCard";
import { AddAllButton } from "./products/AddAllButton";
import type { AddAnswer } from "./products/AddToCartButton";
import { cartRefusalText, NOT_ADDED } from "#widget/store/cart-refusal";
import { discountCode, feedSources, productStore, reviewConfig, type ProductStore } from "./products/element-options";
import { PRODUCTS_CSS } from "./products/products-css";

export { feedSources, productStore } from "./products/element-options";

const CART_EVENTS = ["cfAddToCart", "cfAddToCartShopify", "cart:updated"];

/** SPEC 9: a collection's empty message waits 3 s (the collection may still be filling on the theme side). */
export const COLLECTION_EMPTY_DELAY_MS = 3000;

/** Keeps what the shopper chose on products still in a reloaded feed. */
const keepSelections = (found: Product[], before: Product[] | null, chosen: Selection[]) =>
  found.map((p) => {
    const index = before?.findIndex((b) => b.id === p.id) ?? -1;
    return index >= 0 && chosen[index] ? chosen[index] : initialSelection(p);
  });

/** The products element; `hero` shows one product large (the product hero element). */
export default function ProductsElement({ element, ctx, hero = false }: ElementProps & { hero?: boolean }) {
  const options = element.options;
  const [store] = useState(() => productStore(ctx, element));
  const [products, setProducts] = useState<Product[] | null>(null);
  const [selections, setSelections] = useState<Selection[]>([]);
  const [reviews, setReviews] = useState<Record<string, ReviewSummary>>({});
  const [showEmpty, setShowEmpty] = useState(false);
  // SPEC 4: in the editor's (non-live) preview the feed shows placeholders and fetches nothing.
  const editing = ctx.mode === "preview";
  const limit = hero ? 1 : num(options, "products-limit", 3);
  const list = str(options, "products-layout") === "list";
  const perRow = list || hero ? 1 : num(options, "products-per-row", 3);
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
      const catalog = store as ProductStore & ProductCatalog;
      const found: Product[] = [];
      for (const source of feedSources(element, ctx.values)) {
        const feed = await loadFeed(catalog, source, {
          limit: limit - found.length,
          showUnavailable: bool(options, "show-unavailable-products"),
          cart: store,
        });
        if (feed.ok)
          found.push(...feed.value.filter((p) => !found.some((f) => f.handle === p.handle && !p.is_variant)));
        else warn("Product feed failed", feed.error.message);
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
      const rc = reviewConfig(options);
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
        buttonText={str(options, "products-button-text")}
      />
    );
  if (products === null) return null; // SPEC 4: hidden until loaded.

  const settings: CardSettings = {
    buttonText: str(options, "products-button-text"),
    viewCartText: str(options, "products-view-cart-text") || ctx.labels.viewCart,
    mode: str(options, "products-button-mode") === "go-to-product" ? "go-to-product" : "add-to-cart",
    soldOutText: str(options, "products-sold-out-text"),
    badge: (str(options, "products-badge") || null) as BadgeKind | null,
    badgeText: str(options, "products-badge-text"),
    soldOutBadgeText: str(options, "products-sold-out-badge-text"),
    discount: {
      type: (str(options, "products-discount-type") || null) as DiscountType | null,
      value: options["products-discount-value"] === undefined ? null : Number(options["products-discount-value"]),
    },
    currencyCharacter: ctx.config.currency_character,
    quantity: bool(options, "products-quantity"),
    subscriptions: bool(options, "products-subscriptions", true),
    oneTimeText: str(options, "products-subscription-text"),
    reviewLabel: str(options, "reviews-label"),
    description: hero || bool(options, "products-description"),
    labels: ctx.labels,
  };

  const ids = ctx.ids(element);
  const trackMode = str(options, "track-conversion-when") || str(ctx.variant.options ?? {}, "track-conversion-when");
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
  // A refused add tells the shopper why in Beckon's words (cart-refusal.ts); the store's own message goes to the console.
  const addLines = async (items: { product: Product; line: CartLineInput }[], show: boolean): Promise<AddAnswer> => {
    if (!store || !items.length)
      return { added: false, refusal: cartRefusalText(store ? { code: NOT_ADDED } : null, ctx.labels) };
    const result = await store.addLines(
      items.map((i) => i.line),
      { show },
    );
    if (!result.ok) {
      warn("Add to cart failed", result.error.message);
      return { added: false, refusal: cartRefusalText(result.error, ctx.labels) };
    }
    added(items, result.value.cart);
    if (result.value.reload)
      void redirectAfterCart(location.href, { busy: () => !!store.busy?.(), go: () => location.reload() });
    return { added: true };
  };

  const lineOf = (product: Product, selection: Selection): CartLineInput => ({
    variantId: selection.variantId,
    quantity: selection.quantity,
    sellingPlanId: pickSellingPlan(product, selection.planId || null),
  });

  const afterAdd = () => str(options, "products-button-action-after-add-to-cart") || "cart";
  const followUp = async (product: Product) => {
    const action = afterAdd();
    if (isCartConversion(trackMode, "clicked-through-to-cart") && (action === "cart" || action === "checkout"))
      ctx.complete(element, "Complete", { confirm: false });
    if (action === "step") return void ctx.goToStep(num(options, "products-button-redirect-step", ctx.stepIndex + 1));
    if (action === "cta") {
      const id = num(options, "products-button-cta", 0);
      const beckon = (window as unknown as { beckon?: { load?(id: number): void } }).beckon;
      return void (id && (ctx.runtime.showCta ? ctx.runtime.showCta(id) : beckon?.load?.(id)));
    }
    const custom = action === "redirect" ? str(options, "products-button-redirect-url") : "";
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
      <style>{PRODUCTS_CSS}</style>
      {visible.length === 0 ? (
        showEmpty && (
          <p className="bk-products-empty">
            {ctx.merge(str(options, "products-empty-message") || ctx.labels.noProducts)}
          </p>
        )
      ) : (
        <div className={"bk-products" + (list ? " bk-products-list" : "")} style={style}>
          {visible.map((product, index) => (
            <ProductCard
              key={product.id + ":" + index}
              product={product}
              hero={hero}
              selection={selections[index] ?? initialSelection(product)}
              settings={settings}
              review={reviews[product.id]}
              onSelect={(s) => select(index, s)}
              add={() =>
                addLines([{ product, line: lineOf(product, selections[index] ?? initialSelection(product)) }], true)
              }
              followUp={() => void followUp(product)}
              openProduct={() =>
                isCartConversion(trackMode, "link-clicked") && ctx.complete(element, "Complete", { confirm: false })
              }
            />
          ))}
        </div>
      )}
      {visible.length > 0 && bool(options, "products-add-all") && (
        <AddAllButton
          text={str(options, "products-add-all-text") || ctx.labels.addAll}
          add={async () => {
            // A chosen option combination without a variant is sold out, not "the default variant".
            const chosen = visible.map((product, i) => ({ product, s: selections[i] ?? initialSelection(product) }));
            chosen
              .filter((c) => c.product.variants.length && !c.s.variantId)
              .forEach((c) => debug(`${c.product.title} not added: sold out`));
            const { lines, skipped } = addAllLines(
              chosen
                .filter((c) => !c.product.variants.length || c.s.variantId)
                .map(({ product, s: selection }) => ({
                  product,
                  variantId: selection.variantId,
                  quantity: selection.quantity,
                  sellingPlanId: selection.planId || null,
                })),
            );
            // A sold-out product is the shopper's luck; a required plan with no plans is the owner's product setup to fix.
            skipped.forEach((s) => (s.reason == SOLD_OUT ? debug : warn)(`${s.product.title} not added: ${s.reason}`));
            const items = lines.map((line) => ({
              product: visible.find((p) => p.variants.some((v) => v.id === line.variantId))!,
              line,
            }));
            // The follow-up leaves the page unless it goes to a step or another CTA.
            const answer = await addLines(items, ["step", "cta"].includes(afterAdd()));
            if (answer.added) await followUp(visible[0]);
            return answer;
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
      <style>{PRODUCTS_CSS}</style>
      <div className={"bk-products" + (props.list ? " bk-products-list" : "")} style={style}>
        {Array.from({ length: props.count }, (_, index) => (
          <div
            key={index}
            className={"bk-product bk-product-placeholder" + (props.hero ? " bk-product-hero" : "")}
            aria-hidden="true"
          >
            <div className="bk-product-image" />
            <div className="bk-product-body">
              <p className="bk-product-title">{fill(props.ctx.labels.productN, { n: index + 1 })}</p>
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
