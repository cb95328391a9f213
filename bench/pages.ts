/**
 * The pages the page-cost benchmark loads, served by a tiny static server of
 * the harness on an origin of its own, as a merchant's site would be: each
 * bench page (the demo store page, demo/store.html with the seeded
 * catalogue; a long article, article-page.ts) without any widget, with
 * Beckon's snippet, and with a peer SDK.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { demoProductsHtml } from "#demo/store/server/demo-products";
import { ARTICLE_FILES, articlePage } from "./article-page";
import { ROOT } from "./lib";
import { serveLocally } from "#test/support/local-http";

/** One way of loading the page: its HTML snippet, the files it needs, and how to tell its CTA is visible. */
export interface Subject {
  name: string;
  /** HTML put where the demo page has {{BECKON_SNIPPET}} (empty for the bare page). */
  snippet: string;
  /** Extra files the static server serves under /s/{subject}/ (path → body and type). */
  files?: Record<string, { body: string | Buffer; type: string }>;
  /**
   * Whether a function of the CPU profile is the subject's: by its script's
   * URL, or by name for the function of its inline snippet.
   */
  ownsScript(url: string, functionName: string): boolean;
  /** The name of its inline snippet's function: the page's functions on that line are the subject's too. */
  snippetFunction?: string;
  /**
   * Source of a function expression run in the page on every animation
   * frame: returns true once the CTA is visible.
   */
  visibleCheck: string | null;
}

/** A page of a given shape that every subject is loaded on. */
export interface BenchPage {
  name: string;
  /** The page's HTML with a subject's snippet in it. */
  html(snippet: string): string;
  /** Files the page loads (images), served beside it. */
  files?: Record<string, { body: string | Buffer; type: string }>;
}

export interface PageServer {
  origin: string;
  url(subject: Subject, page: BenchPage): string;
  close(): Promise<void>;
}

/** The demo store page with a snippet in place of {{BECKON_SNIPPET}}. */
export function storePage(snippet: string): string {
  const template = readFileSync(path.join(ROOT, "demo", "store.html"), "utf8");
  return template.replace("{{BECKON_SNIPPET}}", () => snippet).replace("{{PRODUCTS}}", () => demoProductsHtml());
}

/** The demo store page: short, a product grid above the fold. */
export const STORE_PAGE: BenchPage = { name: "store", html: storePage };

/** A long article with images, comments and a sticky header with a scroll-progress bar. */
export const ARTICLE_PAGE: BenchPage = { name: "article", html: articlePage, files: ARTICLE_FILES };

export const BENCH_PAGES: BenchPage[] = [STORE_PAGE, ARTICLE_PAGE];

/** Serves every subject on every bench page at /{page}/{subject}/, with the page's and the subject's files beside it. */
export async function servePages(subjects: Subject[], benchPages: BenchPage[] = BENCH_PAGES): Promise<PageServer> {
  const pages = new Map<string, { body: string | Buffer; type: string }>();
  for (const page of benchPages) {
    for (const s of subjects) {
      const dir = `/${page.name}/${s.name}/`;
      pages.set(dir, { body: page.html(s.snippet), type: "text/html; charset=utf-8" });
      for (const [file, content] of Object.entries({ ...page.files, ...s.files })) pages.set(`${dir}${file}`, content);
    }
  }
  const server = await serveLocally((req, res) => {
    const found = pages.get((req.url ?? "/").split("?")[0]);
    if (!found) {
      res.writeHead(404, { "Content-Type": "text/plain" }).end("Not found");
      return;
    }
    res.writeHead(200, { "Content-Type": found.type, "Cache-Control": "no-store" }).end(found.body);
  });
  return { origin: server.origin, url: (s, page) => `${server.origin}/${page.name}/${s.name}/`, close: server.close };
}

/**
 * Source of a function expression: whether an element is on screen and seen,
 * counting its ancestors' opacity across shadow roots, so a CTA still fading
 * in from opacity 0 is not visible yet. Both subjects' checks use it.
 */
export const SEEN = `(el) => {
  const b = el.getBoundingClientRect();
  if (!(b.width > 0 && b.height > 0)) return false;
  for (let n = el; n; n = n.parentElement || (n.getRootNode && n.getRootNode().host) || null) {
    const cs = getComputedStyle(n);
    if (cs.visibility === "hidden" || cs.display === "none" || Number(cs.opacity) <= 0) return false;
  }
  return true;
}`;

/** The bare page: the baseline every figure is compared with. */
export const bareSubject: Subject = { name: "none", snippet: "", ownsScript: () => false, visibleCheck: null };
