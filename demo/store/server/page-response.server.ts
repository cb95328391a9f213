/**
 * A demo store page as its routes answer it: the widget embedded with the
 * generic snippet, exactly as a site owner embeds it, for the seeded demo
 * store's website (a 503 naming the missing demo data when it is not seeded).
 */
import { prisma } from "~/db.server";
import { publicOrigin } from "~/lib/origin.server";
import { demoStorePage } from "~/lib/demo-products";
import { demoWebsiteId } from "~/models/demo-sites.server";
import { genericSnippet } from "../../../widget/snippet";
import { demoDataMissing, htmlPage } from "../../sv/server/sv-request.server";

export async function demoStoreResponse(
  request: Request,
  page: { title: string; bodyClass: string; main: string },
): Promise<Response> {
  const websiteId = await demoWebsiteId(prisma, "store");
  if (!websiteId) return demoDataMissing();
  return htmlPage(demoStorePage({ ...page, snippet: genericSnippet({ origin: publicOrigin(request), websiteId }) }));
}
