/** The renderer's component tests' fake runtime; CTA documents and the config come from test/support/factories.ts (the Swedish variants). */
import { vi } from "vitest";
import { personMock } from "#test/unit/widget/core/helpers";
import type { CtaRuntime } from "#widget/render/types";

/** The widget tests' person; the renderer needs no other. */
export { personMock };

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
