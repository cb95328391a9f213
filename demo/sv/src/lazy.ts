/**
 * Page-builder containers load their backgrounds lazily: a top-level
 * container (.e-con.e-parent) gets e-lazyloaded once it is within 200 px of
 * the viewport, and keeps it.
 */
import { LAZY_MARGIN_PX } from "./constants";
import { within } from "./dom";

let observer: IntersectionObserver | null = null;

export function initLazyContainers(root: ParentNode, win: Window): void {
  const containers = within<HTMLElement>(root, ".e-con.e-parent:not(.e-lazyloaded)");
  const IO = (win as Window & typeof globalThis).IntersectionObserver;
  if (!IO) {
    containers.forEach((c) => c.classList.add("e-lazyloaded"));
    return;
  }
  observer ??= new IO(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        entry.target.classList.add("e-lazyloaded");
        observer!.unobserve(entry.target);
      }
    },
    { rootMargin: `${LAZY_MARGIN_PX}px 0px ${LAZY_MARGIN_PX}px 0px` },
  );
  containers.forEach((c) => observer!.observe(c));
}
