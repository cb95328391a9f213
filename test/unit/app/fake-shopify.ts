/**
 * A local server answering as Shopify's OAuth token endpoint and Admin
 * GraphQL endpoint are documented, for tests of the app Beckon's server
 * builds (createShopifyApp): a query the Admin schema does not validate is
 * refused as Shopify refuses it, and the library's real fetch reaches the
 * server by a rewrite of https://{shop} to the local origin.
 */
import type { IncomingHttpHeaders, IncomingMessage } from "node:http";
import { setAbstractFetchFunc } from "@shopify/shopify-api/runtime";
import { adminRefusal } from "#test/support/admin-schema";
import { serveLocally, type LocalHttpServer } from "#test/support/local-http";
import { apiVersion } from "#app/shopify.server";

/** A JSON answer. */
export interface ShopifyReply {
  status: number;
  body: object;
}

export interface FakeShopifyEndpoints {
  /** POST /admin/oauth/access_token, given the JSON form the library sent. */
  token(form: Record<string, string>, headers: IncomingHttpHeaders): ShopifyReply;
  /** An Admin call turned away before its query is looked at (a token Shopify does not honour); null lets it through. */
  refuseAdmin?(headers: IncomingHttpHeaders): ShopifyReply | null;
  /** POST /admin/api/{version}/graphql.json whose query the Admin schema validates. */
  admin(query: string, variables: Record<string, unknown> | undefined): ShopifyReply;
}

/** The token endpoint's answer for an expiring offline token (`shpat_{name}`, refreshable as `shprt_{name}`) with `scope`. */
export const expiringTokenReply = (name: string, scope: string): ShopifyReply => ({
  status: 200,
  body: {
    access_token: `shpat_${name}`,
    expires_in: 3600,
    refresh_token: `shprt_${name}`,
    refresh_token_expires_in: 7776000,
    scope,
  },
});

const bodyOf = async (req: IncomingMessage) => {
  let raw = "";
  for await (const chunk of req) raw += chunk;
  return raw;
};

/**
 * Serves `endpoints` and points the Shopify library's fetch at them. Each
 * request keeps the host it was meant for in an X-Original-Host header, so
 * a test can tell which shop the library asked.
 */
export async function serveFakeShopify(endpoints: FakeShopifyEndpoints): Promise<LocalHttpServer> {
  const shopify = await serveLocally(async (req, res) => {
    const send = ({ status, body }: ShopifyReply) => {
      res.writeHead(status, { "Content-Type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (req.method === "POST" && req.url === "/admin/oauth/access_token") {
      return send(endpoints.token(JSON.parse(await bodyOf(req)) as Record<string, string>, req.headers));
    }
    if (req.method === "POST" && req.url === `/admin/api/${apiVersion}/graphql.json`) {
      const { query, variables } = JSON.parse(await bodyOf(req)) as {
        query: string;
        variables?: Record<string, unknown>;
      };
      const turnedAway = endpoints.refuseAdmin?.(req.headers);
      if (turnedAway) return send(turnedAway);
      const refusal = adminRefusal(query, variables);
      if (refusal) return send({ status: 200, body: refusal });
      return send(endpoints.admin(query, variables));
    }
    send({ status: 404, body: { errors: "Not Found" } });
  });
  setAbstractFetchFunc(((input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    const headers = new Headers(init?.headers);
    headers.set("X-Original-Host", url.host);
    return fetch(shopify.origin + url.pathname + url.search, { ...init, headers });
  }) as typeof fetch);
  return shopify;
}
