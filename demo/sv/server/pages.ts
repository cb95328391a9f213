/**
 * Renders the Swedish host site's pages from demo/sv/*.html: shared head,
 * header and footer, WordPress-style body classes (page, post, category,
 * tag, logged-in, editor), the site's inline config, and the Beckon embed:
 * the generic snippet on the front page, the site's own widget loader
 * (demo/sv/src/widget-loader.ts) everywhere else.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { SiteConfig } from "#demo/sv/src/config";
import { linkActionHash } from "#demo/sv/src/link-actions";
import { parseLoopQuery } from "#demo/sv/src/loop-query";
import { POSTS, type Post } from "./content";
import { esc, fill, scriptJson } from "./html";
import { COURSE_LOOP_ID, COURSES_PAGE_ID, renderCourseLoopWidget, renderLoopFilters } from "./loop";

export const SV_DIR = path.join(process.cwd(), "demo/sv");
export const REST_BASE = "/demo/sv/wp-json/";
export const REMOTE_EMAIL_URL = `${REST_BASE}saljakademin/v1/check-email`;
export const CONTACT_URL = `${REST_BASE}saljakademin/v1/kontakt`;

/** Roles the demo's sv_demo_user cookie may name (a stand-in for a WordPress login). */
export const DEMO_ROLES = ["administrator", "editor", "author", "subscriber"] as const;
export type DemoRole = (typeof DEMO_ROLES)[number];

export type SvPage =
  | "index"
  | "blogg"
  | "inlagg"
  | "utbildningar"
  | "kontakt"
  | "integritetspolicy"
  | "anvandarvillkor"
  | "landningssida"
  | "404";

/** Pages under /demo/sv/{name}. */
export const SV_SUBPAGES = ["blogg", "utbildningar", "kontakt", "integritetspolicy", "anvandarvillkor"] as const;

/** Plain text pages of the site, linked from the footer and from the CTAs' privacy and terms links. */
const TEXT_PAGES = ["integritetspolicy", "anvandarvillkor"] as const;
const isTextPage = (page: SvPage): page is (typeof TEXT_PAGES)[number] =>
  (TEXT_PAGES as readonly string[]).includes(page);

/** A page of the site that hosts one CTA: a landing page CTA or the opt-out form, in the marked area it fills. */
export interface CtaPage {
  slug: string;
  pageId: number;
  title: string;
  /** The area named by the CTA's options.area (prisma/seed-data/saljakademin-ctas.ts). */
  area: string;
}

/** Pages under /demo/sv/{slug} that host the seeded landing pages and the opt-out form. */
export const CTA_PAGES: readonly CtaPage[] = [
  { slug: "e-bok-saljteknik", pageId: 51, title: "E-bok: 7 steg till fler avslut", area: "landningssida-saljteknik" },
  {
    slug: "e-bok-prospektering",
    pageId: 52,
    title: "E-bok: Kalla samtal som blir varma möten",
    area: "landningssida-prospektering",
  },
  {
    slug: "e-bok-forhandling",
    pageId: 53,
    title: "E-bok: Förhandla utan att sänka priset",
    area: "landningssida-forhandling",
  },
  {
    slug: "e-bok-saljledning",
    pageId: 54,
    title: "E-bok: Coacha ditt säljteam till rekord",
    area: "landningssida-saljledning",
  },
  {
    slug: "webbinarium",
    pageId: 55,
    title: "Gratis webbinarium: Boka fler möten på kortare tid",
    area: "landningssida-webbinarium",
  },
  {
    slug: "foretagsutbildning",
    pageId: 56,
    title: "Säljutbildning för ert team",
    area: "landningssida-foretagsutbildning",
  },
  { slug: "avregistrering", pageId: 57, title: "Avregistrera dig från våra utskick", area: "avregistrering" },
];

/** The CTA page at /demo/sv/{slug}, if there is one. */
export const ctaPage = (slug: string): CtaPage | undefined => CTA_PAGES.find((p) => p.slug === slug);

// WordPress creates its privacy policy page as page 3.
const PAGE_IDS: Record<"index" | "utbildningar" | "kontakt" | "integritetspolicy" | "anvandarvillkor" | "404", number> =
  {
    index: 12,
    utbildningar: COURSES_PAGE_ID,
    kontakt: 40,
    integritetspolicy: 3,
    anvandarvillkor: 41,
    "404": 0,
  };

/** The page id WordPress would give the page (0 for the 404 page, which is no post). */
function pageIdOf(page: SvPage, ctaPageOf?: CtaPage): number {
  if (page === "landningssida") return ctaPageOf?.pageId ?? 0;
  return PAGE_IDS[page as keyof typeof PAGE_IDS] ?? 0;
}

export interface SvRequest {
  url: URL;
  /** Public origin of the Beckon server (the widget script's host). */
  origin: string;
  websiteId: number;
  /** The generic embed snippet (used on the front page). */
  snippet: string;
  /** Role from the sv_demo_user cookie, or null for a visitor. */
  role: DemoRole | null;
  /** Published inline and page CTAs by the area they fill: area → CTA id. */
  inlineCtas: Map<string, number>;
}

/** A template of demo/sv, read per request: cheap, and edits show at once. */
function template(file: string): string {
  return readFileSync(path.join(SV_DIR, file), "utf8");
}

/** The role named by a Cookie header's sv_demo_user, if it is a known one. */
export function roleFromCookie(cookie: string | null): DemoRole | null {
  const match = /(?:^|;\s*)sv_demo_user=([a-z]+)/.exec(cookie ?? "");
  return match && (DEMO_ROLES as readonly string[]).includes(match[1]) ? (match[1] as DemoRole) : null;
}

function bodyClasses(page: SvPage, req: SvRequest, post?: Post, hosted?: CtaPage): string {
  const classes: string[] = [];
  if (page === "404") classes.push("error404");
  else if (page === "landningssida" && hosted)
    classes.push(
      "page-template-default",
      "page",
      `page-id-${hosted.pageId}`,
      `page-${hosted.slug}`,
      "elementor-page",
      `elementor-page-${hosted.pageId}`,
    );
  else if (page === "index")
    classes.push(
      "home",
      "page-template-default",
      "page",
      `page-id-${PAGE_IDS.index}`,
      "category-ledarskap",
      "tag-forhandling",
    );
  else if (page === "blogg") {
    const { category, tag } = blogArchive(req.url);
    if (category) classes.push("archive", "category", `category-${category}`);
    else if (tag) classes.push("archive", "tag", `tag-${tag}`);
    else classes.push("blog");
  } else if (page === "inlagg" && post)
    classes.push(
      "post-template-default",
      "single",
      "single-post",
      `postid-${post.id}`,
      "single-format-standard",
      `category-${post.category.slug}`,
      ...post.tags.map((t) => `tag-${t.slug}`),
    );
  else if (page === "utbildningar" || page === "kontakt" || isTextPage(page))
    classes.push("page-template-default", "page", `page-id-${PAGE_IDS[page]}`, `page-${page}`);
  if (page === "integritetspolicy") classes.push("privacy-policy");
  if (page === "index" || page === "utbildningar" || page === "kontakt")
    classes.push("elementor-page", `elementor-page-${PAGE_IDS[page]}`);
  classes.push("elementor-default", "elementor-kit-5", "e-lazyload");
  if (req.role) classes.push("logged-in", "admin-bar");
  if (isEditMode(req.url)) classes.push("elementor-editor-active", "elementor-editor-preview");
  // The pages that ask for the widget even when a crawler renders them.
  if (page === "index" || page === "kontakt" || page === "landningssida") classes.push("beckon-widget-page");
  return classes.join(" ");
}

/** A category (?kategori=) or tag (?tagg=) archive of the blog. */
function blogArchive(url: URL): { category: string | null; tag: string | null } {
  const slug = (v: string | null) => (v && /^[a-z0-9-]{1,60}$/.test(v) ? v : null);
  return { category: slug(url.searchParams.get("kategori")), tag: slug(url.searchParams.get("tagg")) };
}

const isEditMode = (url: URL) => url.searchParams.has("elementor-preview");

function siteConfig(page: SvPage, req: SvRequest, post?: Post, hosted?: CtaPage): SiteConfig {
  return {
    postId: post ? post.id : page === "blogg" ? 20 : pageIdOf(page, hosted),
    restUrl: REST_BASE,
    isEditMode: isEditMode(req.url),
    editorPreferences: {
      lightbox_enable_in_editor: req.url.searchParams.get("lightbox-in-editor") === "yes" ? "yes" : "no",
    },
    kit: {
      global_image_lightbox: "yes",
      lightbox_enable_counter: "yes",
      lightbox_enable_fullscreen: "yes",
      lightbox_enable_zoom: "yes",
      lightbox_enable_share: "yes",
    },
    user: { loggedIn: req.role !== null, roles: req.role ? [req.role] : [] },
    widget: { script: `${req.origin}/api/websites/${req.websiteId}.js` },
    forms: { remoteEmail: REMOTE_EMAIL_URL, contact: CONTACT_URL },
  };
}

function postCard(post: Post): string {
  return `          <article class="post-card category-${esc(post.category.slug)}" data-post-id="${post.id}">
            <p class="post-card__meta"><a href="/demo/sv/blogg?kategori=${esc(post.category.slug)}">${esc(post.category.name)}</a> · <time datetime="${post.date}">${esc(post.date)}</time></p>
            <h2><a href="/demo/sv/blogg/${esc(post.slug)}">${esc(post.title)}</a></h2>
            <p>${esc(post.excerpt)}</p>
          </article>`;
}

/** An inline CTA spot: the snippet placeholder for the CTA that fills the area, or the marked area itself. */
export function inlineCtaSpot(area: string, inlineCtas: Map<string, number>): string {
  const id = inlineCtas.get(area);
  return id ? `<div class="beckon-cta" data-cta-id="${id}"></div>` : `<div data-beckon-area="${esc(area)}"></div>`;
}

/** The HTML of one page of the host site: a post for "inlagg", the hosted CTA's page for "landningssida". */
export function renderSvPage(page: SvPage, req: SvRequest, post?: Post, hosted?: CtaPage): string {
  const file = `${page}.html`;
  const values: Record<string, string> = {
    HEAD: fill(template("partials/head.html"), { SITE_CONFIG: scriptJson(siteConfig(page, req, post, hosted)) }),
    HEADER: template("partials/header.html"),
    FOOTER: template("partials/footer.html"),
    BODY_CLASS: bodyClasses(page, req, post, hosted),
    // The front page embeds Beckon with the generic snippet; the other pages rely on the site's loader.
    BECKON_SNIPPET: page === "index" ? req.snippet : "",
  };
  if (page === "index") {
    values.LINK_ACTION_IMAGE = linkActionHash("lightbox", {
      type: "image",
      url: "/demo/assets/schema.png",
      title: "Kursschema hösten 2026",
    });
    values.LINK_ACTION_SLIDESHOW = linkActionHash("lightbox", {
      type: "slideshow",
      slides: [
        { url: "/demo/assets/galleri-1.png", title: "Morgon: behovsanalys" },
        { url: "/demo/assets/galleri-2.png", title: "Lunch: förhandlingsövning" },
        { url: "/demo/assets/galleri-3.png", title: "Eftermiddag: avslut" },
        { url: "/demo/assets/diagram.svg", title: "Resultat" },
      ],
      slide_index: 1,
    });
  }
  if (page === "blogg") {
    const { category, tag } = blogArchive(req.url);
    const shown = POSTS.filter(
      (p) => (!category || p.category.slug === category) && (!tag || p.tags.some((t) => t.slug === tag)),
    );
    values.POST_CARDS = shown.length ? shown.map(postCard).join("\n") : `          <p>Inga inlägg här ännu.</p>`;
  }
  if (page === "inlagg" && post) {
    values.POST_ID = String(post.id);
    values.POST_TITLE = esc(post.title);
    values.POST_META = `<a href="/demo/sv/blogg?kategori=${esc(post.category.slug)}" rel="category tag">${esc(post.category.name)}</a> · <time datetime="${post.date}">${esc(post.date)}</time> · ${post.tags
      .map((t) => `<a href="/demo/sv/blogg?tagg=${esc(t.slug)}" rel="tag">${esc(t.name)}</a>`)
      .join(", ")}`;
    values.POST_BODY = post.body.map((p) => `        <p>${esc(p)}</p>`).join("\n");
    values.POST_CTA = inlineCtaSpot(`ebook-${post.ebook}`, req.inlineCtas);
  }
  if (page === "utbildningar") {
    const { filters, page: loopPage } = parseLoopQuery(req.url.search, COURSE_LOOP_ID);
    values.LOOP_FILTERS = renderLoopFilters(filters);
    values.LOOP = renderCourseLoopWidget(filters, loopPage, req.url);
  }
  if (page === "landningssida" && hosted) {
    values.PAGE_TITLE = esc(hosted.title);
    values.PAGE_CTA = inlineCtaSpot(hosted.area, req.inlineCtas);
  }
  if (page === "404") values.PATH = esc(req.url.pathname);
  if (page === "utbildningar" || page === "kontakt") {
    values.FORM_ACTION = CONTACT_URL;
    values.REMOTE_EMAIL = REMOTE_EMAIL_URL;
  }
  return fill(template(file), values);
}
