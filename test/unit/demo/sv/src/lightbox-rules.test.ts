/** When a link opens the lightbox (SPEC 5, 6) and what its toolbar has (SPEC 9). */
import { describe, expect, it } from "vitest";
import { LIGHTBOX_IMAGE_EXTENSIONS } from "#demo/sv/src/constants";
import {
  isImageUrl,
  lightboxCounter,
  lightboxToolbar,
  opensLightbox,
  type LightboxLink,
} from "#demo/sv/src/lightbox-rules";

const link = (over: Partial<LightboxLink> = {}): LightboxLink => ({
  href: "/bilder/kurs.jpg",
  download: false,
  openLightbox: null,
  video: false,
  ...over,
});
const on = { globalLightbox: true };
const off = { globalLightbox: false };

describe("image links", () => {
  it.each(LIGHTBOX_IMAGE_EXTENSIONS.flatMap((ext) => [ext, ext.toUpperCase()]))("a .%s link is an image", (ext) => {
    expect(isImageUrl(`https://saljakademin.se/wp-content/uploads/bild.${ext}`)).toBe(true);
    expect(opensLightbox(link({ href: `/bild.${ext}` }), on)).toBe(true);
  });

  it("covers exactly png, jpg, jpeg, gif, svg, webp and avif", () => {
    expect([...LIGHTBOX_IMAGE_EXTENSIONS]).toEqual(["png", "jpg", "jpeg", "gif", "svg", "webp", "avif"]);
  });

  it("ignores the query and hash, and nothing else passes for an image", () => {
    expect(isImageUrl("/bild.png?ver=3#top")).toBe(true);
    for (const href of [
      "/broschyr.pdf",
      "/sida.html",
      "/bild.png.html",
      "/bilder/",
      "/bild.tiff",
      "/bild.svgz",
      "#galleri",
    ]) {
      expect(opensLightbox(link({ href }), on)).toBe(false);
    }
  });

  it("opens links marked as lightbox video whatever their address", () => {
    expect(opensLightbox(link({ href: "https://www.youtube.com/watch?v=abc", video: true }), on)).toBe(true);
    expect(opensLightbox(link({ href: "/film.mp4", video: true }), on)).toBe(true);
    expect(opensLightbox(link({ href: "/film.mp4" }), on)).toBe(false);
  });

  it("never opens download links", () => {
    expect(opensLightbox(link({ download: true }), on)).toBe(false);
    expect(opensLightbox(link({ download: true, openLightbox: "yes" }), on)).toBe(false);
  });

  it("needs the global setting on or the link marked yes; no disables it", () => {
    expect(opensLightbox(link(), on)).toBe(true);
    expect(opensLightbox(link(), off)).toBe(false);
    expect(opensLightbox(link({ openLightbox: "default" }), off)).toBe(false);
    expect(opensLightbox(link({ openLightbox: "yes" }), off)).toBe(true);
    expect(opensLightbox(link({ openLightbox: "no" }), on)).toBe(false);
    expect(opensLightbox(link({ openLightbox: "NO" }), on)).toBe(false);
  });

  it("does not open in the editor unless the editor preference allows it", () => {
    expect(opensLightbox(link(), { ...on, isEditMode: true })).toBe(false);
    expect(opensLightbox(link(), { ...on, isEditMode: true, lightboxInEditor: true })).toBe(true);
    expect(opensLightbox(link(), { ...on, isEditMode: false, lightboxInEditor: false })).toBe(true);
  });

  it("needs an address", () => {
    expect(opensLightbox(link({ href: null }), on)).toBe(false);
  });
});

describe("toolbar", () => {
  it("has counter, fullscreen, zoom and share unless the kit turns one off", () => {
    expect(lightboxToolbar({})).toEqual(["counter", "fullscreen", "zoom", "share"]);
    expect(lightboxToolbar({ lightbox_enable_zoom: "no", lightbox_enable_share: false })).toEqual([
      "counter",
      "fullscreen",
    ]);
    expect(lightboxToolbar({ lightbox_enable_counter: "yes", lightbox_enable_fullscreen: "" })).toEqual([
      "counter",
      "zoom",
      "share",
    ]);
  });

  it("counts from 1", () => {
    expect(lightboxCounter(0, 3)).toBe("1 / 3");
    expect(lightboxCounter(2, 3)).toBe("3 / 3");
  });
});
