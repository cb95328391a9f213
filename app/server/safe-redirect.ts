/**
 * Where the sign-in page may send an owner afterwards. The value comes from
 * the address bar (?redirectTo=), so anyone can write it into a link: only a
 * path of the owner admin on this origin is accepted, judged after the
 * browser's own normalisation ("/.//evil.example" resolves to
 * "//evil.example", which a browser reads as another host).
 */

const DUMMY_ORIGIN = "http://beckon.invalid";
const MAX_LENGTH = 2000;

// Backslashes (browsers read "\" as "/"), control characters and whitespace
// that the URL parser strips, and percent-encoded slashes, backslashes or
// control characters: none of them appear in an admin path Beckon makes.
const FORBIDDEN_RAW = /[\\\u0000-\u0020\u007f-\u009f\u2028\u2029]/;
const FORBIDDEN_ENCODED_PATH = /%(?:2f|5c|[01][0-9a-f]|7f)/i;

/** The admin path (with query and hash) to go to after signing in, or the fallback for anything else. */
export function safeRedirectTo(value: unknown, fallback = "/owner"): string {
  if (typeof value !== "string" || value.length === 0 || value.length > MAX_LENGTH) return fallback;
  if (!value.startsWith("/") || FORBIDDEN_RAW.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, DUMMY_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== DUMMY_ORIGIN) return fallback;
  const path = url.pathname;
  if (path !== "/owner" && !path.startsWith("/owner/")) return fallback;
  if (path.includes("//") || FORBIDDEN_ENCODED_PATH.test(path)) return fallback;
  // Rebuilt from the parsed parts: what the browser gets is what was checked.
  return `${path}${url.search}${url.hash}`;
}
