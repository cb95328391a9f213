/**
 * The header's dropdown menu (the theme's menu with the page builder's
 * dropdown plugin, SPEC 4 and 9). On desktop a submenu shows 250 ms after the
 * pointer enters its item, or at once on click or keyboard focus; it hides
 * 500 ms after the pointer leaves, and at once on Escape, a click outside,
 * or a resize. A submenu taller than the viewport gets scroll arrows that
 * move it 30 px a step. At 921 px and below the theme's mobile menu applies:
 * a toggle button opens the menu and clicks open submenus.
 */
import { isThemeMobileMenu } from "./breakpoints";
import { MENU_TIMINGS } from "./constants";
import { claim, emit, within } from "./dom";

interface MenuItem {
  li: HTMLLIElement;
  link: HTMLAnchorElement;
  sub: HTMLElement;
  showTimer?: ReturnType<typeof setTimeout>;
  hideTimer?: ReturnType<typeof setTimeout>;
  arrows?: HTMLElement[];
}

export function initMenus(root: ParentNode, doc: Document, win: Window): void {
  for (const nav of within<HTMLElement>(root, ".sv-nav-menu")) if (claim(nav, "menu")) setUpMenu(nav, doc, win);
}

function setUpMenu(nav: HTMLElement, doc: Document, win: Window): void {
  const items: MenuItem[] = [];
  nav.querySelectorAll<HTMLLIElement>("li.menu-item-has-children").forEach((li) => {
    const link = li.querySelector<HTMLAnchorElement>(":scope > a");
    const sub = li.querySelector<HTMLElement>(":scope > .sub-menu");
    if (link && sub) items.push({ li, link, sub });
  });
  const mobile = () => isThemeMobileMenu(win.innerWidth);
  const isOpen = (item: MenuItem) => item.li.classList.contains("is-open");
  const clearTimers = (item: MenuItem) => {
    clearTimeout(item.showTimer);
    clearTimeout(item.hideTimer);
    item.showTimer = item.hideTimer = undefined;
  };

  const removeArrows = (item: MenuItem) => {
    item.arrows?.forEach((a) => a.remove());
    item.arrows = undefined;
    item.sub.classList.remove("has-scroll-arrows");
    item.sub.style.maxHeight = "";
    item.sub.scrollTop = 0;
  };

  // A submenu taller than the space below it scrolls by arrows (and the wheel), a step at a time.
  const fitToViewport = (item: MenuItem) => {
    removeArrows(item);
    if (mobile()) return;
    const top = Math.max(0, item.sub.getBoundingClientRect().top);
    const room = win.innerHeight - top;
    if (item.sub.scrollHeight <= room) return;
    item.sub.style.maxHeight = `${room}px`;
    item.sub.classList.add("has-scroll-arrows");
    item.arrows = (["up", "down"] as const).map((dir) => {
      const arrow = doc.createElement("span");
      arrow.className = `sub-menu-scroll sub-menu-scroll--${dir}`;
      arrow.setAttribute("aria-hidden", "true");
      arrow.textContent = dir === "up" ? "▲" : "▼";
      arrow.style.top = dir === "up" ? `${item.sub.offsetTop}px` : `${item.sub.offsetTop + room - 20}px`;
      arrow.addEventListener("click", (e) => {
        e.preventDefault();
        e.stopPropagation();
        item.sub.scrollTop += dir === "up" ? -MENU_TIMINGS.scrollStep : MENU_TIMINGS.scrollStep;
      });
      item.li.appendChild(arrow);
      return arrow;
    });
  };

  const hide = (item: MenuItem) => {
    clearTimers(item);
    if (!isOpen(item)) return;
    items.filter((o) => o !== item && item.li.contains(o.li)).forEach(hide);
    item.li.classList.remove("is-open");
    item.link.setAttribute("aria-expanded", "false");
    removeArrows(item);
    // Fades out over 200 ms (CSS), then is gone.
    item.sub.classList.add("is-closing");
    setTimeout(() => item.sub.classList.remove("is-closing"), MENU_TIMINGS.fadeOut);
    emit(item.li, "submenu:hide");
  };

  const show = (item: MenuItem) => {
    clearTimers(item);
    if (isOpen(item)) return;
    // One open submenu per level.
    items.filter((o) => o !== item && o.li.parentElement === item.li.parentElement).forEach(hide);
    item.sub.classList.remove("is-closing");
    item.li.classList.add("is-open");
    item.link.setAttribute("aria-expanded", "true");
    fitToViewport(item);
    emit(item.li, "submenu:show");
  };

  const hideAll = () => items.forEach(hide);

  let pointerDown = false;
  nav.addEventListener("pointerdown", () => (pointerDown = true), true);
  doc.addEventListener("pointerup", () => setTimeout(() => (pointerDown = false)), true);

  for (const item of items) {
    item.link.setAttribute("aria-haspopup", "true");
    item.link.setAttribute("aria-expanded", "false");
    item.sub.style.minWidth = MENU_TIMINGS.subMenuMinWidth;
    item.sub.style.maxWidth = MENU_TIMINGS.subMenuMaxWidth;
    item.li.addEventListener("mouseenter", () => {
      if (mobile()) return;
      clearTimeout(item.hideTimer);
      item.hideTimer = undefined;
      if (isOpen(item) || item.showTimer) return;
      item.showTimer = setTimeout(() => show(item), MENU_TIMINGS.showDelay);
    });
    item.li.addEventListener("mouseleave", () => {
      if (mobile()) return;
      clearTimeout(item.showTimer);
      item.showTimer = undefined;
      if (!isOpen(item) || item.hideTimer) return;
      item.hideTimer = setTimeout(() => hide(item), MENU_TIMINGS.hideDelay);
    });
    item.link.addEventListener("click", (event) => {
      if (!isOpen(item)) {
        event.preventDefault();
        show(item);
      } else if (mobile()) {
        event.preventDefault();
        hide(item);
      }
      // An open submenu's link, clicked again on desktop, is followed.
    });
    // Keyboard focus opens at once; focus from a pointer press is left to click.
    item.link.addEventListener("focus", () => {
      if (!mobile() && !pointerDown) show(item);
    });
    item.li.addEventListener("focusout", (e) => {
      const next = (e as FocusEvent).relatedTarget as Node | null;
      if (!mobile() && next && !item.li.contains(next)) hide(item);
    });
    item.sub.addEventListener(
      "wheel",
      (e) => {
        if (!item.sub.classList.contains("has-scroll-arrows")) return;
        e.preventDefault();
        item.sub.scrollTop += Math.sign(e.deltaY) * MENU_TIMINGS.scrollStep;
      },
      { passive: false },
    );
  }

  nav.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    const active = doc.activeElement;
    const outermost = items.find(
      (i) =>
        isOpen(i) && active && i.li.contains(active) && !items.some((o) => o !== i && isOpen(o) && o.li.contains(i.li)),
    );
    hideAll();
    outermost?.link.focus();
  });
  doc.addEventListener("click", (e) => {
    if (!nav.contains(e.target as Node)) hideAll();
  });
  doc.addEventListener(
    "touchstart",
    (e) => {
      if (!nav.contains(e.target as Node)) setTimeout(hideAll, MENU_TIMINGS.touchHideDelay);
    },
    { passive: true },
  );
  win.addEventListener("resize", hideAll);

  const toggle = nav.querySelector<HTMLButtonElement>(".menu-toggle");
  toggle?.addEventListener("click", () => {
    const open = !nav.classList.contains("toggled");
    nav.classList.toggle("toggled", open);
    toggle.setAttribute("aria-expanded", String(open));
    if (!open) hideAll();
  });
}
