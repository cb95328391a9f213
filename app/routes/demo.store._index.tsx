/**
 * /demo/store: the demo store's front page, which embeds the widget with the
 * generic snippet, exactly as a site owner would; its Ajax API is served by
 * scripts/serve.ts (demo/store/server). The Swedish sales-training host site
 * (/demo/sv, rendered from demo/sv/) is answered by the demo.sv.* routes.
 * Any other /demo/… address is Beckon's own 404 page (root.tsx).
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { demoStoreResponse } from "#demo/store/server/page-response.server";
import { demoStoreFrontMain } from "#demo/store/server/demo-products";
import { demoThemeData } from "#demo/store/server/demo";
import { beckonForDemo } from "#app/models/demo-sites.server";

export const loader = async ({ request }: LoaderFunctionArgs) =>
  demoStoreResponse(request, beckonForDemo, {
    title: "Beckon Demo Store",
    bodyClass: "template-index",
    main: demoStoreFrontMain(await demoThemeData()),
  });
