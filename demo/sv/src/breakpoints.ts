/**
 * Which layout a width gets: the page builder's device (mobile up to 767 px,
 * tablet up to 1093 px, desktop above), the theme's mobile menu (921 px and
 * below) and the builder's named widths. Pure; site.ts applies them to the body.
 */
import { BUILDER_BREAKPOINTS, NAMED_WIDTHS, THEME_MENU_BREAKPOINT } from "./constants";

export type Device = "mobile" | "tablet" | "desktop";
export type NamedWidth = keyof typeof NAMED_WIDTHS;

/** The page builder's device for a viewport width. */
export function builderDevice(width: number): Device {
  if (width <= BUILDER_BREAKPOINTS.mobile) return "mobile";
  if (width <= BUILDER_BREAKPOINTS.tablet) return "tablet";
  return "desktop";
}

/** Whether the theme shows its mobile menu at this width. */
export function isThemeMobileMenu(width: number): boolean {
  return width <= THEME_MENU_BREAKPOINT;
}

/** The largest named width the viewport reaches (xs 0, sm 480, md 768, lg 1094, xl 1440, xxl 1600). */
export function namedWidth(width: number): NamedWidth {
  let found: NamedWidth = "xs";
  for (const [name, min] of Object.entries(NAMED_WIDTHS) as [NamedWidth, number][]) if (width >= min) found = name;
  return found;
}
