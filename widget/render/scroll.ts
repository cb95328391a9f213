/**
 * The page scroll of page CTAs and anchor confirmations: 500 ms (SPEC 9),
 * eased, and at once when the visitor asked for less motion.
 */
import { reducedMotion } from "./kit";

/** Scrolls the window to `target` in `ms` (SPEC 9: 500 ms), at once when motion is reduced. */
export function scrollWindowTo(target: number, ms = 500, win: Window = window): void {
  const from = win.scrollY;
  if (ms <= 0 || reducedMotion(win) || typeof win.requestAnimationFrame != "function") return win.scrollTo(0, target);
  const start = win.performance.now();
  const frame = (now: number) => {
    const progress = Math.min(1, (now - start) / ms);
    const eased = progress < 0.5 ? 2 * progress * progress : 1 - (-2 * progress + 2) ** 2 / 2;
    win.scrollTo(0, from + (target - from) * eased);
    if (progress < 1) win.requestAnimationFrame(frame);
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
