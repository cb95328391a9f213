/**
 * What Beckon accepts and believes as the revenue of one event. Revenue
 * comes from the visitor's browser (trackPurchase, Add To Cart), so anyone
 * can send any number: the schema bounds it, and the results page sets apart
 * orders far out of line with the website's others instead of adding them
 * to the headline figure.
 */

/**
 * Largest revenue one event may carry, in the website's currency. Revenue
 * has no currency of its own, and a real order of 1,000,000 is ordinary in
 * IDR or VND, so the ceiling is a billion units; forgeries below it are what
 * the outlier flag is for.
 */
export const MAX_EVENT_REVENUE = 1_000_000_000;
/** Decimals revenue is kept to: three covers every ISO 4217 currency (KWD, BHD, ...). */
export const REVENUE_DECIMALS = 3;
/** An order above this many times the period's median order value is flagged. */
export const OUTLIER_FACTOR = 10;
/** Orders needed in a period before the median is trusted to flag others (with three, one forgery is not the median). */
export const OUTLIER_MIN_ORDERS = 3;

/** Revenue rounded to REVENUE_DECIMALS (a browser's 0.1 + 0.2 is not an error worth refusing an order for). */
export function roundRevenue(value: number): number {
  const factor = 10 ** REVENUE_DECIMALS;
  return Math.round(value * factor) / factor;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * The order value above which an order is flagged as an outlier in a
 * period: OUTLIER_FACTOR × the median of its orders once there are at least
 * OUTLIER_MIN_ORDERS of them (the median resists a few forged orders), and
 * never above MAX_EVENT_REVENUE (older rows may hold more).
 */
export function outlierThreshold(orderValues: number[]): number {
  const positive = orderValues.filter((v) => v > 0);
  if (positive.length < OUTLIER_MIN_ORDERS) return MAX_EVENT_REVENUE;
  return Math.min(MAX_EVENT_REVENUE, OUTLIER_FACTOR * median(positive));
}
