/**
 * In-page anchors (SPEC 2, 5): a link to "#id" on the same page gives its
 * target a 150 px scroll margin, so the sticky header never covers it. Only
 * a hash plus a valid identifier counts (not "#", "#1", nor a link action).
 */
import { ANCHOR_SCROLL_MARGIN_PX } from "./constants";
import { within } from "./dom";

const VALID_ID = /^[\p{L}_][\p{L}\p{N}_-]*$/u;

/** The id a hash names, or null when the hash is not a hash plus a valid identifier. */
export function anchorId(hash: string): string | null {
  if (!hash.startsWith("#")) return null;
  let id: string;
  try {
    id = decodeURIComponent(hash.slice(1));
  } catch {
    return null;
  }
  return VALID_ID.test(id) ? id : null;
}

export function initAnchors(root: ParentNode, doc: Document, win: Window): void {
  const here = `${win.location.origin}${win.location.pathname}`;
  for (const link of within<HTMLAnchorElement>(root, "a[href*='#']")) {
    let url: URL;
    try {
      url = new URL(link.getAttribute("href")!, win.location.href);
    } catch {
      continue;
    }
    if (`${url.origin}${url.pathname}` !== here) continue;
    const id = anchorId(url.hash);
    const target = id ? doc.getElementById(id) : null;
    if (target) target.style.scrollMarginTop = `${ANCHOR_SCROLL_MARGIN_PX}px`;
  }
}
