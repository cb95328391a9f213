/**
 * A demo store page as its routes answer it: the widget embedded with the
 * generic snippet, exactly as a site owner embeds it, for the seeded demo
 * store's website (a 503 naming the missing demo data when it is not seeded).
 * What the store knows of Beckon comes from the server that serves it
 * (demo/host.ts). The product, collection and 404 pages are built here from
 * the storefront's catalogue (theme-pages.ts), in the same shell.
 */
import type { BeckonForHost } from "#demo/host";
import { demoStorePage } from "./demo-products";
import { demoThemeData } from "./demo";
import {
  collectionListMain,
  collectionMain,
  collectionTitle,
  findCollection,
  findProduct,
  notFoundMain,
  productMain,
} from "./theme-pages";
import { demoDataMissing, htmlPage } from "#demo/sv/server/sv-request.server";

const STORE_NAME = "Beckon Demo Store";

export async function demoStoreResponse(
  request: Request,
  beckon: BeckonForHost,
  page: { title: string; bodyClass: string; main: string },
  status = 200,
): Promise<Response> {
  const site = await beckon.site("store", request);
  if (!site) return demoDataMissing();
  return htmlPage(demoStorePage({ ...page, snippet: site.snippet }), status);
}

/** The theme's 404 page, in the store's shell. */
export async function demoStoreNotFound(request: Request, beckon: BeckonForHost): Promise<Response> {
  const { root } = await demoThemeData();
  const page = { title: `Page not found – ${STORE_NAME}`, bodyClass: "template-404", main: notFoundMain(root) };
  return demoStoreResponse(request, beckon, page, 404);
}

/** /demo/store/products/{handle}: the product page, opened on ?variant= when that is one of its variants. */
export async function demoStoreProductPage(request: Request, beckon: BeckonForHost, handle: string) {
  const data = await demoThemeData();
  const product = findProduct(data, handle);
  if (!product) return demoStoreNotFound(request, beckon);
  const variant = new URL(request.url).searchParams.get("variant");
  return demoStoreResponse(request, beckon, {
    title: `${product.title} – ${STORE_NAME}`,
    bodyClass: "template-product",
    main: productMain(data, product, variant),
  });
}

/** /demo/store/collections/{handle}: the collection's product grid. */
export async function demoStoreCollectionPage(request: Request, beckon: BeckonForHost, handle: string) {
  const data = await demoThemeData();
  const products = findCollection(data, handle);
  if (!products) return demoStoreNotFound(request, beckon);
  return demoStoreResponse(request, beckon, {
    title: `${collectionTitle(data, handle)} – ${STORE_NAME}`,
    bodyClass: "template-collection",
    main: collectionMain(data, handle, products),
  });
}

/** /demo/store/collections: every collection. */
export async function demoStoreCollectionList(request: Request, beckon: BeckonForHost) {
  const data = await demoThemeData();
  return demoStoreResponse(request, beckon, {
    title: `Collections – ${STORE_NAME}`,
    bodyClass: "template-list-collections",
    main: collectionListMain(data),
  });
}
