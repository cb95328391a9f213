/**
 * How many slides the builder carousel shows (SPEC 9): 3 on desktop, 2 on
 * tablet (1 when the desktop setting shows a single slide), 1 on mobile,
 * each overridable per device; an offset on the right or both sides adds
 * 0.001 of a slide so the next one peeks in. Pure.
 */
import { CAROUSEL_DEFAULTS } from "./constants";
import type { Device } from "./breakpoints";

export interface CarouselSettings {
  slides_to_show?: number | string;
  slides_to_show_tablet?: number | string;
  slides_to_show_mobile?: number | string;
  slides_to_scroll?: number | string;
  offset_sides?: "none" | "left" | "right" | "both";
  autoplay?: "yes" | "no" | boolean;
  autoplay_speed?: number | string;
}

const positive = (v: unknown): number | null => {
  const num = typeof v === "string" && v.trim() !== "" ? Number(v) : v;
  return typeof num === "number" && Number.isFinite(num) && num >= 1 ? Math.floor(num) : null;
};

/** Slides per view for a device, including the offset sliver. */
export function slidesPerView(device: Device, settings: CarouselSettings = {}): number {
  const desktop = positive(settings.slides_to_show) ?? CAROUSEL_DEFAULTS.desktop;
  const base =
    device === "desktop"
      ? desktop
      : device === "tablet"
        ? (positive(settings.slides_to_show_tablet) ??
          (desktop === 1 ? CAROUSEL_DEFAULTS.tabletSingleSlide : CAROUSEL_DEFAULTS.tablet))
        : (positive(settings.slides_to_show_mobile) ?? CAROUSEL_DEFAULTS.mobile);
  const peek = settings.offset_sides === "right" || settings.offset_sides === "both";
  return peek ? base + CAROUSEL_DEFAULTS.offsetExtra : base;
}

/** Slides moved by one step (default 1). */
export function slidesToScroll(settings: CarouselSettings = {}): number {
  return positive(settings.slides_to_scroll) ?? CAROUSEL_DEFAULTS.slidesToScroll;
}

/** The carousel only starts with at least two slides. */
export function carouselStarts(slideCount: number): boolean {
  return slideCount >= 2;
}

/** The last index the first visible slide can have. */
export function lastStartIndex(slideCount: number, perView: number): number {
  return Math.max(0, slideCount - Math.floor(perView));
}

/** Indexes of the slides fully or partly in view when `start` is the first. */
export function visibleSlides(start: number, slideCount: number, perView: number): number[] {
  const end = Math.min(slideCount, start + Math.ceil(perView));
  return Array.from({ length: Math.max(0, end - start) }, (_, i) => start + i);
}
