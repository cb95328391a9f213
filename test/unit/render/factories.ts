/** Typed factories for the renderer's component tests: a CTA document, its parts, a config and a fake runtime. */
import { vi } from "vitest";
import type { ActionGroup, CtaDocument, CtaElement, CtaStep, Field } from "../../../app/lib/schema/cta";
import type { PublicWebsiteConfig } from "../../../app/lib/schema/public-config";
import { configMock as widgetConfigMock, elementMock as widgetElementMock, fieldMock as widgetFieldMock, personMock } from "../widget/helpers";
import type { CtaRuntime } from "../../../widget/render/types";

/** The widget tests' field, with a Swedish placeholder. */
export const fieldMock = (over: Partial<Field> = {}): Field => widgetFieldMock({ options: { type: "email", placeholder: "Din e-postadress" }, ...over });

export const groupMock = (over: Partial<ActionGroup> = {}): ActionGroup => ({
  position: 0,
  status: true,
  data: {},
  conditions: [],
  actions: [],
  ...over,
});

/** The widget tests' form element, in Swedish and without action groups. */
export const elementMock = (over: Partial<CtaElement> = {}): CtaElement =>
  widgetElementMock({ options: { "button-text": "Skicka" }, fields: [fieldMock({ id: 41, required: true })], action_groups: [], ...over });

/** A step holding the elements in one column. */
export const stepMock = (id: number, position: number, elements: CtaElement[], over: Partial<CtaStep> = {}): CtaStep => ({
  id,
  position,
  options: {},
  action_groups: [],
  sections: [{ id: id * 10, position: 0, options: {}, columns: [{ id: id * 10 + 1, position: 0, options: {}, elements }] }],
  ...over,
});

/** A published CTA with one variant; the first step holds `elements`. */
export const ctaMock = (over: Partial<CtaDocument> = {}, elements: CtaElement[] = [elementMock()], steps?: CtaStep[]): CtaDocument => ({
  id: 7,
  name: "Nyhetsbrev",
  cta_type: "inline",
  inline_type: "embed",
  status: "published",
  published_at: "2024-05-01T10:00:00.000Z",
  broadcast_id: null,
  options: {},
  variants: [{ id: 11, variation: "A", percentage: 100, winner: false, options: {}, steps: steps ?? [stepMock(21, 0, elements)] }],
  ...over,
});

/** The widget tests' person; the renderer needs no other. */
export { personMock };

/** The widget tests' config, with the Swedish site's SMS text and brand and no CTA summaries. */
export const configMock = (over: Partial<PublicWebsiteConfig> = {}): PublicWebsiteConfig =>
  widgetConfigMock({ sms_consent: "Ja, skicka sms.", brand: "Säljakademin", ctas: [], ...over });

export type RuntimeMock = CtaRuntime & {
  track: ReturnType<typeof vi.fn>;
  submitContact: ReturnType<typeof vi.fn>;
  dispatch: ReturnType<typeof vi.fn>;
};

/** A runtime whose calls are recorded; submitContact answers `{}` unless told otherwise. */
export function runtimeMock(over: Partial<CtaRuntime> = {}): RuntimeMock {
  return {
    track: vi.fn(),
    submitContact: vi.fn(async () => ({})),
    dispatch: vi.fn(),
    ...over,
  } as RuntimeMock;
}
