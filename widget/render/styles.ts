/**
 * CSS of a CTA's shadow root. Isolation both ways: the shadow root keeps our
 * selectors away from the page, and `:host{all:initial!important}` cuts the
 * inheritance from the page (inside a shadow tree, !important wins over the
 * page's !important rules on the host). Units are px and em, never rem, so the
 * page's root font size cannot resize a CTA. Lazily loaded elements bring
 * their own <style>. Kept short on purpose: every byte here ships to every
 * visitor who sees a CTA.
 * Overlays and bars fade in from opacity 0 (bk-fade; hooks and teasers slide
 * in): besides being gentler, a first paint at opacity 0 is not a contentful
 * paint, so a popup's heading does not become the page's Largest Contentful
 * Paint and the merchant's LCP stays the page's own.
 * A horizontal form's field takes at least a quarter of the row less its
 * share of the three 10 px gaps: at most 4 to a row (SPEC 5), the rest wrap.
 */
import type { PublicWebsiteConfig } from "#contract/schema/public-config";
import { bool, str } from "./options";

/** SPEC 9 layout constants. */
export const LAYOUT = {
  close: 25,
  boxedMargin: "4%",
  sidebar: 310,
  bumper: 900,
  hookVertical: 310,
  hookHorizontal: 500,
} as const;

// The fallbacks behind a CTA's named font while (or if never) it loads. Every browser the widget targets
// has system-ui but Firefox before 92 (which gets sans-serif) and Safari's -apple-system alias.
export const FONT_STACK = "system-ui,-apple-system,sans-serif";

const BASE = `:host{all:initial!important;font-family:inherit!important;display:block!important;position:static!important;visibility:visible!important;opacity:1!important}\
:host([hidden]){display:none!important}\
*,::before,::after{box-sizing:border-box}\
.bk-root{font-size:16px;line-height:1.5;font-family:var(--bk-font);color:var(--bk-fg);text-align:left;-webkit-text-size-adjust:100%}\
.bk-frame{position:relative;background:var(--bk-bg);color:var(--bk-fg);padding:24px}\
.bk-sidebar{max-width:${LAYOUT.sidebar}px}\
.bk-bumper{max-width:${LAYOUT.bumper}px;margin:0 auto}\
.bk-backdrop,.bk-splash{animation:bk-fade .2s ease-out}\
@keyframes bk-fade{from{opacity:0}}\
.bk-backdrop{position:fixed;inset:0;z-index:2147483000;display:flex;align-items:center;justify-content:center;padding:${LAYOUT.boxedMargin};background:rgba(0,0,0,.6)}\
.bk-boxed{width:var(--bk-w,600px);max-width:100%;max-height:100%;overflow:auto;overscroll-behavior:contain;border-radius:var(--bk-radius,8px);box-shadow:0 10px 40px rgba(0,0,0,.35)}\
.bk-splash{position:fixed;inset:0;z-index:2147483000;overflow:auto;display:flex;align-items:center;justify-content:center}\
.bk-splash>.bk-cta{max-width:${LAYOUT.bumper}px}\
.bk-close{position:absolute;top:6px;right:6px;width:${LAYOUT.close}px;height:${LAYOUT.close}px;padding:0;border:0;border-radius:50%;background:rgba(0,0,0,.08);color:inherit;font-weight:700;line-height:${LAYOUT.close}px;cursor:pointer}\
.bk-cta:focus{outline:0}\
.bk-section{display:flex;flex-wrap:wrap;gap:16px}\
.bk-column{flex:1 1 220px;min-width:0}\
.bk-el{margin:0 0 12px}\
.bk-el:last-child,.bk-text>:last-child{margin-bottom:0}\
h1,h2,h3,h4{margin:0 0 .5em;line-height:1.25}\
h1{font-size:2em}h2{font-size:1.5em}h3{font-size:1.25em}\
p,ul,ol{margin:0 0 .75em}\
a{color:inherit}\
img{max-width:100%;height:auto}\
.bk-divider{border:0;border-top:1px solid;opacity:.25}\
.bk-form{display:flex;flex-direction:column;gap:10px}\
.bk-horizontal{flex-flow:row wrap}\
.bk-horizontal>.bk-field{flex:1 1 max(180px,calc(25% - 8px))}\
.bk-horizontal>.bk-full{flex-basis:100%}\
.bk-field{display:flex;flex-direction:column;gap:4px;min-width:0;border:0;margin:0;padding:0}\
legend{padding:0}\
input,select,textarea,button{font:inherit;margin:0}\
.bk-field :is(input:not([type=checkbox],[type=radio]),select,textarea){color:#111;background:#fff;padding:10px 12px;border:1px solid #767676;border-radius:4px;width:100%;min-height:44px}\
.bk-check{display:flex;gap:8px;align-items:flex-start}\
.bk-check input{margin-top:.3em;width:18px;height:18px;flex:none;accent-color:var(--bk-primary)}\
[aria-invalid=true]{border-color:#b00020!important;box-shadow:0 0 0 1px #b00020}\
.bk-error{color:#b00020;font-size:.875em;background:#fff}\
.bk-button{display:inline-block;min-height:44px;font-weight:600;padding:10px 20px;border:0;border-radius:var(--bk-radius,4px);background:var(--bk-primary);color:var(--bk-on-primary);cursor:pointer;text-decoration:none;text-align:center}\
.bk-button:disabled{opacity:.6}\
:focus-visible{outline:2px solid var(--bk-primary);outline-offset:2px}\
.bk-sr{position:absolute!important;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}\
.bk-small,.bk-powered{font-size:.85em}\
.bk-powered{display:block;margin-top:12px;text-align:center}\
@media (prefers-reduced-motion:reduce){*{animation:none!important;transition:none!important}}\
`;

const STANDARD_FONTS =
  /^(arial|helvetica|georgia|times( new roman)?|verdana|tahoma|trebuchet ms|courier( new)?|system-ui|(sans-)?serif|monospace|inherit|-apple-system)$/i;

/** Whether a font family needs a web font (SPEC 7: a web font loader for non-standard fonts). */
export const isWebFont = (family: string) => !!family && !STANDARD_FONTS.test(family.trim());

/**
 * Loads a Google font into the page once. It must go in the page's head:
 * browsers ignore @font-face inside shadow roots. Only @font-face rules arrive,
 * so the page's own look does not change.
 */
export function loadWebFont(family: string, doc: Document = document): void {
  if (!isWebFont(family) || !/^[\w\s-]{1,60}$/.test(family)) return;
  const id = "beckon-font-" + family.toLowerCase().replace(/\s+/g, "-");
  if (doc.getElementById(id)) return;
  const link = doc.createElement("link");
  link.id = id;
  link.rel = "stylesheet";
  link.href = `https://fonts.googleapis.com/css2?family=${encodeURIComponent(family.trim()).replace(/%20/g, "+")}:wght@400;600;700&display=swap`;
  doc.head.appendChild(link);
}

const SAFE_VALUE = /^[#\w\s.,%()'"-]{1,80}$/;
const cssDecl = (name: string, value: unknown) =>
  (typeof value == "string" || typeof value == "number") && SAFE_VALUE.test(String(value)) ? `${name}:${value};` : "";

/** The font family a CTA uses: the variant's, else the brand's (empty: the system stack). */
export function fontOf(config: PublicWebsiteConfig, variantOptions: Record<string, unknown>): string {
  return str(variantOptions, "font") || str(config.brand_style ?? {}, "font");
}

/**
 * CSS of one CTA's shadow root: base rules, the look variables (brand colours,
 * then the CTA's and the variant's own), then the CTA's custom CSS.
 */
export function ctaCss(config: PublicWebsiteConfig, custom: unknown[], look: Record<string, unknown>[] = []): string {
  const colors = config.brand_colors || {};
  const style = config.brand_style || {};
  const pick = (key: string) =>
    look
      .map((o) => str(o, key))
      .filter(Boolean)
      .pop();
  const font = pick("font") || str(style, "font");
  const radius = style["border-radius"];
  const vars =
    cssDecl("--bk-primary", pick("button-color") || colors.primary || "#1f4fd6") +
    // Brand "text" is the body text colour; white reads on the usual dark primary colours.
    cssDecl("--bk-on-primary", pick("button-text-color") || colors["on-primary"] || "#fff") +
    cssDecl("--bk-bg", pick("background-color") || colors.background || "#fff") +
    cssDecl("--bk-fg", pick("text-color") || colors.text || "#1d2530") +
    // No named font: --bk-font stays unset, so font-family falls back to inheriting the page's own (the host
    // keeps only that of the page's styles). The page has matched and loaded that font already; a family of
    // our own costs the popup's first layout a font lookup (about half of its 4x-throttled frame, bench/README.md).
    (font && SAFE_VALUE.test(font) ? `--bk-font:"${font.replace(/["']/g, "")}",${FONT_STACK};` : "") +
    (typeof radius == "number" ? `--bk-radius:${radius}px;` : "") +
    cssDecl("--bk-w", typeof look[0]?.width == "number" ? `${look[0].width}px` : "");
  return BASE + `.bk-root{${vars}}\n` + custom.filter((c) => typeof c == "string").join("\n");
}

/** Whether the CTA shows a close button (overlay, hook, bar, two-tap). */
export const hasCloseButton = (ctaOptions: Record<string, unknown>) => bool(ctaOptions, "close-button", true);
