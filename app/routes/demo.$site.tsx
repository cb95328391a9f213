/**
 * Demo pages served beside the admin: /demo/sv (the front page of the
 * Swedish sales-training host site, rendered from demo/sv/) and /demo/store
 * (a demo store). Each embeds the widget with the generic snippet, exactly as
 * a site owner would. The host site's other pages: demo.sv.*.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { readFileSync } from "node:fs";
import path from "node:path";
import { prisma } from "~/db.server";
import { publicOrigin } from "~/lib/origin.server";
import { demoWebsiteId } from "~/models/demo-sites.server";
import { genericSnippet } from "../../widget/snippet";
import { demoProductsHtml } from "~/lib/demo-products";
import { renderSvPage } from "../../demo/sv/server/pages";
import { demoDataMissing, htmlPage, svRequest } from "../../demo/sv/server/sv-request.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  if (params.site === "sv") {
    const req = await svRequest(request);
    return req ? htmlPage(renderSvPage("index", req)) : demoDataMissing();
  }
  if (params.site !== "store") throw new Response("Not found", { status: 404 });
  const websiteId = await demoWebsiteId(prisma, "store");
  if (!websiteId) return demoDataMissing();
  const template = readFileSync(path.join(process.cwd(), "demo", "store.html"), "utf8");
  const html = template
    .replace("{{BECKON_SNIPPET}}", genericSnippet({ origin: publicOrigin(request), websiteId }))
    .replace("{{PRODUCTS}}", demoProductsHtml());
  return htmlPage(html);
}
