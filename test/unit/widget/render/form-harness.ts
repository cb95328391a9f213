/**
 * The harness shared by the form-*.test.tsx files: the Swedish e-mail and
 * phone fields, a CTA holding one form, the error text shown for a field, and
 * a clean page, globals and timers around each test.
 */
import { afterEach, beforeEach, vi } from "vitest";
import { swedishCtaMock, swedishElementMock, swedishFieldMock } from "#test/support/factories";

export const email = swedishFieldMock({ id: 41, slug: "email", required: true, position: 0 });
export const phone = swedishFieldMock({
  id: 42,
  slug: "phone",
  position: 1,
  options: { type: "tel", placeholder: "Mobilnummer" },
});
/** A Swedish CTA with one form of these fields ("Skicka" on its button). */
export const formWith = (fields = [email], options: Record<string, unknown> = {}, over = {}) =>
  swedishCtaMock({}, [swedishElementMock({ fields, options: { "button-text": "Skicka", ...options }, ...over })]);

/** The text of the error a field points to with aria-describedby (its own or its fieldset's). */
export const errorOf = (root: ShadowRoot, name: string) => {
  const input = root.querySelector<HTMLElement>(`[name="${name}"]`)!;
  const id = input.getAttribute("aria-describedby") ?? input.closest("fieldset")?.getAttribute("aria-describedby");
  return id ? root.getElementById(id)?.textContent : undefined;
};

/** Empties the page before each test; restores the stubbed globals and real timers after it. */
export function resetFormPageBetweenTests() {
  beforeEach(() => {
    document.body.innerHTML = "";
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });
}
