/** A post of the Swedish host site's blog: /demo/sv/blogg/{slug}. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { postBySlug } from "#demo/sv/server/content";
import { renderSvPage } from "#demo/sv/server/pages";
import { demoDataMissing, htmlPage, svNotFound, svRequest } from "#demo/sv/server/sv-request.server";
import { beckonForDemo } from "#app/models/demo-sites.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const post = postBySlug(params.slug ?? "");
  if (!post) return svNotFound(request, beckonForDemo);
  const req = await svRequest(request, beckonForDemo);
  return req ? htmlPage(renderSvPage("inlagg", req, post)) : demoDataMissing();
}
