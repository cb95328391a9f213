/**
 * What owner rich text may contain, in one place: the widget's sanitizer
 * (widget/render/sanitize.ts) copies only these tags into a CTA, and the
 * server's sanitizer (app/models/rich-text/sanitize.server.ts) strips everything else when a CTA
 * document is saved, so what the editor shows, what is stored and what a
 * visitor sees agree. Plain constants: this file ships in the widget, so it
 * stays free of imports and helpers.
 */

/** Tags kept (lowercase, as `Element.localName` gives them). Other tags are unwrapped: their text stays. */
export const RICH_TEXT_TAGS = [
  "b",
  "i",
  "em",
  "strong",
  "u",
  "small",
  "br",
  "p",
  "a",
  "span",
  "ul",
  "ol",
  "li",
  "h1",
  "h2",
  "h3",
  "h4",
];

/** Tags dropped with everything inside: their text is code or markup, never prose. */
export const DROPPED_TAGS = [
  "script",
  "style",
  "template",
  "iframe",
  "object",
  "embed",
  "noscript",
  "textarea",
  "select",
  "title",
  "svg",
  "math",
  "xmp",
  "noembed",
  "noframes",
  "head",
];

/** URL schemes a link may use (`URL.protocol` form); javascript:, data: and the rest never reach a page. */
export const LINK_PROTOCOL = /^(https?|mailto|tel):$/;

/** The same schemes by name, for sanitize-html. */
export const LINK_SCHEMES = ["http", "https", "mailto", "tel"];
