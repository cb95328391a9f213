/** The demo store's cart page, /demo/store/cart: the lines of the visitor's cart (cart.js), with the widget embedded. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { demoStoreResponse } from "#demo/store/server/page-response.server";
import { demoStoreCartMain } from "#demo/store/server/demo-products";
import { beckonForDemo } from "#app/models/demo-sites.server";

export const loader = ({ request }: LoaderFunctionArgs) =>
  demoStoreResponse(request, beckonForDemo, {
    title: "Your cart – Beckon Demo Store",
    bodyClass: "template-cart",
    main: demoStoreCartMain(),
  });
