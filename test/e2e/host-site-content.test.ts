/**
 * The Swedish host site (/demo/sv) in Chromium, its content behaviours (SPEC
 * 4, 8, 9): the lightbox rules, the loop filter and its refresh-loop call,
 * the site's own forms, masonry, the way it loads Beckon, and its built
 * assets. Everything waits for events and conditions, never fixed sleeps.
 */
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { buildPublicConfig } from "#app/models/public-config.server";
import { COURSES, POSTS } from "#demo/sv/server/content";
import { EMAIL_MESSAGES } from "#demo/sv/server/forms";
import { matchesFilters, type LoopFilters } from "#demo/sv/src/loop-query";
import { GOOGLEBOT, hasClass, open, server, svId, tdb, withHostSite } from "./host-site-harness";
import { expectRequest, expectResponse } from "#test/support/expect-request";

withHostSite();

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
    const answered = expectResponse(page, { path: "/elementor-pro/v1/refresh-loop" });
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
    const answered = expectResponse(page, { path: "/refresh-loop" });
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
    const request = expectRequest(page, { path: "/refresh-loop" });
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

  it("shows the form library's Swedish messages on the Swedish page, with {0} and {1} filled in", async () => {
    const { page, errors } = await open("/demo/sv/kontakt");
    await page.click("#kontaktformular [type=submit]");
    await expect.poll(() => errorText(page, "form-field-first_name")).toBe("Detta fält är obligatoriskt.");
    for (const id of ["form-field-last_name", "form-field-email", "form-field-message", "form-field-consent"]) {
      expect(await errorText(page, id)).toBe("Detta fält är obligatoriskt.");
    }
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("form-field-first_name");

    const cases: [string, string, string][] = [
      ["form-field-first_name", "A", "Du måste ange minst 2 tecken."],
      ["form-field-email", "anna", "Ange en korrekt e-postadress."],
      ["form-field-phone", "070-123", "Ange endast siffror."],
      ["form-field-phone", "12345", "Ange minst 6 och max 15 tecken."],
      ["form-field-website", "saljakademin.se", "Ange en korrekt URL."],
      ["form-field-participants", "0", "Ange ett värde som är större eller lika med 1."],
      ["form-field-participants", "21", "Ange ett värde som är mindre eller lika med 20."],
      ["form-field-participants", "2.5", "Ange en multipel av 1."],
      ["form-field-budget", "tiotusen", "Ange ett korrekt nummer."],
      ["form-field-budget", "500", "Ange ett värde mellan 1000 och 50000."],
      ["form-field-budget", "12350", "Ange en multipel av 100."],
      ["form-field-start_date", "3/11/2026", "Ange ett korrekt datum (ÅÅÅÅ-MM-DD)."],
      ["form-field-company", "S".repeat(61), "Du får ange högst 60 tecken."],
      ["form-field-message", "Hej!", "Ange minst 10 och max 500 tecken."],
    ];
    for (const [id, value, message] of cases) {
      await enter(page, id, value);
      await expect.poll(() => errorText(page, id), { message: `${id} = ${value}` }).toBe(message);
      expect(await page.getAttribute(`#${id}`, "aria-invalid")).toBe("true");
    }
    await enter(page, "form-field-email", "anna@exempel.se");
    await enter(page, "form-field-email_confirm", "anna@exempel.com");
    await expect.poll(() => errorText(page, "form-field-email_confirm")).toBe("Ange samma värde igen.");
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
    const sent = expectResponse(page, { path: "/saljakademin/v1/kontakt" });
    await page.click("#kontaktformular [type=submit]");
    expect((await sent).status()).toBe(200);
    await expect
      .poll(() => page.textContent("#kontaktformular .sv-form__message"))
      .toBe("Tack Anna! Vi hör av oss inom en arbetsdag.");
    expect(await page.inputValue("#form-field-first_name")).toBe("");
    expect(errors).toEqual([]);
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
