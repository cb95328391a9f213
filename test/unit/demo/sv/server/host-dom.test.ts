// @vitest-environment happy-dom
/**
 * The host site's frontend started on its real pages in a DOM (happy-dom):
 * every module sets itself up without errors, and the synchronous parts of
 * the behaviours hold. Timing and layout behaviours run in Chromium
 * (test/e2e/host-site-layout.test.ts and host-site-content.test.ts).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderSvPage, type SvPage, type SvRequest } from "#demo/sv/server/pages";
import { startHost } from "#demo/sv/src/site";
import { MENU_PLUGIN_ALERTS } from "#demo/sv/src/menu-plugin";

const request = (path: string): SvRequest => ({
  url: new URL(`http://127.0.0.1:3000${path}`),
  origin: "http://127.0.0.1:3000",
  websiteId: 7,
  snippet: "",
  role: null,
  inlineCtas: new Map(),
});

function load(page: SvPage, path: string, width = 1280) {
  (window as unknown as { happyDOM: { setViewport(v: { width: number; height: number }): void } }).happyDOM.setViewport(
    { width, height: 800 },
  );
  // The site's own scripts and styles are not fetched here, and the widget script must not be either.
  const html = renderSvPage(page, request(path))
    .replace(/<link rel="stylesheet"[^>]*>/g, "")
    .replace(/<script src=[^>]*><\/script>/g, "");
  document.head.innerHTML = /<head>([\s\S]*)<\/head>/.exec(html)![1];
  document.body.innerHTML = /<body[^>]*>([\s\S]*)<\/body>/.exec(html)![1];
  document.body.className = /<body class="([^"]*)"/.exec(html)![1];
  document.documentElement.removeAttribute("data-sv-init");
  document.documentElement.className = "";
  return startHost(document, window);
}

// The site's timers (a debounced masonry layout on every resize, and load() resizes the viewport) run on a test
// clock: the ones due are run at each test's end, inside the test's DOM, never after the environment is gone.
beforeEach(() => void vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"] }));

afterEach(() => {
  vi.runOnlyPendingTimers();
  vi.useRealTimers();
  vi.restoreAllMocks();
  document.querySelectorAll("script[data-loaded-by]").forEach((s) => s.remove());
  delete (window as unknown as { beckon?: unknown }).beckon;
});

describe("the host site's frontend", () => {
  it("starts on every page without errors", () => {
    const errors = vi.spyOn(console, "error");
    for (const [page, path] of [
      ["index", "/demo/sv"],
      ["blogg", "/demo/sv/blogg"],
      ["utbildningar", "/demo/sv/utbildningar"],
      ["kontakt", "/demo/sv/kontakt"],
    ] as const) {
      // As if the widget were already on the page, so nothing is fetched.
      (window as unknown as { beckon: unknown }).beckon = { installed: true };
      const host = load(page, path);
      expect(host.config.restUrl).toBe("/demo/sv/wp-json/");
      expect(document.documentElement.classList.contains("sv-ready")).toBe(true);
    }
    expect(errors).not.toHaveBeenCalled();
  });

  it("marks the device and the theme menu on the body", () => {
    load("index", "/demo/sv", 1280);
    expect(document.body.getAttribute("data-elementor-device-mode")).toBe("desktop");
    expect(document.body.classList.contains("ast-desktop")).toBe(true);
    load("index", "/demo/sv", 900);
    expect(document.body.getAttribute("data-elementor-device-mode")).toBe("tablet");
    expect(document.body.classList.contains("ast-header-break-point")).toBe(true);
  });

  it("builds the carousel with Swedish labels, and leaves a single slide alone", () => {
    load("index", "/demo/sv", 1280);
    const c = document.getElementById("omdomen-karusell")!;
    expect(c.classList.contains("is-started")).toBe(true);
    expect(c.querySelector(".sv-carousel__prev")!.getAttribute("aria-label")).toBe("Föregående bild");
    expect(c.querySelector(".sv-carousel__next")!.getAttribute("aria-label")).toBe("Nästa bild");
    expect([...c.querySelectorAll(".sv-carousel__bullet")].map((b) => b.getAttribute("aria-label"))).toEqual([
      "Gå till bild 1",
      "Gå till bild 2",
      "Gå till bild 3",
    ]);
    const slides = [...c.querySelectorAll<HTMLElement>(".sv-carousel__slide")];
    expect(slides.map((s) => s.getAttribute("aria-hidden"))).toEqual(["false", "false", "false", "true", "true"]);
    expect(slides.map((s) => s.hasAttribute("inert"))).toEqual([false, false, false, true, true]);
    const single = document.getElementById("citat-karusell")!;
    expect(single.classList.contains("is-started")).toBe(false);
    expect(single.querySelector("button")).toBeNull();
  });

  it("sets up the menu's submenus and the anchors' scroll margin", () => {
    load("index", "/demo/sv");
    const link = document.querySelector("#menu-item-utbildningar > a")!;
    expect(link.getAttribute("aria-haspopup")).toBe("true");
    expect(link.getAttribute("aria-expanded")).toBe("false");
    expect(document.getElementById("kurser")!.style.scrollMarginTop).toBe("150px");
  });

  it("alerts for menu options that are not JSON", () => {
    const alert = vi.spyOn(window, "alert").mockImplementation(() => {});
    const host = load("index", "/demo/sv");
    const nav = document.createElement("nav");
    nav.setAttribute("data-menu-options", "{popup:");
    document.body.appendChild(nav);
    host.init(nav);
    expect(alert).toHaveBeenCalledWith(MENU_PLUGIN_ALERTS.invalidOptions);
  });

  it("shows the library's messages when the contact form is sent empty", async () => {
    load("kontakt", "/demo/sv/kontakt");
    const form = document.getElementById("kontaktformular") as HTMLFormElement;
    form.dispatchEvent(new Event("submit", { bubbles: true, cancelable: true }));
    await vi.waitFor(() => expect(form.querySelectorAll("label.error:not([hidden])").length).toBeGreaterThan(0));
    const messages = [...form.querySelectorAll("label.error")].map((l) => [
      l.getAttribute("data-error-for"),
      l.textContent,
    ]);
    expect(messages).toEqual([
      ["form-field-first_name", "This field is required."],
      ["form-field-last_name", "This field is required."],
      ["form-field-email", "This field is required."],
      ["form-field-message", "This field is required."],
      ["form-field-consent", "This field is required."],
    ]);
    expect(document.getElementById("form-field-email")!.getAttribute("aria-invalid")).toBe("true");
  });

  it("loads the widget script once where the page lacks it", () => {
    load("blogg", "/demo/sv/blogg");
    const added = [...document.querySelectorAll<HTMLScriptElement>("script[data-loaded-by='sv-site']")];
    expect(added.map((s) => s.src)).toEqual(["http://127.0.0.1:3000/api/websites/7.js"]);
    expect(typeof (window as unknown as { beckon: { identify: unknown } }).beckon.identify).toBe("function");
  });
});
