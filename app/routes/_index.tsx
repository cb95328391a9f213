import { redirect } from "@remix-run/node";
import type { LoaderFunctionArgs } from "@remix-run/node";

/** Shopify cart ids: Ajax tokens ("c1-…?key=…") and Storefront ids ("gid://shopify/Cart/…"). */
const CART_ID = /^[A-Za-z0-9_\-:/?=.&%]{1,255}$/;

/** A JSON answer the widget may read from any storefront (it never needs to: the notice is fire and forget). */
const answer = (body: object, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Access-Control-Allow-Origin": "*",
      "Cache-Control": "no-store",
    },
  });

/**
 * Shopify opens the app at / with ?shop=; the widget's cart notice (SPEC 7,
 * ?cf_action=cf_shopify_cart&cart_id=…) gets JSON; everyone else goes to the standalone admin.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const action = url.searchParams.get("cf_action");
  if (action !== null) {
    if (action !== "cf_shopify_cart") return answer({ ok: false, error: "Unknown cf_action" }, 400);
    const id = url.searchParams.get("cart_id") ?? "";
    return CART_ID.test(id) ? answer({ ok: true }) : answer({ ok: false, error: "Invalid cart_id" }, 400);
  }
  if (url.searchParams.get("shop")) throw redirect(`/app?${url.searchParams.toString()}`);
  throw redirect("/owner");
}
