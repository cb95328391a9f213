import type { WidgetTexts } from "#contract/i18n/en";
import {
  formatMoney,
  priceVariant,
  productButtonText,
  sellingPlanPrice,
  type BadgeKind,
  type DiscountSettings,
} from "#widget/store/pricing";
import type { ReviewSummary } from "#widget/store/reviews";
import type { Product, SellingPlan } from "#widget/store/types";
import { safeHref } from "#widget/render/sanitize";
import { AddToCartButton, type AddAnswer } from "./AddToCartButton";
import { Badge } from "./Badge";
import { QuantityPicker } from "./QuantityPicker";
import { ReviewStars } from "./ReviewStars";
import { SubscriptionPicker } from "./SubscriptionPicker";
import { VariantPicker, optionValuesOf } from "./VariantPicker";

/** What the shopper chose on a card. */
export interface Selection {
  /** "" when the chosen option values match no variant of the store (shown as Sold Out). */
  variantId: string;
  /** The chosen value of each product option, in the product's option order. */
  options: string[];
  quantity: number;
  /** "" for the one-time purchase. */
  planId: string;
}

/** How every card of a feed looks and behaves (from the element's options). */
export interface CardSettings {
  buttonText: string;
  viewCartText: string;
  mode: "add-to-cart" | "go-to-product";
  soldOutText: string;
  badge: BadgeKind | null;
  badgeText: string;
  soldOutBadgeText: string;
  discount: DiscountSettings;
  currencyCharacter: string | null;
  quantity: boolean;
  subscriptions: boolean;
  oneTimeText: string;
  reviewLabel: string;
  description: boolean;
  /** Beckon's own texts (the CTA's language). */
  labels: WidgetTexts;
}

/** The first available variant, else the first. */
export const defaultVariant = (p: Product) => p.variants.find((v) => v.available) ?? p.variants[0];

/** A fresh selection for a product. */
export const initialSelection = (product: Product): Selection => ({
  variantId: defaultVariant(product)?.id ?? "",
  options: optionValuesOf(product, defaultVariant(product)),
  quantity: 1,
  planId: product.requires_selling_plan ? (product.subscriptions[0]?.sellingPlans[0]?.id ?? "") : "",
});

const planOf = (p: Product, id: string): SellingPlan | undefined =>
  id ? p.subscriptions.flatMap((s) => s.sellingPlans).find((s) => s.id === id) : undefined;

/** One product of a feed: image, title, reviews, badge, price, pickers and its button. */
export function ProductCard(props: {
  product: Product;
  selection: Selection;
  settings: CardSettings;
  review: ReviewSummary | undefined;
  hero?: boolean;
  onSelect(s: Selection): void;
  add(): Promise<AddAnswer>;
  followUp(): void;
  openProduct(): void;
}) {
  const { product, selection: sel, settings } = props;
  // An option combination the store has no variant for is not a fallback to another variant: it is sold out.
  const variant = product.variants.length ? product.variants.find((v) => v.id === sel.variantId) : undefined;
  const available = product.variants.length ? !!variant?.available : product.available;
  const base = { ...(variant ?? { price: product.price, compare_at_price: product.compare_at_price }), available };
  const planPrice = sellingPlanPrice(base.price, planOf(product, sel.planId));
  const priced = priceVariant(
    { price: planPrice, compare_at_price: planPrice < base.price ? base.price : base.compare_at_price },
    settings.discount,
  );
  const soldOut = !base.available;
  const image = (variant?.image ?? product.image) || null;
  const href = safeHref(product.redirect_url);
  return (
    <div
      className={"bk-product" + (props.hero ? " bk-product-hero" : "") + (soldOut ? " bk-sold-out" : "")}
      data-product-handle={product.handle}
    >
      {image && (
        <div className="bk-product-image">
          <img src={image} alt={product.title} loading="lazy" />
          <Badge
            kind={settings.badge}
            soldOut={soldOut}
            text={settings.badgeText}
            soldOutText={settings.soldOutBadgeText}
            variant={base}
            discount={settings.discount}
            currencyCharacter={settings.currencyCharacter}
            t={settings.labels}
          />
        </div>
      )}
      {!image && (
        <Badge
          kind={settings.badge}
          soldOut={soldOut}
          text={settings.badgeText}
          soldOutText={settings.soldOutBadgeText}
          variant={base}
          discount={settings.discount}
          currencyCharacter={settings.currencyCharacter}
          t={settings.labels}
        />
      )}
      <div className="bk-product-body">
        <p className="bk-product-title">
          {href ? (
            <a href={href} onClick={() => props.openProduct()}>
              {product.is_variant && variant ? variant.name : product.title}
            </a>
          ) : (
            product.title
          )}
        </p>
        <ReviewStars summary={props.review} label={settings.reviewLabel} t={settings.labels} />
        <p className="bk-product-price">
          <span className="bk-price">{formatMoney(priced.price, settings.currencyCharacter)}</span>
          {priced.compare_at_price !== null && (
            <s className="bk-compare-price">{formatMoney(priced.compare_at_price, settings.currencyCharacter)}</s>
          )}
        </p>
        {settings.description && product.description && props.hero && (
          <div className="bk-product-description">{product.description.replace(/<[^>]*>/g, "")}</div>
        )}
        <VariantPicker
          product={product}
          variantId={sel.variantId}
          values={sel.options}
          label={settings.labels.variant}
          onChange={(variantId, options) => props.onSelect({ ...sel, variantId, options })}
        />
        {settings.subscriptions && (
          <SubscriptionPicker
            product={product}
            value={sel.planId}
            oneTimeText={settings.oneTimeText}
            t={settings.labels}
            onChange={(planId) => props.onSelect({ ...sel, planId })}
          />
        )}
        {settings.quantity && settings.mode === "add-to-cart" && (
          <QuantityPicker
            value={sel.quantity}
            label={settings.labels.quantity}
            onChange={(quantity) => props.onSelect({ ...sel, quantity })}
          />
        )}
        {settings.mode === "go-to-product" ? (
          <a className="bk-button bk-product-button" href={href ?? "#"} onClick={() => props.openProduct()}>
            {productButtonText({ mode: settings.mode, text: settings.buttonText }, settings.labels)}
          </a>
        ) : (
          <AddToCartButton
            key={base.available ? "on" : "off"}
            text={productButtonText(
              {
                mode: settings.mode,
                text: settings.buttonText,
                available: !soldOut,
                soldOutText: settings.soldOutText,
              },
              settings.labels,
            )}
            viewCartText={settings.viewCartText}
            disabled={soldOut}
            add={props.add}
            followUp={props.followUp}
          />
        )}
      </div>
    </div>
  );
}
