/** The demo store's collection pages, /demo/store/collections/{handle} (and /collections/all): a product grid, with the widget embedded. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { demoStoreCollectionPage } from "#demo/store/server/page-response.server";
import { beckonForDemo } from "#app/models/demo-sites.server";

export const loader = ({ request, params }: LoaderFunctionArgs) =>
  demoStoreCollectionPage(request, beckonForDemo, params.handle ?? "");
