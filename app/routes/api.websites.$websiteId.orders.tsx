/**
 * POST /api/websites/{id}/orders: a completed Shopify checkout, reported by
 * the Beckon web pixel (extensions/beckon-pixel) with the visitor's token.
 * Answers { stored: true } for a new order and { stored: false } for one
 * already recorded (retried or duplicated pixel events count once). CORS is
 * open like the rest of the public API: the pixel runs in Shopify's sandbox,
 * whose origin is Shopify's, not the shop's.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { prisma } from "#app/db.server";
import { apiJson, parseIdParam, publicApi, readJson, postOnlyLoader } from "#app/server/http.server";
import { shopOrderSchema } from "#contract/schema/shop-order";
import { recordShopOrder } from "#app/models/shop-order.server";

/** An order report is a few hundred bytes; anything near this is not one. */
const MAX_ORDER_BODY_BYTES = 4 * 1024;

export const action = ({ request, params }: ActionFunctionArgs) =>
  publicApi(request, async () => {
    const websiteId = parseIdParam(params.websiteId, "website_id");
    const order = await readJson(request, shopOrderSchema, MAX_ORDER_BODY_BYTES);
    return apiJson(await recordShopOrder(prisma, websiteId, order));
  });

export const loader = postOnlyLoader;
