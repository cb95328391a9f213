/**
 * Third-party analytics (SPEC 7): Segment's analytics.js (loaded on demand
 * when a write key is set) and Google Tag Manager's dataLayer receive the
 * analytics names of the client events. Nothing here runs in admin or
 * preview mode; the runtime decides that.
 */

/** SPEC 7 analytics names by client event; survey submissions and button clicks are told apart by the element type. */
export function analyticsName(event: string, elementType?: string): string | null {
  if (event === "cfSubmit") return elementType === "survey" ? "CTA Survey Submitted" : "CTA Form Submitted";
  if (event === "cfConversion") return elementType === "button" ? "CTA Button Clicked" : null;
  return (
    (
      {
        cfView: "CTA Viewed",
        cfCompletion: "CTA Completed",
        cfClose: "CTA Closed",
        cfAddToCart: "Add To Cart",
      } as Record<string, string>
    )[event] ?? null
  );
}

type Win = Window & { analytics?: any; dataLayer?: unknown[]; google_tag_manager?: Record<string, unknown> };

const script = (doc: Document, src: string) => {
  const el = doc.createElement("script");
  el.async = true;
  el.src = src;
  (doc.head || doc.documentElement).appendChild(el);
};

/** Sends one analytics event to Segment and the dataLayer, loading either library the first time it is needed. */
export function forward(
  win: Win,
  keys: { segment_write_key?: string | null; gtm_id?: string | null },
  name: string,
  props: Record<string, unknown>,
): void {
  try {
    const doc = win.document;
    const key = keys.segment_write_key;
    if (key) {
      let queue = win.analytics;
      if (!queue) {
        // The standard snippet's buffer: analytics.js replays these calls when it arrives.
        queue = win.analytics = [];
        for (const method of ["track", "identify", "page"])
          queue[method] = (...args: unknown[]) => queue.push([method, ...args]);
        queue._writeKey = key;
        script(doc, `https://cdn.segment.com/analytics.js/v1/${encodeURIComponent(key)}/analytics.min.js`);
      }
      queue.track?.(name, props);
    }
    const gtm = keys.gtm_id;
    if (gtm || Array.isArray(win.dataLayer)) {
      const dl = (win.dataLayer ||= []);
      if (gtm && !win.google_tag_manager?.[gtm] && !doc.querySelector(`script[src*="gtm.js?id=${gtm}"]`)) {
        dl.push({ "gtm.start": Date.now(), event: "gtm.js" });
        script(doc, "https://www.googletagmanager.com/gtm.js?id=" + encodeURIComponent(gtm));
      }
      dl.push({ event: name, beckon: props });
    }
  } catch {
    /* analytics must never break the page or the widget */
  }
}
