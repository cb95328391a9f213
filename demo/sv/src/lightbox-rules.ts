/**
 * When a link opens the lightbox (SPEC 5): only links to images (png, jpg,
 * jpeg, gif, svg, webp, avif) or links marked as lightbox video, never
 * download links; and only with the site-wide lightbox setting on or the link
 * marked yes (a link marked no never opens it). In the editor it opens only
 * when the editor preference allows it (SPEC 6). Pure.
 */
import { LIGHTBOX_IMAGE_EXTENSIONS, LIGHTBOX_OPTIONS, type LightboxOption } from "./constants";

export interface LightboxLink {
  href: string | null;
  /** The link has a download attribute. */
  download: boolean;
  /** data-elementor-open-lightbox: "yes", "no", "default" or absent. */
  openLightbox: string | null;
  /** data-elementor-lightbox-video is present. */
  video: boolean;
}

export interface LightboxContext {
  /** The site-wide "image lightbox" setting. */
  globalLightbox: boolean;
  isEditMode?: boolean;
  /** The editor preference that lets the lightbox open inside the editor. */
  lightboxInEditor?: boolean;
}

const IMAGE_PATH = new RegExp(`\\.(?:${LIGHTBOX_IMAGE_EXTENSIONS.join("|")})$`, "i");

/** Whether a URL points at an image the lightbox shows (query and hash ignored). */
export function isImageUrl(href: string): boolean {
  const path = href.split(/[?#]/)[0];
  return IMAGE_PATH.test(path);
}

/** Whether clicking this link opens the lightbox. */
export function opensLightbox(link: LightboxLink, ctx: LightboxContext): boolean {
  if (link.download || !link.href) return false;
  const mode = (link.openLightbox ?? "default").toLowerCase();
  if (mode === "no") return false;
  if (!(link.video || isImageUrl(link.href))) return false;
  if (!(ctx.globalLightbox || mode === "yes")) return false;
  if (ctx.isEditMode && !ctx.lightboxInEditor) return false;
  return true;
}

/** The toolbar buttons the kit settings turn on (lightbox_enable_counter etc., "yes" or true), in order. */
export function lightboxToolbar(kit: Record<string, unknown>): LightboxOption[] {
  return LIGHTBOX_OPTIONS.filter((o) => {
    const setting = kit[`lightbox_enable_${o}`];
    return setting === undefined || setting === "yes" || setting === true;
  });
}

/** "2 / 5" */
export function lightboxCounter(index: number, total: number): string {
  return `${index + 1} / ${total}`;
}
