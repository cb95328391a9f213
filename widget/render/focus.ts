/**
 * Focus and motion helpers: the focus trap of modal CTAs (Tab cycles inside
 * the dialog, focus returns where it was on close) and reduced motion.
 */

// Anything with tabindex -1 is out of the Tab order, whatever its kind.
const TABBABLE =
  ':is(a[href],button,input:not([type=hidden]),select,textarea,iframe,[tabindex]):not(:disabled,[tabindex="-1"])';

/** Whether the visitor asked for less motion. */
export const reducedMotion = (win: Window = window): boolean => {
  try {
    return win.matchMedia("(prefers-reduced-motion: reduce)").matches;
  } catch {
    return false;
  }
};

/** Focusable elements inside a container, in order, that are not hidden or inert. */
export function tabbables(container: ParentNode): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(TABBABLE)).filter((el) => !el.closest("[inert],[hidden]"));
}

/** The focused element, looking into shadow roots. */
export function deepActive(doc: Document): Element | null {
  let a: Element | null = doc.activeElement;
  while (a?.shadowRoot?.activeElement) a = a.shadowRoot.activeElement;
  return a;
}

/** Keeps Tab and Shift+Tab inside `container` (call from its keydown handler). */
export function trapTab(e: KeyboardEvent, container: HTMLElement): void {
  if (e.key !== "Tab") return;
  const list = tabbables(container);
  if (!list.length) {
    e.preventDefault();
    return;
  }
  const active = deepActive(container.ownerDocument);
  const first = list[0];
  const last = list[list.length - 1];
  const inside = !!active && (container.contains(active) || container === active);
  if (e.shiftKey && (active === first || !inside || active === container)) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && (active === last || !inside)) {
    e.preventDefault();
    first.focus();
  }
}
