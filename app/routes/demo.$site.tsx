/**
 * Demo pages served beside the admin: /demo/sv (the Swedish sales-training
 * host site) and /demo/store (a demo store). Each embeds the widget with the
 * generic snippet, exactly as a site owner would.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { readFileSync } from "node:fs";
import path from "node:path";
import { prisma } from "~/db.server";
import { publicOrigin } from "~/lib/origin.server";
import { demoWebsiteId } from "~/models/demo-sites.server";
import { genericSnippet } from "../../widget/snippet";
import { demoProductsHtml } from "~/lib/demo-products";

const SITES = { sv: "sv.html", store: "store.html" } as const;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const site = params.site as keyof typeof SITES;
  if (!Object.hasOwn(SITES, site ?? "")) throw new Response("Not found", { status: 404 });
  const websiteId = await demoWebsiteId(prisma, site);
  if (!websiteId) {
    return new Response("The demo data is missing: run `npm run setup`.", { status: 503, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  const template = readFileSync(path.join(process.cwd(), "demo", SITES[site]), "utf8");
  const html = template
    .replace("{{BECKON_SNIPPET}}", genericSnippet({ origin: publicOrigin(request), websiteId }))
    .replace("{{PRODUCTS}}", site === "store" ? demoProductsHtml() : "");
  return new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" } });
}
