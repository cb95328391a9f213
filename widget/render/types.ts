/**
 * The contract between the loader (widget/core) and the renderer bundle
 * (widget/render). The loader imports these as types only, so nothing of the
 * renderer ends up in the loader bundle.
 */
import type { CtaDocument, CtaVariant } from "../../app/lib/schema/cta";
import type { PublicPerson, PublicWebsiteConfig } from "../../app/lib/schema/public-config";

/** Where an event or a contact came from. */
export interface CtaIds {
  cta_id: number;
  variant_id: number | null;
  step_id?: number | null;
  element_id?: number | null;
  broadcast_id?: number | null;
}

export type TrackedEventType = "Visit" | "View" | "Complete" | "Completion" | "Selection" | "Add To Cart" | "Submission" | "Order";

/** SPEC section 3 contact payload, less what the loader adds (client id, visitor token). */
export interface ContactPayload {
  email?: string | null;
  phone?: string | null;
  name?: string | null;
  last_name?: string | null;
  website?: string | null;
  company_name?: string | null;
  company_title?: string | null;
  city?: string | null;
  state?: string | null;
  country?: string | null;
  address?: string | null;
  zip_code?: string | null;
  extra: Record<string, string | number | boolean | string[] | null>;
  marketing_consent?: boolean | null;
  privacy_consent?: boolean | null;
  sms_consent?: boolean | null;
  source_url: string;
  contactable_type: "Cta";
  contactable_id: number;
  cta_id: number;
  variant_id: number | null;
  step_id: number | null;
  element_id: number | null;
  broadcast_id: number | null;
}

/** What the loader lends the renderer: the only ways a CTA talks to the outside. */
export interface CtaRuntime {
  track(eventType: TrackedEventType, ids: CtaIds, data?: Record<string, unknown>): void;
  /** Resolves once the server has the contact (or skipped it); rejects when it could not be sent. */
  submitContact(payload: ContactPayload): Promise<{ skipped?: boolean }>;
  dispatch(name: string, detail: Record<string, unknown>): void;
}

export interface MountOptions {
  host: HTMLElement;
  cta: CtaDocument;
  variant: CtaVariant;
  config: PublicWebsiteConfig;
  person: PublicPerson | null;
  runtime: CtaRuntime;
  broadcastId?: number | null;
}

export interface MountedCta {
  unmount(): void;
}

/** The renderer bundle's exports. */
export interface RendererModule {
  mountCta(options: MountOptions): MountedCta;
}
