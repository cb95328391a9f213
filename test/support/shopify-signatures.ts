/**
 * Signatures as Shopify makes them, for tests that play Shopify against the
 * built server: the app proxy's query signature and a webhook's HMAC.
 */
import { createHmac } from "node:crypto";

/** An app proxy query's `signature`: the pairs sorted by name, `name=value` joined without separators, HMAC-SHA256 hex. */
export function appProxySignature(params: Record<string, string>, secret: string): string {
  const message = Object.keys(params)
    .sort()
    .map((name) => `${name}=${params[name]}`)
    .join("");
  return createHmac("sha256", secret).update(message).digest("hex");
}

/** A webhook's X-Shopify-Hmac-Sha256: HMAC-SHA256 of the raw body, base64. */
export const webhookHmac = (body: string, secret: string): string =>
  createHmac("sha256", secret).update(body, "utf8").digest("base64");
