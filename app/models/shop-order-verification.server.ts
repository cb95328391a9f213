/**
 * Shopify-confirmed orders (the orders/create webhook, HMAC-checked): the
 * only Shopify revenue Results counts. Each becomes an Order row with
 * Shopify's own amount (total_price_set.shop_money, the shop's currency)
 * and time. Its buyer is the visitor of the pixel claim
 * (shop-order.server.ts) that names the order's checkout token, whichever
 * came first, the webhook or the claim; the row then credits that person's
 * CTA touch (order-attribution.server.ts). A claim of the same order id
 * without the token (a forger knows the id, never the checkout's token)
 * changes nothing. Without a matching claim the order is verified revenue
 * credited to no CTA. A replayed webhook finds its row and changes nothing.
 */
import type { Db } from "#app/db.server";
import { isUniqueViolation } from "#app/db/db-errors.server";
import { MAX_EVENT_REVENUE } from "#contract/revenue";

/** An order as Shopify's webhook states it, checked. */
export interface ShopifyOrder {
  /** Shopify's numeric order id, as text. */
  orderId: string;
  checkoutToken: string | null;
  /** The order's total in the shop's currency. */
  amount: number;
  currency: string;
  createdAt: Date;
  /** A test order (Shopify's bogus gateway): not revenue. */
  test: boolean;
  /** The discount codes the order carries (marks unique codes redeemed); malformed entries are left out. */
  discountCodes: string[];
}

export type ShopifyOrderReading = { ok: true; order: ShopifyOrder } | { ok: false; field: string; message: string };

const ORDER_ID = /^[1-9]\d{0,19}$/;
const CHECKOUT_TOKEN = /^[A-Za-z0-9_-]{1,100}$/;
const MONEY = /^\d{1,12}(?:\.\d{1,6})?$/;
const CURRENCY = /^[A-Z]{3}$/;
const DAY_MS = 24 * 60 * 60 * 1000;

const record = (value: unknown): Record<string, unknown> | null =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

/** The amount and currency of an order: the shop-money set when present, else total_price in currency. */
function totalOf(payload: Record<string, unknown>): { amount: unknown; currency: unknown } {
  const shopMoney = record(record(payload.total_price_set)?.shop_money);
  return shopMoney
    ? { amount: shopMoney.amount, currency: shopMoney.currency_code }
    : { amount: payload.total_price, currency: payload.currency };
}

/** Reads an orders/create payload (Shopify's order resource); names the field that is unusable. */
export function readShopifyOrder(payload: Record<string, unknown>, now = new Date()): ShopifyOrderReading {
  const fail = (field: string, message: string): ShopifyOrderReading => ({ ok: false, field, message });
  const id = typeof payload.id === "number" && Number.isSafeInteger(payload.id) ? String(payload.id) : payload.id;
  if (typeof id !== "string" || !ORDER_ID.test(id)) return fail("id", "id must be Shopify's numeric order id");
  const token = payload.checkout_token;
  if (token !== null && token !== undefined && (typeof token !== "string" || !CHECKOUT_TOKEN.test(token)))
    return fail("checkout_token", "checkout_token must be a checkout token or null");
  const total = totalOf(payload);
  const amountText = typeof total.amount === "number" ? String(total.amount) : total.amount;
  if (typeof amountText !== "string" || !MONEY.test(amountText) || Number(amountText) > MAX_EVENT_REVENUE)
    return fail("total_price", `total_price must be a decimal amount of at most ${MAX_EVENT_REVENUE}`);
  if (typeof total.currency !== "string" || !CURRENCY.test(total.currency))
    return fail("currency", "currency must be a three-letter ISO 4217 code");
  const created = typeof payload.created_at === "string" ? new Date(payload.created_at) : new Date(NaN);
  // Shopify's clock, trusted within a day of ours: an order dated far ahead would sit in a future period.
  const createdAt = Number.isFinite(created.getTime()) && created.getTime() <= now.getTime() + DAY_MS ? created : now;
  return {
    ok: true,
    order: {
      orderId: id,
      checkoutToken: typeof token === "string" ? token : null,
      amount: Number(amountText),
      currency: total.currency,
      createdAt,
      test: payload.test === true,
      discountCodes: discountCodesOf(payload.discount_codes),
    },
  };
}

/** Shopify's `discount_codes: [{ code, amount, type }]`, the codes only: at most 50, each a short string. */
function discountCodesOf(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value
    .slice(0, 50)
    .map((entry) => (entry && typeof entry === "object" ? (entry as { code?: unknown }).code : null))
    .filter((code): code is string => typeof code === "string" && code.length > 0 && code.length <= 255);
}

/** The one person whose claim of this order names its checkout token, or null (none, or several). */
async function claimedBuyer(db: Db, websiteId: number, orderId: string, checkoutToken: string | null) {
  if (!checkoutToken) return null;
  const claims = await db.shopOrderClaim.findMany({
    where: { websiteId, orderId, checkoutToken },
    select: { personId: true },
    distinct: ["personId"],
    take: 2,
  });
  return claims.length === 1 ? claims[0].personId : null;
}

export type VerifiedOrderOutcome = "stored" | "replayed" | "test_order";

/** Stores a Shopify-confirmed order of a website; a replay of one already stored changes nothing. */
export async function recordVerifiedOrder(
  db: Db,
  websiteId: number,
  order: ShopifyOrder,
): Promise<VerifiedOrderOutcome> {
  if (order.test) return "test_order";
  const personId = await claimedBuyer(db, websiteId, order.orderId, order.checkoutToken);
  try {
    await db.order.create({
      data: {
        websiteId,
        personId,
        orderId: order.orderId,
        revenue: order.amount,
        checkoutToken: order.checkoutToken,
        createdAt: order.createdAt,
      },
    });
    return "stored";
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return "replayed";
  }
}

/**
 * A claim that came after its order's webhook: gives the verified order its
 * buyer when the claim proves it (its checkout token). Only an order without
 * one is changed, so the buyer, once known, stays.
 */
export async function linkClaimedBuyer(db: Db, websiteId: number, orderId: string): Promise<boolean> {
  const order = await db.order.findUnique({
    where: { websiteId_orderId: { websiteId, orderId } },
    select: { id: true, personId: true, checkoutToken: true },
  });
  if (!order || order.personId !== null) return false;
  const personId = await claimedBuyer(db, websiteId, orderId, order.checkoutToken);
  if (personId === null) return false;
  const { count } = await db.order.updateMany({ where: { id: order.id, personId: null }, data: { personId } });
  // A touch kept while the order had no buyer (none) would hide the buyer's: the page seeks it again.
  if (count === 1) await db.orderTouch.deleteMany({ where: { source: "row", orderRef: order.id } });
  return count === 1;
}
