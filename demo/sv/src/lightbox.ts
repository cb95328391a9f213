/**
 * The page builder's lightbox: image links (and links marked as lightbox
 * video) open in an overlay under the rules of lightbox-rules.ts; links of
 * the same data-elementor-lightbox-slideshow group form a slideshow; link
 * actions (#elementor-action:action=lightbox&settings=...) open one image or
 * a slideshow. The toolbar has the kit's options: counter, fullscreen, zoom
 * and share. Escape, the close button or a click on the backdrop closes it.
 */
import type { SiteConfig } from "./config";
import { isImageUrl, lightboxCounter, lightboxToolbar, opensLightbox } from "./lightbox-rules";
import { parseLinkAction, type LightboxActionSettings } from "./link-actions";
import { POPUPS } from "./constants";
import { emit } from "./dom";

export interface Slide {
  url: string;
  title?: string;
  video?: boolean;
}

const LABELS = {
  dialog: "Bildvisning",
  close: "Stäng (Esc)",
  prev: "Föregående",
  next: "Nästa",
  fullscreen: "Helskärm",
  zoom: "Zooma",
  share: "Dela",
  download: "Ladda ner bild",
};

export interface Lightbox {
  open(slides: Slide[], index?: number, opener?: HTMLElement | null): void;
  close(): void;
  readonly isOpen: boolean;
}

function buildLightbox(doc: Document, config: SiteConfig): Lightbox {
  const toolbarOptions = lightboxToolbar(config.kit);
  const root = doc.createElement("div");
  root.className = "sv-lightbox";
  root.hidden = true;
  root.setAttribute("role", "dialog");
  root.setAttribute("aria-modal", "true");
  root.setAttribute("aria-label", LABELS.dialog);
  root.innerHTML = `
    <div class="sv-lightbox__toolbar">
      <span class="sv-lightbox__counter" aria-live="polite"></span>
      <button type="button" class="sv-lightbox__button" data-action="fullscreen" aria-label="${LABELS.fullscreen}">⛶</button>
      <button type="button" class="sv-lightbox__button" data-action="zoom" aria-label="${LABELS.zoom}" aria-pressed="false">🔍</button>
      <button type="button" class="sv-lightbox__button" data-action="share" aria-label="${LABELS.share}" aria-expanded="false">⤴</button>
      <button type="button" class="sv-lightbox__button" data-action="close" aria-label="${LABELS.close}">✕</button>
    </div>
    <div class="sv-lightbox__share" hidden></div>
    <button type="button" class="sv-lightbox__nav sv-lightbox__prev" aria-label="${LABELS.prev}">‹</button>
    <figure class="sv-lightbox__stage"><div class="sv-lightbox__media"></div><figcaption class="sv-lightbox__title"></figcaption></figure>
    <button type="button" class="sv-lightbox__nav sv-lightbox__next" aria-label="${LABELS.next}">›</button>`;
  doc.body.appendChild(root);
  const part = <T extends HTMLElement>(sel: string) => root.querySelector<T>(sel)!;
  const counter = part<HTMLElement>(".sv-lightbox__counter");
  const media = part<HTMLElement>(".sv-lightbox__media");
  const title = part<HTMLElement>(".sv-lightbox__title");
  const share = part<HTMLElement>(".sv-lightbox__share");
  const prev = part<HTMLButtonElement>(".sv-lightbox__prev");
  const next = part<HTMLButtonElement>(".sv-lightbox__next");
  const buttons = Object.fromEntries(
    Array.from(root.querySelectorAll<HTMLButtonElement>("[data-action]")).map((b) => [b.dataset.action!, b]),
  );
  for (const option of ["fullscreen", "zoom", "share"] as const)
    buttons[option].hidden = !toolbarOptions.includes(option);

  let slides: Slide[] = [];
  let index = 0;
  let opener: HTMLElement | null = null;

  const render = () => {
    const slide = slides[index];
    const abs = new URL(slide.url, doc.baseURI).href;
    if (slide.video && !isImageUrl(slide.url)) {
      const video = doc.createElement(/\.(mp4|webm|ogg)(\?|$)/i.test(slide.url) ? "video" : "iframe");
      video.setAttribute("src", slide.url);
      if (video instanceof HTMLVideoElement) video.controls = true;
      else video.setAttribute("allow", "autoplay; fullscreen");
      video.className = "sv-lightbox__video";
      media.replaceChildren(video);
    } else {
      const img = doc.createElement("img");
      img.className = "sv-lightbox__image";
      img.src = slide.url;
      img.alt = slide.title ?? "";
      media.replaceChildren(img);
    }
    title.textContent = slide.title ?? "";
    const many = slides.length > 1;
    counter.hidden = !(many && toolbarOptions.includes("counter"));
    counter.textContent = many ? lightboxCounter(index, slides.length) : "";
    prev.hidden = next.hidden = !many;
    root.classList.remove("is-zoomed");
    buttons.zoom.setAttribute("aria-pressed", "false");
    share.hidden = true;
    buttons.share.setAttribute("aria-expanded", "false");
    const enc = encodeURIComponent;
    share.innerHTML = `
      <a class="sv-lightbox__share-link" data-network="facebook" target="_blank" rel="noopener" href="https://www.facebook.com/sharer/sharer.php?u=${enc(abs)}">Facebook</a>
      <a class="sv-lightbox__share-link" data-network="x" target="_blank" rel="noopener" href="https://twitter.com/intent/tweet?url=${enc(abs)}">X</a>
      <a class="sv-lightbox__share-link" data-network="pinterest" target="_blank" rel="noopener" href="https://www.pinterest.com/pin/create/button/?url=${enc(doc.location.href)}&amp;media=${enc(abs)}">Pinterest</a>
      <a class="sv-lightbox__share-link" data-network="download" download href="${abs.replace(/"/g, "&quot;")}">${LABELS.download}</a>`;
    emit(root, "lightbox:slide", index);
  };

  const lightbox: Lightbox = {
    get isOpen() {
      return !root.hidden;
    },
    open(list, start = 0, from = null) {
      if (!list.length) return;
      slides = list;
      index = Math.max(0, Math.min(start, list.length - 1));
      opener = from;
      render();
      root.hidden = false;
      doc.documentElement.classList.add("sv-lightbox-open");
      // Focus moves in after the builder's delay for non-popup dialogs (100 ms), if it is still open.
      setTimeout(() => {
        if (!root.hidden) buttons.close.focus();
      }, POPUPS.focusDelayNonPopup);
      emit(root, "lightbox:open", { index, total: slides.length });
    },
    close() {
      if (root.hidden) return;
      root.hidden = true;
      media.replaceChildren();
      doc.documentElement.classList.remove("sv-lightbox-open");
      if (doc.fullscreenElement) void doc.exitFullscreen().catch(() => {});
      opener?.focus();
      emit(root, "lightbox:close");
    },
  };

  const go = (delta: number) => {
    index = (index + delta + slides.length) % slides.length;
    render();
  };
  prev.addEventListener("click", () => go(-1));
  next.addEventListener("click", () => go(1));
  buttons.close.addEventListener("click", () => lightbox.close());
  buttons.zoom.addEventListener("click", () => {
    const zoomed = root.classList.toggle("is-zoomed");
    buttons.zoom.setAttribute("aria-pressed", String(zoomed));
  });
  buttons.share.addEventListener("click", () => {
    share.hidden = !share.hidden;
    buttons.share.setAttribute("aria-expanded", String(!share.hidden));
  });
  buttons.fullscreen.addEventListener("click", () => {
    if (doc.fullscreenElement) void doc.exitFullscreen().catch(() => {});
    else void root.requestFullscreen?.().catch(() => root.classList.toggle("is-fullscreen"));
  });
  root.addEventListener("click", (e) => {
    if (e.target === root || (e.target as Element).classList.contains("sv-lightbox__stage")) lightbox.close();
  });
  doc.addEventListener("keydown", (event) => {
    if (root.hidden) return;
    if (event.key === "Escape") lightbox.close();
    else if (event.key === "ArrowLeft" && slides.length > 1) go(-1);
    else if (event.key === "ArrowRight" && slides.length > 1) go(1);
  });
  return lightbox;
}

const ruleOf = (link: HTMLAnchorElement) => ({
  href: link.getAttribute("href"),
  download: link.hasAttribute("download"),
  openLightbox: link.getAttribute("data-elementor-open-lightbox"),
  video: link.hasAttribute("data-elementor-lightbox-video"),
});

function slideOf(link: HTMLAnchorElement): Slide {
  return {
    url: link.getAttribute("href")!,
    title: link.getAttribute("data-elementor-lightbox-title") ?? link.querySelector("img")?.alt ?? undefined,
    video: link.hasAttribute("data-elementor-lightbox-video"),
  };
}

function actionSlides(settings: LightboxActionSettings): { slides: Slide[]; index: number } {
  if (settings.type === "slideshow")
    return { slides: settings.slides!.map((s) => ({ url: s.url, title: s.title })), index: settings.slide_index ?? 0 };
  return { slides: [{ url: settings.url!, title: settings.title, video: settings.type === "video" }], index: 0 };
}

/** Installs the lightbox's click handling for the whole document (once). */
export function initLightbox(doc: Document, config: SiteConfig): Lightbox {
  let lightbox: Lightbox | null = null;
  const get = () => (lightbox ??= buildLightbox(doc, config));
  const ctx = {
    globalLightbox: config.kit.global_image_lightbox === "yes" || config.kit.global_image_lightbox === true,
    isEditMode: config.isEditMode,
    lightboxInEditor: config.editorPreferences.lightbox_enable_in_editor === "yes",
  };
  doc.addEventListener("click", (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    const link = (event.target as Element).closest?.<HTMLAnchorElement>("a[href]");
    if (!link || link.closest(".sv-lightbox")) return;
    const href = link.getAttribute("href")!;
    const action = href.includes("elementor-action") ? parseLinkAction(href.slice(href.indexOf("#"))) : null;
    if (action) {
      event.preventDefault();
      if (action.action !== "lightbox") return;
      if (ctx.isEditMode && !ctx.lightboxInEditor) return;
      const { slides, index } = actionSlides(action.settings as LightboxActionSettings);
      get().open(slides, index, link);
      return;
    }
    if (!opensLightbox(ruleOf(link), ctx)) return;
    event.preventDefault();
    const group = link.getAttribute("data-elementor-lightbox-slideshow");
    if (!group) return get().open([slideOf(link)], 0, link);
    const members = Array.from(doc.querySelectorAll<HTMLAnchorElement>("a[data-elementor-lightbox-slideshow]")).filter(
      (a) => a.getAttribute("data-elementor-lightbox-slideshow") === group && opensLightbox(ruleOf(a), ctx),
    );
    get().open(members.map(slideOf), Math.max(0, members.indexOf(link)), link);
  });
  return {
    open: (...a) => get().open(...a),
    close: () => lightbox?.close(),
    get isOpen() {
      return lightbox?.isOpen ?? false;
    },
  };
}
