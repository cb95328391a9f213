/**
 * Beckon's own product pages, where the "Powered by Beckon" link of every
 * CTA leads (SPEC 2: /popups, /sticky-bars or /landing-pages by CTA type,
 * with UTM parameters). Short static pages about each kind of CTA, served
 * by the Beckon server itself so the link never ends on a 404, in the
 * reader's language: `?lang=` (the page's own switch), else the browser's
 * Accept-Language, else English.
 */
import { fromAcceptLanguage } from "#app/i18n";
import { isLanguage, LANGUAGE_NAMES, LANGUAGES, type Language } from "#contract/i18n";

export type ProductPageKind = "popups" | "sticky-bars" | "landing-pages";

interface ProductPage {
  title: string;
  lead: string;
  points: [string, string][];
}

const PAGES_EN: Record<ProductPageKind, ProductPage> = {
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

const PAGES_SV: Record<ProductPageKind, ProductPage> = {
  popups: {
    title: "Popupar som frågar i rätt ögonblick",
    lead: "Popupar i ruta och helskärm, inglidande rutor och inbäddade formulär som samlar in e-postadresser, svar och beställningar utan att stå i vägen för besökaren.",
    points: [
      [
        "Utlösare",
        "Visa direkt, efter en stund, vid ett visst scrolldjup, när besökaren är på väg att lämna eller när din sida anropar beckon.trigger().",
      ],
      [
        "Målgrupper",
        "Välj sidor, kategorier, länder, återkommande besökare, varukorgens värde eller medlemmar i en e-postlista; visa aldrig en popup två gånger för den som har stängt den.",
      ],
      [
        "Formulär som konverterar",
        "Formulär i flera steg, quiz och enkäter som fångar felstavade adresser och engångsadresser och skickar kontakten direkt till ditt e-postverktyg.",
      ],
      [
        "Lätt för sidan",
        "Laddaren är några få kilobyte och blockerar aldrig sidans visning; resten laddas bara när en popup kan visas.",
      ],
    ],
  },
  "sticky-bars": {
    title: "Fasta listar för budskap som syns hela tiden",
    lead: "En smal list överst eller nederst på varje sida: kampanjnyheter, nedräkning till en deadline, en knapp för anmälan eller ett e-postformulär på en rad.",
    points: [
      [
        "Nedräkningar",
        "Räkna ner till en bestämd tidpunkt, till en tid på dagen i besökarens tidszon eller under en viss tid efter första visningen.",
      ],
      [
        "Ur vägen",
        "Listar överst skjuter ner sidan i stället för att täcka ditt sidhuvud; besökare kan stänga dem och de förblir stängda så många dagar du väljer.",
      ],
      ["Schemalagda", "Kör en list bara under kampanjperioden och på de sidor kampanjen handlar om."],
      ["Mätbara", "Visningar, klick och anmälningar per list och per variant, med A/B-tester när du vill."],
    ],
  },
  "landing-pages": {
    title: "Landningssidor utan sidbyggare",
    lead: "Hela sidor för en e-bok, en webbinarieanmälan eller en offertförfrågan, byggda av samma block som alla Beckon-formulär och placerade på valfri sida på din webbplats.",
    points: [
      [
        "Var som helst",
        "Lägg snippetens platshållare på en sida på din webbplats så fyller landningssidan den, i ditt varumärkes färger och typsnitt.",
      ],
      [
        "Leads, inte bara klick",
        "Fält för namn, företag, roll och samtycke, och kontakten läggs till på rätt lista i ditt e-postverktyg.",
      ],
      [
        "Uppföljning inbyggd",
        "Ett tackmeddelande, en vidarebefordran eller nästa steg i ett längre formulär, valt efter besökarens svar.",
      ],
      [
        "Fungerar överallt",
        "Shopify-butiker, WordPress-webbplatser och alla andra webbplatser som kan ta en script-tagg.",
      ],
    ],
  },
};

const PAGES: Record<Language, Record<ProductPageKind, ProductPage>> = { en: PAGES_EN, sv: PAGES_SV };

/** The words around each page's own text. */
const FRAME: Record<
  Language,
  { nav: Record<ProductPageKind, string>; navLabel: string; langLabel: string; signIn: string; footer: string }
> = {
  en: {
    nav: { popups: "Popups", "sticky-bars": "Sticky bars", "landing-pages": "Landing pages" },
    navLabel: "Products",
    langLabel: "Language",
    signIn: "Sign in and create your first CTA",
    footer:
      "Beckon: lead capture and calls to action for Shopify stores and any other website. You came here from a site that uses it.",
  },
  sv: {
    nav: { popups: "Popupar", "sticky-bars": "Fasta listar", "landing-pages": "Landningssidor" },
    navLabel: "Produkter",
    langLabel: "Språk",
    signIn: "Logga in och skapa din första CTA",
    footer:
      "Beckon: leadinsamling och uppmaningar till handling för Shopify-butiker och alla andra webbplatser. Du kom hit från en webbplats som använder det.",
  },
};

const KINDS: ProductPageKind[] = ["popups", "sticky-bars", "landing-pages"];

/** The language of a product page's request: `?lang=` when it names one Beckon speaks, else Accept-Language, else English. */
export function productPageLanguage(request: Request): Language {
  let asked: string | null = null;
  try {
    asked = new URL(request.url).searchParams.get("lang");
  } catch {
    /* no usable address: the header decides */
  }
  return isLanguage(asked) ? asked : (fromAcceptLanguage(request.headers.get("Accept-Language")) ?? "en");
}

const esc = (s: string) => s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);

/** The HTML of one product page in one language. */
export function productPageHtml(kind: ProductPageKind, lang: Language = "en"): string {
  const page = PAGES[lang][kind];
  const frame = FRAME[lang];
  // The page's own links keep its language, whatever the browser asks for.
  const query = `?lang=${lang}`;
  const nav = KINDS.map((k) =>
    k === kind ? `<strong>${frame.nav[k]}</strong>` : `<a href="/${k}${query}">${frame.nav[k]}</a>`,
  ).join(" · ");
  const languages = LANGUAGES.map((other) =>
    other === lang
      ? `<strong>${LANGUAGE_NAMES[other]}</strong>`
      : `<a href="/${kind}?lang=${other}" hreflang="${other}" lang="${other}">${LANGUAGE_NAMES[other]}</a>`,
  ).join(" · ");
  const points = page.points.map(([h, p]) => `<li><h2>${esc(h)}</h2><p>${esc(p)}</p></li>`).join("\n      ");
  return `<!doctype html>
<html lang="${lang}">
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
    <a class="brand" href="/${kind}${query}">Beckon</a>
    <nav aria-label="${frame.navLabel}">${nav}</nav>
    <nav aria-label="${frame.langLabel}">${languages}</nav>
  </header>
  <main>
    <h1>${esc(page.title)}</h1>
    <p class="lead">${esc(page.lead)}</p>
    <ul>
      ${points}
    </ul>
    <p><a class="cta" href="/owner/login">${esc(frame.signIn)}</a></p>
  </main>
  <footer>
    <p>${esc(frame.footer)}</p>
  </footer>
</body>
</html>
`;
}

/** The answer for a product page: static, cacheable (per language), no scripts allowed. */
export function productPageResponse(kind: ProductPageKind, request: Request): Response {
  const lang = productPageLanguage(request);
  return new Response(productPageHtml(kind, lang), {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Language": lang,
      "Cache-Control": "public, max-age=3600",
      // Without ?lang= the answer depends on the browser's languages.
      Vary: "Accept-Language",
      "Content-Security-Policy":
        "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    },
  });
}
