/**
 * Beckon's widget on the Swedish host site (/demo/sv) in Chromium, each
 * interaction of the point 5: inline CTAs in placeholders of lazy
 * containers that appear late, targeting by body classes, form tracking of
 * the site's own contact form, top bars and anchors clear of the sticky
 * header, re-targeting when the loop filter rewrites the address, and no
 * widget for crawlers on pages not marked as widget pages.
 * The real widget runs here (unlike host-site-layout.test.ts and
 * host-site-content.test.ts, which stub it).
 */
import { afterAll, describe, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { browser, server, svId, tdb, withE2eStack } from "#test/support/e2e-stack";
import { expectResponse } from "#test/support/expect-request";
import { recordWidgetSigns, triggeredCtas, widgetReady } from "#test/support/widget-signs";
import { createBroadcast } from "#app/models/broadcast.server";
import { publishCta, saveCtaDocument } from "#app/models/cta.server";
import type { CtaDocumentInput } from "#contract/schema/cta";
import { ctaWithElements, textElementMock } from "#test/support/factories";
import { POSTS } from "#demo/sv/server/content";

const cta: Record<string, number> = {};
const contexts: BrowserContext[] = [];

const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const LOOP_TERM = "kurs-kategori=ledarskap";
const inCategory = POSTS.find((p) => p.category.slug === "forhandling")!;
const otherCategory = POSTS.find((p) => p.category.slug !== "forhandling")!;

async function publish(name: string, html: string, over: Partial<CtaDocumentInput>): Promise<number> {
  const doc = await saveCtaDocument(
    tdb.db,
    svId,
    ctaWithElements([textElementMock({ options: { html } })], { name, ...over }),
  );
  await publishCta(tdb.db, svId, doc.id!);
  return doc.id!;
}

withE2eStack({
  demo: true,
  beforeServer: async () => {
    await tdb.db.website.update({ where: { id: svId }, data: { formTracking: true } });
    cta.topBar = (await tdb.db.cta.findFirstOrThrow({ where: { websiteId: svId, name: "Webbinariebar – topp" } })).id;
    cta.late = await publish("Sent inline", "<p>Sen inline-CTA</p>", {
      cta_type: "inline",
      inline_type: "embed",
      options: {},
    });
    const category = await createBroadcast(tdb.db, svId, {
      name: "Förhandlingsinlägg",
      conditions: [{ condition_type: "category", tag_id: "forhandling", data: {} }],
    });
    cta.category = await publish("Kategori-hook", "<p>Bara för förhandling</p>", {
      cta_type: "hook",
      hook_type: "horizontal",
      broadcast_id: category.id,
      options: { trigger: "immediate" },
    });
    const loop = await createBroadcast(tdb.db, svId, {
      name: "Ledarskapskurser",
      conditions: [{ condition_type: "url", url: LOOP_TERM, data: { match: "contains" } }],
    });
    cta.loop = await publish("Ledarskap-hook", "<p>Ledarskap för dig</p>", {
      cta_type: "hook",
      hook_type: "horizontal",
      broadcast_id: loop.id,
      options: { trigger: "immediate" },
    });
  },
});

afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close().catch(() => {})));
});

interface Opened {
  page: Page;
  errors: string[];
  /** Paths of the widget's visitor requests. */
  visitorRequests: string[];
}

/** Opens a demo page with the real widget; waits for cfReady unless told not to. */
async function open(path: string, o: { userAgent?: string; ready?: boolean; height?: number } = {}): Promise<Opened> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: o.height ?? 800 },
    userAgent: o.userAgent,
    locale: "sv-SE",
  });
  contexts.push(context);
  const page = await context.newPage();
  const errors: string[] = [];
  const visitorRequests: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("request", (r) => {
    if (/\/api\/websites\/\d+\/visitors/.test(r.url())) visitorRequests.push(new URL(r.url()).pathname);
  });
  await recordWidgetSigns(page);
  await page.goto(server.origin + path);
  await page.waitForSelector("html.sv-ready", { state: "attached" });
  if (o.ready !== false) await widgetReady(page);
  return { page, errors, visitorRequests };
}

const shown = (page: Page, id: number) => page.locator(`beckon-cta[data-beckon-cta="${id}"]`);
/** The CTA's text inside its shadow root (Playwright's CSS pierces open shadow roots). */
const textOf = (page: Page, id: number) => shown(page, id).locator(".bk-root").first().textContent();

describe("inline CTAs in lazy containers", () => {
  it("fills a placeholder in a lazy container that the page adds only after scrolling", async () => {
    const { page, errors } = await open(`/demo/sv/blogg/${inCategory.slug}`, { height: 600 });
    // The page builder's pattern: a lazy container rendered once the visitor scrolls near the end.
    await page.evaluate((id) => {
      const add = () => {
        if (window.scrollY < 200 || document.getElementById("sen-container")) return;
        const section = document.createElement("section");
        section.id = "sen-container";
        section.className = "e-con e-parent";
        section.innerHTML = `<div class="e-con-inner"><div class="beckon-cta" data-cta-id="${id}"></div></div>`;
        document.querySelector("main")!.appendChild(section);
      };
      addEventListener("scroll", add, { passive: true });
    }, cta.late);
    expect(await page.locator("#sen-container").count()).toBe(0);
    expect(await shown(page, cta.late).count()).toBe(0);
    await page.mouse.wheel(0, 400);
    await page.waitForSelector("#sen-container", { state: "attached" });
    const filled = page.locator(`#sen-container .beckon-cta beckon-cta[data-beckon-cta="${cta.late}"]`);
    await filled.waitFor({ state: "attached", timeout: 10_000 });
    await expect.poll(() => textOf(page, cta.late)).toContain("Sen inline-CTA");
    // The post's own placeholder (in the post's lazy container) was filled too.
    const ebookId = await page.getAttribute(".post-cta .beckon-cta", "data-cta-id");
    await page
      .locator(`.post-cta .beckon-cta beckon-cta[data-beckon-cta="${ebookId}"]`)
      .waitFor({ state: "attached", timeout: 10_000 });
    expect(errors).toEqual([]);
  });
});

describe("targeting by body classes", () => {
  it("shows a category CTA on a post in that category and not on a post in another", async () => {
    const yes = await open(`/demo/sv/blogg/${inCategory.slug}`);
    expect(await yes.page.$eval("body", (b) => b.classList.contains("category-forhandling"))).toBe(true);
    await shown(yes.page, cta.category).waitFor({ state: "attached", timeout: 10_000 });
    await expect.poll(() => textOf(yes.page, cta.category)).toContain("Bara för förhandling");
    expect(await triggeredCtas(yes.page)).toContain(cta.category);

    const no = await open(`/demo/sv/blogg/${otherCategory.slug}`);
    expect(await no.page.$eval("body", (b) => b.classList.contains("category-forhandling"))).toBe(false);
    // Ready: targeting has been evaluated and an immediate trigger would have fired (cfTrigger) by now.
    expect(await triggeredCtas(no.page)).not.toContain(cta.category);
    expect(await shown(no.page, cta.category).count()).toBe(0);
    expect([...yes.errors, ...no.errors]).toEqual([]);
  });
});

describe("form tracking", () => {
  it("stores the contact form's name, e-mail, phone and website as a contact, and the form still sends", async () => {
    const { page, errors } = await open("/demo/sv/kontakt");
    await page.fill("#form-field-first_name", "Karin");
    await page.fill("#form-field-last_name", "Lindqvist");
    await page.fill("#form-field-email", "Karin.Lindqvist@Exempel.se");
    await page.fill("#form-field-email_confirm", "Karin.Lindqvist@Exempel.se");
    await page.fill("#form-field-phone", "0701234567");
    await page.fill("#form-field-website", "https://lindqvist.exempel.se");
    await page.fill("#form-field-message", "Vi vill veta mer om era kurser i förhandling.");
    await page.check("#form-field-consent");
    const contactSent = expectResponse(page, { path: `/api/websites/${svId}/contacts/create` });
    const hostSent = expectResponse(page, { path: "/saljakademin/v1/kontakt" });
    await page.click("#kontaktformular [type=submit]");
    expect((await hostSent).status()).toBe(200);
    expect((await contactSent).status()).toBeLessThan(300);
    await expect
      .poll(() => page.textContent("#kontaktformular .sv-form__message"))
      .toBe("Tack Karin! Vi hör av oss inom en arbetsdag.");

    const submission = await expect
      .poll(
        () => tdb.db.contactSubmission.findFirst({ where: { websiteId: svId, email: "karin.lindqvist@exempel.se" } }),
        { timeout: 10_000 },
      )
      .toBeTruthy()
      .then(() =>
        tdb.db.contactSubmission.findFirstOrThrow({
          where: { websiteId: svId, email: "karin.lindqvist@exempel.se" },
          include: { person: true },
        }),
      );
    expect(submission.contactableType).toBeNull();
    expect(submission.phone).toBe("0701234567");
    expect(submission.sourceUrl).toContain("/demo/sv/kontakt");
    expect(submission.person).toMatchObject({
      email: "karin.lindqvist@exempel.se",
      phone: "0701234567",
      website: "https://lindqvist.exempel.se",
      personType: "Contact",
    });
    expect(submission.person).toMatchObject({ name: "Karin", lastName: "Lindqvist" });
    expect(errors).toEqual([]);
  });
});

describe("form tracking of a rejected submit", () => {
  it("stores nothing for a submit the page rejects, and only the values of the accepted one", async () => {
    const { page, errors } = await open("/demo/sv/kontakt");
    const fill = async (v: Record<string, string>) => {
      for (const [name, value] of Object.entries(v)) await page.fill(`#form-field-${name}`, value);
    };
    // Rejected by the page: the repeat e-mail differs, the phone has a dash, the website is no address (and the e-mail has no dotted domain).
    await fill({
      first_name: "Greta",
      last_name: "Berg",
      email: "greta.berg@exempel",
      email_confirm: "other@x.se",
      phone: "12-34",
      website: "nourl",
      company: "Fel AB",
    });
    await fill({ message: "Vi vill boka en kurs i förhandling." });
    await page.check("#form-field-consent");
    await page.click("#kontaktformular [type=submit]");
    await page.locator("#kontaktformular input.error").first().waitFor({ state: "visible" });

    await fill({
      email: "greta.berg@exempel.se",
      email_confirm: "greta.berg@exempel.se",
      phone: "0701234567",
      website: "https://berg.exempel.se",
      company: "Berg AB",
    });
    // The widget sends its contacts one at a time, in order: the accepted one's arriving means an earlier one would have.
    const accepted = expectResponse(page, {
      path: `/api/websites/${svId}/contacts/create`,
      where: (request) => (request.postData() ?? "").includes("greta.berg@exempel.se"),
    });
    await page.click("#kontaktformular [type=submit]");
    expect((await accepted).status()).toBeLessThan(300);
    await expect
      .poll(() => page.textContent("#kontaktformular .sv-form__message"))
      .toBe("Tack Greta! Vi hör av oss inom en arbetsdag.");

    await expect
      .poll(() => tdb.db.contactSubmission.count({ where: { websiteId: svId, email: "greta.berg@exempel.se" } }), {
        timeout: 10_000,
      })
      .toBe(1);
    const stored = await tdb.db.contactSubmission.findMany({
      where: {
        websiteId: svId,
        OR: [{ email: { in: ["other@x.se", "greta.berg@exempel.se", "greta.berg@exempel"] } }, { phone: "12-34" }],
      },
      include: { person: true },
    });
    expect(stored.map((c) => [c.email, c.phone])).toEqual([["greta.berg@exempel.se", "0701234567"]]);
    expect(stored[0].person).toMatchObject({
      email: "greta.berg@exempel.se",
      phone: "0701234567",
      website: "https://berg.exempel.se",
      name: "Greta",
      lastName: "Berg",
    });
    expect(errors).toEqual([]);
  });
});

describe("sticky header", () => {
  type Box = { y: number; height: number };
  const apart = (a: Box, b: Box) => a.y + a.height <= b.y + 0.5 || b.y + b.height <= a.y + 0.5;

  /** The front page with the seeded top bar showing (its 2 s delay). */
  async function withBar() {
    const opened = await open("/demo/sv");
    const bar = shown(opened.page, cta.topBar).locator(".bk-bar");
    await bar.waitFor({ state: "visible", timeout: 10_000 });
    const boxes = async () => ({
      bar: (await bar.boundingBox())!,
      header: (await opened.page.locator("#masthead").boundingBox())!,
    });
    return { ...opened, boxes };
  }

  /** Clicks an in-page anchor and waits until the scroll has settled. */
  async function followAnchor(page: Page, id: string) {
    await page.click(`a[href="#${id}"]`);
    await page.waitForFunction(
      (target) =>
        new Promise<boolean>((resolve) => {
          const top = () => document.getElementById(target)!.getBoundingClientRect().top;
          const before = top();
          requestAnimationFrame(() =>
            requestAnimationFrame(() => resolve(window.scrollY > 0 && Math.abs(top() - before) < 0.5)),
          );
        }),
      id,
    );
  }

  it("at the top of the page the bar pushes the header down, and an anchor target lands below both", async () => {
    const { page, errors, boxes } = await withBar();
    const top = await boxes();
    expect(top.bar.height).toBeGreaterThan(0);
    // The bar's in-flow spacer moves the page, header included, below the bar.
    expect(apart(top.bar, top.header)).toBe(true);
    expect(top.header.y).toBeGreaterThanOrEqual(top.bar.y + top.bar.height - 0.5);

    await followAnchor(page, "omdomen");
    const after = await boxes();
    const target = (await page.locator("#omdomen").boundingBox())!;
    // The site's 150 px scroll margin is more than the bar and the header together here.
    expect(target.y).toBeGreaterThanOrEqual(after.bar.y + after.bar.height);
    expect(target.y).toBeGreaterThanOrEqual(after.header.y + after.header.height);
    expect(errors).toEqual([]);
  });

  it("after scrolling, the bar does not cover the sticky header, and anchors land below both", async () => {
    const { page, boxes } = await withBar();
    await followAnchor(page, "omdomen");
    const after = await boxes();
    // The renderer moves the site's sticky header down by the bar's height.
    expect(apart(after.bar, after.header)).toBe(true);
    const target = (await page.locator("#omdomen").boundingBox())!;
    expect(target.y).toBeGreaterThanOrEqual(after.header.y + after.header.height - 0.5);
  });
});

describe("loop filter", () => {
  it("re-targets when the filter rewrites the address: the matching CTA appears without a reload", async () => {
    const { page, errors } = await open("/demo/sv/utbildningar");
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
    // Ready: the loop CTA's immediate trigger would have fired by now, had its broadcast run on this address.
    expect(await triggeredCtas(page)).not.toContain(cta.loop);
    expect(await shown(page, cta.loop).count()).toBe(0);
    const answered = expectResponse(page, { path: "/elementor-pro/v1/refresh-loop" });
    await page.click('.e-filter[data-id="c0ffee0"] [data-filter="ledarskap"]');
    await answered;
    expect(page.url()).toContain(LOOP_TERM);
    await shown(page, cta.loop).waitFor({ state: "attached", timeout: 10_000 });
    await expect.poll(() => textOf(page, cta.loop)).toContain("Ledarskap för dig");
    // Same document: no reload happened.
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    expect(errors).toEqual([]);
  });
});

describe("crawlers", () => {
  it("gives a crawler no widget on a page not marked as a widget page, but starts it on a marked one", async () => {
    // The front page embeds the snippet itself (so the site script does arrive) and is marked as a
    // widget page; an unmarked copy of it shows that the loader itself declines.
    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      userAgent: GOOGLEBOT,
      locale: "sv-SE",
    });
    contexts.push(context);
    await context.route(`${server.origin}/demo/sv`, async (route) => {
      const res = await route.fetch();
      const html = (await res.text()).replace(/(<body[^>]*class="[^"]*)\bbeckon-widget-page\b/, "$1");
      await route.fulfill({ response: res, body: html });
    });
    const page = await context.newPage();
    const errors: string[] = [];
    const requests: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    page.on("request", (r) => requests.push(new URL(r.url()).pathname));
    await page.goto(`${server.origin}/demo/sv`);
    await page.waitForSelector("html.sv-ready", { state: "attached" });
    expect(
      await page.$eval(
        "body",
        (b) => b.classList.contains("beckon-widget-page") || b.hasAttribute("data-beckon-widget-page"),
      ),
    ).toBe(false);
    await page.waitForLoadState("networkidle");
    expect(requests).toContain(`/api/websites/${svId}.js`);
    expect(requests.filter((p) => /^\/api\/websites\/\d+\/(visitors|events|contacts)/.test(p))).toEqual([]);
    expect(
      await page.evaluate(() => !!(window as unknown as { beckon?: { installed?: boolean } }).beckon?.installed),
    ).toBe(false);
    expect(await page.locator("beckon-cta").count()).toBe(0);

    // The same crawler on a marked page (the contact page) gets the widget.
    const contact = await open("/demo/sv/kontakt", { userAgent: GOOGLEBOT });
    expect(await contact.page.$eval("body", (b) => b.classList.contains("beckon-widget-page"))).toBe(true);
    expect(contact.visitorRequests.length).toBeGreaterThan(0);
    expect([...errors, ...contact.errors]).toEqual([]);
  });
});
