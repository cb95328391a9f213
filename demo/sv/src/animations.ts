/**
 * Entrance animations: an element marked elementor-invisible reveals itself
 * with its animation (data-settings _animation, after _animation_delay ms)
 * the first time it enters the viewport, and only once.
 */
import { DEFAULT_ENTRANCE_ANIMATION } from "./constants";
import { emit, jsonAttr, within } from "./dom";

let observer: IntersectionObserver | null = null;

function reveal(el: HTMLElement): void {
  const settings =
    jsonAttr<{ _animation?: string; animation?: string; _animation_delay?: number }>(el, "data-settings") ?? {};
  const name = settings._animation || settings.animation || DEFAULT_ENTRANCE_ANIMATION;
  const run = () => {
    el.classList.remove("elementor-invisible");
    el.classList.add("animated", name);
    emit(el, "animated", name);
  };
  const delay = Number(settings._animation_delay) || 0;
  if (delay > 0) setTimeout(run, delay);
  else run();
}

export function initAnimations(root: ParentNode, win: Window): void {
  const targets = within<HTMLElement>(root, ".elementor-invisible");
  const IO = (win as Window & typeof globalThis).IntersectionObserver;
  if (!IO) {
    targets.forEach(reveal);
    return;
  }
  observer ??= new IO((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      observer!.unobserve(entry.target);
      reveal(entry.target as HTMLElement);
    }
  });
  targets.forEach((t) => observer!.observe(t));
}
