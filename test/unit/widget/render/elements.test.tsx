// @vitest-environment happy-dom
// @vitest-environment-options {"settings":{"handleDisabledFileLoadingAsSuccess":true}}
/** The elements that load as chunks: survey, carousel, collapse, tabs, progress, timer, conditional row, logo, video (SPEC 4). */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { sv } from "#contract/i18n/sv";
import type { CtaElement } from "#contract/schema/cta";
import { runtimeMock } from "./factories";
import {
  groupMock,
  stepMock,
  swedishConfigMock,
  swedishCtaMock,
  swedishElementMock,
  swedishFieldMock,
} from "#test/support/factories";
import { flush, flushFake, key, mount } from "./mount";

const el = (
  element_type: CtaElement["element_type"],
  options: Record<string, unknown> = {},
  over: Partial<CtaElement> = {},
) => swedishElementMock({ id: 61, element_type, options, fields: [], ...over });
const items = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    title: `Rubrik ${i + 1}`,
    html: `<p>Text ${i + 1}</p>`,
    image: `https://bild.test/${i + 1}.jpg`,
    alt: `Bild ${i + 1}`,
  }));

beforeEach(() => {
  document.body.innerHTML = "";
  (document.activeElement as HTMLElement | null)?.blur?.();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("survey", () => {
  const question = (over = {}) =>
    swedishFieldMock({
      id: 71,
      slug: "storlek",
      field_type: "survey",
      options: { label: "Hur stort är ert säljteam?" },
      field_options: [{ value: "1-5" }, { value: "6-20", label: "6–20" }, { value: "20+" }],
      ...over,
    });

  it("submits a single choice at once, as a contact with the answer, and confirms", async () => {
    const m = await mount({
      cta: swedishCtaMock({}, [
        el(
          "survey",
          {},
          { fields: [question()], action_groups: [groupMock({ data: { confirmation: "Tack för svaret!" } })] },
        ),
      ]),
    });
    expect(m.$("legend").textContent).toBe("Hur stort är ert säljteam?");
    const choices = m.$$<HTMLButtonElement>(".bk-choice");
    expect(choices.map((c) => c.textContent)).toEqual(["1-5", "6–20", "20+"]);
    choices[1].click();
    await flush();
    expect(m.runtime.submitContact.mock.calls[0][0]).toMatchObject({ extra: { storlek: "6-20" }, element_id: 61 });
    expect(m.runtime.track).toHaveBeenCalledWith("Submission", expect.objectContaining({ element_id: 61 }));
    expect(m.$('[role="status"]').textContent).toBe("Tack för svaret!");
  });

  it("with multi-select shows the next button once something is chosen; none chosen flashes an error for 2 s", async () => {
    vi.useFakeTimers();
    const m = await mount({
      cta: swedishCtaMock({}, [
        el("survey", { "button-text": "Klar" }, { fields: [question({ multi_select: true })] }),
      ]),
    });
    await flushFake();
    expect(m.$(".bk-survey .bk-button")).toBeNull();
    const boxes = m.$$<HTMLInputElement>(".bk-choice input");
    expect(boxes[0].type).toBe("checkbox");
    boxes[0].click();
    await flushFake();
    const next = m.$<HTMLButtonElement>(".bk-survey .bk-button");
    expect(next.textContent).toBe("Klar");
    // A repeat click removes the choice; next with nothing chosen flashes the error.
    m.$$<HTMLInputElement>(".bk-choice input")[0].click();
    await flushFake();
    m.$<HTMLButtonElement>(".bk-survey .bk-button").click();
    await flushFake();
    expect(m.$(".bk-survey [role=alert]").textContent).toBe(sv.choose);
    await vi.advanceTimersByTimeAsync(1999);
    expect(m.$(".bk-survey [role=alert]")).not.toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(m.$(".bk-survey [role=alert]")).toBeNull();
    expect(m.runtime.submitContact).not.toHaveBeenCalled();
    m.$$<HTMLInputElement>(".bk-choice input")[0].click();
    m.$$<HTMLInputElement>(".bk-choice input")[2].click();
    await flushFake();
    m.$<HTMLButtonElement>(".bk-survey .bk-button").click();
    await flushFake();
    expect(m.runtime.submitContact.mock.calls[0][0].extra).toEqual({ storlek: ["1-5", "20+"] });
  });

  it("with a confirmation button uses radios and waits for next", async () => {
    const m = await mount({
      cta: swedishCtaMock({}, [el("survey", { "confirmation-button": true }, { fields: [question()] })]),
    });
    const radios = m.$$<HTMLInputElement>(".bk-choice input");
    expect(radios[0].type).toBe("radio");
    radios[2].click();
    await flush();
    expect(m.runtime.submitContact).not.toHaveBeenCalled();
    expect(m.$(".bk-survey .bk-button").textContent).toBe("Nästa");
    m.$<HTMLButtonElement>(".bk-survey .bk-button").click();
    await flush();
    expect(m.runtime.submitContact.mock.calls[0][0].extra).toEqual({ storlek: "20+" });
  });
});

describe("carousel", () => {
  it("starts only with at least 2 slides", async () => {
    const m = await mount({ cta: swedishCtaMock({}, [el("carousel", {}, { content_toggle_items: items(1) })]) });
    expect(m.$(".bk-slide")).not.toBeNull();
    expect(m.$(".bk-carousel-nav")).toBeNull();
    expect(m.$(".bk-carousel").getAttribute("role")).toBeNull();
  });

  it("rotates every 5 s, hides other slides (hidden and inert), labels in Swedish, and stops for good once a control gets focus", async () => {
    vi.useFakeTimers();
    const m = await mount({ cta: swedishCtaMock({}, [el("carousel", {}, { content_toggle_items: items(3) })]) });
    await flushFake();
    const region = m.$(".bk-carousel");
    expect(region.getAttribute("aria-roledescription")).toBe("carousel");
    expect(region.getAttribute("aria-label")).toBe("Bildspel");
    const visible = () => m.$$(".bk-slide").findIndex((s) => !s.hidden);
    const slides = m.$$(".bk-slide");
    expect(slides.map((s) => [s.hidden, (s as HTMLElement & { inert: boolean }).inert])).toEqual([
      [false, false],
      [true, true],
      [true, true],
    ]);
    expect(slides[1].getAttribute("aria-label")).toBe("Bild 2 av 3");
    const [prev, ...rest] = m.$$<HTMLButtonElement>(".bk-carousel-nav button");
    const next = rest[rest.length - 1];
    expect(prev.getAttribute("aria-label")).toBe("Det här är den första bilden");
    expect(rest[0].getAttribute("aria-label")).toBe("Gå till bild 1");
    expect(next.getAttribute("aria-label")).toBe("Nästa bild");
    await vi.advanceTimersByTimeAsync(5000);
    expect(visible()).toBe(1);
    expect(prev.getAttribute("aria-label")).toBe("Föregående bild");
    await vi.advanceTimersByTimeAsync(5000);
    expect(visible()).toBe(2);
    expect(next.getAttribute("aria-label")).toBe("Det här är den sista bilden");
    await vi.advanceTimersByTimeAsync(5000);
    expect(visible()).toBe(0);
    rest[1].focus();
    await flushFake();
    await vi.advanceTimersByTimeAsync(20000);
    expect(visible()).toBe(0);
    rest[1].click();
    await flushFake();
    expect(visible()).toBe(1);
    expect(rest[1].getAttribute("aria-current")).toBe("true");
  });

  it("does not autoplay when the visitor asks for reduced motion, and labels in English elsewhere", async () => {
    vi.useFakeTimers();
    vi.stubGlobal("matchMedia", (q: string) => ({ matches: q.includes("reduce") }));
    const m = await mount({
      cta: swedishCtaMock({}, [el("carousel", {}, { content_toggle_items: items(2) })]),
      config: swedishConfigMock({ default_country: "US", language: "en" }),
    });
    await flushFake();
    await vi.advanceTimersByTimeAsync(10000);
    expect(m.$$(".bk-slide").findIndex((s) => !s.hidden)).toBe(0);
    expect(m.$(".bk-carousel").getAttribute("aria-label")).toBe("Carousel");
    expect(m.$(".bk-carousel-nav button").getAttribute("aria-label")).toBe("This is the first slide");
  });
});

describe("collapse and tabs", () => {
  it("collapse: titles are buttons that show and hide their text", async () => {
    const m = await mount({
      cta: swedishCtaMock({}, [el("collapse", { "open-first": true }, { content_toggle_items: items(2) })]),
    });
    const [a, b] = m.$$<HTMLButtonElement>(".bk-collapse button");
    expect(a.getAttribute("aria-expanded")).toBe("true");
    expect(b.getAttribute("aria-expanded")).toBe("false");
    const panel = m.root.getElementById(b.getAttribute("aria-controls")!)!;
    expect(panel.hidden).toBe(true);
    b.click();
    await flush();
    expect(b.getAttribute("aria-expanded")).toBe("true");
    expect(panel.hidden).toBe(false);
    expect(panel.textContent).toBe("Text 2");
  });

  it("tabs: click, Space or Enter activates; arrows move focus only", async () => {
    const m = await mount({ cta: swedishCtaMock({}, [el("tabs", {}, { content_toggle_items: items(3) })]) });
    const tabs = m.$$<HTMLButtonElement>("[role=tab]");
    const panels = m.$$("[role=tabpanel]");
    const shown = () => panels.findIndex((p) => !p.hidden);
    expect(m.$("[role=tablist]")).not.toBeNull();
    expect(tabs.map((t) => t.getAttribute("aria-selected"))).toEqual(["true", "false", "false"]);
    expect(tabs.map((t) => t.tabIndex)).toEqual([0, -1, -1]);
    tabs[1].click();
    await flush();
    expect(shown()).toBe(1);
    key(tabs[1], "ArrowRight");
    await flush();
    expect(m.root.activeElement).toBe(tabs[2]);
    expect(shown()).toBe(1);
    key(tabs[2], "Enter");
    await flush();
    expect(shown()).toBe(2);
    key(tabs[2], "Home");
    await flush();
    key(tabs[0], " ");
    await flush();
    expect(shown()).toBe(0);
    expect(tabs[0].getAttribute("aria-selected")).toBe("true");
    expect(panels[0].getAttribute("aria-labelledby")).toBe(tabs[0].id);
  });
});

describe("progress", () => {
  it("dynamic: the step's position out of the total", async () => {
    const steps = [
      stepMock(21, 0, [el("progress", { "progress-text": "Steg {{position}} av {{total}}" })]),
      stepMock(22, 1, []),
      stepMock(23, 2, []),
    ];
    const m = await mount({ cta: swedishCtaMock({}, [], steps) });
    const bar = m.$("[role=progressbar]");
    expect(bar.getAttribute("aria-valuenow")).toBe("33");
    expect(m.$(".bk-progress-text").textContent).toBe("Steg 1 av 3");
  });

  it("cart: the cart value against the threshold, capped at 100%, re-read on cart events", async () => {
    let value = 250;
    const getCart = vi.fn(async () => ({ ok: true as const, value: { value } as never }));
    const runtime = runtimeMock({ store: { getCart } as never });
    const m = await mount({
      cta: swedishCtaMock({}, [
        el("progress", {
          "progress-type": "cart",
          "progress-text": "{{remaining}} kvar till fri frakt",
          "progress-complete-text": "Fri frakt!",
        }),
      ]),
      runtime,
    });
    // The website's threshold (500) applies when the element and the variant set none.
    expect(m.$("[role=progressbar]").getAttribute("aria-valuenow")).toBe("50");
    expect(m.$(".bk-progress-text").textContent).toBe("kr 250.00 kvar till fri frakt");
    value = 900;
    document.dispatchEvent(new CustomEvent("cfAddToCart"));
    await flush();
    expect(m.$("[role=progressbar]").getAttribute("aria-valuenow")).toBe("100");
    expect(m.$(".bk-progress-bar").style.width).toBe("100%");
    expect(m.$(".bk-progress-text").textContent).toBe("Fri frakt!");
    const { cartPercent, DEFAULT_CART_THRESHOLD } = await import("#widget/render/elements/ProgressElement");
    expect(DEFAULT_CART_THRESHOLD).toBe(50);
    expect(cartPercent(25, 50)).toBe(50);
    expect(cartPercent(80, 50)).toBe(100);
  });
});

describe("timer", () => {
  it("static: counts down every second, hides zero units as SPEC 4 says, and hides itself at zero", async () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2026-03-01T10:00:00Z"));
    const m = await mount({
      cta: swedishCtaMock({}, [
        el("timer", {
          "timer-type": "static",
          "end-date": "2026-03-01T10:01:05Z",
          label: "Startar om",
          "end-action": "hide",
        }),
      ]),
    });
    await flushFake();
    expect(m.$(".bk-timer-label").textContent).toBe("Startar om");
    const units = () => m.$$(".bk-unit").map((u) => u.textContent);
    expect(units()).toEqual(["01minuter", "05sekunder"]);
    expect(m.$("[role=timer]").getAttribute("aria-label")).toBe("Startar om: 1 minuter, 5 sekunder");
    await vi.advanceTimersByTimeAsync(6000);
    expect(units()).toEqual(["59sekunder"]);
    await vi.advanceTimersByTimeAsync(60000);
    await flushFake();
    expect(m.$(".bk-timer")).toBeNull();
  });

  it("shows its end message at zero", async () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2026-03-01T10:00:00Z"));
    const m = await mount({
      cta: swedishCtaMock({}, [
        el("timer", {
          "end-date": "2026-03-01T10:00:02Z",
          "end-action": "message",
          "end-message": "<p>Nu kör vi!</p>",
        }),
      ]),
    });
    await vi.advanceTimersByTimeAsync(3000);
    await flushFake();
    expect(m.$(".bk-text").textContent).toBe("Nu kör vi!");
  });

  it("jumps to a visible step at zero, and hides when that step is not visible", async () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2026-03-01T10:00:00Z"));
    const timer = el("timer", { "end-date": "2026-03-01T10:00:01Z", "end-action": "step", "end-step": 1 });
    const steps = [stepMock(21, 0, [timer]), stepMock(22, 1, [el("text", { html: "<p>För sent</p>" }, { id: 62 })])];
    const m = await mount({ cta: swedishCtaMock({}, [], steps) });
    await vi.advanceTimersByTimeAsync(2000);
    await flushFake();
    expect(m.$(".bk-text").textContent).toBe("För sent");

    steps[1].options = { hidden: true };
    const hidden = await mount({ cta: swedishCtaMock({}, [], steps) });
    await vi.advanceTimersByTimeAsync(2000);
    await flushFake();
    expect(hidden.$(".bk-timer")).toBeNull();
    expect(hidden.$(".bk-cta").getAttribute("data-step")).toBe("0");
  });

  it("relative: starts at the first view, keeps the start per website, and uses the SPEC 9 defaults", async () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2026-03-01T10:00:00Z"));
    localStorage.clear();
    const timer = el("timer", { "timer-type": "relative", days: 1 });
    const m = await mount({ cta: swedishCtaMock({}, [timer]), config: swedishConfigMock({ website_id: 9 }) });
    await flushFake();
    // days 1, and the unset units default to 23 h 59 min 59 s.
    expect(m.$$(".bk-unit b").map((b) => b.textContent)).toEqual(["01", "23", "59", "59"]);
    expect(JSON.parse(localStorage.getItem("cf_9_timers")!)).toEqual({ "7-61": Date.parse("2026-03-01T10:00:00Z") });
    m.unmount();
    vi.setSystemTime(new Date("2026-03-01T11:00:00Z"));
    const again = await mount({ cta: swedishCtaMock({}, [timer]), config: swedishConfigMock({ website_id: 9 }) });
    await flushFake();
    expect(again.$$(".bk-unit b").map((b) => b.textContent)).toEqual(["01", "22", "59", "59"]);
  });
});

describe("conditional row, logo, image and video", () => {
  it("conditional row: the first item whose conditions hold", async () => {
    const conditionsPass = vi.fn((c: { url?: string | null }[]) => c[0].url === "/b");
    const cond = (url: string) => [{ position: 0, condition_type: "url", operator: "and", url, data: {} }];
    const row = el(
      "conditional_row",
      {},
      {
        content_toggle_items: [
          { html: "<p>A</p>", conditions: cond("/a") },
          { html: "<p>B</p>", conditions: cond("/b") },
          { html: "<p>C</p>" },
        ],
      },
    );
    const m = await mount({ cta: swedishCtaMock({}, [row]), runtime: runtimeMock({ conditionsPass }) });
    expect(m.$(".bk-text").textContent).toBe("B");
    const none = await mount({ cta: swedishCtaMock({}, [row]), runtime: runtimeMock({ conditionsPass: () => false }) });
    expect(none.$(".bk-text").textContent).toBe("C");
  });

  it("logo: the data setting's logo with the brand as alt text; images refuse unsafe addresses", async () => {
    const config = swedishConfigMock({
      data_settings: {
        "contact-processing": true,
        "cart-value-threshold": 500,
        "logo-url": "https://cdn.test/logo.svg",
      },
    });
    const m = await mount({
      cta: swedishCtaMock({}, [
        el("logo"),
        el("image", { src: "javascript:alert(1)" }, { id: 62 }),
        el("image", { src: "https://cdn.test/a.jpg", alt: "", link: "https://exempel.se" }, { id: 63 }),
      ]),
      config,
    });
    const imgs = m.$$<HTMLImageElement>("img");
    expect(imgs.map((i) => [i.src, i.alt])).toEqual([
      ["https://cdn.test/logo.svg", "Säljakademin"],
      ["https://cdn.test/a.jpg", ""],
    ]);
    expect(imgs[1].closest("a")!.href).toBe("https://exempel.se/");
  });

  it("video: an embed per provider, the provider script loaded on demand and polled every 350 ms", async () => {
    vi.useFakeTimers();
    const m = await mount({
      cta: swedishCtaMock({}, [el("video", { url: "https://vimeo.com/76979871", title: "Om kursen" })]),
    });
    await flushFake();
    const iframe = m.$<HTMLIFrameElement>("iframe");
    expect(iframe.src).toBe("https://player.vimeo.com/video/76979871?autoplay=0&muted=0");
    expect(iframe.title).toBe("Om kursen");
    expect(document.head.querySelector<HTMLScriptElement>('script[data-beckon-video="vimeo"]')!.src).toBe(
      "https://player.vimeo.com/api/player.js",
    );
    const Player = vi.fn(() => ({ pause: vi.fn(async () => undefined) }));
    await vi.advanceTimersByTimeAsync(349);
    (window as unknown as { Vimeo: unknown }).Vimeo = { Player };
    expect(Player).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(Player).toHaveBeenCalledWith(iframe);
    delete (window as unknown as { Vimeo?: unknown }).Vimeo;
  });
});
