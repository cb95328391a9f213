/**
 * The page builder's carousel (SPEC 4, 8, 9): 3 slides on desktop, 2 on
 * tablet, 1 on mobile unless set otherwise; starts only with at least two
 * slides; slides out of view are aria-hidden and inert; autoplay stops for
 * good once a control gains focus (and pauses while hovered); the controls
 * and announcements are in Swedish.
 */
import { builderDevice } from "./breakpoints";
import {
  carouselStarts,
  lastStartIndex,
  slidesPerView,
  slidesToScroll,
  visibleSlides,
  type CarouselSettings,
} from "./carousel-layout";
import { CAROUSEL_DEFAULTS, CAROUSEL_LABELS_SV } from "./constants";
import { claim, emit, jsonAttr, within } from "./dom";

export function initCarousels(root: ParentNode, doc: Document, win: Window): void {
  for (const el of within<HTMLElement>(root, ".sv-carousel")) if (claim(el, "carousel")) setUpCarousel(el, doc, win);
}

function setUpCarousel(el: HTMLElement, doc: Document, win: Window): void {
  const settings = jsonAttr<CarouselSettings>(el, "data-settings") ?? {};
  const track = el.querySelector<HTMLElement>(".sv-carousel__track");
  if (!track) return;
  const slides = Array.from(track.children) as HTMLElement[];
  if (!carouselStarts(slides.length)) {
    el.classList.add("sv-carousel--static");
    return;
  }
  el.classList.add("is-started");
  el.setAttribute("role", "region");
  el.setAttribute("aria-roledescription", "carousel");
  slides.forEach((s, i) => {
    s.setAttribute("role", "group");
    s.setAttribute("aria-roledescription", "slide");
    s.setAttribute("aria-label", `${i + 1} / ${slides.length}`);
  });

  const button = (cls: string, label: string, text: string) => {
    const control = doc.createElement("button");
    control.type = "button";
    control.className = cls;
    control.setAttribute("aria-label", label);
    control.textContent = text;
    return control;
  };
  const prev = button("sv-carousel__prev", CAROUSEL_LABELS_SV.prev, "‹");
  const next = button("sv-carousel__next", CAROUSEL_LABELS_SV.next, "›");
  const pagination = doc.createElement("div");
  pagination.className = "sv-carousel__pagination";
  const live = doc.createElement("div");
  live.className = "sv-carousel__live";
  live.setAttribute("aria-live", "polite");
  live.setAttribute("aria-atomic", "true");
  el.append(prev, next, pagination, live);

  let index = 0;
  const perView = () => slidesPerView(builderDevice(win.innerWidth), settings);
  const last = () => lastStartIndex(slides.length, perView());
  const step = slidesToScroll(settings);

  const buildBullets = () => {
    pagination.replaceChildren(
      ...Array.from({ length: last() + 1 }, (_, i) => {
        const bullet = button("sv-carousel__bullet", CAROUSEL_LABELS_SV.goTo.replace("{n}", String(i + 1)), "");
        bullet.addEventListener("click", () => go(i));
        return bullet;
      }),
    );
  };

  const render = () => {
    const pv = perView();
    index = Math.min(index, last());
    el.style.setProperty("--sv-slides-per-view", String(pv));
    track.style.transform = `translateX(${(-index * 100) / pv}%)`;
    const visible = visibleSlides(index, slides.length, pv);
    slides.forEach((s, i) => {
      const hidden = !visible.includes(i);
      s.setAttribute("aria-hidden", String(hidden));
      s.toggleAttribute("inert", hidden);
    });
    prev.setAttribute("aria-disabled", String(index === 0));
    next.setAttribute("aria-disabled", String(index >= last()));
    Array.from(pagination.children).forEach((b, i) => {
      if (i === index) b.setAttribute("aria-current", "true");
      else b.removeAttribute("aria-current");
    });
    el.setAttribute("data-index", String(index));
  };

  const go = (i: number) => {
    index = Math.max(0, Math.min(i, last()));
    render();
    emit(el, "carousel:change", index);
  };
  const announce = (text: string) => {
    live.textContent = text;
  };

  next.addEventListener("click", () => {
    if (index < last()) go(index + step);
    announce(index >= last() ? CAROUSEL_LABELS_SV.last : CAROUSEL_LABELS_SV.next);
  });
  prev.addEventListener("click", () => {
    if (index > 0) go(index - step);
    announce(index === 0 ? CAROUSEL_LABELS_SV.first : CAROUSEL_LABELS_SV.prev);
  });

  // Autoplay (default on): stops for good once a control has focus, pauses while hovered.
  const autoplay = settings.autoplay !== "no" && settings.autoplay !== false;
  const speed = Number(settings.autoplay_speed) || CAROUSEL_DEFAULTS.autoplaySpeed;
  let timer: ReturnType<typeof setInterval> | undefined;
  let stopped = false;
  const start = () => {
    if (!autoplay || stopped || timer) return;
    timer = setInterval(() => go(index >= last() ? 0 : index + step), speed);
  };
  const pause = () => {
    clearInterval(timer);
    timer = undefined;
  };
  el.addEventListener("focusin", (event) => {
    const target = event.target as Element;
    if (target === prev || target === next || pagination.contains(target)) {
      stopped = true;
      pause();
      el.classList.add("autoplay-stopped");
      emit(el, "carousel:autoplay-stop");
    }
  });
  el.addEventListener("mouseenter", pause);
  el.addEventListener("mouseleave", start);

  let lastPerView = perView();
  win.addEventListener("resize", () => {
    if (perView() === lastPerView) return;
    lastPerView = perView();
    buildBullets();
    render();
  });
  buildBullets();
  render();
  if (autoplay) el.classList.add("is-autoplay");
  start();
}
