// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { isCrawler, isWidgetPage } from "#widget/core/bot";

describe("bot user agents", () => {
  it.each([
    "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
    "Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)",
    "Mozilla/5.0 (compatible; Yahoo! Slurp; http://help.yahoo.com/help/us/ysearch/slurp)",
    "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
    "Mozilla/5.0 (Linux; Android 7.0;) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 (compatible; PetalBot;+https://webmaster.petalsearch.com/site/petalbot)",
    "Screaming Frog SEO Spider/19.0",
    "python-requests/2.31.0",
    "curl/8.4.0",
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36 Chrome-Lighthouse",
  ])("skips %s", (ua) => expect(isCrawler(ua)).toBe(true));

  it.each([
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36",
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
    // Our own browser tests run headless Chromium.
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/139.0.0.0 Safari/537.36",
    "Mozilla/5.0 (Linux; Android 10; CUBOT NOTE 20) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36",
  ])("runs for %s", (ua) => expect(isCrawler(ua)).toBe(false));

  it("knows pages marked as widget pages", () => {
    document.body.className = "";
    expect(isWidgetPage(document.body)).toBe(false);
    document.body.classList.add("beckon-widget-page");
    expect(isWidgetPage(document.body)).toBe(true);
    document.body.className = "";
    document.body.setAttribute("data-beckon-widget-page", "");
    expect(isWidgetPage(document.body)).toBe(true);
    expect(isWidgetPage(null)).toBe(false);
  });
});
