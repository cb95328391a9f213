/**
 * Mounts CTAs with the renderer that ships: the build compiles the React API
 * to widget/render/react-shim.ts on Preact, and so does vitest's "render"
 * project, which runs every test that imports this (vitest.config.ts).
 */
import { options } from "preact";
import { vi } from "vitest";
import type { MountOptions } from "#widget/render/types";
import { runtimeMock, type RuntimeMock } from "./factories";
import { swedishConfigMock, swedishCtaMock } from "#test/support/factories";

// Effects run after the next animation frame in browsers; here in a microtask, which fake timers never hold back
// (a flush scheduled on a fake timer that a test drops would stop Preact's effects for the rest of the file).
options.requestAnimationFrame = (cb) => queueMicrotask(cb);

const tick = () => (vi.isFakeTimers() ? vi.advanceTimersByTimeAsync(0) : new Promise((r) => setTimeout(r, 0)));

/** Lets pending promises, timers of 0 ms, dynamic imports of chunks and Preact's renders and effects run (real or fake timers). */
export async function flush(times = 8): Promise<void> {
  for (let i = 0; i < times; i++) {
    await vi.dynamicImportSettled();
    for (let j = 0; j < 5; j++) await tick();
  }
}

/** The same (kept for readability in tests on fake timers). */
export const flushFake = flush;

export interface Mounted {
  host: HTMLElement;
  root: ShadowRoot;
  runtime: RuntimeMock;
  onClose: ReturnType<typeof vi.fn>;
  unmount(): void;
  $<T extends Element = HTMLElement>(sel: string): T;
  $$<T extends Element = HTMLElement>(sel: string): T[];
}

/** Mounts a CTA into a host appended to the body (or `parent`). */
export async function mount(over: Partial<MountOptions> & { parent?: HTMLElement } = {}): Promise<Mounted> {
  const { mountCta } = await import("#widget/render/render");
  const host = document.createElement("beckon-cta");
  (over.parent ?? document.body).appendChild(host);
  const cta = over.cta ?? swedishCtaMock();
  const runtime = (over.runtime as RuntimeMock) ?? runtimeMock();
  const onClose = vi.fn();
  const m = mountCta({
    host,
    cta,
    variant: over.variant ?? cta.variants[0],
    config: swedishConfigMock(),
    person: null,
    runtime,
    onClose,
    ...over,
  });
  await flush();
  const root = host.shadowRoot!;
  return {
    host,
    root,
    runtime,
    onClose: (over.onClose as ReturnType<typeof vi.fn>) ?? onClose,
    unmount: m.unmount,
    $: <T extends Element = HTMLElement>(sel: string) => root.querySelector<T>(sel)!,
    $$: <T extends Element = HTMLElement>(sel: string) => Array.from(root.querySelectorAll<T>(sel)),
  };
}

/** Types into an input as a visitor would (value, then an input event). */
export function type(input: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  input.value = value;
  input.dispatchEvent(new Event("input", { bubbles: true }));
}

/** Submits a form with its submit button and waits for the submit chunk and what follows. */
export async function submit(form: HTMLFormElement): Promise<void> {
  form.querySelector<HTMLButtonElement>("button[type=submit]")!.click();
  await flush();
}

/** Dispatches a key on an element (keydown, bubbling, composed like a real one). */
export function key(el: EventTarget, k: string, init: KeyboardEventInit = {}): KeyboardEvent {
  const e = new KeyboardEvent("keydown", { key: k, bubbles: true, composed: true, cancelable: true, ...init });
  el.dispatchEvent(e);
  return e;
}
