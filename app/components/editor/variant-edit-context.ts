/**
 * An edit of the variant being edited, for element editors whose change
 * reaches beyond their element (a quiz outcome adds its result step). A
 * function of the variant, applied to the newest document, so it composes
 * with the element's own change in the same click. Provided by the CTA editor.
 */
import { createContext, useContext } from "react";
import type { CtaVariant } from "#contract/schema/cta";

export type VariantEdit = (edit: (variant: CtaVariant) => CtaVariant) => void;

const VariantEditContext = createContext<VariantEdit | null>(null);

export const VariantEditProvider = VariantEditContext.Provider;

/** The variant edit, or null outside an editor that provides one. */
export function useVariantEdit(): VariantEdit | null {
  return useContext(VariantEditContext);
}
