/**
 * The CTA editor's product search in the standalone owner admin of a store
 * website (POST {basePath}/products/search, form fields q, after and kind:
 * "products", the default, or "collections" for a product feed's collection). Owner
 * sessions only, same-origin with the CSRF token like every owner post;
 * the server calls the shop's Admin GraphQL API with its offline token.
 * Answers { products, pageInfo }, { collections, pageInfo } or { error: { field, message, code } }.
 */
import { prisma } from "#app/db.server";
import { AdminApiError } from "#app/integrations/shopify-admin/admin-graphql.server";
import { MAX_SEARCH_CHARS, searchProducts } from "#app/integrations/shopify-admin/product-search.server";
import { searchCollections } from "#app/integrations/shopify-admin/collection-search.server";
import { shopConnection } from "#app/models/shop-connection.server";
import { apiVersion } from "#app/shopify.server";
import type { CollectionSearchPage, ProductSearchPage } from "#app/view/store-products";

/** What can be searched for. */
const KINDS = ["products", "collections"] as const;
import { readAdminForm, type AdminContext } from "./admin-context.server";
import { serverEnv } from "#app/server/env.server";
import { adminLanguage, translator, type AdminKey } from "#app/i18n";
import { logger } from "#app/server/logger.server";

/** Opaque Relay cursors Shopify hands out are base64 text. */
const CURSOR = /^[A-Za-z0-9+/=_-]{1,512}$/;
/** Control characters and invisible bidirectional overrides (tabs and newlines are turned into spaces first). */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

export type ProductSearchError = { error: { field: string | null; message: string; code: string } };

function fail(status: number, field: string | null, code: string, message: string) {
  // A resource route answers a Response: Remix's data() would drop the status here.
  return Response.json({ error: { field, message, code } } satisfies ProductSearchError, {
    status,
    headers: { "Cache-Control": "no-store" },
  });
}

const SHOPIFY_FAILURES: Record<AdminApiError["kind"], { status: number; text: AdminKey }> = {
  unauthorized: { status: 502, text: "productSearch.unauthorized" },
  throttled: { status: 503, text: "productSearch.throttled" },
  network: { status: 502, text: "productSearch.network" },
  bad_response: { status: 502, text: "productSearch.badResponse" },
};

const NOT_CONNECTED = {
  not_store: "productSearch.notStore",
  not_installed: "productSearch.notInstalled",
  expired: "productSearch.expired",
} as const satisfies Record<string, AdminKey>;

/** Action of the product search endpoint. */
export async function actionProductSearch(ctx: AdminContext, request: Request) {
  const form = await readAdminForm(ctx, request);
  // The messages are shown to the owner as they are: in the admin's language.
  const translate = translator(adminLanguage(request));
  const rawQuery = form.get("q") ?? "";
  const rawAfter = form.get("after") ?? "";
  if (typeof rawQuery !== "string") return fail(400, "q", "invalid", translate("productSearch.wordsAsText"));
  const words = rawQuery.replace(/[\t\r\n]+/g, " ").trim();
  if (words.length > MAX_SEARCH_CHARS)
    return fail(400, "q", "too_long", translate("productSearch.tooLong", { max: MAX_SEARCH_CHARS }));
  if (CONTROL.test(words)) return fail(400, "q", "invalid", translate("productSearch.badCharacters"));
  if (typeof rawAfter !== "string" || (rawAfter !== "" && !CURSOR.test(rawAfter)))
    return fail(400, "after", "invalid", translate("productSearch.badPage"));
  const rawKind = form.get("kind") ?? "products";
  if (typeof rawKind !== "string" || !(KINDS as readonly string[]).includes(rawKind))
    return fail(400, "kind", "invalid", translate("productSearch.badKind"));
  const kind = rawKind as (typeof KINDS)[number];

  const connection = await shopConnection(prisma, ctx.websiteId);
  if (connection.state !== "connected")
    return fail(409, "shop", connection.state, translate(NOT_CONNECTED[connection.state]));
  try {
    const admin = {
      shop: connection.shop,
      accessToken: connection.accessToken,
      apiVersion,
      baseUrl: serverEnv().shopifyAdminUrl ?? undefined,
    };
    const page: ProductSearchPage | CollectionSearchPage =
      kind === "collections"
        ? await searchCollections(admin, words, rawAfter || null)
        : await searchProducts(admin, words, rawAfter || null);
    return Response.json(page, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    if (!(error instanceof AdminApiError)) throw error;
    if (error.kind !== "unauthorized")
      logger("product-search").error(
        `${kind === "collections" ? "collection" : "product"} search for ${connection.shop} failed: ${error.message}`,
      );
    const failure = SHOPIFY_FAILURES[error.kind];
    return fail(failure.status, "shop", error.kind, translate(failure.text));
  }
}
