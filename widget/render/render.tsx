/**
 * The renderer bundle's entry: the loader imports it only when a CTA is
 * about to show. Written against the React API; the build swaps in
 * preact/compat so the bundle stays small.
 */
import { createRoot } from "react-dom/client";
import { Cta } from "./Cta";
import { ctaCss } from "./styles";
import type { MountedCta, MountOptions } from "./types";

/** Renders a CTA variant into an open shadow root on `host`, so host CSS and ours never meet. */
export function mountCta({ host, cta, variant, config, person, runtime, broadcastId }: MountOptions): MountedCta {
  const shadow = host.shadowRoot ?? host.attachShadow({ mode: "open" });
  const doc = host.ownerDocument;
  const style = doc.createElement("style");
  style.textContent = ctaCss(config, [cta.options?.css, variant.options?.css]);
  const container = doc.createElement("div");
  shadow.replaceChildren(style, container);
  const root = createRoot(container);
  root.render(<Cta cta={cta} variant={variant} config={config} person={person} runtime={runtime} broadcastId={broadcastId} />);
  return {
    unmount() {
      root.unmount();
      shadow.replaceChildren();
    },
  };
}
