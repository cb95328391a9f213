/**
 * The Swedish host site's own frontend (a page-builder theme, not Beckon):
 * one bundle, loaded with defer, that sets up every behaviour on the page and
 * again on content added later (a refreshed loop, a popup).
 * window.svHost.init(root) re-runs the element handlers on new content.
 */
import { initAnchors } from "./anchors";
import { initAnimations } from "./animations";
import { initCarousels } from "./carousel";
import { readConfig, type SiteConfig } from "./config";
import { BUILDER_VERSION } from "./constants";
import { initForms } from "./forms";
import { initHeader } from "./header";
import { initLayout } from "./layout";
import { initLazyContainers } from "./lazy";
import { initLightbox, type Lightbox } from "./lightbox";
import { initLoopFilters } from "./loop-filter";
import { initMasonry } from "./masonry";
import { initMenuPlugin } from "./menu-plugin";
import { initMenus } from "./menu";
import { closePopup, initPopups, openPopup } from "./popups";
import { initScrollTop } from "./scroll-top";
import { initSticky } from "./sticky";
import { initWidgetLoader } from "./widget-loader";
import { POPUPS } from "./constants";

export interface SvHost {
  version: string;
  config: SiteConfig;
  lightbox: Lightbox;
  /** Sets up the element handlers inside root (new content). */
  init(root: ParentNode): void;
  openPopup(el: HTMLElement): void;
  closePopup(el: HTMLElement): void;
}

/** Starts the site's frontend on a document. */
export function startHost(doc: Document = document, win: Window = window): SvHost {
  const config = readConfig(doc);
  initLayout(doc, win);
  initHeader(doc, win);
  initScrollTop(doc, win);
  const lightbox = initLightbox(doc, config);
  const init = (root: ParentNode) => {
    initLazyContainers(root, win);
    initMenus(root, doc, win);
    initMenuPlugin(root, doc, win, (el, opener) => openPopup(el, opener, POPUPS.focusDelay));
    initSticky(root, doc, win);
    initCarousels(root, doc, win);
    initAnimations(root, win);
    initAnchors(root, doc, win);
    initLoopFilters(root, doc, win, config, (fresh) => init(fresh));
    initForms(root, doc, win, config);
    initPopups(root, doc, win, config);
    initMasonry(root, win);
  };
  init(doc);
  initWidgetLoader(doc, win, config);
  const host: SvHost = {
    version: BUILDER_VERSION,
    config,
    lightbox,
    init,
    openPopup: (el) => openPopup(el),
    closePopup,
  };
  (win as unknown as { svHost: SvHost }).svHost = host;
  doc.documentElement.classList.add("sv-ready");
  return host;
}
