/** The demo store's cart page, /demo/store/cart: the lines of the visitor's cart (cart.js), with the widget embedded. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { prisma } from "~/db.server";
import { demoStoreResponse } from "../../demo/store/server/page-response.server";
import { demoWebsiteId } from "~/models/demo-sites.server";
import { demoStoreCartMain } from "~/lib/demo-products";

export const loader = async ({ request }: LoaderFunctionArgs) =>
  demoStoreResponse(request, await demoWebsiteId(prisma, "store"), {
    title: "Your cart – Beckon Demo Store",
    bodyClass: "template-cart",
    main: demoStoreCartMain(),
  });
