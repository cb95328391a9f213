/**
 * Pure pricing and labels of SPEC 5 and 9: variant discounts (amount,
 * percentage, detect), badges, money in the website's currency character,
 * button and subscription texts, add-all lines and quantities.
 */
import type { WidgetTexts } from "#contract/i18n/en";
import { DEFAULT_CURRENCY_CHARACTER, DEFAULT_DISCOUNT_AMOUNT, DEFAULT_DISCOUNT_PERCENTAGE } from "./constants";
import type { CartLineInput, Product, SellingPlan } from "./types";

export type DiscountType = "amount" | "percentage" | "detect";

/** A CTA's variant-pricing settings; value is currency units for amount, percent for percentage. */
export interface DiscountSettings {
  type?: DiscountType | null;
  value?: number | null;
}

export interface PricedVariant {
  /** What the shopper pays, cents, never below zero. */
  price: number;
  /** The struck-through price, cents, or null when nothing is off. */
  compare_at_price: number | null;
  /** Cents off (compare_at_price - price), 0 when nothing is off. */
  savings: number;
}

const num = (v: number | null | undefined, fallback: number) =>
  typeof v === "number" && Number.isFinite(v) ? v : fallback;

/**
 * SPEC 5 variant pricing: amount takes a sum off (default 10), percentage a
 * share (default 10), detect uses the store's compare-at price. A price below
 * zero becomes zero. Without a discount type the store's prices stand.
 */
export function priceVariant(
  variant: { price: number; compare_at_price: number | null },
  discount: DiscountSettings = {},
): PricedVariant {
  const base = Math.max(0, variant.price);
  let price = base;
  let compare: number | null = null;
  if (discount.type === "amount") {
    price = Math.round(base - num(discount.value, DEFAULT_DISCOUNT_AMOUNT) * 100);
    compare = base;
  } else if (discount.type === "percentage") {
    price = Math.round(base * (1 - num(discount.value, DEFAULT_DISCOUNT_PERCENTAGE) / 100));
    compare = base;
  } else if (variant.compare_at_price !== null && variant.compare_at_price > base) {
    // detect, and plain store pricing, show the store's compare-at price.
    compare = variant.compare_at_price;
  }
  price = Math.max(0, price);
  if (compare !== null && compare <= price) compare = null;
  return { price, compare_at_price: compare, savings: compare === null ? 0 : compare - price };
}

/** A selling plan's price for a variant price (cents): percentage off, fixed amount off, or a fixed price. */
export function sellingPlanPrice(price: number, plan: SellingPlan | null | undefined): number {
  let adjusted = price;
  for (const adjustment of plan?.price_adjustments.slice(0, 1) ?? []) {
    if (adjustment.value_type === "percentage") adjusted = Math.round(price * (1 - adjustment.value / 100));
    else if (adjustment.value_type === "fixed_amount") adjusted = price - adjustment.value;
    else adjusted = adjustment.value;
  }
  return Math.max(0, adjusted);
}

/**
 * Money in the website's currency: the currency character, then the amount with
 * two decimals ("$19.99"). A character made of letters ("kr" on the SEK site)
 * is set apart by a space ("kr 199.00").
 */
export function formatMoney(
  cents: number,
  currencyCharacter: string | null | undefined = DEFAULT_CURRENCY_CHARACTER,
): string {
  const symbol = currencyCharacter || DEFAULT_CURRENCY_CHARACTER;
  const amount = (Math.max(0, cents) / 100).toFixed(2);
  return /\p{L}$/u.test(symbol) ? `${symbol} ${amount}` : `${symbol}${amount}`;
}

export type BadgeKind = "sold-out" | "custom" | "discount" | "detect";

export interface BadgeOptions {
  /** The CTA's own text; empty means the default. */
  text?: string | null;
  variant?: { price: number; compare_at_price: number | null; available?: boolean };
  discount?: DiscountSettings;
  currencyCharacter?: string | null;
}

/** The catalogue entries of badges. */
export type BadgeTexts = Pick<
  WidgetTexts,
  "soldOutBadge" | "customBadge" | "discountBadge" | "percentOff" | "amountOff"
>;

const off = (template: string, amount: string) => template.replace("{0}", amount);

/**
 * SPEC 9 badges, in `texts`' words (SPEC's in English): sold-out "SOLD OUT";
 * custom "10% Off"; discount "10% OFF" (or the discount's own "N% OFF" /
 * "$X.XX OFF"); detect "currency X.XX OFF" from the compare-at price, none
 * when nothing is off.
 */
export function badgeText(kind: BadgeKind, opts: BadgeOptions, texts: BadgeTexts): string | null {
  const text = opts.text?.trim();
  if (kind === "sold-out") return text || texts.soldOutBadge;
  if (kind === "custom") return text || texts.customBadge;
  if (kind === "discount") {
    if (text) return text;
    const discount = opts.discount;
    if (discount?.type === "percentage")
      return off(texts.percentOff, String(num(discount.value, DEFAULT_DISCOUNT_PERCENTAGE)));
    if (discount?.type === "amount")
      return off(
        texts.amountOff,
        formatMoney(num(discount.value, DEFAULT_DISCOUNT_AMOUNT) * 100, opts.currencyCharacter),
      );
    return texts.discountBadge;
  }
  const variant = opts.variant;
  if (!variant) return null;
  const { savings } = priceVariant(variant, { type: "detect" });
  return savings > 0 ? off(texts.amountOff, formatMoney(savings, opts.currencyCharacter)) : null;
}

export type ProductButtonMode = "add-to-cart" | "go-to-product";

/** The product button's text: Sold Out (or custom) when sold out, else the CTA's text or Add to Cart / Go To Product, in `texts`' words. */
export function productButtonText(
  opts: { mode?: ProductButtonMode; text?: string | null; available?: boolean; soldOutText?: string | null },
  texts: Pick<WidgetTexts, "soldOut" | "goToProduct" | "addToCart">,
): string {
  if (opts.available === false) return opts.soldOutText?.trim() || texts.soldOut;
  return opts.text?.trim() || (opts.mode === "go-to-product" ? texts.goToProduct : texts.addToCart);
}

/** The one-time choice next to subscription plans: the CTA's text, else the catalogue's. */
export const subscriptionText = (text: string | null | undefined, texts: Pick<WidgetTexts, "oneTime">): string =>
  text?.trim() || texts.oneTime;

/** The label next to review stars: the CTA's text, else the catalogue's. */
export const reviewLabel = (text: string | null | undefined, t: Pick<WidgetTexts, "reviews">): string =>
  text?.trim() || t.reviews;

/** SPEC 5: the quantity picker's minimum is 1 (whole numbers; junk becomes 1). */
export function clampQuantity(q: unknown): number {
  const count = Math.floor(Number(q));
  return Number.isFinite(count) && count >= 1 ? count : 1;
}

/** SPEC 3 cf_products_quantities: "variantId:quantity" entries into a map (bad entries skipped). */
export function parseQuantities(entries: readonly string[] | null | undefined): Record<string, number> {
  const out: Record<string, number> = {};
  for (const entry of entries ?? []) {
    const colon = entry.lastIndexOf(":");
    if (colon <= 0) continue;
    out[entry.slice(0, colon)] = clampQuantity(entry.slice(colon + 1));
  }
  return out;
}

/** The cf_products_quantities entry for a variant. */
export const quantityEntry = (variantId: string, quantity: number): string => `${variantId}:${clampQuantity(quantity)}`;

/** The selling plan to send: the chosen one, else the first plan when the product requires one (SPEC 5), else none. */
export function pickSellingPlan(product: Product, chosen?: string | null): string | null {
  if (chosen) return chosen;
  if (!product.requires_selling_plan) return null;
  return product.subscriptions[0]?.sellingPlans[0]?.id ?? null;
}

export interface AddAllItem {
  product: Product;
  variantId?: string | null;
  quantity?: number | null;
  sellingPlanId?: string | null;
}

/** The reason addAllLines gives for a sold-out product: a shopper's situation, not an owner's mistake (the other reasons are). */
export const SOLD_OUT = "sold out";

/**
 * The lines of an add-all click, in feed order: the chosen (or first available)
 * variant, quantity at least 1, and the first selling plan when one is required
 * and none was chosen. Sold-out variants and required-plan products without plans
 * are skipped and reported, so the rest still go to the cart.
 */
export function addAllLines(items: readonly AddAllItem[]): {
  lines: CartLineInput[];
  skipped: { product: Product; reason: string }[];
} {
  const lines: CartLineInput[] = [];
  const skipped: { product: Product; reason: string }[] = [];
  for (const item of items) {
    const { product } = item;
    const variant = item.variantId
      ? product.variants.find((v) => v.id === item.variantId)
      : (product.variants.find((v) => v.available) ?? product.variants[0]);
    if (!variant || !variant.available) {
      skipped.push({ product, reason: SOLD_OUT });
      continue;
    }
    const plan = pickSellingPlan(product, item.sellingPlanId);
    if (product.requires_selling_plan && !plan) {
      skipped.push({ product, reason: "requires a selling plan but has none" });
      continue;
    }
    lines.push({ variantId: variant.id, quantity: clampQuantity(item.quantity ?? 1), sellingPlanId: plan });
  }
  return { lines, skipped };
}
