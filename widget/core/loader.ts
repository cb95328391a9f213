/**
 * The loader entry (the per-website script runs it right after setting
 * window.__beckonConfig). It must never throw into the host page and stays
 * tiny: the renderer is fetched only when a CTA will show.
 */
import type { PublicWebsiteConfig } from "#contract/schema/public-config";
import { isCrawler, isWidgetPage } from "./bot";
import { whenConsented } from "./consent";
import { warn } from "./log";
import { installPublicApi } from "./public-api";
import { startWidget } from "./runtime";

function boot(): void {
  const config = (window as unknown as { __beckonConfig?: PublicWebsiteConfig }).__beckonConfig;
  if (!config || !config.website_id) return warn("No website configuration");
  const host = window as unknown as { beckon?: { installed?: boolean } };
  if (host.beckon?.installed) return warn("already installed");
  let started = 0;
  // Once only: the consent event may come again when the visitor changes their choice.
  const go = () => whenConsented(() => started++ || installPublicApi(window, startWidget({ config })));
  if (!isCrawler(navigator.userAgent)) return go();
  // A crawler: start only on pages marked as widget pages, which needs the body.
  const check = () => {
    try {
      if (isWidgetPage(document.body)) go();
    } catch (e) {
      warn("Start failed", e);
    }
  };
  if (document.body) check();
  else document.addEventListener("DOMContentLoaded", check, { once: true });
}

// In a task of its own, after the site script's evaluation (the config, the renderer's early import, this
// loader): together they made one task of 51 to 139 ms at 4x CPU on the bench pages, apart each stays under
// 50 ms (Long Animation Frame entries, bench/README.md). An error in the timer would reach the page: it is caught
// here, as it was around the direct call.
setTimeout(() => {
  try {
    boot();
  } catch (e) {
    warn("Start failed", e);
  }
});
