/**
 * The menu plugin's options (SPEC 8): a menu carries its options as JSON in
 * data-menu-options, and an item with data-menu-popup opens the popup the
 * options name. The plugin alerts when the options are not valid JSON, and
 * when an item asks for a popup the options do not have.
 */
import { claim, within } from "./dom";

export const MENU_PLUGIN_ALERTS = {
  invalidOptions: "Menu plugin: the menu options (data-menu-options) are not valid JSON.",
  missingPopup: "Menu plugin: this menu item opens a popup, but the menu has no popup option.",
} as const;

export interface MenuPluginOptions {
  popup?: { target?: string };
}

/** Parses the options attribute; null when it is not valid JSON (or not an object). */
export function parseMenuOptions(text: string | null): MenuPluginOptions | null {
  if (text === null) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as MenuPluginOptions) : null;
  } catch {
    return null;
  }
}

export function initMenuPlugin(
  root: ParentNode,
  doc: Document,
  win: Window,
  openPopup: (el: HTMLElement, opener: HTMLElement) => void,
): void {
  for (const menu of within<HTMLElement>(root, "[data-menu-options]")) {
    if (!claim(menu, "menu-plugin")) continue;
    const options = parseMenuOptions(menu.getAttribute("data-menu-options"));
    if (!options) win.alert(MENU_PLUGIN_ALERTS.invalidOptions);
    menu.addEventListener("click", (event) => {
      const item = (event.target as Element).closest<HTMLElement>("[data-menu-popup]");
      if (!item || !menu.contains(item)) return;
      event.preventDefault();
      const target = options?.popup?.target ? doc.querySelector<HTMLElement>(options.popup.target) : null;
      if (!options?.popup || !target) {
        win.alert(MENU_PLUGIN_ALERTS.missingPopup);
        return;
      }
      openPopup(target, item);
    });
  }
}
