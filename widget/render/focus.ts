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
  let active: Element | null = doc.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

/** Keeps Tab and Shift+Tab inside `container` (call from its keydown handler). */
export function trapTab(event: KeyboardEvent, container: HTMLElement): void {
  if (event.key !== "Tab") return;
  const list = tabbables(container);
  if (!list.length) {
    event.preventDefault();
    return;
  }
  const active = deepActive(container.ownerDocument);
  const first = list[0];
  const last = list[list.length - 1];
  const inside = !!active && (container.contains(active) || container === active);
  if (event.shiftKey && (active === first || !inside || active === container)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !inside)) {
    event.preventDefault();
    first.focus();
  }
}
