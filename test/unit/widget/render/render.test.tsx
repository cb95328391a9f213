// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { sv } from "#contract/i18n/sv";
import type { CtaRuntime, MountOptions } from "#widget/render/types";
import { settle } from "#test/unit/widget/core/helpers";
import { configMock, ctaMock, elementMock, fieldMock } from "#test/support/factories";

const { mountCta } = await import("#widget/render/render");

function runtimeMock(submit: CtaRuntime["submitContact"] = async () => ({})) {
  return { track: vi.fn(), submitContact: vi.fn(submit), dispatch: vi.fn() } satisfies CtaRuntime;
}

/** Every CTA a test mounted, unmounted after it: a reveal still waiting for its frame would run after the page is gone. */
const mounted: { unmount(): void }[] = [];
afterEach(() => {
  for (const m of mounted.splice(0)) m.unmount();
});

function mount(over: Partial<MountOptions> = {}) {
  const host = document.createElement("div");
  host.setAttribute("data-beckon-cta", "7");
  document.body.appendChild(host);
  const cta = over.cta ?? ctaMock();
  const runtime = (over.runtime as ReturnType<typeof runtimeMock>) ?? runtimeMock();
  const m = mountCta({ host, cta, variant: cta.variants[0], config: configMock(), person: null, runtime, ...over });
  mounted.push(m);
  const root = host.shadowRoot!;
  return { host, root, runtime, m, $: <T extends Element = HTMLElement>(sel: string) => root.querySelector<T>(sel)! };
}

function type(input: HTMLInputElement, value: string) {
  input.value = value;
  input.dispatchEvent(new Event("input", { bubbles: true }));
}

async function submit(form: HTMLFormElement) {
  form.querySelector<HTMLButtonElement>("button[type=submit]")!.click();
  // The submit code and the conversion are chunks the renderer imports on demand.
  await vi.dynamicImportSettled();
  await settle();
  await vi.dynamicImportSettled();
}

/**
 * Frames and timers on one test clock (undone by vi.useRealTimers): the renderer races each frame against a
 * timeout for pages where frames do not run, so frames run by hand beside timers on the wall clock race each
 * other on a busy machine. Returns the clock's steps: `nextFrame` runs the frame due and the tasks it queues,
 * `settle` the tasks and promises due within a few milliseconds; neither reaches a fallback's timeout.
 */
function frameClock() {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "requestAnimationFrame", "cancelAnimationFrame"] });
  // 1 ms a step, not 0: a zero-delay task queued inside a frame's callback is due a millisecond later on this clock.
  const settle = async () => {
    for (let i = 0; i < 5; i++) await vi.advanceTimersByTimeAsync(1);
  };
  const nextFrame = async () => {
    vi.advanceTimersToNextFrame();
    await settle();
  };
  return { nextFrame, settle };
}

describe("mountCta", () => {
  beforeEach(() => {
    document.body.innerHTML = "";
  });

  it("renders the first step into an open shadow root with its CSS, untouched by host CSS", () => {
    const style = document.createElement("style");
    style.textContent = "input{display:none}";
    document.head.appendChild(style);
    const { host, root, $ } = mount({ cta: ctaMock({ options: { area: "footer", css: ".bk-cta{color:red}" } }) });
    expect(host.shadowRoot).not.toBeNull();
    expect(root.mode).toBe("open");
    expect(root.querySelector("style")!.textContent).toContain(".bk-cta{color:red}");
    expect(document.querySelector("input")).toBeNull(); // nothing in the light DOM
    const input = $<HTMLInputElement>("input[type=email]");
    expect(input.name).toBe("email");
    expect(input.getAttribute("autocomplete")).toBe("email");
    expect(input.required).toBe(true);
    // A real label tied to the input.
    expect($<HTMLLabelElement>(`label[for="${input.id}"]`).textContent).toBe("Your e-mail");
    expect($("button[type=submit]").textContent).toBe("Subscribe");
  });

  it("shows the e-mail error next to the field, with aria, and sends nothing", async () => {
    const { $, runtime } = mount();
    type($<HTMLInputElement>("input[type=email]"), "not-an-email");
    await submit($("form") as HTMLFormElement);
    const input = $<HTMLInputElement>("input[type=email]");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    const error = $(`#${input.getAttribute("aria-describedby")}`);
    expect(error.textContent).toBe(sv.email);
    expect(runtime.submitContact).not.toHaveBeenCalled();
  });

  it("submits the contact payload, tracks, dispatches and shows the confirmation", async () => {
    let resolve!: (v: { skipped?: boolean }) => void;
    const runtime = runtimeMock(() => new Promise((r) => (resolve = r)));
    const { $ } = mount({ runtime });
    type($<HTMLInputElement>("input[type=email]"), "  Anna@Example.SE ");
    await submit($("form") as HTMLFormElement);
    // The button is disabled while the contact is on its way.
    expect($<HTMLButtonElement>("button[type=submit]").disabled).toBe(true);
    expect(runtime.submitContact).toHaveBeenCalledTimes(1);
    expect(runtime.submitContact.mock.calls[0][0]).toEqual({
      email: "anna@example.se",
      extra: {},
      source_url: location.href,
      contactable_type: "Cta",
      contactable_id: 7,
      cta_id: 7,
      variant_id: 11,
      step_id: 21,
      element_id: 31,
      broadcast_id: null,
    });
    resolve({});
    await settle();
    const ids = { cta_id: 7, variant_id: 11, step_id: 21, element_id: 31, broadcast_id: null };
    expect(runtime.track).toHaveBeenCalledWith("Submission", ids);
    expect(runtime.dispatch.mock.calls.map((c) => c[0])).toEqual(["cfSubmit", "cfConversion"]);
    expect(runtime.dispatch.mock.calls[0][1]).toEqual(ids);
    expect($('[role="status"]').textContent).toBe("Tack! Check your inbox.");
    expect($("form")).toBeNull();
  });

  it("re-enables the form and says so when the contact could not be sent", async () => {
    const runtime = runtimeMock(async () => {
      throw new Error("offline");
    });
    const { $ } = mount({ runtime });
    type($<HTMLInputElement>("input[type=email]"), "a@b.se");
    await submit($("form") as HTMLFormElement);
    expect($('[role="alert"]').textContent).toBe(sv.sendFailed);
    expect($<HTMLButtonElement>("button[type=submit]").disabled).toBe(false);
    expect(runtime.track).not.toHaveBeenCalled();
  });

  it("shows the marketing consent with the privacy link and sends the choice", async () => {
    const runtime = runtimeMock();
    const cta = ctaMock({}, [elementMock({ options: { "button-text": "Go", "show-marketing-consent": true } })]);
    const { $ } = mount({ cta, runtime });
    const box = $<HTMLInputElement>('input[name="beckon_marketing_consent"]');
    expect($(`label[for="${box.id}"]`).textContent).toBe("Ja, skicka mig nyhetsbrev.");
    expect($<HTMLAnchorElement>('a[href="https://example.se/integritet"]').textContent).toBe("Integritetspolicy");
    type($<HTMLInputElement>("input[type=email]"), "a@b.se");
    box.click();
    await submit($("form") as HTMLFormElement);
    expect(runtime.submitContact.mock.calls[0][0].marketing_consent).toBe(true);
  });

  it("renders text (sanitized), dividers, buttons and the other field types", async () => {
    const fields = [
      fieldMock({ id: 1, slug: "first_name", position: 0, options: { label: "Förnamn" } }),
      fieldMock({ id: 2, slug: "message", field_type: "paragraph", position: 1, options: { label: "Meddelande" } }),
      fieldMock({
        id: 3,
        slug: "course",
        field_type: "dropdown",
        position: 2,
        options: { label: "Kurs" },
        field_options: [{ value: "s1", label: "Sälj 1" }],
      }),
      fieldMock({
        id: 4,
        slug: "terms",
        field_type: "checkbox",
        position: 3,
        required: true,
        options: { label: "Jag godkänner" },
      }),
      fieldMock({ id: 5, slug: "src", field_type: "hidden", position: 4, value: "footer", options: {} }),
      fieldMock({ id: 6, slug: "email", position: 5 }),
    ];
    const cta = ctaMock({}, [
      elementMock({
        id: 1,
        position: 0,
        element_type: "text",
        options: { html: '<p>Hej <b>du</b><img src=x onerror="alert(1)"></p>' },
        fields: [],
      }),
      elementMock({ id: 2, position: 1, element_type: "divider", options: {}, fields: [] }),
      elementMock({
        id: 3,
        position: 2,
        element_type: "button",
        options: { text: "Läs mer", url: "example.se/mer" },
        fields: [],
      }),
      elementMock({ id: 4, position: 3, fields }),
    ]);
    const runtime = runtimeMock();
    const { $, root } = mount({ cta, runtime });
    expect($(".bk-text").innerHTML).toBe("<p>Hej <b>du</b></p>");
    expect($("hr")).not.toBeNull();
    expect($<HTMLAnchorElement>("a.bk-button").href).toBe("http://example.se/mer");
    for (const f of fields.filter((f) => f.field_type !== "hidden")) {
      const el = root.querySelector<HTMLInputElement>(`[name="${f.slug}"]`)!;
      expect(el.getAttribute("autocomplete"), f.slug).toBeTruthy();
      expect(root.querySelector(`label[for="${el.id}"]`), f.slug).not.toBeNull();
    }
    expect($<HTMLInputElement>("input[type=hidden]").value).toBe("footer");

    // The unchecked required checkbox blocks the submit.
    type($<HTMLInputElement>("input[name=email]"), "a@b.se");
    await submit($("form") as HTMLFormElement);
    expect(runtime.submitContact).not.toHaveBeenCalled();
    expect($<HTMLInputElement>("input[name=terms]").getAttribute("aria-invalid")).toBe("true");

    $<HTMLInputElement>("input[name=terms]").click();
    type($<HTMLInputElement>("input[name=first_name]"), "Anna");
    $<HTMLSelectElement>("select").value = "s1";
    await submit($("form") as HTMLFormElement);
    expect(runtime.submitContact.mock.calls[0][0]).toMatchObject({
      email: "a@b.se",
      name: "Anna",
      extra: { message: "", course: "s1", terms: true, src: "footer" },
      element_id: 4,
    });
  });

  it("goes to the step a step confirmation names", async () => {
    const cta = ctaMock();
    cta.variants[0].steps[0].sections[0].columns[0].elements[0].action_groups = [
      {
        position: 0,
        status: true,
        data: { "confirmation-type": "step", "redirect-step": 1 },
        conditions: [],
        actions: [],
      },
    ];
    cta.variants[0].steps.push({
      id: 22,
      position: 1,
      options: {},
      action_groups: [],
      sections: [
        {
          position: 0,
          options: {},
          columns: [
            {
              position: 0,
              options: {},
              elements: [elementMock({ id: 9, element_type: "text", options: { text: "Steg två" }, fields: [] })],
            },
          ],
        },
      ],
    });
    const { $ } = mount({ cta });
    type($<HTMLInputElement>("input[type=email]"), "a@b.se");
    await submit($("form") as HTMLFormElement);
    expect($(".bk-text").textContent).toBe("Steg två");
  });

  it("renders hidden and shows the CTA in a task after the next frame, before the render's effects", async () => {
    const afterFrame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r)));
    const { host, $ } = mount({ cta: ctaMock({ cta_type: "overlay" }) });
    expect(host.hidden).toBe(true);
    expect($("input[type=email]")).not.toBeNull();
    await afterFrame();
    expect(host.hidden).toBe(false);
    // The modal's focus comes after the reveal: a hidden dialog cannot take focus.
    await settle();
    await afterFrame();
    expect(host.shadowRoot!.activeElement).toBe($("[role=dialog]"));

    // The editor's preview shows at once: it puts the owner's caret back in a new drawing right away.
    expect(mount({ mode: "preview" }).host.hidden).toBe(false);

    // Unmounted before its frame: never shown.
    const early = mount();
    early.m.unmount();
    await afterFrame();
    expect(early.host.hidden).toBe(true);
  });

  it("staged (the loader's mounts): the frame first, the step's elements a frame later, shown a frame after them", async () => {
    const { nextFrame, settle } = frameClock();
    const focus = vi.spyOn(HTMLElement.prototype, "focus");
    try {
      const { host, $, m } = mount({ cta: ctaMock({ cta_type: "overlay" }), staged: true });
      // The mount's task drew the dialog and its close button, hidden, without the step's elements.
      expect(host.hidden).toBe(true);
      expect($("[role=dialog]")).not.toBeNull();
      expect($(".bk-close")).not.toBeNull();
      expect($("input[type=email]")).toBeNull();
      await settle();
      expect($("input[type=email]")).toBeNull();
      // The next task after a frame draws them, still hidden; it is named by its heading from then on.
      await nextFrame();
      expect($("input[type=email]")).not.toBeNull();
      expect(host.hidden).toBe(true);
      expect(focus).not.toHaveBeenCalled();
      // Shown a frame later, and focused a frame after that, once laid out.
      await nextFrame();
      expect(host.hidden).toBe(false);
      expect(focus).not.toHaveBeenCalled();
      await nextFrame();
      expect(host.shadowRoot!.activeElement).toBe($("[role=dialog]"));

      // An inline CTA is staged the same way.
      const inline = mount({ cta: ctaMock({ cta_type: "inline", inline_type: "embed" }), staged: true });
      expect(inline.$("[role=region]")).not.toBeNull();
      expect(inline.$("input[type=email]")).toBeNull();
      await nextFrame();
      expect(inline.$("input[type=email]")).not.toBeNull();
      await nextFrame();
      expect(inline.host.hidden).toBe(false);

      // Closed between the stages: no elements drawn, never shown, no focus taken.
      focus.mockClear();
      const early = mount({ cta: ctaMock({ cta_type: "overlay" }), staged: true });
      early.m.unmount();
      await nextFrame();
      await nextFrame();
      await nextFrame();
      expect(early.host.hidden).toBe(true);
      expect(early.root.childNodes).toHaveLength(0);
      expect(focus).not.toHaveBeenCalled();

      // The editor's preview is never staged: all of it at once, shown.
      const preview = mount({ cta: ctaMock({ cta_type: "overlay" }), staged: true, mode: "preview" });
      expect(preview.host.hidden).toBe(false);
      expect(preview.$("input[type=email]")).not.toBeNull();
      // Nothing left pending for the next test: Preact's effects wait for a frame of this test's.
      for (const mounted of [m, inline.m, preview.m]) mounted.unmount();
      await nextFrame();
    } finally {
      vi.useRealTimers();
      vi.restoreAllMocks();
    }
  });

  it("focuses a modal a frame after its effects, once the browser has laid it out, unless the visitor moved focus", async () => {
    // The reveal and Preact's effects wait for one frame, the modal's focus for the next.
    const { nextFrame, settle } = frameClock();
    const focus = vi.spyOn(HTMLElement.prototype, "focus");
    try {
      const { host, $ } = mount({ cta: ctaMock({ cta_type: "overlay" }) });
      await settle();
      await nextFrame();
      // Shown and its effects run (Escape already closes), but focused in the effect it would force the CTA's
      // first style and layout inside the widget's script.
      expect(host.hidden).toBe(false);
      expect(focus).not.toHaveBeenCalled();
      await nextFrame();
      expect(host.shadowRoot!.activeElement).toBe($("[role=dialog]"));

      // A visitor who clicked into the form before that frame keeps the focus there.
      const other = mount({ cta: ctaMock({ cta_type: "overlay" }) });
      await settle();
      await nextFrame();
      other.$<HTMLInputElement>("input[type=email]").focus();
      await nextFrame();
      expect(other.host.shadowRoot!.activeElement).toBe(other.$("input[type=email]"));

      // Closed before that frame: no focus is taken.
      const closed = mount({ cta: ctaMock({ cta_type: "overlay" }) });
      await settle();
      await nextFrame();
      focus.mockClear();
      closed.m.unmount();
      await nextFrame();
      expect(focus.mock.contexts.some((el) => (el as Element).getAttribute?.("role") === "dialog")).toBe(false);
    } finally {
      vi.useRealTimers();
      vi.restoreAllMocks();
    }
  });

  it("unmounts cleanly", () => {
    const { m, root } = mount();
    m.unmount();
    expect(root.childNodes.length).toBe(0);
  });
});
