import type { CtaElement } from "../../app/lib/schema/cta";
import type { PublicPerson, PublicWebsiteConfig } from "../../app/lib/schema/public-config";
import type { CtaIds, CtaRuntime } from "./types";

/** What every element gets from the CTA around it. */
export interface RenderContext {
  config: PublicWebsiteConfig;
  person: PublicPerson | null;
  runtime: CtaRuntime;
  /** Ids of an element in the current step. */
  ids(element: CtaElement | null): CtaIds;
  /** Records a conversion of an element (tracking, client events) and applies its confirmation unless told not to. */
  complete(element: CtaElement, eventType: "Submission" | "Complete", confirm?: boolean): void;
}

export interface ElementProps {
  element: CtaElement;
  ctx: RenderContext;
}

/** A string option of an element or field, or "". */
export const str = (options: Record<string, unknown> | undefined, key: string): string => {
  const v = options?.[key];
  return typeof v == "string" || typeof v == "number" ? String(v) : "";
};
