/**
 * What every page of the Swedish demo site needs from the Beckon server:
 * the seeded website, its published inline and page CTAs by area, the generic
 * snippet, and the visitor's demo role. Used by the app/routes/demo.* routes.
 */
import { prisma } from "~/db.server";
import { publicOrigin } from "~/lib/origin.server";
import { demoWebsiteId } from "~/models/demo-sites.server";
import { buildPublicConfig } from "~/models/public-config.server";
import { genericSnippet } from "../../../widget/snippet";
import { renderSvPage, roleFromCookie, type SvRequest } from "./pages";

/** The 503 answer while the demo data is missing. */
export function demoDataMissing(): Response {
  return new Response("The demo data is missing: run `npm run setup -- --demo`.", {
    status: 503,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}

/** Builds the page context, or null when the Swedish demo website is not seeded. */
export async function svRequest(request: Request): Promise<SvRequest | null> {
  const websiteId = await demoWebsiteId(prisma, "sv");
  if (!websiteId) return null;
  const origin = publicOrigin(request);
  const config = await buildPublicConfig(prisma, websiteId, origin);
  const inlineCtas = new Map<string, number>();
  for (const cta of config?.ctas ?? []) {
    const area = cta.options?.area;
    // Landing page CTAs are placed like inline ones, on the page that hosts their area.
    if ((cta.cta_type === "inline" || cta.cta_type === "page") && typeof area === "string" && !inlineCtas.has(area))
      inlineCtas.set(area, cta.id);
  }
  return {
    url: new URL(request.url),
    origin,
    websiteId,
    snippet: genericSnippet({ origin, websiteId }),
    role: roleFromCookie(request.headers.get("cookie")),
    inlineCtas,
  };
}

/** The site's own 404 page (the demo data missing: the 503 that says so). */
export async function svNotFound(request: Request): Promise<Response> {
  const req = await svRequest(request);
  return req ? htmlPage(renderSvPage("404", req), 404) : demoDataMissing();
}

/** An HTML answer for a demo page. */
export function htmlPage(html: string, status = 200): Response {
  return new Response(html, {
    status,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
  });
}
