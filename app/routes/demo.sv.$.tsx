/**
 * Any other address under /demo/sv/: the host site's own 404 page, as a
 * WordPress site answers. The splat also matches /demo/sv itself (and
 * /demo/sv/): that is the front page.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { renderSvPage } from "#demo/sv/server/pages";
import { demoDataMissing, htmlPage, svNotFound, svRequest } from "#demo/sv/server/sv-request.server";
import { beckonForDemo } from "#app/models/demo-sites.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  if (params["*"]) return svNotFound(request, beckonForDemo);
  const req = await svRequest(request, beckonForDemo);
  return req ? htmlPage(renderSvPage("index", req)) : demoDataMissing();
}
