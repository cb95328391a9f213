/**
 * The server's half of rich-text safety: every CTA document is cleaned with
 * sanitize-html before it is stored, using the allow-list the widget's own
 * sanitizer copies (allow-list.ts), so stored HTML holds nothing a visitor's
 * browser would drop anyway: no scripts, styles, event handlers or classes,
 * links only to http(s), mailto and tel. The widget still sanitizes when it
 * renders (htmlparser2 and a browser can disagree on hostile markup, and
 * documents stored before this check exist), so this is the second lock,
 * not the only one.
 */
import sanitizeHtml from "sanitize-html";
import { DROPPED_TAGS, LINK_SCHEMES, RICH_TEXT_TAGS } from "#contract/rich-text/allow-list";

/** The widget's sanitizer stops copying below this depth; deeper markup is only a way to stall parsers. */
const NESTING_LIMIT = 32;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: RICH_TEXT_TAGS,
  allowedAttributes: { a: ["href", "target", "rel"] },
  allowedSchemes: LINK_SCHEMES,
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ["href"],
  // "//evil.example" would borrow the page's scheme; owners write full addresses.
  allowProtocolRelative: false,
  nonTextTags: DROPPED_TAGS,
  disallowedTagsMode: "discard",
  nestingLimit: NESTING_LIMIT,
  parseStyleAttributes: false,
  transformTags: {
    a: (tagName, attribs) => {
      const attrs: Record<string, string> = {};
      if (attribs.href) attrs.href = attribs.href.trim();
      // A new tab gets no window.opener and no referrer, as the widget renders it.
      if (attribs.target === "_blank") Object.assign(attrs, { target: "_blank", rel: "noopener noreferrer" });
      return { tagName, attribs: attrs };
    },
  },
};

/** Owner rich text with only the allowed tags, attributes and link schemes left. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
