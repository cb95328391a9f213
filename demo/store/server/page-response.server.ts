/**
 * A demo store page as its routes answer it: the widget embedded with the
 * generic snippet, exactly as a site owner embeds it, for the seeded demo
 * store's website (a 503 naming the missing demo data when it is not seeded).
 * What the store knows of Beckon comes from the server that serves it
 * (demo/host.ts).
 */
import type { BeckonForHost } from "#demo/host";
import { demoStorePage } from "./demo-products";
import { demoDataMissing, htmlPage } from "#demo/sv/server/sv-request.server";

export async function demoStoreResponse(
  request: Request,
  beckon: BeckonForHost,
  page: { title: string; bodyClass: string; main: string },
): Promise<Response> {
  const site = await beckon.site("store", request);
  if (!site) return demoDataMissing();
  return htmlPage(demoStorePage({ ...page, snippet: site.snippet }));
}
