/**
 * Where inline CTAs go: snippet placeholders `<div class="beckon-cta" data-cta-id="N">`
 * (inline or page CTAs) and marked page areas `<div data-beckon-area="footer">`,
 * matched against a published inline CTA whose options.area names the area. Page builders and
 * single-page apps add areas late, so a MutationObserver keeps looking.
 */
import { placed } from "#contract/placement";
import type { PublicCtaSummary } from "#contract/schema/public-config";

export interface InlineTarget {
  el: HTMLElement;
  cta: PublicCtaSummary;
}

const SELECTOR = ".beckon-cta[data-cta-id],[data-beckon-area]";

/** Finds inline targets not in `seen` (and adds them to it). */
export function findInlineTargets(root: ParentNode, ctas: PublicCtaSummary[], seen: WeakSet<Element>): InlineTarget[] {
  const inline = ctas.filter(placed);
  const found: InlineTarget[] = [];
  // Nothing to place: no need to walk the page.
  if (inline.length)
    root.querySelectorAll<HTMLElement>(SELECTOR).forEach((el) => {
      if (seen.has(el)) return;
      const area = el.getAttribute("data-beckon-area");
      const id = Number(el.getAttribute("data-cta-id"));
      const cta = area != null ? inline.find((c) => c.options?.area === area) : inline.find((c) => c.id === id);
      if (cta) {
        seen.add(el);
        found.push({ el, cta });
      }
    });
  return found;
}

/** Reports targets present now and those added later, for CTAs of which some are placed; returns a function that stops watching. */
export function watchInlineTargets(
  doc: Document,
  ctas: PublicCtaSummary[],
  onFound: (target: InlineTarget) => void,
  seen: WeakSet<Element> = new WeakSet(),
): { scan(): void; stop(): void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const scan = () => findInlineTargets(doc, ctas, seen).forEach(onFound);
  scan();
  // Called only when some CTA is placed (the runtime checks before it loads this with the renderer).
  const observer = new MutationObserver(() => {
    // Coalesce bursts of DOM changes (SPEC 9: snippets are looked for every 50 ms at most).
    timer ??= setTimeout(() => {
      timer = undefined;
      scan();
    }, 50);
  });
  // Not "class": pages toggle classes constantly, and placeholders arrive as new nodes anyway.
  observer.observe(doc.documentElement, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ["data-beckon-area", "data-cta-id"],
  });
  return {
    scan,
    stop() {
      observer.disconnect();
      clearTimeout(timer);
    },
  };
}
