/**
 * The redirect after a cart action (SPEC 8 and 9): wait the action delay, let
 * any cart write still in flight finish (up to 5 s, polled every 50 ms), wait
 * the redirect delay, then go. A flow that fails (the cart stays busy, or the
 * navigation throws) still fetches the cart URL, so the cart or discount the
 * URL carries lands even if the shopper stays on the page.
 */
import {
  CART_ACTION_DELAY_MS,
  CART_REDIRECT_ACTION_DELAY_MS,
  CART_REDIRECT_POLL_MS,
  CART_REDIRECT_WAIT_MS,
  REDIRECT_DELAY_MS,
} from "./constants";
import { realTimers } from "./serialize";
import type { Timers } from "./types";

export interface RedirectFlowDeps {
  /** True while a cart write still holds the cart (the adding_to_cart lock). */
  busy?: () => boolean;
  /** Navigates; window.location.assign by default. */
  go?: (url: string) => void;
  fetch?: typeof fetch;
  timers?: Timers;
}

const sleep = (timers: Timers, ms: number) => new Promise<void>((r) => timers.setTimeout(r, ms));

/** Waits the delay of a cart action's follow-up (200 ms; 100 ms before a redirect). */
export const cartActionDelay = (redirect: boolean, timers: Timers = realTimers): Promise<void> =>
  sleep(timers, redirect ? CART_REDIRECT_ACTION_DELAY_MS : CART_ACTION_DELAY_MS);

/** Redirects after a cart action; resolves true once navigated, false when it fell back to fetching the URL. */
export async function redirectAfterCart(url: string, deps: RedirectFlowDeps = {}): Promise<boolean> {
  const timers = deps.timers ?? realTimers;
  const busy = deps.busy ?? (() => false);
  try {
    await cartActionDelay(true, timers);
    const until = timers.now() + CART_REDIRECT_WAIT_MS;
    while (busy()) {
      if (timers.now() >= until) throw new Error("The cart stayed busy");
      await sleep(timers, CART_REDIRECT_POLL_MS);
    }
    await sleep(timers, REDIRECT_DELAY_MS);
    (deps.go ?? ((u: string) => window.location.assign(u)))(url);
    return true;
  } catch {
    try {
      await (deps.fetch ?? globalThis.fetch)(url, { credentials: "same-origin" }).catch(() => undefined);
    } catch {
      /* nothing more to try */
    }
    return false;
  }
}
