import { useEffect, useRef, useState } from "react";
import { setDebug } from "#widget/core/debug";
import { warn } from "#widget/core/log";
import type { CtaDocument } from "#contract/schema/cta";
import type { MountedCta } from "#widget/render/types";
import { useBeckon } from "./useBeckon";

export interface BeckonCtaProps {
  /** The CTA definition (the published document). */
  cta: CtaDocument;
  /** Which variant to show (default: the first). */
  variantId?: number;
  mode?: "live" | "admin" | "preview";
  onClose?(): void;
  className?: string;
  /** "add-to-cart": show the CTA only after the next add to the storefront's cart (the provider's cart, whichever it is). */
  trigger?: "add-to-cart";
}

/**
 * Mounts a Beckon CTA into a div with the renderer (its own Preact tree in a
 * shadow root), passing the provider's Storefront cart as the store adapter.
 */
export function BeckonCta({ cta, variantId, mode, onClose, className, trigger }: BeckonCtaProps) {
  const { config, person, runtime, loadRenderer, onCartAdd } = useBeckon();
  const ref = useRef<HTMLDivElement>(null);
  // Storefronts often pass onClose inline, a new function each render: the mounted CTA calls the latest one
  // through this ref, so a re-render does not remount it.
  const latestOnClose = useRef(onClose);
  latestOnClose.current = onClose;
  const [triggered, setTriggered] = useState(false);
  const waiting = trigger === "add-to-cart" && !triggered;
  useEffect(() => (waiting ? onCartAdd(() => setTriggered(true)) : undefined), [waiting, onCartAdd]);
  // A headless storefront has no runtime to set debug mode (core/debug.ts): a CTA shown for an owner (admin or preview) turns it on.
  useEffect(() => {
    if (mode && mode !== "live") setDebug(true);
  }, [mode]);
  useEffect(() => {
    if (waiting) return;
    let mounted: MountedCta | null = null;
    let live = true;
    const variant = cta.variants.find((v) => v.id === variantId) ?? cta.variants[0];
    if (!variant) return;
    void loadRenderer().then(
      (r) => {
        if (!live || !ref.current) return;
        const close = () => (latestOnClose.current ? latestOnClose.current() : mounted?.unmount());
        mounted = r.mountCta({ host: ref.current, cta, variant, config, person, runtime, mode, onClose: close });
      },
      (e) => warn("Loading chunk renderer failed", e),
    );
    return () => {
      live = false;
      mounted?.unmount();
    };
    // person and loadRenderer change only with the provider's value, which always brings a new runtime too.
  }, [cta, variantId, config, person, runtime, loadRenderer, mode, waiting]);
  return <div ref={ref} className={className} data-beckon-cta={cta.id} />;
}
