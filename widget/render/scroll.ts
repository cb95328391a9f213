/**
 * The page scroll of page CTAs and anchor confirmations: 500 ms (SPEC 9),
 * eased, and at once when the visitor asked for less motion.
 */
import { reducedMotion } from "./kit";

/** Scrolls the window to `y` in `ms` (SPEC 9: 500 ms), at once when motion is reduced. */
export function scrollWindowTo(y: number, ms = 500, win: Window = window): void {
  const from = win.scrollY;
  if (ms <= 0 || reducedMotion(win) || typeof win.requestAnimationFrame != "function") return win.scrollTo(0, y);
  const start = win.performance.now();
  const frame = (now: number) => {
    const t = Math.min(1, (now - start) / ms);
    const eased = t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2;
    win.scrollTo(0, from + (y - from) * eased);
    if (t < 1) win.requestAnimationFrame(frame);
  };
  win.requestAnimationFrame(frame);
}

/** Scrolls an element (in the page or in a CTA) to the top of the window. */
export function scrollToElement(el: Element, ms = 500): void {
  const win = el.ownerDocument.defaultView ?? window;
  // The host page's anchor scroll margin (SPEC 2) keeps sticky headers off the target.
  const margin = parseFloat(win.getComputedStyle(el).scrollMarginTop) || 0;
  scrollWindowTo(Math.max(0, el.getBoundingClientRect().top + win.scrollY - margin), ms, win);
}
