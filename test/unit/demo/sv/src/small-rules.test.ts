/** Anchors, the widget loader's crawler rule and the menu plugin's options. */
import { describe, expect, it } from "vitest";
import { anchorId } from "#demo/sv/src/anchors";
import {
  ANCHOR_SCROLL_MARGIN_PX,
  HEADER_APPEAR_PX,
  LAZY_MARGIN_PX,
  MENU_TIMINGS,
  SCROLL_TOP_PX,
} from "#demo/sv/src/constants";
import { MENU_PLUGIN_ALERTS, parseMenuOptions } from "#demo/sv/src/menu-plugin";
import { isCrawlerAgent, shouldLoadWidget } from "#demo/sv/src/widget-loader";

describe("constants of SPEC 9", () => {
  it("header, scroll, lazy load, anchors and menu", () => {
    expect([HEADER_APPEAR_PX, SCROLL_TOP_PX, LAZY_MARGIN_PX, ANCHOR_SCROLL_MARGIN_PX]).toEqual([180, 300, 200, 150]);
    expect(MENU_TIMINGS).toEqual({
      showDelay: 250,
      hideDelay: 500,
      subMenuMinWidth: "10em",
      subMenuMaxWidth: "20em",
      scrollStep: 30,
      fadeOut: 200,
      slide: 200,
      touchHideDelay: 350,
    });
  });
});

describe("anchorId", () => {
  it("accepts a hash plus a valid identifier", () => {
    expect(anchorId("#kurser")).toBe("kurser");
    expect(anchorId("#om-oss")).toBe("om-oss");
    expect(anchorId("#_topp")).toBe("_topp");
    expect(anchorId("#e-b%C3%B6cker")).toBe("e-böcker");
  });

  it("refuses anything else", () => {
    for (const bad of [
      "",
      "#",
      "kurser",
      "#1-ogiltig",
      "#a b",
      "#elementor-action:action=lightbox",
      "#a.b",
      "#%E0%A4%A",
      "#-x",
    ])
      expect(anchorId(bad)).toBeNull();
  });
});

describe("widget loader", () => {
  const chrome = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";
  const googlebot = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

  it("knows crawlers and bots", () => {
    for (const ua of [
      googlebot,
      "Mozilla/5.0 (compatible; bingbot/2.0)",
      "facebookexternalhit/1.1",
      "curl/8.5.0",
      "python-requests/2.31",
      "Mozilla/5.0 Chrome-Lighthouse",
    ]) {
      expect(isCrawlerAgent(ua)).toBe(true);
    }
    expect(isCrawlerAgent(chrome)).toBe(false);
  });

  it("loads the script if absent, not for bots unless the page is a widget page", () => {
    const base = { script: "https://beckon.example/api/websites/1.js", present: false, widgetPage: false };
    expect(shouldLoadWidget({ ...base, userAgent: chrome })).toBe(true);
    expect(shouldLoadWidget({ ...base, userAgent: chrome, present: true })).toBe(false);
    expect(shouldLoadWidget({ ...base, userAgent: googlebot })).toBe(false);
    expect(shouldLoadWidget({ ...base, userAgent: googlebot, widgetPage: true })).toBe(true);
    expect(shouldLoadWidget({ ...base, userAgent: chrome, script: null })).toBe(false);
  });
});

describe("menu plugin options", () => {
  it("parses JSON objects and refuses the rest", () => {
    expect(parseMenuOptions('{"popup":{"target":"#x"}}')).toEqual({ popup: { target: "#x" } });
    expect(parseMenuOptions(null)).toEqual({});
    expect(parseMenuOptions("{popup:1}")).toBeNull();
    expect(parseMenuOptions("[1]")).toBeNull();
    expect(parseMenuOptions('"x"')).toBeNull();
  });

  it("alerts in words", () => {
    expect(MENU_PLUGIN_ALERTS.invalidOptions).toMatch(/not valid JSON/);
    expect(MENU_PLUGIN_ALERTS.missingPopup).toMatch(/popup/);
  });
});
