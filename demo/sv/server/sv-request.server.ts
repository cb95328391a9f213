/**
 * What every page of the Swedish demo site needs from the Beckon server:
 * the seeded website, its published inline and page CTAs by area, the generic
 * snippet, and the visitor's demo role. Used by the app/routes/demo.* routes,
 * which hand over what Beckon tells a host site (demo/host.ts).
 */
import { placed } from "#contract/placement";
import type { BeckonForHost } from "#demo/host";
import { renderSvPage, roleFromCookie, type SvRequest } from "./pages";

/** The 503 answer while the demo data is missing. */
export function demoDataMissing(): Response {
  return new Response("The demo data is missing: run `npm run setup -- --demo`.", {
    status: 503,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}

/** Builds the page context, or null when the Swedish demo website is not seeded. */
export async function svRequest(request: Request, beckon: BeckonForHost): Promise<SvRequest | null> {
  const site = await beckon.site("sv", request);
  if (!site) return null;
  const inlineCtas = new Map<string, number>();
  for (const cta of await beckon.publishedCtas(site)) {
    const area = cta.options?.area;
    // Landing page CTAs are placed like inline ones, on the page that hosts their area.
    if (placed(cta) && typeof area === "string" && !inlineCtas.has(area)) inlineCtas.set(area, cta.id);
  }
  return {
    url: new URL(request.url),
    origin: site.origin,
    websiteId: site.websiteId,
    snippet: site.snippet,
    role: roleFromCookie(request.headers.get("cookie")),
    inlineCtas,
  };
}

/** The site's own 404 page (the demo data missing: the 503 that says so). */
export async function svNotFound(request: Request, beckon: BeckonForHost): Promise<Response> {
  const req = await svRequest(request, beckon);
  return req ? htmlPage(renderSvPage("404", req), 404) : demoDataMissing();
}

/** An HTML answer for a demo page. */
export function htmlPage(html: string, status = 200): Response {
  return new Response(html, {
    status,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
  });
}
