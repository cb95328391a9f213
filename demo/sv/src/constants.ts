/**
 * The host site's numbers (SPEC 9): the theme, the page builder (version
 * 3.32.5) and its plugins. Every behaviour module takes its limits from here.
 */

/** Theme header: the appear class is added after scrolling more than this. */
export const HEADER_APPEAR_PX = 180;
export const HEADER_APPEAR_CLASS = "ast-header-appear";

/** Theme scroll-to-top button: shown after scrolling more than this. */
export const SCROLL_TOP_PX = 300;

/** Page-builder containers are marked lazy-loaded within this distance of the viewport. */
export const LAZY_MARGIN_PX = 200;

/** Theme mobile menu: at this width and below the header switches to the mobile menu. */
export const THEME_MENU_BREAKPOINT = 921;

export const BUILDER_VERSION = "3.32.5";

/** Page-builder breakpoints: mobile up to 767 px, tablet up to 1093 px, desktop above. */
export const BUILDER_BREAKPOINTS = { mobile: 767, tablet: 1093 } as const;

/** Page-builder named widths (min-width of each). */
export const NAMED_WIDTHS = { xs: 0, sm: 480, md: 768, lg: 1094, xl: 1440, xxl: 1600 } as const;

/** Builder carousel defaults: slides shown per device, slides moved per step, the extra sliver shown for offsets. */
export const CAROUSEL_DEFAULTS = {
  desktop: 3,
  tablet: 2,
  /** Tablet default when the desktop setting shows a single slide. */
  tabletSingleSlide: 1,
  mobile: 1,
  slidesToScroll: 1,
  offsetExtra: 0.001,
  autoplaySpeed: 5000,
} as const;

/** Swedish accessible labels of the builder carousel (SPEC 8). */
export const CAROUSEL_LABELS_SV = {
  prev: "Föregående bild",
  next: "Nästa bild",
  first: "Detta är den första bilden",
  last: "Detta är den sista bilden",
  /** {n}: the slide number, from 1. */
  goTo: "Gå till bild {n}",
} as const;

/** Dropdown menu plugin timings and sizes. */
export const MENU_TIMINGS = {
  showDelay: 250,
  hideDelay: 500,
  subMenuMinWidth: "10em",
  subMenuMaxWidth: "20em",
  scrollStep: 30,
  fadeOut: 200,
  slide: 200,
  touchHideDelay: 350,
} as const;

/** Popups and the builder's frontend library. */
export const POPUPS = {
  chunkTimeout: 120_000,
  stickyReactivateDebounce: 300,
  motionResizeDebounce: 200,
  focusDelay: 250,
  focusDelayNonPopup: 100,
} as const;

/** Popup impression periods, in seconds ("session" lasts as long as the browser tab's session). */
export const IMPRESSION_PERIODS = { day: 86_400, week: 604_800, month: 2_628_288 } as const;
export type ImpressionPeriod = keyof typeof IMPRESSION_PERIODS | "session";

export const MASONRY_DEFAULTS = { columns: 3, columnsTablet: 2, columnsMobile: 1, spacing: 30 } as const;

/** Lightbox toolbar options, in toolbar order. */
export const LIGHTBOX_OPTIONS = ["counter", "fullscreen", "zoom", "share"] as const;
export type LightboxOption = (typeof LIGHTBOX_OPTIONS)[number];

/** Link targets that open in the lightbox. */
export const LIGHTBOX_IMAGE_EXTENSIONS = ["png", "jpg", "jpeg", "gif", "svg", "webp", "avif"] as const;

/** In-page anchor targets get this scroll margin so the sticky header does not hide them. */
export const ANCHOR_SCROLL_MARGIN_PX = 150;

/** Entrance animation used when an element names none. */
export const DEFAULT_ENTRANCE_ANIMATION = "fadeIn";
