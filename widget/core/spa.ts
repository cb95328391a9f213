/**
 * Single-page sites (SPEC 4 via the issue): the address changes through the
 * History API without a page load, so the runtime re-evaluates targeting
 * when pushState, replaceState or back/forward move to another address.
 * Hash-only changes are not page changes.
 */
import { warn } from "./log";

/**
 * Calls onChange(href) after each address change. Never undone: a router
 * may wrap pushState after us, so unwrapping could drop its wrapper; the
 * caller ignores changes once it has stopped.
 */
export function watchUrl(win: Window, onChange: (href: string) => void): void {
  const page = () => win.location.href.replace(/#.*/, "");
  let last = page();
  const check = () => {
    if (page() !== last) {
      last = page();
      // Called from the page's own navigation: our error must not become the page's.
      try {
        onChange(win.location.href);
      } catch (e) {
        warn("Start failed", e);
      }
    }
  };
  const history = win.history as History & Record<string, any>;
  for (const method of ["pushState", "replaceState"]) {
    const orig = history[method];
    if (typeof orig == "function")
      history[method] = function (this: History, ...args: unknown[]) {
        const result = orig.apply(this, args);
        // After the router's own work: our callback must not break navigation.
        setTimeout(check, 0);
        return result;
      };
  }
  win.addEventListener("popstate", check);
}
