import type { PublicWebsiteConfig } from "../../app/lib/schema/public-config";

// Kept short on purpose: every byte here ships to every visitor who sees a CTA.
const BASE = `:host{display:block;all:initial;font-family:inherit;color:inherit;font-size:16px;line-height:1.5}
*{box-sizing:border-box}
.bk-cta{width:100%;padding:8px 0}
.bk-section{display:flex;flex-wrap:wrap;gap:16px}
.bk-column{flex:1 1 220px;min-width:0}
.bk-el{margin:0 0 12px}
.bk-text p{margin:0 0 .5em}
.bk-divider{border:0;border-top:1px solid currentColor;opacity:.2}
.bk-form{display:flex;flex-direction:column;gap:10px}
.bk-horizontal{flex-flow:row wrap;align-items:flex-end}
.bk-horizontal>.bk-field{flex:1 1 180px}
.bk-horizontal>.bk-full{flex-basis:100%}
.bk-field{display:flex;flex-direction:column;gap:4px;border:0;margin:0;padding:0}
.bk-field input:not([type=checkbox]):not([type=radio]),.bk-field select,.bk-field textarea{font:inherit;color:#111;background:#fff;padding:10px 12px;border:1px solid #767676;border-radius:4px;width:100%}
.bk-check{display:flex;gap:8px;align-items:flex-start}
.bk-check input{margin-top:.3em}
[aria-invalid=true]{border-color:#b00020!important;box-shadow:0 0 0 1px #b00020}
.bk-error{color:#b00020;font-size:.875em}
.bk-button{display:inline-block;font:inherit;font-weight:600;padding:10px 20px;border:0;border-radius:4px;background:var(--bk-primary,#1f4fd6);color:var(--bk-on-primary,#fff);cursor:pointer;text-decoration:none;text-align:center}
.bk-button:disabled{opacity:.6;cursor:progress}
.bk-button:focus-visible,.bk-field :focus-visible{outline:2px solid var(--bk-primary,#1f4fd6);outline-offset:2px}
.bk-sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.bk-small{font-size:.85em}
.bk-confirmation{padding:8px 0}
`;

/** CSS of one CTA's shadow root: base rules, brand colours, then the CTA's own CSS. */
export function ctaCss(config: PublicWebsiteConfig, custom: unknown[]): string {
  const colors = config.brand_colors || {};
  const vars = [colors.primary && `--bk-primary:${colors.primary}`, colors.text && `--bk-on-primary:${colors.text}`].filter(Boolean);
  return BASE + (vars.length ? `:host{${vars.join(";")}}\n` : "") + custom.filter((c) => typeof c == "string").join("\n");
}
