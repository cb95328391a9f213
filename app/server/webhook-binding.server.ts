/**
 * Which shop a Shopify webhook may act on, decided in one place for every
 * webhook route. Shopify's HMAC covers the body only: X-Shopify-Shop-Domain,
 * X-Shopify-Topic and X-Shopify-Webhook-Id are not signed, so a signed body
 * of one shop could be sent with another shop's header. The shop is
 * therefore taken from the signed body (the field each topic's documented
 * payload names it in) and the header must name the same shop; otherwise
 * the webhook is refused with a 400 that names the field, before anything
 * is read or changed.
 */
import { apiError } from "./http.server";
import { canonicalShopDomain } from "./shop-domain";

/** The webhook topics Beckon subscribes to (shopify.app.toml). */
export type WebhookTopic =
  | "customers/data_request"
  | "customers/redact"
  | "shop/redact"
  | "app/uninstalled"
  | "app/scopes_update"
  | "orders/create";

/**
 * Where each topic's payload names its shop. The privacy topics carry
 * `shop_domain`; app/uninstalled carries the shop resource, whose `domain`
 * may be the store's own domain and whose `myshopify_domain` is the shop.
 * app/scopes_update names the shop by `shop_id` only (a number Beckon does
 * not keep), so its header cannot be checked against the body unless the
 * body does carry a `shop_domain`; its effect is bounded (the offline
 * session's scope string of the header's shop).
 */
const SHOP_IN_BODY: Record<WebhookTopic, { field: string; required: boolean }> = {
  "customers/data_request": { field: "shop_domain", required: true },
  "customers/redact": { field: "shop_domain", required: true },
  "shop/redact": { field: "shop_domain", required: true },
  "app/uninstalled": { field: "myshopify_domain", required: true },
  "app/scopes_update": { field: "shop_domain", required: false },
  // The order resource names no shop either: the header's shop is the one whose secret signed it.
  "orders/create": { field: "shop_domain", required: false },
};

/** Shopify's ids are UUIDs; anything printable and short is kept as is, other values are refused. */
const WEBHOOK_ID = /^[A-Za-z0-9._:-]{1,100}$/;

/** What authenticate.webhook hands over (after the HMAC check). */
export interface VerifiedWebhook {
  shop: string;
  topic: string;
  webhookId?: string | null;
  payload: unknown;
}

/** A webhook bound to the shop its signed body names. */
export interface BoundWebhook {
  /** The shop's myshopify domain, lower case. */
  shop: string;
  topic: WebhookTopic;
  webhookId: string;
  payload: Record<string, unknown>;
}

/**
 * Whether a webhook's topic is the expected one. Shopify's header says
 * "customers/redact"; the library may hand it over as "CUSTOMERS_REDACT".
 */
export function isTopic(topic: string | null | undefined, expected: string): boolean {
  const norm = (s: string) => s.toLowerCase().replace(/[/_]/g, "");
  return typeof topic === "string" && norm(topic) === norm(expected);
}

/** Quotes an untrusted value for an error message, shortened. */
function quoted(value: unknown): string {
  return JSON.stringify(typeof value === "string" ? value.slice(0, 100) : value) ?? "nothing";
}

function headerRefusal(header: unknown): Response {
  return apiError(
    400,
    `X-Shopify-Shop-Domain must be exactly a shop's myshopify.com domain, not ${quoted(header)}`,
    "X-Shopify-Shop-Domain",
  );
}

/**
 * The webhook bound to its body's shop, or the 400 answer to send (and
 * nothing else to do) when the topic is not this route's, the body is not a
 * JSON object, the header or the body does not name the shop exactly, they
 * name different shops, or the webhook id is missing or malformed.
 */
export function bindWebhook(webhook: VerifiedWebhook, expected: WebhookTopic): BoundWebhook | Response {
  if (!isTopic(webhook.topic, expected))
    return apiError(400, `This address handles ${expected} only, not ${quoted(webhook.topic)}`, "X-Shopify-Topic");
  const payload = webhook.payload;
  if (!payload || typeof payload !== "object" || Array.isArray(payload))
    return apiError(400, `A ${expected} webhook's body must be a JSON object`, null);
  const body = payload as Record<string, unknown>;

  const headerShop = canonicalShopDomain(webhook.shop);
  if (!headerShop) return headerRefusal(webhook.shop);
  const { field, required } = SHOP_IN_BODY[expected];
  if (required || field in body) {
    const bodyShop = canonicalShopDomain(body[field]);
    if (!bodyShop)
      return apiError(
        400,
        `The signed body's ${field} must be exactly a shop's myshopify.com domain, not ${quoted(body[field])}`,
        field,
      );
    if (bodyShop !== headerShop)
      return apiError(
        400,
        `X-Shopify-Shop-Domain ${quoted(headerShop)} is not the shop the signed body names in ${field} (${quoted(bodyShop)})`,
        field,
      );
  }

  // Shopify always sends an id (the library already refuses a webhook
  // without one); receipts of destructive topics are keyed by it.
  const webhookId = webhook.webhookId ?? "";
  if (!WEBHOOK_ID.test(webhookId))
    return apiError(
      400,
      `X-Shopify-Webhook-Id must be Shopify's id of the delivery, not ${quoted(webhookId)}`,
      "X-Shopify-Webhook-Id",
    );
  return { shop: headerShop, topic: expected, webhookId, payload: body };
}

/**
 * What every webhook route calls: the library's verification (the HMAC:
 * 401 when wrong; it throws its answer), then bindWebhook.
 */
export async function receiveWebhook(
  request: Request,
  authenticateWebhook: (request: Request) => Promise<VerifiedWebhook>,
  expected: WebhookTopic,
): Promise<BoundWebhook | Response> {
  // Looked at before the library, whose session lookup throws (a 500) on a
  // header it cannot read as a shop; a refusal here changes nothing either.
  const header = request.headers.get("X-Shopify-Shop-Domain");
  if (header !== null && !canonicalShopDomain(header)) return headerRefusal(header);
  return bindWebhook(await authenticateWebhook(request), expected);
}
