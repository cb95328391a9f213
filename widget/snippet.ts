/**
 * The generic embed snippet for any website (the server's install page, the
 * README and the demo use it). It is async and never blocks the page: a stub
 * window.beckon queues calls as [name, args] in beckon.q until the loader
 * arrives and replays them.
 */
import { METHODS } from "./core/public-api";

export interface SnippetOptions {
  /** Origin of the Beckon server, e.g. https://beckon.example (a trailing slash is ignored). */
  origin: string;
  websiteId: number;
  /**
   * The host page's Content-Security-Policy nonce, for pages whose
   * script-src allows scripts by nonce only: the snippet's <script> carries
   * it and hands it on to the widget script it inserts.
   */
  nonce?: string;
}

/** The HTML <script> snippet that installs Beckon for one website. */
export function genericSnippet({ origin, websiteId, nonce }: SnippetOptions): string {
  if (!Number.isInteger(websiteId) || websiteId <= 0) throw new Error("websiteId must be a positive integer");
  const base = new URL(origin).origin;
  if (!/^https?:$/.test(new URL(base).protocol)) throw new Error("origin must be an http(s) address");
  // JSON.stringify makes a safe JS string; escaping "<" keeps "</script>" out of the HTML.
  const src = JSON.stringify(`${base}/api/websites/${websiteId}.js`).replace(/</g, "\\u003c");
  const methods = JSON.stringify(METHODS);
  if (nonce !== undefined && !/^[A-Za-z0-9+/=_-]{1,200}$/.test(nonce)) throw new Error("nonce must be base64 or base64url characters");
  if (nonce !== undefined) {
    // The nonce is read back from the running <script> (browsers hide the attribute from the DOM, not the property).
    return `<!-- Beckon -->
<script nonce="${nonce}">
(function(w,d,u){var b=w.beckon=w.beckon||{};b.q=b.q||[];${methods}.forEach(function(m){b[m]=b[m]||function(){b.q.push([m,[].slice.call(arguments)])}});var s=d.createElement("script"),c=d.currentScript;s.async=true;s.src=u;if(c&&c.nonce)s.nonce=c.nonce;(d.head||d.documentElement).appendChild(s)})(window,document,${src});
</script>`;
  }
  return `<!-- Beckon -->
<script>
(function(w,d,u){var b=w.beckon=w.beckon||{};b.q=b.q||[];${methods}.forEach(function(m){b[m]=b[m]||function(){b.q.push([m,[].slice.call(arguments)])}});var s=d.createElement("script");s.async=true;s.src=u;(d.head||d.documentElement).appendChild(s)})(window,document,${src});
</script>`;
}
