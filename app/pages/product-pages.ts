/**
 * Beckon's own product pages, where the "Powered by Beckon" link of every
 * CTA leads (SPEC 2: /popups, /sticky-bars or /landing-pages by CTA type,
 * with UTM parameters). Short static pages about each kind of CTA, served
 * by the Beckon server itself so the link never ends on a 404.
 */

export type ProductPageKind = "popups" | "sticky-bars" | "landing-pages";

interface ProductPage {
  title: string;
  lead: string;
  points: [string, string][];
}

const PAGES: Record<ProductPageKind, ProductPage> = {
  popups: {
    title: "Popups that ask at the right moment",
    lead: "Boxed and full-screen popups, slide-in hooks and inline forms that collect e-mail addresses, answers and orders without getting in the visitor's way.",
    points: [
      [
        "Triggers",
        "Show on arrival, after a delay, at a scroll depth, on exit intent, or when your page calls beckon.trigger().",
      ],
      [
        "Targeting",
        "Pick pages, categories, countries, returning visitors, cart values or mailing-list members; never show a popup twice to someone who closed it.",
      ],
      [
        "Forms that convert",
        "Multi-step forms, quizzes and surveys with checks for mistyped and disposable e-mail addresses, sent straight to your e-mail tool.",
      ],
      [
        "Light on the page",
        "The loader is a few kilobytes and never blocks rendering; the renderer loads only when a popup may show.",
      ],
    ],
  },
  "sticky-bars": {
    title: "Sticky bars for announcements that stay in view",
    lead: "A slim bar at the top or bottom of every page: campaign news, a countdown to a deadline, a button to sign up, or a one-line e-mail form.",
    points: [
      [
        "Countdowns",
        "Count down to a fixed moment, to a time of day in the visitor's time zone, or for a set time after the first view.",
      ],
      [
        "Out of the way",
        "Top bars push the page down rather than covering your header; visitors can close them and they stay closed for as many days as you choose.",
      ],
      ["Scheduled", "Run a bar for a campaign period only, and on the pages the campaign is about."],
      ["Measured", "Views, clicks and sign-ups per bar and per variant, with A/B tests when you want them."],
    ],
  },
  "landing-pages": {
    title: "Landing pages without a page builder",
    lead: "Whole pages for an e-book, a webinar sign-up or a request for a quote, built from the same blocks as every Beckon form and placed on any page of your site.",
    points: [
      [
        "Placed anywhere",
        "Put the snippet's placeholder on a page of your site and the landing page fills it, styled with your brand's colours and fonts.",
      ],
      [
        "Leads, not just clicks",
        "Name, company, role and consent fields, with the contact added to the right list in your e-mail tool.",
      ],
      [
        "Follow-up built in",
        "A thank-you message, a redirect, or the next step of a longer form, chosen by the visitor's answers.",
      ],
      ["Works everywhere", "Shopify stores, WordPress sites and any other site that can hold a script tag."],
    ],
  },
};

const NAV: [ProductPageKind, string][] = [
  ["popups", "Popups"],
  ["sticky-bars", "Sticky bars"],
  ["landing-pages", "Landing pages"],
];

const esc = (s: string) => s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);

/** The HTML of one product page. */
export function productPageHtml(kind: ProductPageKind): string {
  const page = PAGES[kind];
  const nav = NAV.map(([k, label]) => (k === kind ? `<strong>${label}</strong>` : `<a href="/${k}">${label}</a>`)).join(
    " · ",
  );
  const points = page.points.map(([h, p]) => `<li><h2>${esc(h)}</h2><p>${esc(p)}</p></li>`).join("\n      ");
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${esc(page.title)} – Beckon</title>
  <style>
    body{margin:0;font:16px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d2530;background:#f7f8fa}
    header,main,footer{max-width:860px;margin:0 auto;padding:24px}
    header{display:flex;justify-content:space-between;align-items:center;flex-wrap:wrap;gap:12px}
    header a,footer a{color:#0b5cad}
    .brand{font-weight:700;font-size:20px;color:#1d2530;text-decoration:none}
    h1{font-size:34px;line-height:1.2;margin:16px 0}
    .lead{font-size:19px;color:#3b4654}
    ul{list-style:none;padding:0;display:grid;grid-template-columns:repeat(auto-fit,minmax(240px,1fr));gap:16px}
    li{background:#fff;border-radius:8px;padding:16px 20px;box-shadow:0 1px 3px rgba(0,0,0,.08)}
    li h2{font-size:17px;margin:0 0 6px}
    li p{margin:0;color:#3b4654}
    .cta{display:inline-block;background:#0b5cad;color:#fff;text-decoration:none;padding:12px 20px;border-radius:6px;font-weight:600}
    footer{color:#5d6773;font-size:14px}
  </style>
</head>
<body>
  <header>
    <a class="brand" href="/${kind}">Beckon</a>
    <nav aria-label="Products">${nav}</nav>
  </header>
  <main>
    <h1>${esc(page.title)}</h1>
    <p class="lead">${esc(page.lead)}</p>
    <ul>
      ${points}
    </ul>
    <p><a class="cta" href="/owner/login">Sign in and create your first CTA</a></p>
  </main>
  <footer>
    <p>Beckon: lead capture and calls to action for Shopify stores and any other website. You came here from a site that uses it.</p>
  </footer>
</body>
</html>
`;
}

/** The answer for a product page: static, cacheable, no scripts allowed. */
export function productPageResponse(kind: ProductPageKind): Response {
  return new Response(productPageHtml(kind), {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
      "Content-Security-Policy":
        "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    },
  });
}
