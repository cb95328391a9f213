/**
 * The Swedish host site's pages: /demo/sv/blogg (the blog, also as a
 * category or tag archive), /demo/sv/utbildningar (courses with the loop
 * filter) and /demo/sv/kontakt (the site's own contact form).
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { renderSvPage, SV_SUBPAGES } from "../../demo/sv/server/pages";
import { demoDataMissing, htmlPage, svRequest } from "../../demo/sv/server/sv-request.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const page = SV_SUBPAGES.find((p) => p === params.page);
  if (!page) throw new Response("Sidan finns inte.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const req = await svRequest(request);
  return req ? htmlPage(renderSvPage(page, req)) : demoDataMissing();
}
