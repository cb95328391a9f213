/**
 * The demo host site's server side: pages rendered from demo/sv/*.html with
 * WordPress-style body classes, the site config and the Beckon hooks; the
 * courses loop the refresh-loop call answers; the form endpoints' rules.
 */
import { describe, expect, it } from "vitest";
import { COURSES, POSTS } from "#demo/sv/server/content";
import { checkDemoEmail, checkDemoSubmission, EMAIL_MESSAGES } from "#demo/sv/server/forms";
import { fill } from "#demo/sv/server/html";
import { COURSE_LOOP_ID, renderCourseLoop, selectCourses } from "#demo/sv/server/loop";
import {
  CTA_PAGES,
  ctaPage,
  inlineCtaSpot,
  renderSvPage,
  roleFromCookie,
  type SvPage,
  type SvRequest,
} from "#demo/sv/server/pages";
import { WEBINAR_PAGE } from "#prisma/seed-data/saljakademin";
import { saljakademinCtas } from "#prisma/seed-data/saljakademin-ctas";
import type { SiteConfig } from "#demo/sv/src/config";

const request = (path: string, over: Partial<SvRequest> = {}): SvRequest => ({
  url: new URL(`http://127.0.0.1:3000${path}`),
  origin: "http://127.0.0.1:3000",
  websiteId: 7,
  snippet: "<!-- Beckon --><script>/*snippet*/</script>",
  role: null,
  inlineCtas: new Map([["ebook-saljteknik", 41]]),
  ...over,
});

const bodyClass = (html: string) => /<body class="([^"]*)"/.exec(html)![1].split(" ");
const config = (html: string) =>
  JSON.parse(/<script type="application\/json" id="sv-site-config">(.*?)<\/script>/.exec(html)![1]) as SiteConfig;

describe("pages that host one CTA, and the 404 page", () => {
  const seeded = saljakademinCtas({
    integrationId: 1,
    broadcasts: { webinarBlog: 1, webinarCampaign: 2, webinarCourses: 3, exitPopup: 4 },
    now: new Date("2026-03-02T08:00:00Z"),
  });
  const areaOf = (c: (typeof seeded)[number]) =>
    (c.options as Record<string, unknown> | undefined)?.area as string | undefined;

  it("a page of the site hosts every seeded landing page and the opt-out form, by the area the CTA names", () => {
    const hosted = new Set(CTA_PAGES.map((p) => p.area));
    const placedHere = seeded.filter((c) => c.cta_type === "page" || areaOf(c) === "avregistrering");
    expect(placedHere).toHaveLength(7);
    for (const c of placedHere) expect(hosted, c.name).toContain(areaOf(c));
  });

  it("the webinar bars point at the webinar's page", () => {
    expect(WEBINAR_PAGE).toBe(`/demo/sv/${ctaPage("webbinarium")!.slug}`);
    expect(JSON.stringify(seeded.filter((c) => c.cta_type === "bar"))).not.toMatch(
      /"redirect-url":"(?!\/demo\/sv\/webbinarium")/,
    );
  });

  it("renders a hosted CTA's page with the CTA placeholder, a widget page", () => {
    const page = ctaPage("webbinarium")!;
    const html = renderSvPage(
      "landningssida",
      request("/demo/sv/webbinarium", { inlineCtas: new Map([[page.area, 10]]) }),
      undefined,
      page,
    );
    expect(html).not.toMatch(/\{\{[A-Z_]+/);
    expect(html).toContain('<div class="beckon-cta" data-cta-id="10"></div>');
    expect(html).toContain("<title>Gratis webbinarium: Boka fler möten på kortare tid – Säljakademin</title>");
    expect(bodyClass(html)).toEqual(
      expect.arrayContaining(["page", `page-id-${page.pageId}`, "page-webbinarium", "beckon-widget-page"]),
    );
  });

  it("renders the 404 page with the site's header and footer, naming the path", () => {
    const html = renderSvPage("404", request("/demo/sv/<finns-inte>"));
    expect(html).toContain('id="masthead"');
    expect(html).toContain("<h1>Sidan finns inte</h1>");
    expect(html).toContain("<code>/demo/sv/%3Cfinns-inte%3E</code>");
    expect(bodyClass(html)).toContain("error404");
  });
});

describe("pages", () => {
  const pages: [SvPage, string][] = [
    ["index", "/demo/sv"],
    ["blogg", "/demo/sv/blogg"],
    ["utbildningar", "/demo/sv/utbildningar"],
    ["kontakt", "/demo/sv/kontakt"],
  ];

  it.each(pages)("%s renders every placeholder, the footer area and the site's scripts", (page, path) => {
    const html = renderSvPage(page, request(path));
    expect(html).not.toMatch(/\{\{[A-Z_]+/);
    expect(html).toContain('<div data-beckon-area="footer"></div>');
    expect(html).toContain("Säljakademin");
    expect(html).toContain('<script src="/demo/assets/site.js" defer></script>');
    expect(html).toContain('id="masthead"');
  });

  it("the front page keeps the generic snippet before </body> and is a widget page", () => {
    const html = renderSvPage("index", request("/demo/sv"));
    expect(html).toMatch(/<!-- Beckon --><script>\/\*snippet\*\/<\/script>\s*<\/body>/);
    expect(bodyClass(html)).toEqual(
      expect.arrayContaining([
        "home",
        "page",
        "page-id-12",
        "category-ledarskap",
        "tag-forhandling",
        "beckon-widget-page",
      ]),
    );
  });

  it("the other pages leave loading the widget to the site's loader, with the site-specific script", () => {
    const html = renderSvPage("blogg", request("/demo/sv/blogg"));
    expect(html).not.toContain("/*snippet*/");
    expect(config(html).widget.script).toBe("http://127.0.0.1:3000/api/websites/7.js");
    expect(bodyClass(html)).not.toContain("beckon-widget-page");
    expect(bodyClass(renderSvPage("kontakt", request("/demo/sv/kontakt")))).toContain("beckon-widget-page");
  });

  it("a post carries its post id, category and tags as body classes, and an inline CTA spot", () => {
    const post = POSTS[0];
    const html = renderSvPage("inlagg", request(`/demo/sv/blogg/${post.slug}`), post);
    expect(bodyClass(html)).toEqual(
      expect.arrayContaining([
        "single",
        "single-post",
        `postid-${post.id}`,
        `category-${post.category.slug}`,
        ...post.tags.map((t) => `tag-${t.slug}`),
      ]),
    );
    expect(html).toContain('<div class="beckon-cta" data-cta-id="41"></div>');
    expect(config(html).postId).toBe(post.id);
    const other = POSTS.find((p) => p.ebook === "prospektering")!;
    expect(renderSvPage("inlagg", request("/x"), other)).toContain(
      '<div data-beckon-area="ebook-prospektering"></div>',
    );
  });

  it("blog archives carry the category or tag", () => {
    expect(bodyClass(renderSvPage("blogg", request("/demo/sv/blogg?kategori=ledarskap")))).toEqual(
      expect.arrayContaining(["archive", "category", "category-ledarskap"]),
    );
    expect(bodyClass(renderSvPage("blogg", request("/demo/sv/blogg?tagg=pris")))).toEqual(
      expect.arrayContaining(["archive", "tag", "tag-pris"]),
    );
    const html = renderSvPage("blogg", request("/demo/sv/blogg?kategori=ledarskap"));
    expect((html.match(/class="post-card /g) ?? []).length).toBe(
      POSTS.filter((p) => p.category.slug === "ledarskap").length,
    );
  });

  it("pages carry page ids; logged-in users and the editor are marked", () => {
    expect(bodyClass(renderSvPage("utbildningar", request("/demo/sv/utbildningar")))).toEqual(
      expect.arrayContaining(["page", "page-id-30"]),
    );
    const admin = renderSvPage("kontakt", request("/demo/sv/kontakt", { role: "administrator" }));
    expect(bodyClass(admin)).toEqual(expect.arrayContaining(["logged-in", "page-id-40"]));
    expect(config(admin).user).toEqual({ loggedIn: true, roles: ["administrator"] });
    const editor = renderSvPage("index", request("/demo/sv?elementor-preview=12&lightbox-in-editor=yes"));
    expect(bodyClass(editor)).toContain("elementor-editor-active");
    expect(config(editor)).toMatchObject({ isEditMode: true, editorPreferences: { lightbox_enable_in_editor: "yes" } });
  });

  it("the courses page renders the filter and loop the address asks for", () => {
    const html = renderSvPage(
      "utbildningar",
      request(`/demo/sv/utbildningar?e-filter-${COURSE_LOOP_ID}-format=distans+klassrum`),
    );
    expect(html).toMatch(/data-filter="distans" aria-pressed="true"/);
    expect(html).toMatch(/data-filter="klassrum" aria-pressed="true"/);
    const shown = [...html.matchAll(/data-course="([^"]+)"/g)].map((m) => m[1]);
    expect(shown).toEqual(
      COURSES.filter((c) => c.terms.format.includes("distans") && c.terms.format.includes("klassrum")).map(
        (c) => c.slug,
      ),
    );
  });

  it("reads the demo role from its cookie", () => {
    expect(roleFromCookie("a=1; sv_demo_user=editor")).toBe("editor");
    expect(roleFromCookie("sv_demo_user=root")).toBeNull();
    expect(roleFromCookie(null)).toBeNull();
    expect(inlineCtaSpot("sidebar", new Map())).toBe('<div data-beckon-area="sidebar"></div>');
  });

  it("refuses a template placeholder without a value", () => {
    expect(() => fill("<p>{{MISSING}}</p>", {})).toThrow(/\{\{MISSING\}\}/);
    expect(fill("<p>{{A}} {{CTA_ID:ebook-x}}</p>", { A: "a", "CTA_ID:ebook-x": "5" })).toBe("<p>a 5</p>");
  });
});

describe("the courses loop", () => {
  it("filters with OR within ~ taxonomies and AND within + ones, three per page", () => {
    const or = selectCourses({ "kurs-kategori": { terms: ["ledarskap", "forhandling"], logicalJoin: "OR" } }, 1);
    expect(or.total).toBe(
      COURSES.filter((c) => c.terms["kurs-kategori"].some((t) => t === "ledarskap" || t === "forhandling")).length,
    );
    expect(or.courses).toHaveLength(3);
    expect(or.pages).toBe(Math.ceil(or.total / 3));
    const all = selectCourses({}, 3);
    expect(all).toMatchObject({ page: 3, pages: 3, total: COURSES.length });
    expect(selectCourses({}, 99).page).toBe(3);
    expect(selectCourses({ okand: { terms: ["x"], logicalJoin: "AND" } }, 1).total).toBe(COURSES.length);
  });

  it("builds pagination on the given address, keeping the filters", () => {
    const filters = { "kurs-kategori": { terms: ["forsaljning", "ledarskap"], logicalJoin: "OR" as const } };
    const html = renderCourseLoop(filters, 1, new URL("http://x/demo/sv/utbildningar?utm_source=a"));
    expect(html.startsWith('<div class="elementor-widget-container">')).toBe(true);
    expect(html).toContain(
      `href="/demo/sv/utbildningar?utm_source=a&amp;e-filter-${COURSE_LOOP_ID}-kurs-kategori=forsaljning~ledarskap&amp;e-page-${COURSE_LOOP_ID}=2"`,
    );
    expect(html).toContain('<span aria-current="page" class="page-numbers current">1</span>');
  });

  it("keeps pagination links on this site whatever base address a client sends", () => {
    const html = renderCourseLoop({}, 1, new URL("http://x//evil.example/utbildningar"));
    expect(html).toContain('href="/evil.example/utbildningar?e-page-f00d123=2"');
    expect(html).not.toContain('href="//');
  });

  it("says so when nothing matches", () => {
    const html = renderCourseLoop(
      { format: { terms: ["distans", "klassrum", "foretagsanpassad"], logicalJoin: "AND" } },
      1,
      new URL("http://x/"),
    );
    expect(html).toContain("Inga utbildningar matchar filtret.");
    expect(html).not.toContain("elementor-pagination");
  });
});

describe("form endpoints", () => {
  it("the remote e-mail rule answers true, false or a message", () => {
    expect(checkDemoEmail("anna@exempel.se")).toBe(true);
    expect(checkDemoEmail(" Anna@Exempel.SE ")).toBe(true);
    expect(checkDemoEmail("inte-en-adress")).toBe(false);
    expect(checkDemoEmail("anmald@saljakademin.se")).toBe(EMAIL_MESSAGES.registered);
    expect(checkDemoEmail("x@mailinator.com")).toBe(EMAIL_MESSAGES.throwaway);
  });

  it("submissions are checked again on the server", () => {
    const form = (fields: Record<string, string>, id = "kontakt") =>
      new URLSearchParams({
        form_id: id,
        ...Object.fromEntries(Object.entries(fields).map(([k, v]) => [`form_fields[${k}]`, v])),
      });
    const ok = {
      first_name: "Anna",
      last_name: "Svensson",
      email: "anna@exempel.se",
      message: "Vi är tolv säljare.",
      consent: "ja",
    };
    expect(checkDemoSubmission(form(ok))).toEqual({
      success: true,
      message: "Tack Anna! Vi hör av oss inom en arbetsdag.",
    });
    expect(checkDemoSubmission(form({ ...ok, consent: "" })).success).toBe(false);
    expect(checkDemoSubmission(form({ ...ok, email: "anmald@saljakademin.se" })).success).toBe(false);
    expect(checkDemoSubmission(form({ first_name: "Per", email: "per@exempel.se" }, "intresse"))).toMatchObject({
      success: true,
    });
  });
});
