/** The demo store's product pages, /demo/store/products/{handle}: the theme's product form, with the widget embedded. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { demoStoreProductPage } from "#demo/store/server/page-response.server";
import { beckonForDemo } from "#app/models/demo-sites.server";

export const loader = ({ request, params }: LoaderFunctionArgs) =>
  demoStoreProductPage(request, beckonForDemo, params.handle ?? "");
