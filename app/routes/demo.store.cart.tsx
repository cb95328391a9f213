/** The demo store's cart page, /demo/store/cart: the lines of the visitor's cart (cart.js), with the widget embedded. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { prisma } from "~/db.server";
import { publicOrigin } from "~/lib/origin.server";
import { demoWebsiteId } from "~/models/demo-sites.server";
import { genericSnippet } from "../../widget/snippet";
import { demoStoreCartMain, demoStorePage } from "~/lib/demo-products";
import { demoDataMissing, htmlPage } from "../../demo/sv/server/sv-request.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const websiteId = await demoWebsiteId(prisma, "store");
  if (!websiteId) return demoDataMissing();
  const snippet = genericSnippet({ origin: publicOrigin(request), websiteId });
  return htmlPage(
    demoStorePage({
      title: "Your cart – Beckon Demo Store",
      bodyClass: "template-cart",
      main: demoStoreCartMain(),
      snippet,
    }),
  );
}
