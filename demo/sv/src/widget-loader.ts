/**
 * Loads the Beckon widget the way the site's plugin does (SPEC 2): the
 * site-specific script is added if the page does not have it already, and
 * not at all for known crawlers and bots, unless the body is marked as a
 * widget page (class beckon-widget-page).
 */
import type { SiteConfig } from "./config";

const CRAWLER =
  /bot\b|crawl|spider|slurp|facebookexternalhit|bingpreview|mediapartners|lighthouse|pingdom|phantomjs|prerender|python-|curl\/|wget|ia_archiver/i;
const METHODS = ["identify", "load", "trigger", "start", "close", "trackPurchase"];

/** Whether a user agent is a known crawler or bot. */
export function isCrawlerAgent(ua: string): boolean {
  return CRAWLER.test(ua);
}

/** Whether the site should load the widget script. */
export function shouldLoadWidget(opts: {
  userAgent: string;
  widgetPage: boolean;
  present: boolean;
  script: string | null;
}): boolean {
  if (!opts.script || opts.present) return false;
  return opts.widgetPage || !isCrawlerAgent(opts.userAgent);
}

/** Whether the page already has the widget (the generic snippet or an earlier load). */
export function widgetPresent(doc: Document, win: Window, script: string | null): boolean {
  const host = win as unknown as { beckon?: unknown };
  if (host.beckon) return true;
  return Array.from(doc.scripts).some(
    (s) => !!s.src && (s.src === script || /\/api\/websites\/\d+\.js(\?|$)/.test(s.src)),
  );
}

export function initWidgetLoader(doc: Document, win: Window, config: SiteConfig): boolean {
  const script = config.widget.script;
  const load = shouldLoadWidget({
    userAgent: win.navigator.userAgent,
    widgetPage: doc.body.classList.contains("beckon-widget-page"),
    present: widgetPresent(doc, win, script),
    script,
  });
  if (!load) return false;
  // The same call queue as the generic snippet: calls made before the script arrives are replayed.
  const host = win as unknown as { beckon?: Record<string, unknown> & { q?: unknown[][] } };
  const beckon = (host.beckon = host.beckon ?? {});
  beckon.q = beckon.q ?? [];
  for (const method of METHODS) beckon[method] ??= (...args: unknown[]) => beckon.q!.push([method, args]);
  const scriptTag = doc.createElement("script");
  scriptTag.async = true;
  scriptTag.src = script!;
  scriptTag.setAttribute("data-loaded-by", "sv-site");
  doc.head.appendChild(scriptTag);
  return true;
}
