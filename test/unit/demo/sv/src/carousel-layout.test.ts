/** Builder carousel: slides per breakpoint and when it starts (SPEC 4, 9). */
import { describe, expect, it } from "vitest";
import {
  carouselStarts,
  lastStartIndex,
  slidesPerView,
  slidesToScroll,
  visibleSlides,
} from "#demo/sv/src/carousel-layout";
import { CAROUSEL_LABELS_SV } from "#demo/sv/src/constants";

describe("slides per view", () => {
  it("defaults to 3 on desktop, 2 on tablet and 1 on mobile", () => {
    expect(slidesPerView("desktop")).toBe(3);
    expect(slidesPerView("tablet")).toBe(2);
    expect(slidesPerView("mobile")).toBe(1);
  });

  it("shows 1 on tablet when the desktop setting is a single slide", () => {
    expect(slidesPerView("desktop", { slides_to_show: 1 })).toBe(1);
    expect(slidesPerView("tablet", { slides_to_show: 1 })).toBe(1);
    expect(slidesPerView("tablet", { slides_to_show: "1" })).toBe(1);
    expect(slidesPerView("tablet", { slides_to_show: 4 })).toBe(2);
  });

  it("takes each device's own setting over the default", () => {
    const s = { slides_to_show: 4, slides_to_show_tablet: 3, slides_to_show_mobile: "2" };
    expect([slidesPerView("desktop", s), slidesPerView("tablet", s), slidesPerView("mobile", s)]).toEqual([4, 3, 2]);
  });

  it("ignores settings that are not a whole number of at least 1", () => {
    expect(slidesPerView("desktop", { slides_to_show: 0 })).toBe(3);
    expect(slidesPerView("desktop", { slides_to_show: "" })).toBe(3);
    expect(slidesPerView("mobile", { slides_to_show_mobile: "x" })).toBe(1);
  });

  it("adds 0.001 of a slide for a right or both-sides offset", () => {
    expect(slidesPerView("desktop", { offset_sides: "right" })).toBe(3.001);
    expect(slidesPerView("tablet", { offset_sides: "both" })).toBe(2.001);
    expect(slidesPerView("mobile", { offset_sides: "left" })).toBe(1);
    expect(slidesPerView("desktop", { offset_sides: "none" })).toBe(3);
  });

  it("moves one slide a step unless set", () => {
    expect(slidesToScroll()).toBe(1);
    expect(slidesToScroll({ slides_to_scroll: 2 })).toBe(2);
  });
});

describe("starting and paging", () => {
  it("starts only with at least two slides", () => {
    expect(carouselStarts(0)).toBe(false);
    expect(carouselStarts(1)).toBe(false);
    expect(carouselStarts(2)).toBe(true);
  });

  it("knows the last start and the slides in view", () => {
    expect(lastStartIndex(5, 3)).toBe(2);
    expect(lastStartIndex(5, 3.001)).toBe(2);
    expect(lastStartIndex(2, 3)).toBe(0);
    expect(visibleSlides(0, 5, 3)).toEqual([0, 1, 2]);
    expect(visibleSlides(2, 5, 3)).toEqual([2, 3, 4]);
    expect(visibleSlides(1, 5, 3.001)).toEqual([1, 2, 3, 4]);
    expect(visibleSlides(4, 5, 1)).toEqual([4]);
  });
});

describe("Swedish accessible labels", () => {
  it("are the site's", () => {
    expect(CAROUSEL_LABELS_SV).toEqual({
      prev: "Föregående bild",
      next: "Nästa bild",
      first: "Detta är den första bilden",
      last: "Detta är den sista bilden",
      goTo: "Gå till bild {n}",
    });
  });
});
