/**
 * The CTA editor's product search in the standalone owner admin of a store
 * website (POST {basePath}/products/search, form fields q, after and kind:
 * "products", the default, or "collections" for a product feed's collection). Owner
 * sessions only, same-origin with the CSRF token like every owner post;
 * the server calls the shop's Admin GraphQL API with its offline token.
 * Answers { products, pageInfo }, { collections, pageInfo } or { error: { field, message, code } }.
 */
import { prisma } from "~/db.server";
import { AdminApiError } from "~/integrations/shopify-admin/admin-graphql.server";
import { MAX_SEARCH_CHARS, searchProducts } from "~/integrations/shopify-admin/product-search.server";
import { searchCollections } from "~/integrations/shopify-admin/collection-search.server";
import { shopConnection } from "~/models/shop-connection.server";
import { apiVersion } from "~/shopify.server";
import type { CollectionSearchPage, ProductSearchPage } from "~/lib/store-products";

/** What can be searched for. */
const KINDS = ["products", "collections"] as const;
import { readAdminForm, type AdminContext } from "./admin-context.server";

/** Opaque Relay cursors Shopify hands out are base64 text. */
const CURSOR = /^[A-Za-z0-9+/=_-]{1,512}$/;
/** Control characters and invisible bidirectional overrides (tabs and newlines are turned into spaces first). */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

export type ProductSearchError = { error: { field: string | null; message: string; code: string } };

function fail(status: number, field: string | null, code: string, message: string) {
  // A resource route answers a Response: Remix's data() would drop the status here.
  return Response.json({ error: { field, message, code } } satisfies ProductSearchError, { status, headers: { "Cache-Control": "no-store" } });
}

const SHOPIFY_FAILURES: Record<AdminApiError["kind"], { status: number; message: string }> = {
  unauthorized: { status: 502, message: "Shopify refused Beckon's access to this store: the app was uninstalled or its access revoked. Open Beckon from the store's Shopify admin to connect it again." },
  throttled: { status: 503, message: "Shopify is limiting requests to this store right now. Wait a few seconds and search again." },
  network: { status: 502, message: "Shopify could not be reached. Check the connection and search again." },
  bad_response: { status: 502, message: "Shopify gave an answer Beckon could not read. Search again in a moment." },
};

const NOT_CONNECTED = {
  not_store: "This website is not a Shopify store: type the variant ids instead.",
  not_installed: "Beckon is not installed in this store's Shopify admin: install it there to search the store's products.",
  expired: "Beckon's access to this store has expired: open Beckon from the store's Shopify admin once to renew it.",
} as const;

/** Action of the product search endpoint. */
export async function actionProductSearch(ctx: AdminContext, request: Request) {
  const form = await readAdminForm(ctx, request);
  const rawQuery = form.get("q") ?? "";
  const rawAfter = form.get("after") ?? "";
  if (typeof rawQuery !== "string") return fail(400, "q", "invalid", "Send the search words as text");
  const words = rawQuery.replace(/[\t\r\n]+/g, " ").trim();
  if (words.length > MAX_SEARCH_CHARS) return fail(400, "q", "too_long", `Search with at most ${MAX_SEARCH_CHARS} characters`);
  if (CONTROL.test(words)) return fail(400, "q", "invalid", "The search words hold characters that cannot be searched for");
  if (typeof rawAfter !== "string" || (rawAfter !== "" && !CURSOR.test(rawAfter))) return fail(400, "after", "invalid", "Not a page of these results");
  const rawKind = form.get("kind") ?? "products";
  if (typeof rawKind !== "string" || !(KINDS as readonly string[]).includes(rawKind)) return fail(400, "kind", "invalid", "Search for products or collections");
  const kind = rawKind as (typeof KINDS)[number];

  const connection = await shopConnection(prisma, ctx.websiteId);
  if (connection.state !== "connected") return fail(409, "shop", connection.state, NOT_CONNECTED[connection.state]);
  try {
    const admin = { shop: connection.shop, accessToken: connection.accessToken, apiVersion, baseUrl: process.env.BECKON_SHOPIFY_ADMIN_URL || undefined };
    const page: ProductSearchPage | CollectionSearchPage =
      kind === "collections" ? await searchCollections(admin, words, rawAfter || null) : await searchProducts(admin, words, rawAfter || null);
    return Response.json(page, { headers: { "Cache-Control": "no-store" } });
  } catch (e) {
    if (!(e instanceof AdminApiError)) throw e;
    if (e.kind !== "unauthorized") console.error(`[beckon] ${kind === "collections" ? "collection" : "product"} search for ${connection.shop} failed:`, e.message);
    const f = SHOPIFY_FAILURES[e.kind];
    return fail(f.status, "shop", e.kind, f.message);
  }
}
