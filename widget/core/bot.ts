/**
 * Crawlers and bots (SPEC 2): the widget is not started for them unless the
 * body is marked as a widget page. HeadlessChrome is deliberately absent:
 * our own browser tests and real pre-renderers of widget pages run it.
 */
export const CRAWLER =
  /(?<!cu)bot\b|crawl|spider|slurp|facebookexternalhit|bingpreview|mediapartners|lighthouse|pingdom|phantomjs|prerender|python-|curl\/|wget|ia_archiver/i;

/** Whether a user agent is a known crawler. */
export function isCrawler(ua: string): boolean {
  return CRAWLER.test(ua);
}

/** Whether the host page asks for the widget even for crawlers. */
export function isWidgetPage(body: HTMLElement | null): boolean {
  return !!body && (body.classList.contains("beckon-widget-page") || body.hasAttribute("data-beckon-widget-page"));
}
