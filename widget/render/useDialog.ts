import { useEffect, useLayoutEffect, type RefObject } from "react";
import { afterNextFrame } from "./after-frame";
import { deepActive, trapTab } from "./focus";

/**
 * Keyboard and focus behaviour of a CTA frame. Modal (overlay, splash, the
 * two-tap popup): focus moves into the dialog, Tab stays inside, Escape
 * anywhere closes, and focus goes back where it was on close. Non-modal
 * (hook, bar, teaser): focus is never taken; Escape closes only while focus
 * is inside the CTA.
 *
 * A modal takes focus a frame after it is shown, once the browser has laid
 * the dialog out: focused in the effect, the CTA's first style and layout
 * were forced inside the widget's script (36 ms a load at 4x CPU on the
 * bench pages, in CPU profiles). It does not take focus the visitor has
 * meanwhile moved.
 */
export function useDialog(
  ref: RefObject<HTMLElement>,
  opts: { modal: boolean; onClose?: () => void },
  deps: unknown[] = [],
): void {
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const doc = el.ownerDocument;
    const restore = opts.modal ? deepActive(doc) : null;
    let cancelFocus = () => {};
    if (opts.modal) {
      const focusLater = () =>
        (cancelFocus = afterNextFrame(
          doc.defaultView,
          () => deepActive(doc) === restore && el.focus({ preventScroll: true }),
        ));
      // A CTA rendered hidden (render.tsx) is focused once shown, a frame later.
      const host = (el.getRootNode() as Partial<ShadowRoot>).host as HTMLElement | undefined;
      if (host?.hidden) {
        const shown = new MutationObserver(() => host.hidden || (shown.disconnect(), focusLater()));
        shown.observe(host, { attributes: true, attributeFilter: ["hidden"] });
        cancelFocus = () => shown.disconnect();
      } else focusLater();
    }
    const onKey = (event: Event) => {
      const keyEvent = event as KeyboardEvent;
      if (keyEvent.key === "Escape" && opts.onClose) {
        keyEvent.preventDefault();
        opts.onClose();
      } else if (opts.modal) trapTab(keyEvent, el);
    };
    const target: EventTarget = opts.modal ? doc : el;
    target.addEventListener("keydown", onKey);
    return () => {
      cancelFocus();
      target.removeEventListener("keydown", onKey);
      // Focusing an element no longer in the page does nothing; an SVG or MathML element may lack focus().
      (restore as HTMLElement | null)?.focus?.({ preventScroll: true });
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller names in deps what re-runs it; ref is a ref, and opts (a new object each render) is used as it was when the effect ran
  }, deps);
}

let ids = 0;

/** Names a dialog or region after its first heading (aria-labelledby), else after `fallback`. */
export function useHeadingLabel(ref: RefObject<HTMLElement>, fallback: string): void {
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const heading = el.querySelector("h1,h2,h3,h4");
    if (heading) {
      heading.id ||= `bk-h${++ids}`;
      el.setAttribute("aria-labelledby", heading.id);
      el.removeAttribute("aria-label");
    } else {
      el.removeAttribute("aria-labelledby");
      el.setAttribute("aria-label", fallback);
    }
  });
}
