/** The demo store's list of collections, /demo/store/collections, with the widget embedded. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { demoStoreCollectionList } from "#demo/store/server/page-response.server";
import { beckonForDemo } from "#app/models/demo-sites.server";

export const loader = ({ request }: LoaderFunctionArgs) => demoStoreCollectionList(request, beckonForDemo);
