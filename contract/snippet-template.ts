/**
 * The generic embed snippet as the server and host sites hand it out. Its
 * code is the widget's (widget/snippet.ts: the visitor cookie's name, the
 * token alphabet, the queued public methods), so the widget build writes it
 * once as a template with the placeholders below
 * (extensions/cta-embed/assets/beckon-snippet.json), and whoever shows a
 * website's snippet fills in that website's values here. The server and
 * the demo then never import the widget's internals to print it.
 */

/** Stand for the Beckon server's origin inside the template's string literals. */
export const SNIPPET_ORIGIN = "{{BECKON_ORIGIN}}";
/** Stands for the website id, in addresses and in the visitor cookie's name. */
export const SNIPPET_WEBSITE_ID = "{{BECKON_WEBSITE_ID}}";
/** Stands for the <script> tag's nonce attribute (with its leading space), or nothing. */
export const SNIPPET_NONCE_ATTRIBUTE = "{{BECKON_NONCE_ATTRIBUTE}}";

/** The build's file (beckon-snippet.json) holds this shape. */
export interface SnippetTemplateFile {
  template: string;
}

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

/**
 * A value as it reads inside a JSON string literal of the template:
 * escaped as JSON.stringify would, and "<" too, so "</script>" never ends
 * the snippet's <script>.
 */
const insideLiteral = (value: string) => JSON.stringify(value).slice(1, -1).replace(/</g, "\\u003c");

/** The HTML <script> snippet that installs Beckon for one website, from the build's template. */
export function fillSnippet(template: string, { origin, websiteId, nonce }: SnippetOptions): string {
  if (!Number.isInteger(websiteId) || websiteId <= 0) throw new Error("websiteId must be a positive integer");
  const base = new URL(origin).origin;
  if (!/^https?:$/.test(new URL(base).protocol)) throw new Error("origin must be an http(s) address");
  if (nonce !== undefined && !/^[A-Za-z0-9+/=_-]{1,200}$/.test(nonce))
    throw new Error("nonce must be base64 or base64url characters");
  // Function replacers: a "$" in a value must not be read as a replacement pattern.
  return template
    .replaceAll(SNIPPET_ORIGIN, () => insideLiteral(base))
    .replaceAll(SNIPPET_WEBSITE_ID, () => String(websiteId))
    .replaceAll(SNIPPET_NONCE_ATTRIBUTE, () => (nonce === undefined ? "" : ` nonce="${nonce}"`));
}
