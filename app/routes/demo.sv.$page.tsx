/**
 * The Swedish host site's pages: /demo/sv/blogg (the blog, also as a
 * category or tag archive), /demo/sv/utbildningar (courses with the loop
 * filter), /demo/sv/kontakt (the site's own contact form), and the pages
 * that host one CTA each (the landing pages, the webinar, the opt-out form:
 * CTA_PAGES). Any other name gets the site's 404 page.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { ctaPage, renderSvPage, SV_SUBPAGES } from "#demo/sv/server/pages";
import { demoDataMissing, htmlPage, svNotFound, svRequest } from "#demo/sv/server/sv-request.server";
import { beckonForDemo } from "#app/models/demo-sites.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const page = SV_SUBPAGES.find((p) => p === params.page);
  const hosted = page ? undefined : ctaPage(params.page ?? "");
  if (!page && !hosted) return svNotFound(request, beckonForDemo);
  const req = await svRequest(request, beckonForDemo);
  if (!req) return demoDataMissing();
  return htmlPage(page ? renderSvPage(page, req) : renderSvPage("landningssida", req, undefined, hosted));
}
