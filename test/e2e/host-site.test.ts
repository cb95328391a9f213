/**
 * The Swedish host site (/demo/sv) in Chromium: each of its own page
 * behaviours (SPEC 2, 4, 5, 8, 9): header and scroll-to-top thresholds, lazy
 * containers, the theme and builder breakpoints, the dropdown menu's timings,
 * the sticky element, the carousel, entrance animations, the lightbox rules,
 * anchors, the loop filter and its refresh-loop call, the site's own forms,
 * popups, masonry, the menu plugin's alerts and the way it loads Beckon.
 *
 * Beckon's widget script is answered with an empty stub here (except where
 * its loading is what is tested), so only the host site's scripts act.
 * Timing rules run on Playwright's page clock; everything else waits for
 * events and conditions, never for fixed sleeps.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { createTestDatabase, type TestDatabase } from "../support/test-database";
import { startTestServer, type TestServer } from "../support/server";
import { launchChromium } from "../support/chromium";
import { seedIfEmpty } from "../../prisma/seed";
import { buildDemo } from "../../scripts/build-demo";
import { buildPublicConfig } from "../../app/models/public-config.server";
import { COURSES, POSTS } from "../../demo/sv/server/content";
import { EMAIL_MESSAGES } from "../../demo/sv/server/forms";
import { MENU_PLUGIN_ALERTS } from "../../demo/sv/src/menu-plugin";
import { matchesFilters, type LoopFilters } from "../../demo/sv/src/loop-query";

let tdb: TestDatabase;
let server: TestServer;
let browser: Browser;
let svId: number;
const contexts: BrowserContext[] = [];

const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

beforeAll(async () => {
  await buildDemo({ quiet: true });
  tdb = await createTestDatabase();
  await seedIfEmpty(tdb.db);
  svId = (await tdb.db.website.findFirstOrThrow({ where: { currency: "SEK" } })).id;
  server = await startTestServer({ databaseUrl: tdb.url });
  browser = await launchChromium();
});

afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close().catch(() => {})));
  await browser?.close();
  await server?.stop();
  await tdb?.drop();
});

interface Opened {
  page: Page;
  context: BrowserContext;
  /** Uncaught errors in the page. */
  errors: string[];
  /** Requests for Beckon's site-specific script. */
  widgetRequests: string[];
}

interface OpenOptions {
  width?: number;
  height?: number;
  userAgent?: string;
  role?: string;
  /** Install the page clock before the page loads, paused: timers fire only on runFor. */
  clock?: boolean;
}

async function open(path: string, o: OpenOptions = {}): Promise<Opened> {
  const context = await browser.newContext({
    viewport: { width: o.width ?? 1280, height: o.height ?? 800 },
    userAgent: o.userAgent,
    locale: "sv-SE",
  });
  contexts.push(context);
  if (o.role) await context.addCookies([{ name: "sv_demo_user", value: o.role, url: server.origin }]);
  const widgetRequests: string[] = [];
  await context.route(/\/api\/websites\/\d+\.js(\?|$)/, (route) => {
    widgetRequests.push(route.request().url());
    return route.fulfill({
      contentType: "application/javascript",
      body: "/* Beckon stubbed in the host-site tests */",
    });
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  if (o.clock) {
    // install() alone lets time flow; pausing first means no timer fires until the test says so.
    const start = new Date("2026-11-02T09:00:00+01:00").getTime();
    await page.clock.install({ time: start });
    await page.clock.pauseAt(start + 1000);
  }
  await page.goto(`${server.origin}${path}`);
  await page.waitForSelector("html.sv-ready", { state: "attached" });
  return { page, context, errors, widgetRequests };
}

/** Waits n animation frames (not for pages with the clock installed). */
const frames = (page: Page, n = 3) =>
  page.evaluate(
    (count) =>
      new Promise<void>((resolve) => {
        let i = 0;
        const tick = () => (++i >= count ? resolve() : requestAnimationFrame(tick));
        requestAnimationFrame(tick);
      }),
    n,
  );

/** Scrolls to y, waits until the page is there and its scroll handlers have run. */
async function scrollTo(page: Page, y: number): Promise<void> {
  await page.evaluate((top) => window.scrollTo(0, top), y);
  await page.waitForFunction(
    (top) => Math.abs(window.scrollY - Math.min(top, document.documentElement.scrollHeight - innerHeight)) < 1,
    y,
  );
  await frames(page, 3);
}

const pageTop = (page: Page, selector: string) =>
  page.$eval(selector, (el) => el.getBoundingClientRect().top + window.scrollY);
const hasClass = (page: Page, selector: string, cls: string) =>
  page.$eval(selector, (el, c) => el.classList.contains(c), cls);

describe("header and scroll", () => {
  it("the header gets its appear class after more than 180 px", async () => {
    const { page, errors } = await open("/demo/sv");
    expect(await hasClass(page, "#masthead", "ast-header-appear")).toBe(false);
    await scrollTo(page, 180);
    expect(await hasClass(page, "#masthead", "ast-header-appear")).toBe(false);
    await scrollTo(page, 181);
    await page.waitForFunction(() => document.getElementById("masthead")!.classList.contains("ast-header-appear"));
    await scrollTo(page, 0);
    await page.waitForFunction(() => !document.getElementById("masthead")!.classList.contains("ast-header-appear"));
    expect(errors).toEqual([]);
  });

  it("the scroll-to-top button appears after more than 300 px and scrolls back up", async () => {
    const { page, errors } = await open("/demo/sv");
    const button = page.locator("#ast-scroll-top");
    await expect.poll(() => button.isVisible()).toBe(false);
    await scrollTo(page, 300);
    expect(await button.isVisible()).toBe(false);
    await scrollTo(page, 301);
    await expect.poll(() => button.isVisible()).toBe(true);
    await button.click();
    await page.waitForFunction(() => window.scrollY === 0);
    await expect.poll(() => button.isVisible()).toBe(false);
    expect(errors).toEqual([]);
  });

  it("page-builder containers are marked lazy-loaded within 200 px of the viewport", async () => {
    const { page, errors } = await open("/demo/sv", { height: 800 });
    await page.waitForFunction(() => document.querySelector(".hero")!.classList.contains("e-lazyloaded"));
    const top = await pageTop(page, "#om-oss-sektion");
    expect(top).toBeGreaterThan(800 + 250);
    expect(await hasClass(page, "#om-oss-sektion", "e-lazyloaded")).toBe(false);
    await scrollTo(page, top - 800 - 250);
    await frames(page, 6);
    expect(await hasClass(page, "#om-oss-sektion", "e-lazyloaded")).toBe(false);
    await scrollTo(page, top - 800 - 150);
    await page.waitForFunction(() => document.getElementById("om-oss-sektion")!.classList.contains("e-lazyloaded"));
    // It stays marked when scrolled away again.
    await scrollTo(page, 0);
    expect(await hasClass(page, "#om-oss-sektion", "e-lazyloaded")).toBe(true);
    expect(errors).toEqual([]);
  });

  it("in-page anchor targets get a 150 px scroll margin; invalid identifiers do not", async () => {
    const { page, errors } = await open("/demo/sv");
    const margin = (id: string) =>
      page.evaluate((i) => getComputedStyle(document.getElementById(i)!).scrollMarginTop, id);
    expect(await margin("kurser")).toBe("150px");
    expect(await margin("galleri")).toBe("150px");
    expect(await margin("1-ogiltig")).toBe("0px");
    await page.click('.page-nav a[href="#galleri"]');
    await page.waitForFunction(
      () => Math.abs(document.getElementById("galleri")!.getBoundingClientRect().top - 150) <= 1,
    );
    // The sticky header does not cover it.
    const headerBottom = await page.$eval("#masthead", (h) => h.getBoundingClientRect().bottom);
    expect(headerBottom).toBeLessThan(150);
    expect(errors).toEqual([]);
  });
});

describe("breakpoints", () => {
  it("the theme menu switches to the mobile menu at 921 px", async () => {
    const { page, errors } = await open("/demo/sv", { width: 921 });
    expect(await hasClass(page, "body", "ast-header-break-point")).toBe(true);
    await expect.poll(() => page.locator(".menu-toggle").isVisible()).toBe(true);
    expect(await page.locator("#primary-menu").isVisible()).toBe(false);
    await page.click(".menu-toggle");
    await expect.poll(() => page.locator("#primary-menu").isVisible()).toBe(true);
    expect(await page.getAttribute(".menu-toggle", "aria-expanded")).toBe("true");
    // On the mobile menu a click opens a submenu at once.
    await page.click("#menu-item-utbildningar > a");
    expect(await page.getAttribute("#menu-item-utbildningar > a", "aria-expanded")).toBe("true");
    expect(new URL(page.url()).pathname).toBe("/demo/sv");

    await page.setViewportSize({ width: 922, height: 800 });
    await page.waitForFunction(
      () =>
        document.body.classList.contains("ast-desktop") && !document.body.classList.contains("ast-header-break-point"),
    );
    expect(await page.locator(".menu-toggle").isVisible()).toBe(false);
    expect(await page.locator("#primary-menu").isVisible()).toBe(true);
    expect(errors).toEqual([]);
  });

  it("the page builder's device is mobile up to 767 px, tablet up to 1093 px", async () => {
    const { page, errors } = await open("/demo/sv", { width: 1280 });
    for (const [width, device] of [
      [767, "mobile"],
      [768, "tablet"],
      [1093, "tablet"],
      [1094, "desktop"],
      [500, "mobile"],
    ] as const) {
      await page.setViewportSize({ width, height: 800 });
      await page.waitForFunction((d) => document.body.getAttribute("data-elementor-device-mode") === d, device);
    }
    expect(errors).toEqual([]);
  });
});

describe("dropdown menu", () => {
  const expanded = (page: Page, item: string) => page.getAttribute(`#${item} > a`, "aria-expanded");

  it("shows a submenu 250 ms after hover and hides it 500 ms after the pointer leaves", async () => {
    const { page, errors } = await open("/demo/sv", { clock: true });
    const box = (await page.locator("#menu-item-utbildningar > a").boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.clock.runFor(249);
    expect(await expanded(page, "menu-item-utbildningar")).toBe("false");
    await page.clock.runFor(1);
    expect(await expanded(page, "menu-item-utbildningar")).toBe("true");
    expect(await hasClass(page, "#menu-item-utbildningar", "is-open")).toBe(true);

    await page.mouse.move(640, 500);
    await page.clock.runFor(499);
    expect(await expanded(page, "menu-item-utbildningar")).toBe("true");
    await page.clock.runFor(1);
    expect(await expanded(page, "menu-item-utbildningar")).toBe("false");

    // Coming back within the hide delay keeps it open.
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.clock.runFor(250);
    await page.mouse.move(640, 500);
    await page.clock.runFor(300);
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.clock.runFor(2000);
    expect(await expanded(page, "menu-item-utbildningar")).toBe("true");
    expect(errors).toEqual([]);
  });

  it("opens at once on click or keyboard focus; hides on Escape, an outside click and a resize", async () => {
    const { page, errors } = await open("/demo/sv", { clock: true });
    // Keyboard focus: open at once; Escape closes and keeps focus on the item.
    await page.focus("#menu-item-om-oss > a");
    expect(await expanded(page, "menu-item-om-oss")).toBe("true");
    await page.keyboard.press("Escape");
    expect(await expanded(page, "menu-item-om-oss")).toBe("false");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Om oss");

    // Click: open at once, without leaving the page.
    await page.click("#menu-item-utbildningar > a");
    expect(await expanded(page, "menu-item-utbildningar")).toBe("true");
    expect(new URL(page.url()).pathname).toBe("/demo/sv");
    // A click outside closes it at once, without waiting for the hide delay.
    await page.mouse.click(640, 500);
    expect(await expanded(page, "menu-item-utbildningar")).toBe("false");

    // A resize closes it.
    await page.click("#menu-item-utbildningar > a");
    expect(await expanded(page, "menu-item-utbildningar")).toBe("true");
    await page.setViewportSize({ width: 1200, height: 800 });
    await expect.poll(() => expanded(page, "menu-item-utbildningar")).toBe("false");
    expect(errors).toEqual([]);
  });

  it("gives a submenu taller than the viewport scroll arrows that move it 30 px a step", async () => {
    const { page, errors } = await open("/demo/sv", { width: 1280, height: 300 });
    await page.click("#menu-item-om-oss > a");
    expect(await hasClass(page, "#menu-item-om-oss > .sub-menu", "has-scroll-arrows")).toBe(true);
    expect(await page.locator("#menu-item-om-oss .sub-menu-scroll").count()).toBe(2);
    const scrollTop = () => page.$eval("#menu-item-om-oss > .sub-menu", (s) => s.scrollTop);
    expect(await scrollTop()).toBe(0);
    await page.click("#menu-item-om-oss .sub-menu-scroll--down");
    expect(await scrollTop()).toBe(30);
    await page.click("#menu-item-om-oss .sub-menu-scroll--down");
    expect(await scrollTop()).toBe(60);
    await page.click("#menu-item-om-oss .sub-menu-scroll--up");
    expect(await scrollTop()).toBe(30);
    // A submenu that fits gets none.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.click("#menu-item-utbildningar > a");
    expect(await page.locator("#menu-item-utbildningar .sub-menu-scroll").count()).toBe(0);
    expect(errors).toEqual([]);
  });
});

describe("menu plugin", () => {
  it("opens its popup, and alerts for invalid options or a missing popup option", async () => {
    const { page, errors } = await open("/demo/sv");
    await page.click("a[data-menu-popup]");
    await expect.poll(() => page.locator("#sv-menu-popup").isVisible()).toBe(true);
    await page.waitForFunction(() => document.getElementById("sv-menu-popup")!.contains(document.activeElement));
    await page.click("#sv-menu-popup [data-popup-close]");
    await expect.poll(() => page.locator("#sv-menu-popup").isVisible()).toBe(false);

    const alerts: string[] = [];
    page.on("dialog", (d) => {
      alerts.push(d.message());
      void d.dismiss();
    });
    await page.evaluate(() => {
      const host = (window as unknown as { svHost: { init(root: ParentNode): void } }).svHost;
      for (const [id, options] of [
        ["trasig-meny", "{popup: fel}"],
        ["meny-utan-popup", "{}"],
      ]) {
        const nav = document.createElement("nav");
        nav.id = id;
        nav.setAttribute("data-menu-options", options);
        nav.innerHTML = '<a href="#ring" data-menu-popup="ring">Ring mig</a>';
        document.body.append(nav);
        host.init(nav);
      }
    });
    await expect.poll(() => alerts).toEqual([MENU_PLUGIN_ALERTS.invalidOptions]);
    await page.click("#meny-utan-popup a");
    await expect.poll(() => alerts).toEqual([MENU_PLUGIN_ALERTS.invalidOptions, MENU_PLUGIN_ALERTS.missingPopup]);
    expect(errors).toEqual([]);
  });
});

describe("sticky element", () => {
  it("is fixed at its offset with a spacer, stops at its parent's edge and is released when scrolled back", async () => {
    const { page, errors } = await open("/demo/sv", { width: 1280, height: 800 });
    const top = await pageTop(page, "#radgivning");
    const height = await page.$eval("#radgivning", (el) => (el as HTMLElement).offsetHeight);
    const state = () =>
      page.$eval("#radgivning", (el) => ({
        position: getComputedStyle(el).position,
        top: el.getBoundingClientRect().top,
        bottom: el.getBoundingClientRect().bottom,
        active: el.classList.contains("elementor-sticky--active"),
        spacer: document.querySelectorAll(".elementor-sticky__spacer").length,
        spacerHeight: (document.querySelector(".elementor-sticky__spacer") as HTMLElement | null)?.offsetHeight ?? null,
        parentBottom: el.parentElement!.getBoundingClientRect().bottom,
      }));

    await scrollTo(page, top - 90 - 20);
    expect(await state()).toMatchObject({ position: "static", active: false, spacer: 0 });

    await scrollTo(page, top - 90 + 60);
    await page.waitForFunction(() =>
      document.getElementById("radgivning")!.classList.contains("elementor-sticky--active"),
    );
    const fixed = await state();
    expect(fixed).toMatchObject({ position: "fixed", spacer: 1, spacerHeight: height });
    expect(Math.abs(fixed.top - 90)).toBeLessThanOrEqual(1);

    // Far enough that the parent's bottom passes: it stays inside the parent.
    const parentBottom = await page.$eval(
      "#radgivning",
      (el) => el.parentElement!.getBoundingClientRect().bottom + window.scrollY,
    );
    await scrollTo(page, parentBottom - 90 - height + 120);
    await page.waitForFunction(() =>
      document.getElementById("radgivning")!.classList.contains("elementor-sticky--stuck"),
    );
    const stuck = await state();
    expect(stuck.position).toBe("absolute");
    expect(Math.abs(stuck.bottom - stuck.parentBottom)).toBeLessThanOrEqual(1);

    await scrollTo(page, 0);
    await page.waitForFunction(
      () => !document.getElementById("radgivning")!.classList.contains("elementor-sticky--active"),
    );
    expect(await state()).toMatchObject({ position: "static", spacer: 0 });
    expect(errors).toEqual([]);
  });
});

describe("carousel", () => {
  const carousel = "#omdomen-karusell";
  const slideStates = (page: Page) =>
    page.$$eval(`${carousel} .sv-carousel__slide`, (slides) =>
      slides.map((s) => (s.getAttribute("aria-hidden") === "true" && s.hasAttribute("inert") ? "hidden" : "shown")),
    );

  it("shows 3 slides on desktop, hides the rest as inert, and speaks Swedish", async () => {
    const { page, errors } = await open("/demo/sv", { clock: true });
    expect(await slideStates(page)).toEqual(["shown", "shown", "shown", "hidden", "hidden"]);
    expect(await page.getAttribute(`${carousel} .sv-carousel__prev`, "aria-label")).toBe("Föregående bild");
    expect(await page.getAttribute(`${carousel} .sv-carousel__next`, "aria-label")).toBe("Nästa bild");
    expect(
      await page.$$eval(`${carousel} .sv-carousel__bullet`, (b) => b.map((x) => x.getAttribute("aria-label"))),
    ).toEqual(["Gå till bild 1", "Gå till bild 2", "Gå till bild 3"]);
    const index = () => page.getAttribute(carousel, "data-index");
    const live = () => page.textContent(`${carousel} .sv-carousel__live`);

    // Autoplay every 5 s, rewinding at the end.
    await page.clock.runFor(4999);
    expect(await index()).toBe("0");
    await page.clock.runFor(1);
    expect(await index()).toBe("1");
    expect(await slideStates(page)).toEqual(["hidden", "shown", "shown", "shown", "hidden"]);
    await page.clock.runFor(5000);
    expect(await index()).toBe("2");
    await page.clock.runFor(5000);
    expect(await index()).toBe("0");

    // The controls announce where they are; a control with focus stops autoplay for good.
    await page.click(`${carousel} .sv-carousel__next`);
    expect([await index(), await live()]).toEqual(["1", "Nästa bild"]);
    expect(await hasClass(page, carousel, "autoplay-stopped")).toBe(true);
    await page.click(`${carousel} .sv-carousel__next`);
    expect([await index(), await live()]).toEqual(["2", "Detta är den sista bilden"]);
    // At the end the button is aria-disabled (so Playwright would not click it); a click still only announces.
    expect(await page.getAttribute(`${carousel} .sv-carousel__next`, "aria-disabled")).toBe("true");
    await page.locator(`${carousel} .sv-carousel__next`).dispatchEvent("click");
    expect([await index(), await live()]).toEqual(["2", "Detta är den sista bilden"]);
    await page.click(`${carousel} .sv-carousel__prev`);
    expect([await index(), await live()]).toEqual(["1", "Föregående bild"]);
    await page.click(`${carousel} .sv-carousel__prev`);
    expect([await index(), await live()]).toEqual(["0", "Detta är den första bilden"]);
    await page.mouse.move(5, 300);
    await page.clock.runFor(20_000);
    expect(await index()).toBe("0");
    await page.click(`${carousel} [aria-label="Gå till bild 3"]`);
    expect(await index()).toBe("2");
    expect(await page.getAttribute(`${carousel} [aria-label="Gå till bild 3"]`, "aria-current")).toBe("true");

    // A carousel with one slide does not start.
    expect(await hasClass(page, "#citat-karusell", "is-started")).toBe(false);
    expect(await page.locator("#citat-karusell button").count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it("shows 2 slides on tablet and 1 on mobile", async () => {
    const tablet = await open("/demo/sv", { width: 900, clock: true });
    expect(await slideStates(tablet.page)).toEqual(["shown", "shown", "hidden", "hidden", "hidden"]);
    expect(await tablet.page.locator(`${carousel} .sv-carousel__bullet`).count()).toBe(4);
    const mobile = await open("/demo/sv", { width: 500, clock: true });
    expect(await slideStates(mobile.page)).toEqual(["shown", "hidden", "hidden", "hidden", "hidden"]);
    expect(await mobile.page.locator(`${carousel} .sv-carousel__bullet`).count()).toBe(5);
    // Resizing re-lays it out.
    await mobile.page.setViewportSize({ width: 1280, height: 800 });
    await expect.poll(() => slideStates(mobile.page)).toEqual(["shown", "shown", "shown", "hidden", "hidden"]);
    expect([...tablet.errors, ...mobile.errors]).toEqual([]);
  });
});

describe("entrance animations", () => {
  it("reveal each element once, when it enters the viewport", async () => {
    const { page, errors } = await open("/demo/sv", { height: 400 });
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { __animated: string[] }).__animated = seen;
      document.addEventListener("sv:animated", (e) =>
        seen.push((e.target as HTMLElement).querySelector("h3")?.textContent ?? "?"),
      );
    });
    const cards = "#kurser ~ .cards .card";
    expect(await page.$$eval(cards, (c) => c.map((x) => x.className))).toEqual(
      Array(3).fill("card elementor-invisible"),
    );
    expect(await page.$eval(cards, (c) => getComputedStyle(c).visibility)).toBe("hidden");

    await scrollTo(page, (await pageTop(page, "#kurser")) - 100);
    await page.waitForFunction(
      (sel) => [...document.querySelectorAll(sel)].every((c) => c.classList.contains("animated")),
      cards,
    );
    expect(await page.$$eval(cards, (c) => c.map((x) => x.className))).toEqual(Array(3).fill("card animated fadeInUp"));
    expect(await page.$eval(cards, (c) => getComputedStyle(c).visibility)).toBe("visible");

    await scrollTo(page, 0);
    await scrollTo(page, (await pageTop(page, "#kurser")) - 100);
    await frames(page, 6);
    expect(await page.evaluate(() => (window as unknown as { __animated: string[] }).__animated)).toEqual([
      "Säljteknik grund",
      "Förhandling",
      "Säljledarskap",
    ]);
    expect(errors).toEqual([]);
  });
});

describe("lightbox", () => {
  /** Clicks a link and tells whether the page took the click over (true) or let the browser follow it. */
  const clickTakenOver = (page: Page, selector: string) =>
    page.evaluate((sel) => {
      let prevented = false;
      window.addEventListener(
        "click",
        (e) => {
          prevented = e.defaultPrevented;
          e.preventDefault(); // stay on the page either way
        },
        { once: true },
      );
      (document.querySelector(sel) as HTMLElement).click();
      return prevented;
    }, selector);
  const lightboxOpen = (page: Page) => page.evaluate(() => !!document.querySelector(".sv-lightbox:not([hidden])"));
  const shownImage = (page: Page) =>
    page.$eval(".sv-lightbox__image", (i) => new URL((i as HTMLImageElement).src).pathname);

  it("opens image links as a slideshow with counter, fullscreen, zoom and share", async () => {
    const { page, errors } = await open("/demo/sv");
    await page.click("#galleri-1");
    await expect.poll(() => lightboxOpen(page)).toBe(true);
    expect(await shownImage(page)).toBe("/demo/assets/galleri-1.png");
    expect(await page.textContent(".sv-lightbox__counter")).toBe("1 / 3");
    expect(await page.textContent(".sv-lightbox__title")).toBe("Rollspel i Stockholm");
    for (const action of ["fullscreen", "zoom", "share", "close"]) {
      expect(await page.locator(`.sv-lightbox [data-action="${action}"]`).isVisible()).toBe(true);
    }
    await page.click(".sv-lightbox__next");
    expect([await shownImage(page), await page.textContent(".sv-lightbox__counter")]).toEqual([
      "/demo/assets/galleri-2.png",
      "2 / 3",
    ]);
    await page.keyboard.press("ArrowRight");
    expect(await page.textContent(".sv-lightbox__counter")).toBe("3 / 3");
    await page.click('.sv-lightbox [data-action="zoom"]');
    expect(await hasClass(page, ".sv-lightbox", "is-zoomed")).toBe(true);
    await page.click('.sv-lightbox [data-action="share"]');
    expect(await page.$$eval(".sv-lightbox__share-link", (a) => a.map((x) => x.getAttribute("data-network")))).toEqual([
      "facebook",
      "x",
      "pinterest",
      "download",
    ]);
    await page.keyboard.press("Escape");
    await expect.poll(() => lightboxOpen(page)).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("galleri-1");

    // A single image (svg) has no counter.
    await page.click("#diagram-svg");
    await expect.poll(() => lightboxOpen(page)).toBe(true);
    expect(await shownImage(page)).toBe("/demo/assets/diagram.svg");
    expect(await page.locator(".sv-lightbox__counter").isVisible()).toBe(false);
    await page.click('.sv-lightbox [data-action="close"]');
    await expect.poll(() => lightboxOpen(page)).toBe(false);
    expect(errors).toEqual([]);
  });

  it("leaves links marked no, download links and other links alone", async () => {
    const { page, errors } = await open("/demo/sv");
    expect(await clickTakenOver(page, "#ingen-lightbox")).toBe(false);
    expect(await clickTakenOver(page, "#ladda-ner")).toBe(false);
    expect(await clickTakenOver(page, "#sida-lank")).toBe(false);
    expect(await lightboxOpen(page)).toBe(false);
    expect(await clickTakenOver(page, "#galleri-2")).toBe(true);
    expect(await lightboxOpen(page)).toBe(true);
    expect(errors).toEqual([]);
  });

  it("opens link actions: one image, or a slideshow at its slide", async () => {
    const { page, errors } = await open("/demo/sv");
    expect(await page.getAttribute("#action-bild", "href")).toMatch(
      /^#elementor-action%3Aaction%3Dlightbox%26settings%3D/,
    );
    await page.click("#action-bild");
    await expect.poll(() => lightboxOpen(page)).toBe(true);
    expect([await shownImage(page), await page.textContent(".sv-lightbox__title")]).toEqual([
      "/demo/assets/schema.png",
      "Kursschema hösten 2026",
    ]);
    await page.keyboard.press("Escape");
    await page.click("#action-bildspel");
    await expect.poll(() => lightboxOpen(page)).toBe(true);
    expect([await shownImage(page), await page.textContent(".sv-lightbox__counter")]).toEqual([
      "/demo/assets/galleri-2.png",
      "2 / 4",
    ]);
    expect(new URL(page.url()).hash).toBe("");
    expect(errors).toEqual([]);
  });

  it("does not open in the editor unless the editor preference allows it", async () => {
    const editor = await open("/demo/sv?elementor-preview=12");
    expect(await hasClass(editor.page, "body", "elementor-editor-active")).toBe(true);
    expect(await clickTakenOver(editor.page, "#galleri-1")).toBe(false);
    expect(await lightboxOpen(editor.page)).toBe(false);
    const allowed = await open("/demo/sv?elementor-preview=12&lightbox-in-editor=yes");
    expect(await clickTakenOver(allowed.page, "#galleri-1")).toBe(true);
    expect(await lightboxOpen(allowed.page)).toBe(true);
    expect([...editor.errors, ...allowed.errors]).toEqual([]);
  });
});

describe("loop filter", () => {
  const LOOP = "f00d123";
  const shown = (page: Page) =>
    page.$$eval(".elementor-loop-container [data-course]", (els) => els.map((e) => e.getAttribute("data-course")));
  const expected = (filters: LoopFilters, page = 1) =>
    COURSES.filter((c) => matchesFilters(c.terms, filters))
      .slice((page - 1) * 3, page * 3)
      .map((c) => c.slug);
  const settled = (page: Page) => page.waitForFunction(() => !document.querySelector(".e-loading"));

  async function choose(page: Page, filterId: string, term: string) {
    const answered = page.waitForResponse((r) => r.url().endsWith("/elementor-pro/v1/refresh-loop"));
    await page.click(`.e-filter[data-id="${filterId}"] [data-filter="${term}"]`);
    await answered;
    await settled(page);
  }

  it("rewrites the address (~ for OR, + for AND, a page parameter) and reloads the items through refresh-loop", async () => {
    const { page, errors } = await open("/demo/sv/utbildningar");
    const bodies: unknown[] = [];
    page.on("request", (r) => {
      if (r.url().endsWith("/refresh-loop")) bodies.push(r.postDataJSON());
    });
    expect(await shown(page)).toEqual(expected({}));

    await choose(page, "c0ffee0", "ledarskap");
    expect(new URL(page.url()).search).toBe(`?e-filter-${LOOP}-kurs-kategori=ledarskap`);
    expect(bodies.at(-1)).toEqual({
      post_id: 30,
      widget_id: LOOP,
      widget_filters: { taxonomy: { "kurs-kategori": { terms: ["ledarskap"], logicalJoin: "OR" } } },
      pagination_base_url: page.url(),
    });
    const or = { "kurs-kategori": { terms: ["ledarskap", "forhandling"], logicalJoin: "OR" as const } };
    await choose(page, "c0ffee0", "forhandling");
    expect(new URL(page.url()).search).toBe(`?e-filter-${LOOP}-kurs-kategori=ledarskap~forhandling`);
    expect(await shown(page)).toEqual(expected(or));

    // Format joins with AND.
    await choose(page, "c0ffee1", "distans");
    await choose(page, "c0ffee1", "klassrum");
    expect(new URL(page.url()).search).toBe(
      `?e-filter-${LOOP}-kurs-kategori=ledarskap~forhandling&e-filter-${LOOP}-format=distans+klassrum`,
    );
    const both = { ...or, format: { terms: ["distans", "klassrum"], logicalJoin: "AND" as const } };
    expect(await shown(page)).toEqual(expected(both));

    // Back to all formats, then page 2.
    await choose(page, "c0ffee1", "__all");
    expect(new URL(page.url()).search).toBe(`?e-filter-${LOOP}-kurs-kategori=ledarskap~forhandling`);
    const answered = page.waitForResponse((r) => r.url().endsWith("/refresh-loop"));
    await page.click('.elementor-pagination a[data-page="2"]');
    await answered;
    await settled(page);
    expect(new URL(page.url()).search).toBe(`?e-filter-${LOOP}-kurs-kategori=ledarskap~forhandling&e-page-${LOOP}=2`);
    expect(await shown(page)).toEqual(expected(or, 2));
    expect(await page.textContent(".elementor-pagination .current")).toBe("2");

    // The address alone shows the same after a reload.
    await page.reload();
    await page.waitForSelector("html.sv-ready", { state: "attached" });
    expect(await shown(page)).toEqual(expected(or, 2));
    expect(await page.getAttribute('.e-filter[data-id="c0ffee0"] [data-filter="forhandling"]', "aria-pressed")).toBe(
      "true",
    );
    expect(await page.getAttribute('.e-filter[data-id="c0ffee0"] [data-filter="__all"]', "aria-pressed")).toBe("false");
    expect(errors).toEqual([]);
  });

  it("ignores a failed or non-OK answer and keeps the items", async () => {
    const { page, errors } = await open("/demo/sv/utbildningar");
    const before = await shown(page);
    await page.route("**/elementor-pro/v1/refresh-loop", (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: '{"code":"internal_server_error"}' }),
    );
    await choose(page, "c0ffee0", "prospektering");
    expect(await shown(page)).toEqual(before);
    await page.unroute("**/elementor-pro/v1/refresh-loop");
    await page.route("**/elementor-pro/v1/refresh-loop", (route) => route.abort("failed"));
    await page.click('.e-filter[data-id="c0ffee0"] [data-filter="ledarskap"]');
    await settled(page);
    expect(await shown(page)).toEqual(before);
    expect(new URL(page.url()).search).toBe(`?e-filter-${LOOP}-kurs-kategori=prospektering~ledarskap`);
    expect(errors).toEqual([]);
  });

  it("sets up the new items like the old ones (animations, lightbox)", async () => {
    const { page, errors } = await open("/demo/sv/utbildningar");
    await choose(page, "c0ffee1", "distans");
    await page.waitForFunction(() =>
      [...document.querySelectorAll(".e-loop-item")].every((i) => i.classList.contains("animated")),
    );
    await page.click(".e-loop-item:first-child .e-loop-item__image");
    await page.waitForSelector(".sv-lightbox:not([hidden])");
    expect(await page.textContent(".sv-lightbox__counter")).toBe(
      `1 / ${expected({ format: { terms: ["distans"], logicalJoin: "AND" } }).length}`,
    );
    expect(errors).toEqual([]);
  });

  it("sends the widget model in the editor", async () => {
    const { page, errors } = await open("/demo/sv/utbildningar?elementor-preview=30");
    const request = page.waitForRequest((r) => r.url().endsWith("/refresh-loop"));
    await page.click('.e-filter[data-id="c0ffee0"] [data-filter="forsaljning"]');
    const body = (await request).postDataJSON();
    expect(body).toMatchObject({
      is_edit_mode: true,
      widget_model: { id: LOOP, widgetType: "loop-grid" },
      widget_id: LOOP,
    });
    await settled(page);
    expect(errors).toEqual([]);
  });
});

describe("the site's own forms", () => {
  const error = (page: Page, id: string) => page.locator(`label.error[data-error-for="${id}"]`);
  const errorText = async (page: Page, id: string) => {
    const l = error(page, id);
    return (await l.count()) && (await l.isVisible()) ? await l.textContent() : null;
  };
  async function enter(page: Page, id: string, value: string) {
    await page.fill(`#${id}`, value);
    await page.locator(`#${id}`).blur();
  }

  it("shows the form library's messages, with {0} and {1} filled in", async () => {
    const { page, errors } = await open("/demo/sv/kontakt");
    await page.click("#kontaktformular [type=submit]");
    await expect.poll(() => errorText(page, "form-field-first_name")).toBe("This field is required.");
    for (const id of ["form-field-last_name", "form-field-email", "form-field-message", "form-field-consent"]) {
      expect(await errorText(page, id)).toBe("This field is required.");
    }
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("form-field-first_name");

    const cases: [string, string, string][] = [
      ["form-field-first_name", "A", "Please enter at least 2 characters."],
      ["form-field-email", "anna", "Please enter a valid email address."],
      ["form-field-phone", "070-123", "Please enter only digits."],
      ["form-field-phone", "12345", "Please enter a value between 6 and 15 characters long."],
      ["form-field-website", "saljakademin.se", "Please enter a valid URL."],
      ["form-field-participants", "0", "Please enter a value greater than or equal to 1."],
      ["form-field-participants", "21", "Please enter a value less than or equal to 20."],
      ["form-field-participants", "2.5", "Please enter a multiple of 1."],
      ["form-field-budget", "tiotusen", "Please enter a valid number."],
      ["form-field-budget", "500", "Please enter a value between 1000 and 50000."],
      ["form-field-budget", "12350", "Please enter a multiple of 100."],
      ["form-field-start_date", "3/11/2026", "Please enter a valid date (ISO)."],
      ["form-field-company", "S".repeat(61), "Please enter no more than 60 characters."],
      ["form-field-message", "Hej!", "Please enter a value between 10 and 500 characters long."],
    ];
    for (const [id, value, message] of cases) {
      await enter(page, id, value);
      await expect.poll(() => errorText(page, id), { message: `${id} = ${value}` }).toBe(message);
      expect(await page.getAttribute(`#${id}`, "aria-invalid")).toBe("true");
    }
    await enter(page, "form-field-email", "anna@exempel.se");
    await enter(page, "form-field-email_confirm", "anna@exempel.com");
    await expect.poll(() => errorText(page, "form-field-email_confirm")).toBe("Please enter the same value again.");
    // Fixing a field clears its message as it is typed.
    await page.fill("#form-field-email_confirm", "anna@exempel.se");
    await expect.poll(() => errorText(page, "form-field-email_confirm")).toBeNull();
    expect(errors).toEqual([]);
  });

  it("checks the e-mail remotely: true passes, a string is shown", async () => {
    const { page, errors } = await open("/demo/sv/kontakt");
    const posted: string[] = [];
    page.on("request", (r) => {
      if (r.url().endsWith("/saljakademin/v1/check-email")) posted.push(`${r.method()} ${r.postData()}`);
    });
    await enter(page, "form-field-email", "anmald@saljakademin.se");
    await expect.poll(() => errorText(page, "form-field-email")).toBe(EMAIL_MESSAGES.registered);
    expect(posted).toEqual(["POST form_fields%5Bemail%5D=anmald%40saljakademin.se"]);
    await enter(page, "form-field-email", "x@mailinator.com");
    await expect.poll(() => errorText(page, "form-field-email")).toBe(EMAIL_MESSAGES.throwaway);
    await enter(page, "form-field-email", "anna@exempel.se");
    await expect.poll(() => hasClass(page, "#form-field-email", "valid")).toBe(true);
    expect(await errorText(page, "form-field-email")).toBeNull();
    expect(errors).toEqual([]);
  });

  it("sends a valid form and shows the answer; its fields are the ones form tracking looks for", async () => {
    const { page, errors } = await open("/demo/sv/kontakt");
    expect(
      await page.$$eval("#kontaktformular input, #kontaktformular textarea", (els) =>
        els.map((e) => e.getAttribute("name")),
      ),
    ).toEqual(
      expect.arrayContaining([
        "form_fields[first_name]",
        "form_fields[last_name]",
        "form_fields[email]",
        "form_fields[phone]",
        "form_fields[website]",
      ]),
    );
    await page.fill("#form-field-first_name", "Anna");
    await page.fill("#form-field-last_name", "Svensson");
    await page.fill("#form-field-email", "anna@exempel.se");
    await page.fill("#form-field-email_confirm", "anna@exempel.se");
    await page.fill("#form-field-phone", "0701234567");
    await page.fill("#form-field-website", "https://exempel.se");
    await page.fill("#form-field-participants", "8");
    await page.fill("#form-field-budget", "12000");
    await page.fill("#form-field-start_date", "2026-11-03");
    await page.fill("#form-field-message", "Vi är tolv säljare som vill bli bättre på avslut.");
    await page.check("#form-field-consent");
    const sent = page.waitForResponse((r) => r.url().endsWith("/saljakademin/v1/kontakt"));
    await page.click("#kontaktformular [type=submit]");
    expect((await sent).status()).toBe(200);
    await expect
      .poll(() => page.textContent("#kontaktformular .sv-form__message"))
      .toBe("Tack Anna! Vi hör av oss inom en arbetsdag.");
    expect(await page.inputValue("#form-field-first_name")).toBe("");
    expect(errors).toEqual([]);
  });
});

describe("popups", () => {
  const popup = "#popup-kursstart";

  it("shows once a day to guests, moves focus into itself, and can be closed", async () => {
    const { page, errors } = await open("/demo/sv/blogg");
    await expect.poll(() => page.locator(popup).isVisible()).toBe(true);
    await page.waitForFunction((sel) => document.querySelector(sel)!.contains(document.activeElement), popup);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("sv_popup_301")!));
    expect(stored.count).toBe(1);
    await page.click(`${popup} [data-popup-close]`);
    await expect.poll(() => page.locator(popup).isVisible()).toBe(false);

    await page.reload();
    await page.waitForSelector("html.sv-ready", { state: "attached" });
    expect(await page.locator(popup).isVisible()).toBe(false);

    // Still within the day: hidden. A day later: shown again.
    await page.evaluate(() =>
      localStorage.setItem("sv_popup_301", JSON.stringify({ count: 1, since: Date.now() - 86_400_000 + 60_000 })),
    );
    await page.reload();
    await page.waitForSelector("html.sv-ready", { state: "attached" });
    expect(await page.locator(popup).isVisible()).toBe(false);
    await page.evaluate(() =>
      localStorage.setItem("sv_popup_301", JSON.stringify({ count: 1, since: Date.now() - 86_400_000 - 1000 })),
    );
    await page.reload();
    await page.waitForSelector("html.sv-ready", { state: "attached" });
    await expect.poll(() => page.locator(popup).isVisible()).toBe(true);
    expect(errors).toEqual([]);
  });

  it("is hidden for logged-in users", async () => {
    for (const role of ["subscriber", "editor"]) {
      const { page, errors } = await open("/demo/sv/blogg", { role });
      expect(await hasClass(page, "body", "logged-in")).toBe(true);
      expect(await page.locator(popup).isVisible()).toBe(false);
      expect(await page.evaluate(() => localStorage.getItem("sv_popup_301"))).toBeNull();
      expect(errors).toEqual([]);
    }
  });
});

describe("masonry", () => {
  const layout = (page: Page) =>
    page.$$eval("#inlagg .post-card", (cards) =>
      cards.map((c) => {
        const r = c.getBoundingClientRect();
        return { left: r.left, top: r.top + scrollY, width: r.width, bottom: r.bottom + scrollY };
      }),
    );

  it("lays the blog out in 3 columns with 30 px spacing, 2 on tablet and 1 on mobile", async () => {
    const { page, errors } = await open("/demo/sv/blogg", { width: 1280 });
    await page.waitForFunction(() => document.getElementById("inlagg")!.getAttribute("data-columns") === "3");
    const cards = await layout(page);
    const lefts = [...new Set(cards.map((c) => c.left))].sort((a, b) => a - b);
    expect(lefts).toHaveLength(3);
    expect(lefts[1] - lefts[0] - cards[0].width).toBeCloseTo(30, 0);
    expect(lefts[2] - lefts[1] - cards[0].width).toBeCloseTo(30, 0);
    // Within a column, cards follow each other 30 px apart.
    for (const left of lefts) {
      const column = cards.filter((c) => c.left === left).sort((a, b) => a.top - b.top);
      for (let i = 1; i < column.length; i++) expect(column[i].top - column[i - 1].bottom).toBeCloseTo(30, 0);
    }
    expect(POSTS).toHaveLength(cards.length);

    await page.setViewportSize({ width: 900, height: 800 });
    await page.waitForFunction(() => document.getElementById("inlagg")!.getAttribute("data-columns") === "2");
    expect(new Set((await layout(page)).map((c) => c.left)).size).toBe(2);
    await page.setViewportSize({ width: 500, height: 800 });
    await page.waitForFunction(() => document.getElementById("inlagg")!.getAttribute("data-columns") === "1");
    expect(new Set((await layout(page)).map((c) => c.left)).size).toBe(1);
    expect(errors).toEqual([]);
  });
});

describe("loading Beckon", () => {
  const siteLoaded = (page: Page) => page.locator("script[data-loaded-by='sv-site']").count();

  it("loads the widget script where the page lacks it, and only once where the snippet has it", async () => {
    const blog = await open("/demo/sv/blogg");
    await expect.poll(() => blog.widgetRequests).toEqual([`${server.origin}/api/websites/${svId}.js`]);
    expect(await siteLoaded(blog.page)).toBe(1);
    const front = await open("/demo/sv");
    await expect.poll(() => front.widgetRequests.length).toBe(1);
    expect(await siteLoaded(front.page)).toBe(0);
    expect([...blog.errors, ...front.errors]).toEqual([]);
  });

  it("does not load it for crawlers, unless the body marks a widget page", async () => {
    const blog = await open("/demo/sv/blogg", { userAgent: GOOGLEBOT });
    expect(await hasClass(blog.page, "body", "beckon-widget-page")).toBe(false);
    // The site decides while it starts (sv-ready); no script element means no request can follow.
    expect(await siteLoaded(blog.page)).toBe(0);
    expect(
      await blog.page.$$eval(
        "script[src]",
        (s) => s.filter((x) => /\/api\/websites\//.test((x as HTMLScriptElement).src)).length,
      ),
    ).toBe(0);
    expect(blog.widgetRequests).toEqual([]);
    const contact = await open("/demo/sv/kontakt", { userAgent: GOOGLEBOT });
    expect(await hasClass(contact.page, "body", "beckon-widget-page")).toBe(true);
    await expect.poll(() => contact.widgetRequests.length).toBe(1);
    expect([...blog.errors, ...contact.errors]).toEqual([]);
  });

  it("gives the widget its hooks: body classes, marked areas and snippet placeholders", async () => {
    const post = POSTS.find((p) => p.ebook === "forhandling")!;
    const { page, errors } = await open(`/demo/sv/blogg/${post.slug}`);
    const classes = (await page.getAttribute("body", "class"))!.split(" ");
    expect(classes).toEqual(
      expect.arrayContaining([
        "single-post",
        `postid-${post.id}`,
        `category-${post.category.slug}`,
        ...post.tags.map((t) => `tag-${t.slug}`),
      ]),
    );
    const config = await buildPublicConfig(tdb.db, svId, server.origin);
    const ebook = config!.ctas.find((c) => c.cta_type === "inline" && c.options.area === "ebook-forhandling")!;
    expect(await page.getAttribute(".post-cta .beckon-cta", "data-cta-id")).toBe(String(ebook.id));
    expect(await page.locator('[data-beckon-area="footer"]').count()).toBe(1);
    expect(await page.locator('[data-beckon-area="sidebar"]').count()).toBe(1);
    expect(errors).toEqual([]);
  });
});

describe("demo assets", () => {
  it("serves the built scripts, styles and images, and nothing else", async () => {
    const get = (path: string) => fetch(`${server.origin}${path}`);
    for (const [path, type] of [
      ["/demo/assets/site.js", "application/javascript"],
      ["/demo/assets/site.js.map", "application/json"],
      ["/demo/assets/site.css", "text/css"],
      ["/demo/assets/galleri-1.png", "image/png"],
      ["/demo/assets/diagram.svg", "image/svg+xml"],
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("content-type")).toContain(type);
    }
    for (const path of [
      "/demo/assets/..%2F..%2Fpackage.json",
      "/demo/assets/.gitignore",
      "/demo/assets/site.ts",
      "/demo/assets/finns-inte.png",
    ]) {
      expect((await get(path)).status, path).toBe(404);
    }
  });
});
