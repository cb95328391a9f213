/**
 * Demo pages served beside the admin: /demo/store (a demo store), which
 * embeds the widget with the generic snippet, exactly as a site owner would;
 * its Ajax API is served by scripts/serve.ts (demo/store/server).
 * The Swedish sales-training host site (/demo/sv, rendered from demo/sv/)
 * is answered by the demo.sv.* routes: its front page by demo.sv.$.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { prisma } from "~/db.server";
import { publicOrigin } from "~/lib/origin.server";
import { demoWebsiteId } from "~/models/demo-sites.server";
import { genericSnippet } from "../../widget/snippet";
import { demoStoreFrontMain, demoStorePage } from "~/lib/demo-products";
import { demoDataMissing, htmlPage } from "../../demo/sv/server/sv-request.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  // /demo/sv itself is answered by demo.sv.$ (a static segment outranks this one).
  if (params.site !== "store") throw new Response("Not found", { status: 404 });
  const websiteId = await demoWebsiteId(prisma, "store");
  if (!websiteId) return demoDataMissing();
  const snippet = genericSnippet({ origin: publicOrigin(request), websiteId });
  return htmlPage(
    demoStorePage({
      title: "Beckon Demo Store",
      bodyClass: "template-collection",
      main: demoStoreFrontMain(),
      snippet,
    }),
  );
}
