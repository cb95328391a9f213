/**
 * The page builder's popups (SPEC 4, 9): a popup (.sv-popup with its rule
 * in data-popup-settings) is shown or hidden. Its rule can hide it for
 * logged-in visitors or chosen roles and limit impressions per day, week,
 * month or session (counted in localStorage, or sessionStorage for
 * "session"). On open, focus moves into the popup after 250 ms.
 */
import type { SiteConfig } from "./config";
import { POPUPS } from "./constants";
import { claim, emit, jsonAttr, within } from "./dom";
import { popupAllowed, recordImpression, type ImpressionState, type PopupRule } from "./popup-rules";

interface PopupSettings extends PopupRule {
  trigger?: "page_load" | "none";
  /** page_load delay in ms */
  delay?: number;
}

export const impressionKey = (id: number) => `sv_popup_${id}`;

function storageFor(win: Window, rule: PopupRule): Storage | null {
  try {
    return rule.period === "session" || !rule.period ? win.sessionStorage : win.localStorage;
  } catch {
    return null;
  }
}

function readState(storage: Storage | null, id: number): ImpressionState | null {
  try {
    const raw = storage?.getItem(impressionKey(id));
    return raw ? (JSON.parse(raw) as ImpressionState) : null;
  } catch {
    return null;
  }
}

const focusTimers = new WeakMap<HTMLElement, ReturnType<typeof setTimeout>>();

/** Shows a popup (or a menu panel) and moves focus into it after the focus delay. */
export function openPopup(el: HTMLElement, opener?: HTMLElement | null, focusDelay: number = POPUPS.focusDelay): void {
  el.hidden = false;
  el.classList.add("is-open");
  el.setAttribute("aria-hidden", "false");
  if (opener) (el as HTMLElement & { __opener?: HTMLElement }).__opener = opener;
  clearTimeout(focusTimers.get(el));
  focusTimers.set(
    el,
    setTimeout(
      () => el.querySelector<HTMLElement>("[autofocus], button, a[href], input, select, textarea")?.focus(),
      focusDelay,
    ),
  );
  emit(el, "popup:show");
}

/** Hides a popup and gives focus back to what opened it. */
export function closePopup(el: HTMLElement): void {
  if (el.hidden) return;
  clearTimeout(focusTimers.get(el));
  el.hidden = true;
  el.classList.remove("is-open");
  el.setAttribute("aria-hidden", "true");
  (el as HTMLElement & { __opener?: HTMLElement }).__opener?.focus();
  emit(el, "popup:hide");
}

export function initPopups(root: ParentNode, doc: Document, win: Window, config: SiteConfig): void {
  for (const el of within<HTMLElement>(root, ".sv-popup, .sv-menu-popup")) {
    if (!claim(el, "popup")) continue;
    el.addEventListener("click", (e) => {
      if ((e.target as Element).closest("[data-popup-close]") || e.target === el) closePopup(el);
    });
    const settings = jsonAttr<PopupSettings>(el, "data-popup-settings");
    if (!settings || typeof settings.id !== "number" || settings.trigger !== "page_load") continue;
    const storage = storageFor(win, settings);
    const show = () => {
      const now = Date.now();
      const state = readState(storage, settings.id);
      if (!popupAllowed(settings, config.user, state, now)) {
        emit(el, "popup:suppressed");
        return;
      }
      try {
        storage?.setItem(
          impressionKey(settings.id),
          JSON.stringify(recordImpression(state, settings.period ?? "session", now)),
        );
      } catch {
        // Private mode: the popup still shows.
      }
      openPopup(el);
    };
    const delay = Number(settings.delay) || 0;
    if (delay > 0) setTimeout(show, delay);
    else show();
  }
  if (claim(doc.documentElement, "popup-keys")) {
    doc.addEventListener("keydown", (e) => {
      if (e.key !== "Escape") return;
      doc.querySelectorAll<HTMLElement>(".sv-popup.is-open, .sv-menu-popup.is-open").forEach(closePopup);
    });
  }
}
