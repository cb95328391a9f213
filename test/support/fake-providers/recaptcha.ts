/**
 * A local reCAPTCHA siteverify: POST form-encoded secret, response and
 * optional remoteip; answers { success, challenge_ts, hostname, score?,
 * "error-codes" }. Tokens are single-use, as Google's are.
 */
import { FakeServer, type FakeReply } from "./fake-server";

/** The fake verification service. */
export class FakeRecaptcha {
  readonly server: FakeServer;
  /** token → v3 score (null for a v2 token) */
  private readonly tokens = new Map<string, number | null>();
  private readonly used = new Set<string>();

  constructor(readonly secret = "6LeTestSecretKey") {
    this.server = new FakeServer(
      (r) => this.route(r),
      (_status, detail) => ({ success: false, "error-codes": [detail] }),
    );
  }

  start() {
    return this.server.start().then(() => this);
  }

  /** The siteverify URL to configure (RECAPTCHA_VERIFY_URL). */
  get verifyUrl() {
    return `${this.server.url}/recaptcha/api/siteverify`;
  }

  /** Issues a token a visitor would get from the widget. */
  issue(token: string, score: number | null = null): string {
    this.tokens.set(token, score);
    return token;
  }

  private route(r: { method: string; path: string; rawBody: string; headers: Record<string, unknown> }): FakeReply {
    if (r.method !== "POST" || r.path !== "/recaptcha/api/siteverify") return { status: 404, body: "Not Found" };
    const form = new URLSearchParams(r.rawBody);
    const codes: string[] = [];
    if (!form.get("secret")) codes.push("missing-input-secret");
    else if (form.get("secret") !== this.secret) codes.push("invalid-input-secret");
    const token = form.get("response");
    if (!token) codes.push("missing-input-response");
    else if (this.used.has(token)) codes.push("timeout-or-duplicate");
    else if (!this.tokens.has(token)) codes.push("invalid-input-response");
    if (codes.length) return { status: 200, body: { success: false, "error-codes": codes } };
    this.used.add(token!);
    const score = this.tokens.get(token!);
    return {
      status: 200,
      body: {
        success: true,
        challenge_ts: new Date().toISOString(),
        hostname: "example.se",
        ...(score != null ? { score, action: "submit" } : {}),
        "error-codes": [],
      },
    };
  }
}
