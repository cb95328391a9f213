/**
 * A demo store page as its routes answer it: the widget embedded with the
 * generic snippet, exactly as a site owner embeds it, for the seeded demo
 * store's website (null when the demo data is missing).
 */
import { publicOrigin } from "~/lib/origin.server";
import { genericSnippet } from "../../../widget/snippet";
import { demoStorePage } from "~/lib/demo-products";
import { demoDataMissing, htmlPage } from "../../sv/server/sv-request.server";

export function demoStoreResponse(
  request: Request,
  websiteId: number | null,
  page: { title: string; bodyClass: string; main: string },
): Response {
  if (!websiteId) return demoDataMissing();
  return htmlPage(demoStorePage({ ...page, snippet: genericSnippet({ origin: publicOrigin(request), websiteId }) }));
}
