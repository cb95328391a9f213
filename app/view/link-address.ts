/**
 * The check behind the rich-text editor's link field: what an owner types
 * ("example.se/boka", "info@example.se", "/kontakt", "tel:+46 8 123")
 * becomes an address with a scheme the allow-list keeps, or a reason it
 * cannot. Pure, so the editor and its tests agree on every case.
 */
import { LINK_PROTOCOL } from "#contract/rich-text/allow-list";

/** The longest link address kept (the same as a redirect URL in a CTA). */
export const MAX_LINK_CHARS = 2000;

export type LinkProblem = "empty" | "tooLong" | "scheme" | "invalid";

export type LinkCheck = { href: string } | { problem: LinkProblem };

const SCHEME = /^([a-z][a-z\d+.-]*):/i;
const EMAIL = /^[^\s@/:]+@[^\s@/:]+\.[^\s@/:]+$/;

/** The address to store for what the owner typed, or the problem with it. */
export function checkLinkAddress(typed: string): LinkCheck {
  const text = typed.trim();
  if (!text) return { problem: "empty" };
  if (text.length > MAX_LINK_CHARS) return { problem: "tooLong" };
  // Control characters and spaces inside an address are how "java\tscript:" slips past scheme checks.
  if (/[\s\x00-\x1f\x7f]/.test(text.replace(/^tel:[\d\s()+-]+$/i, "tel:"))) return { problem: "invalid" };
  if (text.startsWith("/") && !text.startsWith("//") && !text.startsWith("/\\")) return { href: text };
  if (EMAIL.test(text)) return { href: `mailto:${text}` };
  const withScheme = SCHEME.test(text) && !/^[^:]+:\d/.test(text) ? text : `https://${text.replace(/^\/+/, "")}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return { problem: "invalid" };
  }
  if (!LINK_PROTOCOL.test(url.protocol)) return { problem: "scheme" };
  if (/^https?:$/.test(url.protocol) && !/\./.test(url.hostname) && url.hostname !== "localhost")
    return { problem: "invalid" };
  return { href: /^https?:$/.test(url.protocol) ? url.href : withScheme };
}

/** Whether a link already in the text (pasted or loaded) may stay one: an allowed scheme or a site path, as the server keeps. */
export function isAllowedLink(href: string): boolean {
  if (/[\x00-\x1f\x7f]/.test(href) || /^\s*[/\\]{2}/.test(href)) return false;
  try {
    return LINK_PROTOCOL.test(new URL(href.trim(), "https://site.invalid/").protocol);
  } catch {
    return false;
  }
}
