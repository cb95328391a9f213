import type { ElementProps } from "#widget/render/context";
import {
  bool,
  fill,
  Html,
  num,
  reducedMotion,
  safeHref,
  useEffect,
  useRef,
  useState,
  type ContentItem,
} from "#widget/render/kit";

/** SPEC 9: the carousel element rotates every 5 s by default. */
export const ROTATION_MS = 5000;

const CSS = `.bk-carousel{position:relative}
.bk-slide img{display:block;width:100%;border-radius:var(--bk-radius,6px)}
.bk-slide h3{margin:8px 0 4px}
.bk-carousel-nav{display:flex;align-items:center;justify-content:center;gap:8px;margin-top:8px}
.bk-carousel-nav button{min-width:32px;min-height:32px;border:1px solid currentColor;border-radius:16px;background:var(--bk-bg);color:var(--bk-fg);cursor:pointer}
.bk-carousel-nav button[aria-disabled=true]{opacity:.5;cursor:default}
.bk-dot{width:12px;min-width:24px!important;min-height:24px!important;padding:0;font-size:0}
.bk-dot[aria-current=true]{background:var(--bk-fg)!important}`;

/** One slide: image (optionally a link), title and rich text. */
function Slide({ item, ctx }: { item: ContentItem; ctx: ElementProps["ctx"] }) {
  const src = item.image ? safeHref(item.image) : null;
  const href = item.link ? safeHref(item.link) : null;
  const img = src ? <img src={src} alt={item.alt ?? ""} loading="lazy" /> : null;
  return (
    <>
      {href && img ? <a href={href}>{img}</a> : img}
      {item.title ? <h3>{ctx.merge(item.title)}</h3> : null}
      {item.html ? <Html html={ctx.merge(item.html, true)} /> : null}
    </>
  );
}

/**
 * A carousel (SPEC 4 host-site widgets): starts only with at least 2 slides,
 * rotates every 5 s unless motion is reduced, stops for good once a control
 * gets focus; hidden slides are hidden and inert; labels in the site's language.
 */
export default function CarouselElement({ element, ctx }: ElementProps) {
  const items = (element.content_toggle_items ?? []) as ContentItem[];
  const options = element.options;
  const labels = ctx.labels;
  const count = items.length;
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(() => count >= 2 && bool(options, "autoplay", true) && !reducedMotion());
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Autoplay stops for good once any control gets focus (focusin bubbles; focus does not).
    const el = ref.current;
    const stop = () => setPlaying(false);
    el?.addEventListener("focusin", stop);
    return () => el?.removeEventListener("focusin", stop);
  }, []);
  useEffect(() => {
    if (!playing) return;
    const timer = setInterval(
      () => setIndex((i) => (i + 1) % count),
      num(options, "rotation-seconds", ROTATION_MS / 1000) * 1000,
    );
    return () => clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- options is the element's options, fixed for a mounted CTA (the preview mounts a new one per document)
  }, [playing, count]);
  if (!count) return null;
  if (count < 2) {
    return (
      <div className="bk-el bk-carousel">
        <style>{CSS}</style>
        <div className="bk-slide">
          <Slide item={items[0]} ctx={ctx} />
        </div>
      </div>
    );
  }
  const go = (i: number) => setIndex(Math.max(0, Math.min(count - 1, i)));
  const first = index === 0;
  const last = index === count - 1;
  return (
    <div
      ref={ref}
      className="bk-el bk-carousel"
      role="region"
      aria-roledescription="carousel"
      aria-label={labels.carousel}
    >
      <style>{CSS}</style>
      <div aria-live={playing ? "off" : "polite"}>
        {items.map((item, position) => {
          const hidden = position !== index;
          return (
            <div
              key={position}
              className="bk-slide"
              role="group"
              aria-roledescription="slide"
              aria-label={fill(labels.slideOf, { n: position + 1, total: count })}
              hidden={hidden}
              {...((hidden ? { inert: true } : {}) as object)}
            >
              <Slide item={item} ctx={ctx} />
            </div>
          );
        })}
      </div>
      <div className="bk-carousel-nav">
        <button
          type="button"
          aria-label={first ? labels.slideFirst : labels.slidePrev}
          aria-disabled={first}
          onClick={() => go(index - 1)}
        >
          ‹
        </button>
        {items.map((_, position) => (
          <button
            key={position}
            type="button"
            className="bk-dot"
            aria-label={fill(labels.slideGoTo, { n: position + 1 })}
            aria-current={position === index}
            onClick={() => go(position)}
          >
            {position + 1}
          </button>
        ))}
        <button
          type="button"
          aria-label={last ? labels.slideLast : labels.slideNext}
          aria-disabled={last}
          onClick={() => go(index + 1)}
        >
          ›
        </button>
      </div>
    </div>
  );
}
