/**
 * The contract between the loader (widget/core) and the renderer bundle
 * (widget/render). The loader imports these as types only, so nothing of the
 * renderer ends up in the loader bundle.
 */
import type { LeadMagnetAnswer } from "#contract/schema/lead-magnet";
import type { CtaDocument, CtaVariant } from "#contract/schema/cta";
import type { Condition } from "#contract/schema/condition";
import type { PublicPerson, PublicWebsiteConfig } from "#contract/schema/public-config";
import type { CartAdapter, ProductCatalog } from "#widget/store/types";
import type { watchInlineTargets } from "#widget/core/inline";

/** Where an event or a contact came from. */
export interface CtaIds {
  cta_id: number;
  variant_id: number | null;
  step_id?: number | null;
  element_id?: number | null;
  broadcast_id?: number | null;
}

export type TrackedEventType =
  | "Visit"
  | "View"
  | "Complete"
  | "Completion"
  | "Selection"
  | "Add To Cart"
  | "Submission"
  | "Order";

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
  /** The reCAPTCHA answer of a form with check_recaptcha (the server verifies and drops it). */
  recaptcha_token?: string;
  /** Score of the CTA variant or of the person, after the element's score actions. */
  latest_score?: number | null;
  /** Ids of the action groups that applied to this conversion. */
  action_groups?: number[];
}

/** What the loader lends the renderer: the only ways a CTA talks to the outside. */
export interface CtaRuntime {
  track(eventType: TrackedEventType, ids: CtaIds, data?: Record<string, unknown>): void;
  /**
   * Resolves once the server has the contact (or skipped it); rejects when the server refused it.
   * `queued`: the server did not answer in time; the contact is stored and resent until it arrives.
   * `lead_magnet`: the form's download, a signed link for the success step.
   */
  submitContact(
    payload: ContactPayload,
  ): Promise<{ skipped?: boolean; queued?: boolean; lead_magnet?: LeadMagnetAnswer }>;
  dispatch(name: string, detail: Record<string, unknown>): void;
  /** Loads and shows another CTA now (the "cta" confirmation); without it the renderer calls window.beckon.load/trigger. */
  showCta?(ctaId: number): void;
  /** Persists the local person after the renderer's actions changed it in place (tags, custom fields, scores, list entries). */
  savePerson?(person: PublicPerson): void;
  /**
   * Evaluates targeting conditions with the loader's engine (action groups, conditional rows).
   * `values` holds answers given in this CTA (by slug). Without it the renderer uses its own
   * evaluator for url, tag, data_field and country conditions.
   */
  conditionsPass?(conditions: Condition[], values: Record<string, unknown>): boolean;
  /** The store adapter of the site (Shopify Ajax or Storefront GraphQL), for cart progress and cart/checkout confirmations. */
  store?: (CartAdapter & Partial<ProductCatalog>) | null;
}

export interface MountOptions {
  host: HTMLElement;
  cta: CtaDocument;
  variant: CtaVariant;
  config: PublicWebsiteConfig;
  person: PublicPerson | null;
  runtime: CtaRuntime;
  broadcastId?: number | null;
  /**
   * The visitor closed the CTA (close button, Escape, backdrop click, or a
   * confirmation with confirmation-close). The runtime sets the viewed cookie,
   * fires cfClose and unmounts. Without it the renderer unmounts itself and
   * dispatches cfClose through `runtime.dispatch`.
   *
   * Placement: inline CTAs get a host inside their page area or placeholder;
   * page, overlay, hook, bar and two-tap CTAs get a host appended to
   * document.body, and the renderer positions it (a top bar moves its host to
   * the start of the body so its spacer pushes the page down).
   */
  onClose?(): void;
  /**
   * Called once, when the CTA is first on screen (a frame of it intersects
   * the viewport and is rendered): the runtime counts its View then. A CTA
   * hidden by CSS (display:none) never calls it.
   */
  onView?(): void;
  /**
   * Two-tap and prehook CTAs (cta_type two-tap, or options.teaser true): show
   * the teaser first; the renderer opens the full CTA when it is tapped. Set
   * by the loader when the teaser trigger fired.
   */
  teaser?: boolean;
  /**
   * live: a visitor. admin: a logged-in site owner (the loader tracks nothing
   * and sends no contact). preview: the editor's iframe (iframe=true plus a
   * variant parameter), likewise not live. Absent means live.
   */
  mode?: "live" | "admin" | "preview";
  /**
   * Render an overlay or inline CTA in two tasks a frame apart, its frame
   * first and its step's elements next, so neither makes a long frame of the
   * page (render.tsx). The loader asks for it; a direct mount renders the
   * elements at once. Not in preview.
   */
  staged?: boolean;
}

export interface MountedCta {
  unmount(): void;
}

/** The renderer bundle's exports. */
export interface RendererModule {
  mountCta(options: MountOptions): MountedCta;
  /** Watches the page for the areas and placeholders of inline and page CTAs (core/inline.ts). */
  watchInlineTargets?: typeof watchInlineTargets;
}
