/**
 * The demo without dead ends: starting from /demo/sv and /demo/store, every
 * demo page reachable through links is opened in Chromium with the real
 * widget, its placed CTAs are awaited, and every <a href> of the page and of
 * the CTAs' shadow roots is collected, with the addresses the CTAs' buttons
 * redirect to. Same-origin links are requested and
 * must not answer 4xx/5xx; links to other sites are listed, not fetched.
 * CTAs the site shows by themselves (bars, popups) are triggered on the front
 * page so that their links are collected too. Every seeded CTA of the
 * Swedish site must have been seen, and unknown paths of the site get the
 * site's own 404 page.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { browser, server, svId, tdb, withE2eStack } from "#test/support/e2e-stack";
import {
  ctasOf,
  flagWidgetReady,
  showTriggeredCtas,
  waitForPlacedCtas,
  widgetReady,
  type SeededCta,
} from "#test/support/demo-site";
import { DEMO_STORE_ROOT, demoThemeData, isDemoStorePage } from "#demo/store/server/demo";

let context: BrowserContext;
let svCtas: SeededCta[];
let storeCtas: SeededCta[];

withE2eStack({
  demo: true,
  beforeServer: async () => {
    svCtas = await ctasOf(tdb.db, svId);
    const store = await tdb.db.website.findFirstOrThrow({ where: { shopDomain: { not: null } }, select: { id: true } });
    storeCtas = await ctasOf(tdb.db, store.id);
  },
});

beforeAll(async () => {
  context = await browser.newContext({ locale: "sv-SE", viewport: { width: 1280, height: 800 } });
  await flagWidgetReady(context);
});

afterAll(async () => {
  await context?.close();
});

/** Every link of the document and of every open shadow root in it, resolved. */
function allLinks(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const walk = (root: Document | ShadowRoot) => {
      root.querySelectorAll("a[href]").forEach((a) => found.push((a as HTMLAnchorElement).href));
      root.querySelectorAll("*").forEach((el) => el.shadowRoot && walk(el.shadowRoot));
    };
    walk(document);
    return found;
  });
}

/** The ids of the CTAs rendered on the page (their shadow roots hold the rendered content). */
function renderedCtas(page: Page): Promise<number[]> {
  return page.$$eval("beckon-cta[data-beckon-cta]", (els) =>
    els
      .filter((el) => el.shadowRoot?.querySelector(".bk-root"))
      .map((el) => Number(el.getAttribute("data-beckon-cta"))),
  );
}

/** The addresses a CTA's buttons send the visitor to: redirects are buttons, not <a href>, so they come from its definition. */
async function redirectsOf(ctaId: number): Promise<string[]> {
  const res = await fetch(`${server.origin}/api/cta/${ctaId}.json`);
  expect(res.status, `definition of CTA ${ctaId}`).toBe(200);
  const found: string[] = [];
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === "object")
      for (const [k, x] of Object.entries(v)) {
        if (k === "redirect-url" && typeof x === "string" && x) found.push(x);
        else walk(x);
      }
  };
  walk(await res.json());
  return found;
}

/** Hosts that name this machine: a link to one of them is the demo's own link under another port. */
const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** A demo page rendered in the browser (the rest of the same-origin links are only requested). */
const isDemoPage = (u: URL) => {
  if (!u.pathname.startsWith("/demo/") || u.pathname.startsWith("/demo/assets/")) return false;
  // The demo's mailbox is the demo's own tool, not a page of a host site: requested for its status only.
  if (u.pathname === "/demo/mail") return false;
  // Under the demo store only the theme's pages (front, cart, collections, products) carry the widget; the
  // rest (checkout, the Ajax API) is the storefront stand-in's: requested for its status like any other link.
  const store = DEMO_STORE_ROOT.slice(0, -1);
  return !u.pathname.startsWith(store) || isDemoStorePage(u.pathname.slice(store.length));
};

describe("the demo site's links", () => {
  it(
    "lead to real pages from /demo/sv and /demo/store, and every seeded CTA of both is reachable",
    { timeout: 300_000 },
    async () => {
      const origin = server.origin;
      const queue = ["/demo/sv", "/demo/store"].map((p) => new URL(p, origin).href);
      const visited = new Set<string>(queue);
      /** Same-origin link → the page it was found on. */
      const links = new Map<string, string>();
      const external = new Set<string>();
      const seen = new Set<number>();
      let storeTriggered = false;
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(`${page.url()}: ${e.message}`));

      for (let i = 0; i < queue.length; i++) {
        expect(i, "the crawl should stay small").toBeLessThan(200);
        const url = queue[i];
        const res = await page.goto(url);
        expect(res?.status(), url).toBeLessThan(400);
        await widgetReady(page);
        await waitForPlacedCtas(page, url);
        if (new URL(url).pathname === "/demo/sv") {
          // Show the bars and popups now, to read their links too.
          await showTriggeredCtas(page, svCtas);
        }
        if (new URL(url).pathname.startsWith(`${DEMO_STORE_ROOT}products/`)) {
          // A product page is a page to buy on: its price and its Add to cart.
          expect(await page.locator("[data-product-price] .price-item").first().textContent(), url).toMatch(/\$\d/);
          expect(await page.locator('product-form button[name="add"]').count(), url).toBe(1);
        }
        if (!storeTriggered && new URL(url).pathname.startsWith(`${DEMO_STORE_ROOT}collections/`)) {
          storeTriggered = true;
          await showTriggeredCtas(page, storeCtas);
        }
        const hrefs = await allLinks(page);
        for (const id of await renderedCtas(page)) {
          seen.add(id);
          // A relative redirect is followed from the page the CTA is on.
          for (const to of await redirectsOf(id)) hrefs.push(new URL(to, url).href);
        }
        for (const href of hrefs) {
          const link = new URL(href);
          if (link.protocol !== "http:" && link.protocol !== "https:") continue;
          link.hash = "";
          // The seed's links to the local host (the privacy and terms links) name the demo as `npm start` serves it:
          // the same path on this server is where they lead, so a dead one is caught here too.
          if (link.origin !== origin && LOOPBACK.has(link.hostname)) {
            const local = new URL(link.pathname + link.search, origin);
            if (!links.has(local.href)) links.set(local.href, `${url} as ${link.href}`);
            continue;
          }
          if (link.origin !== origin) {
            external.add(link.href);
            continue;
          }
          if (!links.has(link.href)) links.set(link.href, url);
          if (isDemoPage(link) && !visited.has(link.href)) {
            visited.add(link.href);
            queue.push(link.href);
          }
        }
      }
      await page.close();

      const broken: string[] = [];
      for (const [link, from] of links) {
        if (visited.has(link)) continue; // opened above, status checked there
        const res = await fetch(link, { redirect: "follow" });
        await res.arrayBuffer();
        if (res.status >= 400) broken.push(`${res.status} ${link} (linked from ${from})`);
      }
      console.log(
        `crawled ${queue.length} demo pages, requested ${links.size} same-origin links; external links, not fetched:\n  ${[...external].sort().join("\n  ")}`,
      );
      // One assertion, so that a failure lists every dead end at once.
      const neverShownCtas = [...svCtas, ...storeCtas].filter((c) => !seen.has(c.id)).map((c) => c.id);
      const storePages = queue.filter((u) => new URL(u).pathname.startsWith(DEMO_STORE_ROOT));
      // Every product and collection of the store is reached from its own pages.
      const theme = await demoThemeData();
      const reached = new Set(storePages.map((u) => new URL(u).pathname));
      const unreached = [
        ...theme.products.map((p) => `${DEMO_STORE_ROOT}products/${p.handle}`),
        ...[...theme.collections.keys()].map((c) => `${DEMO_STORE_ROOT}collections/${c}`),
      ].filter((p) => !reached.has(p));
      expect({ broken, neverShownCtas, unreached, errors }).toEqual({
        broken: [],
        neverShownCtas: [],
        unreached: [],
        errors: [],
      });
    },
  );
});

describe("unknown paths of the Swedish site", () => {
  it.each(["/demo/sv/finns-inte", "/demo/sv/blogg/finns-inte", "/demo/sv/a/b/c"])(
    "%s answers 404 with the site's own page",
    async (path) => {
      const res = await fetch(server.origin + path);
      expect(res.status).toBe(404);
      expect(res.headers.get("content-type")).toMatch(/^text\/html/);
      const html = await res.text();
      expect(html).toContain('id="masthead"');
      expect(html).toContain("Sidan finns inte");
      expect(html).toContain('href="/demo/sv"');
    },
  );
});
