/**
 * A local stand-in for a shop's OAuth token endpoint, answering the
 * migration of a non-expiring offline token as Shopify documents it:
 * POST /admin/oauth/access_token with the app's client id and secret,
 * grant_type urn:ietf:params:oauth:grant-type:token-exchange, the old token
 * as subject_token of type offline-access-token, requested_token_type
 * offline-access-token and expiring=1; the answer is an expiring offline
 * token (expires_in 3599 s) with a refresh token (90 days). An unknown or
 * already-revoked subject token gets OAuth's 400 invalid_subject_token.
 * Tests can replace the answer (`answerWith`) or hold it (`hold`).
 */
import { FakeServer, type FakeReply } from "./fake-server";

const OFFLINE = "urn:shopify:params:oauth:token-type:offline-access-token";

export class FakeShopifyTokenEndpoint {
  readonly server: FakeServer;
  /** Replaces the next answers (hostile or broken replies). */
  answerWith: FakeReply | null = null;
  private gate: Promise<void> | null = null;
  private exchanges = 0;

  constructor(
    readonly app: { apiKey: string; apiSecret: string },
    /** The non-expiring tokens Shopify still honours, by value. */
    readonly oldTokens: Set<string>,
  ) {
    this.server = new FakeServer(
      (r) => this.route(r),
      (status, detail) => ({ error: status === 400 ? "invalid_request" : "server_error", error_description: detail }),
    );
  }

  start() {
    return this.server.start().then(() => this);
  }

  get url() {
    return this.server.url;
  }

  /** Holds every answer until the returned function is called. */
  hold(): () => void {
    let release = () => {};
    this.gate = new Promise<void>((resolve) => (release = resolve));
    return () => {
      this.gate = null;
      release();
    };
  }

  /** The exchanges the endpoint accepted (a token was issued). */
  get issued(): number {
    return this.exchanges;
  }

  /** The access token issued for the nth accepted exchange (1-based). */
  static issuedToken = (n: number) => `shpat_expiring_${n}`;

  private async route(r: { method: string; path: string; body: unknown }): Promise<FakeReply> {
    if (this.gate) await this.gate;
    if (r.method !== "POST" || r.path !== "/admin/oauth/access_token")
      return { status: 404, body: { errors: "Not Found" } };
    if (this.answerWith) return this.answerWith;
    const body = (r.body ?? {}) as Record<string, unknown>;
    if (body.client_id !== this.app.apiKey || body.client_secret !== this.app.apiSecret)
      return { status: 401, body: { error: "invalid_client", error_description: "Client authentication failed" } };
    if (
      body.grant_type !== "urn:ietf:params:oauth:grant-type:token-exchange" ||
      body.subject_token_type !== OFFLINE ||
      body.requested_token_type !== OFFLINE ||
      body.expiring !== "1"
    )
      return { status: 400, body: { error: "invalid_request", error_description: "Unsupported token exchange" } };
    if (typeof body.subject_token !== "string" || !this.oldTokens.has(body.subject_token))
      return { status: 400, body: { error: "invalid_subject_token", error_description: "Token is invalid" } };
    this.exchanges++;
    return {
      status: 200,
      body: {
        access_token: FakeShopifyTokenEndpoint.issuedToken(this.exchanges),
        scope: "read_products,write_app_proxy",
        expires_in: 3599,
        refresh_token: `shprt_refresh_${this.exchanges}`,
        refresh_token_expires_in: 7_776_000,
      },
    };
  }
}
