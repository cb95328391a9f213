/**
 * The renderer bundle's entry: the loader imports it only when a CTA is
 * about to show. Written against the React API; the build swaps in
 * preact/compat so the bundle stays small.
 */
import { createRoot } from "react-dom/client";
import { afterNextFrame } from "./after-frame";
import { labelsFor } from "./i18n";
import { Shell } from "./Shell";
import { ctaCss, fontOf, loadWebFont } from "./styles";
import type { MountedCta, MountOptions } from "./types";

// The page-area watcher of inline CTAs rides in this chunk, not the loader: only a page with
// inline or page CTAs needs it, and such a page needs the renderer anyway.
export { watchInlineTargets } from "#widget/core/inline";

/**
 * Calls `seen` once a frame of the CTA (.bk-frame) is rendered and meets the
 * viewport: a frame hidden by CSS (display:none) never intersects. Without
 * IntersectionObserver it calls at once. Returns the function that stops it.
 */
function watchView(shadow: ShadowRoot, seen: () => void): () => void {
  if (typeof IntersectionObserver != "function") return (seen(), () => {});
  const io = new IntersectionObserver((list) => list.some((e) => e.isIntersecting) && (stop(), seen()));
  // Frames drawn later (the lazily loaded bar and hook frames, a teaser opened) are observed as they arrive.
  const mo = new MutationObserver(() => shadow.querySelectorAll(".bk-frame").forEach((f) => io.observe(f)));
  const stop = () => (io.disconnect(), mo.disconnect());
  mo.observe(shadow, { childList: true, subtree: true });
  return stop;
}

/**
 * Renders a CTA variant into an open shadow root on `host`, so host CSS and
 * ours never meet, in the frame of its type. Closing goes through
 * `onClose` (the runtime sets the viewed cookie and fires cfClose).
 */
export function mountCta(options: MountOptions): MountedCta {
  const { host, cta, variant, config, person, runtime, broadcastId } = options;
  const doc = host.ownerDocument;
  const shadow = host.shadowRoot ?? host.attachShadow({ mode: "open" });
  // A top bar's spacer must come before the page content to push it down.
  if (cta.cta_type === "bar" && cta.bar_position !== "bottom" && host.parentElement === doc.body)
    doc.body.prepend(host);
  host.setAttribute("data-beckon-type", cta.cta_type);
  const style = doc.createElement("style");
  style.textContent = ctaCss(
    config,
    [cta.options?.css, variant.options?.css],
    [cta.options ?? {}, variant.options ?? {}],
  );
  const container = doc.createElement("div");
  container.className = "bk-root";
  shadow.replaceChildren(style, container);
  loadWebFont(fontOf(config, variant.options ?? {}), doc);

  // Rendered hidden and shown a frame later: Preact's first render and the CTA's first style and layout (mostly
  // font work, 20 to 50 ms at 4x CPU) then fall in frames of their own, not in one long frame. Staged (the
  // loader's mounts), the render itself is two tasks a frame apart, the frame (the dialog, its close button) and
  // then the step's elements: a whole popup's first render took 12 to 66 ms at 4x (median 25), most of it the
  // elements. The reveal is asked for before the elements' render, so it comes before their effects. Not in the
  // editor's preview, which redraws while the owner types in place and puts the caret back in the new drawing at
  // once.
  const hide = options.mode !== "preview";
  host.hidden = hide;
  const win = doc.defaultView;
  const reveal = () => (host.hidden = false);
  let cancelShow = () => {};
  const root = createRoot(container);
  const stopView = watchView(shadow, () => options.onView?.());
  let mounted = true;
  const unmount = () => {
    if (!mounted) return;
    mounted = false;
    cancelShow();
    stopView();
    root.unmount();
    shadow.replaceChildren();
  };
  const onClose = () => {
    if (!mounted) return;
    if (options.onClose) return options.onClose();
    // An older loader without onClose: close ourselves and still tell the page.
    unmount();
    host.remove();
    runtime.dispatch("cfClose", {
      cta_id: cta.id,
      variant_id: variant.id ?? null,
      broadcast_id: broadcastId ?? cta.broadcast_id ?? null,
    });
  };
  const labels = labelsFor(config, cta);
  const draw = (draft: boolean) =>
    root.render(
      <Shell
        cta={cta}
        variant={variant}
        config={config}
        person={person}
        runtime={runtime}
        broadcastId={broadcastId}
        labels={labels}
        onClose={onClose}
        teaser={options.teaser}
        mode={options.mode}
        draft={draft}
      />,
    );
  if (hide && options.staged) {
    draw(true);
    cancelShow = afterNextFrame(win, () => {
      cancelShow = afterNextFrame(win, reveal);
      draw(false);
    });
  } else {
    if (hide) cancelShow = afterNextFrame(win, reveal);
    draw(false);
  }
  return { unmount };
}
