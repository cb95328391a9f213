/**
 * The results page's CSV has its own resource route (…/results/export), since
 * a page route's loader cannot answer with a file; the page's own URL with
 * ?export=csv (what a bookmark or a script asks for) is served by it too:
 * scripts/serve.ts rewrites it, and the page's loader redirects when a server
 * without that rewrite (the dev server) lets it through.
 */

const RESULTS_PAGE = /^\/(?:owner\/websites\/[^/?#]+|app)\/results\/?$/;

/** The export route's URL for a results page URL that asks for an export (any ?export value), else null. */
export function resultsExportUrl(url: string): string | null {
  const queryStart = url.indexOf("?");
  const path = queryStart < 0 ? url : url.slice(0, queryStart);
  const query = queryStart < 0 ? "" : url.slice(queryStart);
  if (!RESULTS_PAGE.test(path) || !new URLSearchParams(query).has("export")) return null;
  return `${path.replace(/\/$/, "")}/export${query}`;
}
