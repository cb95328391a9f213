/**
 * The frames of hooks, sticky bars, landing pages and the two-tap or prehook
 * teaser, in a chunk of their own (Shell.tsx draws overlays and inline CTAs).
 */
import { useLayoutEffect, type CSSProperties, type ReactNode } from "react";
import type { CtaProps } from "./Cta";
import { boxStyle, LAYOUT, mergeTags, str, useDialog, useEffect, useHeadingLabel, useRef, useState } from "./kit";
import { scrollToElement } from "./scroll";

/** SPEC 9: a page CTA scrolls to the element of the URL hash in 500 ms. */
export const PAGE_SCROLL_MS = 500;

// On phones (≤ 480 px) bars go compact (smaller text, paddings and button, powered-by tucked in a
// corner) so a top bar takes well under a sixth of the screen instead of a quarter. Vertical and
// horizontal hooks become a compact card in their corner (280 px, at most 60 % of the height), so a
// slide-in leaves most of a phone's page in view; the full hook stays the bottom sheet it is everywhere.
/** A vertical or horizontal hook's width on a phone (≤ 480 px): a corner card, not a sheet. */
export const HOOK_PHONE_WIDTH = 280;

export type FrameProps = CtaProps & { kind: string; content: ReactNode; close: ReactNode; onOpen(): void };

const CSS = `.bk-hook{position:fixed;bottom:16px;right:16px;z-index:2147482000;width:${LAYOUT.hookVertical}px;max-width:calc(100vw - 32px);max-height:calc(100vh - 32px);overflow:auto;border-radius:var(--bk-radius,8px);box-shadow:0 6px 30px rgba(0,0,0,.3);animation:bk-in .3s ease-out}
.bk-hook-left,.bk-teaser-left{right:auto;left:16px}
.bk-hook-horizontal{width:${LAYOUT.hookHorizontal}px}
.bk-hook-full{left:0;right:0;bottom:0;width:auto;max-width:none;border-radius:0}
@media (max-width:480px){.bk-frame.bk-hook:not(.bk-hook-full){width:min(${HOOK_PHONE_WIDTH}px,calc(100vw - 24px));max-height:60vh;right:12px;bottom:12px;padding:16px;font-size:14px}
.bk-frame.bk-hook-left:not(.bk-hook-full){right:auto;left:12px}}
.bk-bar{position:fixed;left:0;right:0;top:0;z-index:2147482500;padding:8px 48px 8px 16px;box-shadow:0 2px 10px rgba(0,0,0,.2);animation:bk-fade .2s ease-out}
.bk-bar-bottom{top:auto;bottom:0}
.bk-bar .bk-section,.bk-bar .bk-column{display:flex;flex-wrap:wrap;align-items:center;justify-content:center;gap:8px 16px}
.bk-bar .bk-el{margin:0}
@media (max-width:480px){.bk-frame.bk-bar{padding:4px 28px 13px 8px;font-size:12px;line-height:1.3}
.bk-bar .bk-section,.bk-bar .bk-column{gap:4px 6px}
.bk-bar .bk-button{min-height:32px;padding:6px 8px}
.bk-bar .bk-close{top:4px;right:4px}
.bk-bar .bk-powered{position:absolute;right:8px;bottom:1px;margin:0;font-size:10px;line-height:12px}}
.bk-page{max-width:960px;margin:0 auto;padding:40px 24px}
.bk-teaser{position:fixed;bottom:16px;right:16px;z-index:2147482000;display:flex;align-items:center;gap:12px;max-width:calc(100vw - 32px);padding:12px 44px 12px 16px;border-radius:var(--bk-radius,8px);box-shadow:0 6px 30px rgba(0,0,0,.3);animation:bk-in .3s ease-out}
@keyframes bk-in{from{transform:translateY(24px);opacity:0}}`;

/** Hooks, bars, pages and teasers by `kind`. */
export function Frame(props: FrameProps) {
  const { cta, kind, content, onClose } = props;
  const options = (cta.options ?? {}) as Record<string, unknown>;
  const ref = useRef<HTMLDivElement>(null);
  const closable = kind !== "page" && kind !== "inline";
  // Never modal: a hook, bar or teaser does not take focus; Escape closes while focus is inside.
  useDialog(ref, { modal: false, onClose: closable ? onClose : undefined }, [kind]);
  useHeadingLabel(ref, cta.name);
  // Hooks and teasers sit above the bottom bars.
  useEffect(() => (kind == "bar" || kind == "page" ? undefined : place({ el: ref.current! })), [kind]);
  const style = <style>{CSS}</style>;
  // The CTA's own look (border, shadow, background image...) goes on the frame; a teaser keeps its own.
  const look = boxStyle(options);
  if (kind === "teaser") return <Teaser {...props} ref_={ref} style={style} />;
  if (kind === "bar")
    return <Bar ref_={ref} bottom={cta.bar_position === "bottom"} content={content} style={style} look={look} />;
  if (kind === "page")
    return <Page ref_={ref} title={str(options, "page-title")} content={content} style={style} look={look} />;
  // A hook, or any other type that was opened from a teaser.
  const hook = kind === "hook" ? cta.hook_type || "vertical" : "vertical";
  const side =
    (kind === "hook" ? options["hook-position"] : options["teaser-position"]) === "left" ? " bk-hook-left" : "";
  return (
    <div
      ref={ref}
      role={kind === "inline" ? "region" : "dialog"}
      className={`bk-frame bk-hook bk-hook-${hook}${side}`}
      style={look}
    >
      {style}
      {content}
    </div>
  );
}

type Part = { ref_: { current: HTMLDivElement | null }; content: ReactNode; style: ReactNode; look?: CSSProperties };

/**
 * What is pinned to an edge of the window by CTAs of this page: bars (top or
 * bottom) and the hooks and teasers in a bottom corner (no `bar`), in the
 * order they opened. `base` is a floater's own distance from the bottom.
 */
type Pinned = { el: HTMLElement; bar?: "top" | "bottom"; base?: number };
const pinned = new Set<Pinned>();
/** The page's top chrome moved down for this height of top bars, and the function that puts it back. */
let cleared: [number, (() => void)?] = [0];

/**
 * Lays out everything pinned: top bars one under another from the top of
 * the window, bottom bars one above another from its bottom, first opened at
 * the edge, so bars never overlap and, their spacers adding up, leave no
 * band; hooks and teasers above all bottom bars. Runs whenever one opens,
 * closes or changes height.
 */
function layout(): void {
  let top = 0;
  let bottom = 0;
  for (const pin of pinned) {
    const height = pin.el.offsetHeight;
    if (pin.bar == "top") {
      pin.el.style.top = top + "px";
      top += height;
    }
    if (pin.bar == "bottom") {
      pin.el.style.bottom = bottom + "px";
      bottom += height;
    }
  }
  for (const pin of pinned) {
    if (!pin.bar) {
      pin.el.style.bottom = pin.base! + bottom + "px";
      pin.el.style.maxHeight = `calc(100vh - ${32 + top + bottom}px)`;
    }
  }
  if (cleared[0] != top) {
    cleared[1]?.();
    cleared = [top, top ? clearTopOfPage(document, top) : undefined];
  }
}

/** Pins an element (see layout), follows its height; returns the unpinning function. */
function place(pin: Pinned, onResize?: () => void): () => void {
  // A floater's distance from the bottom is its style sheet's, read before layout sets its own.
  pin.base = parseFloat(getComputedStyle(pin.el).bottom) || 0;
  pinned.add(pin);
  layout();
  const ro = typeof ResizeObserver == "function" ? new ResizeObserver(() => (onResize?.(), layout())) : null;
  ro?.observe(pin.el);
  return () => {
    ro?.disconnect();
    pinned.delete(pin);
    layout();
  };
}

/** A sticky bar with an in-flow spacer of its height, so it covers no page content; bars stack (layout). */
function Bar({ ref_, bottom, content, style, look }: Part & { bottom: boolean }) {
  const [height, setHeight] = useState(0);
  // Measured before the first paint: with a passive effect the bar would show for a frame over the
  // page's top (its spacer still 0 px high), a layout shift a visitor sees as the header jumping.
  useLayoutEffect(() => {
    const el = ref_.current!;
    const measure = () => setHeight(el.offsetHeight);
    measure();
    return place({ el, bar: bottom ? "bottom" : "top" }, measure);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a bar is pinned once for as long as it shows; ref_ is a ref, and a mounted CTA's document (its position) never changes
  }, []);
  const spacer = <div className="bk-spacer" aria-hidden="true" style={{ height: height + "px" }} />;
  return (
    <>
      {style}
      {bottom ? null : spacer}
      <div ref={ref_} role="region" className={`bk-frame bk-bar${bottom ? " bk-bar-bottom" : ""}`} style={look}>
        {content}
      </div>
      {bottom ? spacer : null}
    </>
  );
}

/** How often, at most, a scroll re-checks the page for headers that became fixed. */
const RESCAN_MS = 250;

/**
 * Keeps the page's own top chrome visible under the top bars: the spacers
 * only move content in the flow, so sticky or fixed elements pinned to the
 * top (a theme's sticky header) are moved down by the bars' total height, and
 * in-page anchors get it as scroll padding. Everything is restored when the
 * total changes (layout). Returns the restoring function.
 */
function clearTopOfPage(doc: Document, height: number): () => void {
  const win = doc.defaultView!;
  const html = doc.documentElement;
  const saved = new Map<HTMLElement, [string, string]>();
  const keep = (e: HTMLElement, prop: string) =>
    saved.set(e, [e.style.getPropertyValue(prop), e.style.getPropertyPriority(prop)]);
  keep(html, "scroll-padding-top");
  const padding = parseFloat(win.getComputedStyle(html).scrollPaddingTop) || 0;
  html.style.setProperty("scroll-padding-top", padding + height + "px");
  const scan = () => {
    // Page chrome sits near the root; looking three levels deep keeps this cheap.
    for (const candidate of doc.querySelectorAll<HTMLElement>("body>*,body>*>*,body>*>*>*")) {
      if (saved.has(candidate) || candidate.tagName === "BECKON-CTA") continue;
      const cs = win.getComputedStyle(candidate);
      if (cs.position !== "sticky" && cs.position !== "fixed") continue;
      const top = parseFloat(cs.top);
      if (!(top >= 0 && top < height)) continue;
      keep(candidate, "top");
      candidate.style.setProperty("top", top + height + "px", "important");
    }
  };
  scan();
  let last = 0;
  const onScroll = () => {
    const now = Date.now();
    if (now - last < RESCAN_MS) return;
    last = now;
    scan();
  };
  win.addEventListener("scroll", onScroll, { passive: true });
  return () => {
    win.removeEventListener("scroll", onScroll);
    saved.forEach(([value, priority], e) => {
      const prop = e === html ? "scroll-padding-top" : "top";
      if (value) e.style.setProperty(prop, value, priority);
      else e.style.removeProperty(prop);
    });
  };
}

/** A landing page: sets the document title and scrolls to the element of the URL hash in 500 ms. */
function Page({ ref_, title, content, style, look }: Part & { title: string }) {
  useEffect(() => {
    const doc = ref_.current!.ownerDocument;
    const before = doc.title;
    if (title) doc.title = title;
    const id = decodeURIComponent(location.hash.slice(1));
    if (id) {
      const root = ref_.current!.getRootNode() as ShadowRoot;
      const target = root.getElementById?.(id) ?? doc.getElementById(id);
      if (target) scrollToElement(target, PAGE_SCROLL_MS);
    }
    return () => {
      if (title) doc.title = before;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the title is set when the page shows and put back when it closes; ref_ is a ref, and a mounted CTA's document (its title) never changes
  }, []);
  return (
    <div ref={ref_} role="region" className="bk-frame bk-page" style={look}>
      {style}
      {content}
    </div>
  );
}

/**
 * The two-tap or prehook teaser: a small non-modal prompt that opens the CTA
 * when tapped. The loader decides when it shows (teaser-trigger: immediate,
 * delayed or scroll) and mounts the CTA with `teaser: true`; texts come from
 * cta.options (teaser-text, teaser-button-text) or variant.two_tap_popup.
 */
function Teaser({
  cta,
  variant,
  person,
  labels,
  close,
  onOpen,
  style,
  ref_,
}: FrameProps & { style: ReactNode; ref_: Part["ref_"] }) {
  const options = { ...cta.options, ...(variant.two_tap_popup ?? {}) } as Record<string, unknown>;
  const merge = (s: string) => mergeTags(s, {}, person);
  const text = merge(str(options, "teaser-text") || str(options, "text"));
  return (
    <div
      ref={ref_}
      className={`bk-frame bk-teaser${(options["teaser-position"] ?? options.position) === "left" ? " bk-teaser-left" : ""}`}
      role="complementary"
      aria-label={text || labels.open}
    >
      {style}
      {text ? <span>{text}</span> : null}
      <button type="button" className="bk-button" aria-haspopup="dialog" onClick={onOpen}>
        {merge(str(options, "teaser-button-text") || str(options, "button-text")) || labels.open}
      </button>
      {close}
    </div>
  );
}
export default Frame;
