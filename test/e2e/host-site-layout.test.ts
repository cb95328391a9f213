/**
 * The Swedish host site (/demo/sv) in Chromium, its layout behaviours (SPEC
 * 2, 4, 5): header and scroll-to-top thresholds, lazy containers, anchors,
 * the theme and builder breakpoints, the dropdown menu's timings, the menu
 * plugin's alerts, the sticky element, the carousel, entrance animations and
 * popups. Timing rules run on Playwright's page clock; everything else waits
 * for events and conditions, never for fixed sleeps.
 */
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { MENU_PLUGIN_ALERTS } from "#demo/sv/src/menu-plugin";
import { frames, hasClass, open, pageTop, scrollTo, withHostSite } from "./host-site-harness";

withHostSite();

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
