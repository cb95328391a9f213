// @vitest-environment happy-dom
// @vitest-environment-options {"settings":{"handleDisabledFileLoadingAsSuccess":true}}
/** Every CTA type in its frame (SPEC 1, 9): placement, roles, focus, Escape, close and the powered-by link. */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { runtimeMock } from "./factories";
import { swedishConfigMock, swedishCtaMock, swedishElementMock } from "#test/support/factories";
import { flush, key, mount } from "./mount";

const heading = swedishElementMock({
  id: 1,
  position: 0,
  element_type: "text",
  options: { html: "<h2>Vänta!</h2>" },
  fields: [],
});
const form = swedishElementMock({ id: 2, position: 1 });

beforeEach(() => {
  document.body.innerHTML = "";
  document.title = "Värdsidan";
  history.replaceState(null, "", "/");
});

describe("inline CTAs", () => {
  it.each([
    ["embed", "bk-embed"],
    ["sidebar", "bk-sidebar"],
    ["bumper", "bk-bumper"],
  ] as const)("draws %s in its page area, named by its heading, without taking focus", async (inline_type, cls) => {
    const area = document.createElement("div");
    document.body.appendChild(area);
    const { $, host } = await mount({ parent: area, cta: swedishCtaMock({ inline_type }, [heading, form]) });
    expect(host.parentElement).toBe(area);
    const frame = $(".bk-frame");
    expect(frame.classList.contains(cls)).toBe(true);
    expect(frame.getAttribute("role")).toBe("region");
    expect($(`#${frame.getAttribute("aria-labelledby")}`).textContent).toBe("Vänta!");
    expect($(".bk-close")).toBeNull();
    expect(document.activeElement).toBe(document.body);
  });

  it("sets the SPEC 9 widths in its CSS", async () => {
    const { $ } = await mount();
    const css = $("style").textContent!;
    expect(css).toContain(".bk-sidebar{max-width:310px}");
    expect(css).toContain(".bk-bumper{max-width:900px");
    expect(css).toContain("padding:4%");
    expect(css).toMatch(/\.bk-close\{[^}]*width:25px;height:25px/);
  });
});

describe("overlays", () => {
  it("boxed: a modal dialog that takes focus, traps Tab, closes on Escape and backdrop, and gives focus back", async () => {
    const before = document.createElement("button");
    before.textContent = "Sidans knapp";
    document.body.appendChild(before);
    before.focus();
    const m = await mount({
      cta: swedishCtaMock({ cta_type: "overlay", overlay_type: "boxed", inline_type: null }, [heading, form]),
    });
    const dialog = m.$(".bk-boxed");
    expect(dialog.getAttribute("role")).toBe("dialog");
    expect(dialog.getAttribute("aria-modal")).toBe("true");
    expect(m.$(`#${dialog.getAttribute("aria-labelledby")}`).textContent).toBe("Vänta!");
    expect(m.root.activeElement).toBe(dialog);

    // Tab from the last control goes to the first, Shift+Tab from the first to the last.
    const close = m.$<HTMLButtonElement>(".bk-close");
    expect(close.getAttribute("aria-label")).toBe("Stäng");
    close.focus();
    const tab = key(close, "Tab");
    expect(tab.defaultPrevented).toBe(true);
    expect(m.root.activeElement).toBe(m.$("input[type=email]"));
    key(m.$("input[type=email]"), "Tab", { shiftKey: true });
    expect(m.root.activeElement).toBe(close);

    key(document, "Escape");
    expect(m.onClose).toHaveBeenCalledTimes(1);
    m.$(".bk-backdrop").click();
    expect(m.onClose).toHaveBeenCalledTimes(2);
    // A click inside the box is not a backdrop click.
    dialog.click();
    expect(m.onClose).toHaveBeenCalledTimes(2);
    close.click();
    expect(m.onClose).toHaveBeenCalledTimes(3);

    m.unmount();
    expect(document.activeElement).toBe(before);
  });

  it("keeps the overlay open on backdrop clicks when overlay-click-close is false, and can hide the close button", async () => {
    const m = await mount({
      cta: swedishCtaMock({
        cta_type: "overlay",
        overlay_type: "boxed",
        options: { "overlay-click-close": false, "close-button": false },
      }),
    });
    m.$(".bk-backdrop").click();
    expect(m.onClose).not.toHaveBeenCalled();
    expect(m.$(".bk-close")).toBeNull();
    key(document, "Escape");
    expect(m.onClose).toHaveBeenCalledTimes(1);
  });

  it("splash: a full-window modal dialog", async () => {
    const m = await mount({ cta: swedishCtaMock({ cta_type: "overlay", overlay_type: "splash" }) });
    expect(m.$(".bk-backdrop")).toBeNull();
    const dialog = m.$(".bk-splash");
    expect(dialog.getAttribute("aria-modal")).toBe("true");
    expect(dialog.getAttribute("aria-label")).toBe("Nyhetsbrev");
    expect(m.$("style").textContent).toMatch(/\.bk-splash\{position:fixed;inset:0/);
  });
});

describe("hooks, bars and pages", () => {
  it.each([
    ["vertical", "bk-hook-vertical"],
    ["horizontal", "bk-hook-horizontal"],
    ["full", "bk-hook-full"],
  ] as const)(
    "hook %s: a non-modal dialog that never takes focus; Escape closes only from inside",
    async (hook_type, cls) => {
      const m = await mount({
        cta: swedishCtaMock({ cta_type: "hook", hook_type, options: { "hook-position": "left" } }, [heading, form]),
      });
      const hook = m.$(".bk-hook");
      expect(hook.classList.contains(cls)).toBe(true);
      expect(hook.classList.contains("bk-hook-left")).toBe(true);
      expect(hook.getAttribute("role")).toBe("dialog");
      expect(hook.hasAttribute("aria-modal")).toBe(false);
      expect(document.activeElement).toBe(document.body);
      const css = m
        .$$("style")
        .map((s) => s.textContent)
        .join("");
      expect(css).toContain(".bk-hook-horizontal{width:500px}");
      // On phones the corner hooks are a compact card; only the full hook is a sheet.
      expect(css).toContain(
        "@media (max-width:480px){.bk-frame.bk-hook:not(.bk-hook-full){width:min(280px,calc(100vw - 24px));max-height:60vh",
      );
      key(document, "Escape");
      expect(m.onClose).not.toHaveBeenCalled();
      key(m.$("input"), "Escape");
      expect(m.onClose).toHaveBeenCalledTimes(1);
    },
  );

  it("top bar: moves its host to the start of the body, with a spacer so it covers no content", async () => {
    document.body.innerHTML = "<header>Sidhuvud</header><main>Innehåll</main>";
    const m = await mount({ cta: swedishCtaMock({ cta_type: "bar", bar_position: "top" }, [heading]) });
    expect(document.body.firstElementChild).toBe(m.host);
    const bar = m.$(".bk-bar");
    expect(bar.classList.contains("bk-bar-bottom")).toBe(false);
    // The spacer comes before the fixed bar, in the normal flow.
    expect(bar.previousElementSibling!.classList.contains("bk-spacer")).toBe(true);
    expect(m.$(".bk-close")).not.toBeNull();
  });

  it("bottom bar: stays at the end of the body with its spacer after it", async () => {
    document.body.innerHTML = "<main>Innehåll</main>";
    const m = await mount({ cta: swedishCtaMock({ cta_type: "bar", bar_position: "bottom" }, [heading]) });
    expect(document.body.lastElementChild).toBe(m.host);
    const bar = m.$(".bk-bar");
    expect(bar.classList.contains("bk-bar-bottom")).toBe(true);
    expect(bar.nextElementSibling!.classList.contains("bk-spacer")).toBe(true);
  });

  it("page: sets the title, has no close button, scrolls to the section named by the URL hash and restores the title", async () => {
    history.replaceState(null, "", "/landning#anmalan");
    const scrollTo = vi.spyOn(window, "scrollTo").mockImplementation(() => undefined);
    const cta = swedishCtaMock({ cta_type: "page", options: { "page-title": "Gratis e-bok" } }, [heading]);
    cta.variants[0].steps[0].sections.push({
      id: 5,
      position: 1,
      options: { anchor: "anmalan" },
      columns: [{ position: 0, options: {}, elements: [form] }],
    });
    const m = await mount({ cta });
    expect(document.title).toBe("Gratis e-bok");
    expect(m.$(".bk-close")).toBeNull();
    expect(m.$(".bk-page")).not.toBeNull();
    expect(m.$("#anmalan")).not.toBeNull();
    await new Promise((r) => setTimeout(r, 600));
    expect(scrollTo).toHaveBeenCalled();
    m.unmount();
    expect(document.title).toBe("Värdsidan");
    scrollTo.mockRestore();
  });
});

describe("two-tap and prehook teasers", () => {
  it("shows the teaser (not modal), and opens the CTA as a popup when tapped", async () => {
    const cta = swedishCtaMock(
      { cta_type: "two-tap", options: { "teaser-text": "Vill du ha 10 % rabatt?", "teaser-button-text": "Ja tack" } },
      [heading, form],
    );
    const m = await mount({ cta, teaser: true });
    const teaser = m.$(".bk-teaser");
    expect(teaser.getAttribute("role")).toBe("complementary");
    expect(teaser.textContent).toContain("Vill du ha 10 % rabatt?");
    expect(m.$("form")).toBeNull();
    expect(document.activeElement).toBe(document.body);
    m.$<HTMLButtonElement>(".bk-teaser .bk-button").click();
    await flush();
    expect(m.$(".bk-teaser")).toBeNull();
    expect(m.$(".bk-boxed").getAttribute("aria-modal")).toBe("true");
    expect(m.$("form")).not.toBeNull();
    expect(m.root.activeElement).toBe(m.$(".bk-boxed"));
  });

  it("a prehook opens its hook; the teaser's close button closes the CTA", async () => {
    const cta = swedishCtaMock({ cta_type: "hook", hook_type: "vertical", options: { teaser: true } }, [heading]);
    const m = await mount({ cta, teaser: true });
    expect(m.$(".bk-teaser .bk-button").textContent).toBe("Öppna");
    m.$<HTMLButtonElement>(".bk-teaser .bk-button").click();
    await flush();
    expect(m.$(".bk-hook")).not.toBeNull();
    m.$<HTMLButtonElement>(".bk-close").click();
    expect(m.onClose).toHaveBeenCalled();
  });
});

describe("closing and the powered-by link", () => {
  it("without onClose (an older loader) unmounts, removes the host and reports cfClose", async () => {
    const runtime = runtimeMock();
    const m = await mount({
      cta: swedishCtaMock({ cta_type: "hook", hook_type: "vertical" }),
      runtime,
      onClose: undefined,
    });
    m.$<HTMLButtonElement>(".bk-close").click();
    expect(m.host.isConnected).toBe(false);
    expect(runtime.dispatch).toHaveBeenCalledWith("cfClose", { cta_id: 7, variant_id: 11, broadcast_id: null });
  });

  it.each([
    ["page", "/landing-pages"],
    ["overlay", "/popups"],
    ["bar", "/sticky-bars"],
  ] as const)("links %s CTAs to the vendor site under %s with UTM parameters", async (cta_type, path) => {
    const m = await mount({
      cta: swedishCtaMock({ cta_type, overlay_type: "boxed", bar_position: "top" }),
      config: swedishConfigMock({ powered_by: true }),
    });
    const a = m.$<HTMLAnchorElement>(".bk-powered");
    const url = new URL(a.href);
    expect(url.origin + url.pathname).toBe("http://api.test" + path);
    expect(url.searchParams.get("utm_source")).toBe(location.hostname);
    expect(url.searchParams.get("utm_medium")).toBe("referral");
    expect(url.searchParams.get("utm_campaign")).toBe("powered-by");
    expect(a.textContent).toBe("Drivs av Beckon");
  });

  it("labels in English on a website whose language is English", async () => {
    const m = await mount({
      cta: swedishCtaMock({ cta_type: "overlay", overlay_type: "boxed" }),
      config: swedishConfigMock({ language: "en" }),
    });
    expect(m.$(".bk-close").getAttribute("aria-label")).toBe("Close");
  });

  it("speaks the CTA's own language when it overrides the website's, and the website's when that catalogue is missing", async () => {
    const m = await mount({
      cta: swedishCtaMock({ cta_type: "overlay", overlay_type: "boxed", options: { language: "en" } }),
      config: swedishConfigMock({ powered_by: true }),
    });
    expect(m.$(".bk-close").getAttribute("aria-label")).toBe("Close");
    expect(m.$(".bk-powered").textContent).toBe("Powered by Beckon");
    m.unmount();
    // Spread, not an override: overrides merge, and this config must carry the Swedish catalogue alone.
    const swedishOnly = { ...swedishConfigMock(), texts: { sv: swedishConfigMock().texts.sv } };
    const n = await mount({
      cta: swedishCtaMock({ cta_type: "overlay", overlay_type: "boxed", options: { language: "en" } }),
      config: swedishOnly,
    });
    expect(n.$(".bk-close").getAttribute("aria-label")).toBe("Stäng");
  });
});

describe("isolation", () => {
  it("renders into an open shadow root with :host reset rules that beat the page's !important ones", async () => {
    const m = await mount({ cta: swedishCtaMock({ options: { css: ".bk-cta{letter-spacing:1px}" } }) });
    expect(m.root.mode).toBe("open");
    const css = m.$("style").textContent!;
    expect(css.startsWith(":host{all:initial!important;font-family:inherit!important;display:block!important")).toBe(
      true,
    );
    expect(css).toContain(".bk-cta{letter-spacing:1px}");
    expect(css).not.toMatch(/\brem\b/);
    expect(document.querySelector("input")).toBeNull();
  });

  it("loads a non-standard web font into the page head once, and no font for standard ones", async () => {
    await mount({ config: swedishConfigMock({ brand_style: { font: "Inter" } }) });
    await mount({ config: swedishConfigMock({ brand_style: { font: "Inter" } }) });
    const links = document.head.querySelectorAll<HTMLLinkElement>("link[id^=beckon-font]");
    expect(links.length).toBe(1);
    expect(links[0].href).toBe("https://fonts.googleapis.com/css2?family=Inter:wght@400;600;700&display=swap");
    links[0].remove();
    await mount({ config: swedishConfigMock({ brand_style: { font: "Georgia" } }) });
    expect(document.head.querySelector("link[id^=beckon-font]")).toBeNull();
  });
});
