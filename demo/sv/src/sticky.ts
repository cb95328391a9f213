/**
 * Sticky elements (SPEC 4): an element with sticky "top" becomes fixed at
 * its offset once the page scrolls past it, and a spacer of its size keeps
 * its place in the flow; scrolling back releases it. With the parent
 * constraint it stops at its parent's bottom edge (absolute there) instead
 * of leaving the parent. A resize re-measures after 300 ms of quiet.
 */
import { POPUPS } from "./constants";
import { claim, debounce, emit, jsonAttr, onScrollFrame, within } from "./dom";

interface StickySettings {
  sticky?: "top" | "";
  sticky_offset?: number | string;
  sticky_parent?: "yes" | "";
}

export const STICKY_ACTIVE = "elementor-sticky--active";
export const STICKY_STUCK = "elementor-sticky--stuck";
export const SPACER_CLASS = "elementor-sticky__spacer";

export function initSticky(root: ParentNode, doc: Document, win: Window): void {
  for (const el of within<HTMLElement>(root, "[data-settings*='\"sticky\"']")) {
    const settings = jsonAttr<StickySettings>(el, "data-settings");
    if (settings?.sticky !== "top" || !claim(el, "sticky")) continue;
    setUpSticky(el, settings, doc, win);
  }
}

function setUpSticky(el: HTMLElement, settings: StickySettings, doc: Document, win: Window): void {
  const offset = Number(settings.sticky_offset ?? 0) || 0;
  const parent = settings.sticky_parent === "yes" ? el.parentElement : null;
  if (parent && win.getComputedStyle(parent).position === "static") parent.style.position = "relative";
  let spacer: HTMLElement | null = null;
  let state: "static" | "fixed" | "stuck" = "static";
  const pageTop = (node: Element) => node.getBoundingClientRect().top + win.scrollY;

  const release = () => {
    spacer?.remove();
    spacer = null;
    el.style.position = el.style.top = el.style.left = el.style.width = el.style.zIndex = "";
    el.classList.remove(STICKY_ACTIVE, STICKY_STUCK);
    if (state !== "static") emit(el, "sticky:release");
    state = "static";
  };

  const fix = () => {
    const rect = el.getBoundingClientRect();
    if (!spacer) {
      spacer = doc.createElement("div");
      spacer.className = SPACER_CLASS;
      spacer.setAttribute("aria-hidden", "true");
      spacer.style.height = `${el.offsetHeight}px`;
      spacer.style.width = `${rect.width}px`;
      el.after(spacer);
    }
    const place = spacer.getBoundingClientRect();
    el.style.position = "fixed";
    el.style.top = `${offset}px`;
    el.style.left = `${place.left}px`;
    el.style.width = `${place.width}px`;
    el.style.zIndex = "99";
    el.classList.add(STICKY_ACTIVE);
    el.classList.remove(STICKY_STUCK);
    if (state === "static") emit(el, "sticky:fix");
    state = "fixed";
  };

  const stickToParent = () => {
    if (!parent || !spacer) return;
    const parentRect = parent.getBoundingClientRect();
    const place = spacer.getBoundingClientRect();
    el.style.position = "absolute";
    el.style.top = `${parent.clientHeight - el.offsetHeight}px`;
    el.style.left = `${place.left - parentRect.left}px`;
    el.classList.add(STICKY_STUCK);
    state = "stuck";
  };

  const update = () => {
    const scrollY = win.scrollY;
    const anchor = spacer ?? el;
    if (scrollY + offset <= pageTop(anchor)) {
      if (state !== "static") release();
      return;
    }
    if (parent && scrollY + offset + el.offsetHeight >= pageTop(parent) + parent.offsetHeight) {
      if (state === "static") fix();
      if (state !== "stuck") stickToParent();
      return;
    }
    if (state !== "fixed") fix();
  };

  onScrollFrame(win, update);
  win.addEventListener(
    "resize",
    debounce(() => {
      release();
      update();
    }, POPUPS.stickyReactivateDebounce),
  );
  update();
}
