/**
 * The CTA option keys the loader reads (PublicCtaSummary.options, set in the
 * admin). Everything about *when* a CTA shows lives here; the renderer reads
 * its own presentation keys.
 *
 * | key                      | values                                                              | default |
 * |--------------------------|---------------------------------------------------------------------|---------|
 * | trigger                  | delayed, scroll, exit, click, add-to-cart, immediate                | delayed |
 * | delay                    | seconds before a delayed trigger fires                              | 3       |
 * | scroll-percentage        | 0..100, share of the scrollable page height scrolled                | 50      |
 * | aggressive               | false: hidden for hide-days after a close; true: never hidden;      | false   |
 * |                          | "minutes": hidden for minutes-hide after a close                    |         |
 * | hide-days                | days a closed (or converted) CTA stays hidden                       | 0       |
 * | minutes-hide             | minutes, when aggressive is "minutes"                               | 30      |
 * | cart-value-comparison    | greater, less, range (add-to-cart trigger)                          | greater |
 * | cart-value               | cart value (units, not cents) compared against; range lower bound   | website cart-value-threshold, else 50 |
 * | cart-value-max           | range upper bound                                                   | none    |
 * | teaser                   | true: show the two-tap / prehook teaser first (two-tap CTAs always) | false   |
 * | teaser-trigger           | immediate, delayed, scroll                                          | immediate |
 * | teaser-delay             | seconds, for a delayed teaser                                       | 3       |
 * | teaser-scroll-percentage | 0..100, for a scroll teaser                                         | 50      |
 * | area                     | inline CTAs: the marked page area they fill (widget/core/inline.ts) | none    |
 * | priority                 | number: among modal CTAs waiting for the open one, higher opens first | 0     |
 *
 * Every CTA also opens on a click on `.cta-{id}-trigger` and on
 * window.beckon.trigger(id), whatever its trigger option.
 * With hide-days 0 (and aggressive false) a closed CTA stays hidden for the
 * browser session: a session cookie, not none at all, so closing means closed.
 */
export type TriggerKind = "delayed" | "scroll" | "exit" | "click" | "add-to-cart" | "immediate";

export interface TriggerSpec {
  kind: TriggerKind;
  /** delayed: milliseconds. */
  delay: number;
  /** scroll: percentage of the page. */
  scroll: number;
  /** The CTA options it was read from (the add-to-cart check reads its own keys: cartCheckOf). */
  o: Options;
}

/** The add-to-cart trigger's cart value check: comparison and bounds, in currency units. */
export interface CartCheck {
  cmp: "greater" | "less" | "range";
  min: number;
  max: number;
}

/** SPEC 9: delayed trigger default 3 s; cart value threshold default 50. */
export const DEFAULT_DELAY_S = 3;
export const DEFAULT_CART_VALUE = 50;
export const DEFAULT_SCROLL = 50;
export const DEFAULT_MINUTES_HIDE = 30;

type Options = Record<string, unknown> | null | undefined;

const KINDS = ["delayed", "scroll", "exit", "click", "add-to-cart", "immediate"];

// Options come from JSON written by an admin: numbers may arrive as strings.
const numOr = (v: unknown, d: number): number => (v === "" || v == null || isNaN(+v) ? d : +v);

/** The trigger of a CTA (the teaser's when `teaser` is true). */
export function triggerOf(options: Options, teaser?: boolean): TriggerSpec {
  options ||= {};
  const prefix = teaser ? "teaser-" : "";
  const kind = String(options[teaser ? "teaser-trigger" : "trigger"] ?? "");
  return {
    kind: (KINDS.includes(kind) ? kind : teaser ? "immediate" : "delayed") as TriggerKind,
    delay: numOr(options[prefix + "delay"], DEFAULT_DELAY_S) * 1000,
    scroll: numOr(options[prefix + "scroll-percentage"], DEFAULT_SCROLL),
    o: options,
  };
}

/** The cart value check of an add-to-cart trigger; cartThreshold is the website's cart-value-threshold (SPEC 9 default 50). */
export function cartCheckOf(options: Options, cartThreshold?: unknown): CartCheck {
  options ||= {};
  const cmp = String(options["cart-value-comparison"] ?? "");
  return {
    cmp: cmp === "less" || cmp === "range" ? cmp : "greater",
    min: numOr(options["cart-value"], numOr(cartThreshold, DEFAULT_CART_VALUE)),
    max: numOr(options["cart-value-max"], Infinity),
  };
}

/** Whether a CTA starts as a two-tap / prehook teaser. */
export const hasTeaser = (ctaType: string, o: Options): boolean => ctaType === "two-tap" || o?.teaser === true;

/**
 * Whether a CTA shows as a modal, blocking the page (an overlay, boxed or
 * splash, or a two-tap CTA opened without its teaser): only one is open at
 * a time. Bars, hooks and teasers leave the page usable and never wait.
 */
export const isModal = (ctaType: string, teaser?: boolean): boolean =>
  !teaser && (ctaType == "overlay" || ctaType == "two-tap");

/** A modal CTA's place in the wait for the open one (the priority option); ties keep trigger order. */
export const priorityOf = (o: Options): number => numOr(o?.priority, 0);

/** Whether a CTA (its teaser, when it has one) is triggered the moment the page starts. Placed CTAs (placement.ts) have no trigger. */
export const startsImmediately = (ctaType: string, o: Options): boolean =>
  triggerOf(o, hasTeaser(ctaType, o)).kind == "immediate";

/**
 * SPEC 9 viewed cookie lifetime in minutes: hide-days x 24 x 60, or
 * minutes-hide (default 30) when aggressive is "minutes"; null when
 * aggressive is true (never hidden); 0 means a session cookie.
 */
export function hideMinutes(options: Options): number | null {
  options ||= {};
  const aggressive = options.aggressive;
  if (aggressive === true || aggressive === "true") return null;
  return aggressive === "minutes"
    ? numOr(options["minutes-hide"], DEFAULT_MINUTES_HIDE)
    : numOr(options["hide-days"], 0) * 1440;
}

/** Whether an add-to-cart trigger's cart value check passes (SPEC 4: greater, less or range, inclusive bounds for range). */
export function cartValueMatches(spec: CartCheck, value: number | null | undefined): boolean {
  if (value == null || isNaN(value)) return false;
  return spec.cmp === "less"
    ? value < spec.min
    : spec.cmp === "range"
      ? value >= spec.min && value <= spec.max
      : value > spec.min;
}
