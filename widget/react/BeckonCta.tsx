import { useEffect, useRef } from "react";
import type { CtaDocument } from "../../app/lib/schema/cta";
import type { MountedCta } from "../render/types";
import { useBeckon } from "./useBeckon";

export interface BeckonCtaProps {
  /** The CTA definition (the published document). */
  cta: CtaDocument;
  /** Which variant to show (default: the first). */
  variantId?: number;
  mode?: "live" | "admin" | "preview";
  onClose?(): void;
  className?: string;
}

/**
 * Mounts a Beckon CTA into a div with the renderer (its own Preact tree in a
 * shadow root), passing the provider's Storefront cart as the store adapter.
 */
export function BeckonCta({ cta, variantId, mode, onClose, className }: BeckonCtaProps) {
  const { config, person, runtime, loadRenderer } = useBeckon();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let mounted: MountedCta | null = null;
    let live = true;
    const variant = cta.variants.find((v) => v.id === variantId) ?? cta.variants[0];
    if (!variant) return;
    void loadRenderer().then(
      (r) => {
        if (!live || !ref.current) return;
        mounted = r.mountCta({ host: ref.current, cta, variant, config, person, runtime, mode, onClose: onClose ?? (() => mounted?.unmount()) });
      },
      (e) => console.warn("[beckon] Loading chunk renderer failed", e),
    );
    return () => {
      live = false;
      mounted?.unmount();
    };
  }, [cta, variantId, config, runtime]);
  return <div ref={ref} className={className} data-beckon-cta={cta.id} />;
}
