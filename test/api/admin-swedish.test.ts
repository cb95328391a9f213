/**
 * The admin in Swedish over HTTP against the built server: with the owner's
 * language cookie, or only Accept-Language: sv, the translated pages show the
 * Swedish catalogue's texts and none of the English ones that differ.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestDatabase } from "#test/support/test-database";
import type { TestServer } from "#test/support/server";
import { newTestDatabase, stopServerAndDrop } from "#test/support/served-database";
import { startShopifyAppServer } from "./shopify-harness";
import { cookiePair, csrfOf, postForm } from "#test/support/http";
import { seededSvOwnerCookie } from "#test/support/owner-session";
import { en } from "#app/i18n/en";
import { sv as svTexts } from "#app/i18n/sv";
import { loadCtaDocument } from "#app/models/cta.server";

let t: TestDatabase;
let server: TestServer;
let origin: string;
let sv: number;
let cookie: string;

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${origin}${path}`, { redirect: "manual", headers });
/** The visible text of a page: scripts, styles, tags and React's empty comments removed, entities decoded. */
async function text(res: Response): Promise<string> {
  const html = await res.text();
  return html
    .replace(/<script[\s\S]*?<\/script>|<style[\s\S]*?<\/style>/g, " ")
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, "\n")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&");
}
/** English catalogue texts (no placeholders) a page must not show in Swedish, those equal in both languages left out. */
function englishLeft(page: string, keys: string[]): string[] {
  const lines = new Set(page.split("\n").map((l) => l.trim()));
  return keys.filter((k) => {
    const e = en[k as keyof typeof en];
    return e !== svTexts[k as keyof typeof en] && !/\{\w+\}/.test(e) && lines.has(e);
  });
}

beforeAll(async () => {
  t = await newTestDatabase({ seed: true });
  sv = (await t.db.website.findFirstOrThrow({ where: { currency: "SEK" } })).id;
  server = await startShopifyAppServer(
    t.url,
    { apiKey: "test-api-key", apiSecret: "test-api-secret" },
    { BECKON_OUTBOX_WORKER: "0" },
  );
  origin = server.origin;
  cookie = await seededSvOwnerCookie(origin);
});

afterAll(() => stopServerAndDrop(server, t));

describe("the admin in Swedish", () => {
  it("shows the CTA list in Swedish with the language cookie, and no English catalogue text", async () => {
    const res = await get(`/owner/websites/${sv}/ctas`, {
      Cookie: `${cookie}; beckon_lang=sv`,
      "Accept-Language": "en",
    });
    expect(res.status).toBe(200);
    expect(await res.clone().text()).toContain("<title>CTA:er · Beckon</title>");
    const page = await text(res);
    for (const s of [
      "Popupper, listor, formulär i sidan och landningssidor",
      "Ny CTA",
      "Åtgärder",
      "Kampanjer",
      "Kontakter",
    ])
      expect(page).toContain(s);
    const keys = Object.keys(en).filter((k) => /^(ctas|nav|header)\./.test(k));
    expect(englishLeft(page, keys)).toEqual([]);
  });

  it("shows the new-CTA page (the gallery and the from-scratch form) in Swedish", async () => {
    const res = await get(`/owner/websites/${sv}/ctas/new`, {
      Cookie: `${cookie}; beckon_lang=sv`,
      "Accept-Language": "en",
    });
    expect(res.status).toBe(200);
    expect(await res.clone().text()).toContain("<title>Ny CTA · CTA:er · Beckon</title>");
    const page = await text(res);
    for (const s of ["Mallar", "Använd mallen", "Bygg en från grunden", "Skapa CTA", "Utgå från"])
      expect(page).toContain(s);
    const keys = Object.keys(en).filter((k) => /^(ctas|templates|nav|header)\./.test(k));
    expect(englishLeft(page, keys)).toEqual([]);
  });

  it("shows the contacts and campaigns pages in Swedish from Accept-Language alone", async () => {
    await t.db.person.create({
      data: {
        websiteId: sv,
        visitorToken: "sv-format-check",
        personType: "Contact",
        email: "anna@example.se",
        marketingConsent: true,
        contactSince: new Date("2026-01-05T14:03:00Z"),
        extra: {},
        data: {},
      },
    });
    const contactsRes = await get(`/owner/websites/${sv}/contacts`, {
      Cookie: cookie,
      "Accept-Language": "sv-SE,sv;q=0.9,en;q=0.5",
    });
    const contactsHtml = await contactsRes.clone().text();
    // The browser tab says it in Swedish too.
    expect(contactsHtml).toMatch(/<title>Kontakter · [^<]+ · Beckon<\/title>/);
    const contacts = await text(contactsRes);
    for (const s of ["Sök kontakter", "Använd filter", "Kontakt sedan"]) expect(contacts).toContain(s);
    expect(
      englishLeft(
        contacts,
        Object.keys(en).filter((k) => k.startsWith("contacts.")),
      ),
    ).toEqual([]);
    // Dates the Swedish way, consents in Swedish words.
    expect(contacts).toContain("5 jan. 2026 14:03 UTC");
    expect(contacts).not.toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
    expect(contacts).toContain("marknadsföring: ja");
    const campaigns = await text(
      await get(`/owner/websites/${sv}/broadcasts`, { Cookie: cookie, "Accept-Language": "sv" }),
    );
    for (const s of ["Ny kampanj", "Villkor för hela webbplatsen", "Spara villkoren för hela webbplatsen"])
      expect(campaigns).toContain(s);
    expect(
      englishLeft(
        campaigns,
        Object.keys(en).filter((k) => k.startsWith("campaigns.")),
      ),
    ).toEqual([]);
    // The seeded blog campaign's plain-language summary reads in Swedish too.
    expect(campaigns).toContain(
      "Visas för besökare vars sida ligger i kategorin blogg eller vars sidadress innehåller /blogg",
    );
    expect(campaigns).not.toMatch(/Shown to|whose page|They see/);
  });

  it("confirms owner actions in Swedish: publishing a CTA and saving the site-wide conditions", async () => {
    const headers = { Cookie: cookie, "Accept-Language": "sv" };
    const csrf = csrfOf(await (await get(`/owner/websites/${sv}/ctas`, headers)).text());
    const cta = await t.db.cta.findFirstOrThrow({ where: { websiteId: sv, status: "published" } });
    const published = await text(
      await postForm(origin, `/owner/websites/${sv}/ctas`, { intent: "publish", id: String(cta.id), csrf }, headers),
    );
    expect(published).toContain(svTexts["actionMessage.ctaPublished"].replace("{name}", cta.name));
    expect(published).not.toContain("is published.");
    const saved = await text(
      await postForm(
        origin,
        `/owner/websites/${sv}/broadcasts`,
        { intent: "site-conditions", conditions: "[]", csrf },
        headers,
      ),
    );
    expect(saved).toContain(svTexts["actionMessage.siteConditionsSaved"]);
    const refused = await text(
      await postForm(
        origin,
        `/owner/websites/${sv}/broadcasts`,
        { intent: "site-conditions", conditions: "{}", csrf },
        headers,
      ),
    );
    expect(refused).toContain(svTexts["actionMessage.conditionsAsList"]);
  });

  it("refuses a broken CTA and a winner without a variant in Swedish, field by field", async () => {
    const headers = { Cookie: `${cookie}; beckon_lang=sv` };
    const csrf = csrfOf(await (await get(`/owner/websites/${sv}/ctas`, headers)).text());
    const cta = await t.db.cta.findFirstOrThrow({ where: { websiteId: sv, ctaType: "overlay" } });
    const doc = (await loadCtaDocument(t.db, sv, cta.id))!;
    const bad = structuredClone(doc);
    bad.name = "";
    bad.variants[0].percentage = 60;
    const res = await postForm(
      origin,
      `/owner/websites/${sv}/ctas/${cta.id}`,
      { intent: "save", document: JSON.stringify(bad), csrf },
      headers,
    );
    expect(res.status).toBe(422);
    const page = await text(res);
    for (const s of [
      "Rätta de 2 problemen som är markerade nedan.",
      "Ge CTA:n ett namn",
      "Varianternas procent måste bli 100 tillsammans (nu 60)",
    ])
      expect(page).toContain(s);
    for (const s of ["Fix the 2 problems", "Give the CTA a name", "Variant percentages"]) expect(page).not.toContain(s);
    expect(JSON.stringify(await loadCtaDocument(t.db, sv, cta.id))).toBe(JSON.stringify(doc));
    const notJson = await postForm(
      origin,
      `/owner/websites/${sv}/ctas/${cta.id}`,
      { intent: "save", document: "{nej", csrf },
      headers,
    );
    expect(notJson.status).toBe(400);
    expect(await text(notJson)).toContain(svTexts["validation.ctaNotJson"]);

    const noWinner = await postForm(
      origin,
      `/owner/websites/${sv}/results`,
      { intent: "winner", ctaId: String(cta.id), csrf },
      headers,
    );
    expect(noWinner.status).toBe(400);
    expect(await text(noWinner)).toContain(svTexts["validation.chooseWinner"]);
    // An English API client still gets SPEC's English words.
    const english = await postForm(
      origin,
      `/owner/websites/${sv}/ctas/${cta.id}`,
      { intent: "save", document: JSON.stringify(bad), csrf },
      { Cookie: `${cookie}; beckon_lang=en` },
    );
    expect(await text(english)).toContain("Give the CTA a name");
  });

  it("answers the product search's refusals in Swedish", async () => {
    const headers = { Cookie: `${cookie}; beckon_lang=sv` };
    const csrf = csrfOf(await (await get(`/owner/websites/${sv}/ctas`, headers)).text());
    const tooLong = await postForm(
      origin,
      `/owner/websites/${sv}/products/search`,
      { q: "x".repeat(101), csrf },
      headers,
    );
    expect(tooLong.status).toBe(400);
    expect(((await tooLong.json()) as { error: { message: string } }).error.message).toBe("Sök med högst 100 tecken");
    // The Swedish site is not a Shopify store.
    const notStore = await postForm(origin, `/owner/websites/${sv}/products/search`, { q: "kurs", csrf }, headers);
    expect(notStore.status).toBe(409);
    expect(((await notStore.json()) as { error: { message: string } }).error.message).toBe(
      svTexts["productSearch.notStore"],
    );
  });

  it("answers a failed sign-in in Swedish", async () => {
    const form = await get("/owner/login", { "Accept-Language": "sv" });
    const csrfCookie = cookiePair(form, "beckon_csrf");
    const formHtml = await form.text();
    expect(formHtml).toContain("<title>Logga in · Beckon</title>");
    const csrf = csrfOf(formHtml);
    const headers = { Cookie: csrfCookie, "Accept-Language": "sv-SE,sv;q=0.9" };
    const wrong = await postForm(
      origin,
      "/owner/login",
      { email: "agare@saljakademin.se", password: "fel-lösenord", csrf },
      headers,
    );
    expect(wrong.status).toBe(401);
    const wrongPage = await text(wrong);
    expect(wrongPage).toContain(svTexts["login.errorWrong"]);
    expect(wrongPage).not.toContain(en["login.errorWrong"]);
    const empty = await postForm(origin, "/owner/login", { email: "", password: "", csrf }, headers);
    expect(empty.status).toBe(400);
    expect(await text(empty)).toContain("Fyll i din e-postadress och ditt lösenord.");
  });

  it("shows the websites, the lists and tags per CTA, and the error page in Swedish", async () => {
    const headers = { Cookie: `${cookie}; beckon_lang=sv` };
    const websites = await text(await get("/owner", headers));
    for (const s of ["Dina webbplatser", "Kontakter"]) expect(websites).toContain(s);
    expect(websites).not.toContain("Your websites");
    const integrations = await text(await get(`/owner/websites/${sv}/integrations`, headers));
    for (const s of ["Listor och taggar per CTA", "Lägg till", "Åtgärd"]) expect(integrations).toContain(s);
    // The seeded e-book forms subscribe their leads to a list: the sentence is Swedish too.
    expect(integrations).toMatch(/Prenumerera på .+ i .+/);
    expect(
      englishLeft(
        integrations,
        Object.keys(en).filter((k) => k.startsWith("integrations.")),
      ),
    ).toEqual([]);
    // Settings: the install card, the business types and the consent fields speak Swedish too.
    const settings = await text(await get(`/owner/websites/${sv}/settings`, headers));
    for (const s of [
      "Klistra in koden precis före",
      svTexts["settingsInstall.smsConsent"],
      svTexts["settingsInstall.business.services"],
    ])
      expect(settings).toContain(s);
    expect(
      englishLeft(
        settings,
        Object.keys(en).filter((k) => k.startsWith("settingsInstall.") || k.startsWith("settings.")),
      ),
    ).toEqual([]);
    expect(settings).not.toContain("Paste this snippet");
    const missing = await get(`/owner/websites/${sv}/ctas/999999`, headers);
    expect(missing.status).toBe(404);
    const missingPage = await text(missing);
    for (const s of [svTexts["errorPage.notFoundTitle"], svTexts["errorPage.ownerNotFound"]])
      expect(missingPage).toContain(s);
    expect(missingPage).not.toContain(en["errorPage.ownerNotFound"]);
  });

  it("formats the results page's period the Swedish way (numbers: test/unit/app/components/results/results-format.test.ts)", async () => {
    const sw = await text(await get(`/owner/websites/${sv}/results`, { Cookie: `${cookie}; beckon_lang=sv` }));
    // "28 okt. – 25 nov. 2026 (UTC)": day before month, no comma before the year.
    expect(sw).toMatch(/\d{1,2} [a-zåäö]{3,4}\.? – \d{1,2} [a-zåäö]{3,4}\.? \d{4} \(UTC\)/);
    const english = await text(await get(`/owner/websites/${sv}/results`, { Cookie: `${cookie}; beckon_lang=en` }));
    expect(english).toMatch(/[A-Z][a-z]{2} \d{1,2} – [A-Z][a-z]{2} \d{1,2}, \d{4} \(UTC\)/);
  });

  it("shows a seeded CTA's editor in Swedish: its variants, steps, sections, action groups and selects", async () => {
    const cta = await t.db.cta.findFirstOrThrow({ where: { websiteId: sv, ctaType: "overlay" } });
    const res = await get(`/owner/websites/${sv}/ctas/${cta.id}`, {
      Cookie: `${cookie}; beckon_lang=sv`,
      "Accept-Language": "en",
    });
    expect(res.status).toBe(200);
    const page = await text(res);
    const keys = Object.keys(en).filter((k) => k.startsWith("editorUi."));
    expect(englishLeft(page, keys)).toEqual([]);
    const shown = [
      "addVariant",
      "stepName",
      "addSection",
      "addColumn",
      "addElement",
      "addGroup",
      "stepScript",
      "desktop",
      "restart",
    ].map((k) => svTexts[`editorUi.${k}` as keyof typeof en]);
    for (const s of [...shown, "Sektion 1", "Formulär", "Ta bort"]) expect(page).toContain(s);
    for (const s of ["Add variant", "Step name", "Add section", "Section 1", "Add element", "Add action group"])
      expect(page).not.toContain(s);
    // Where its leads go: Beckon's own lists are named in Swedish too.
    const ebook = await t.db.cta.findFirstOrThrow({ where: { websiteId: sv, name: { startsWith: "E-bok" } } });
    const leads = await text(
      await get(`/owner/websites/${sv}/ctas/${ebook.id}`, { Cookie: `${cookie}; beckon_lang=sv` }),
    );
    expect(leads).toContain(`${svTexts["integrations.builtinName"]}: `);
    expect(leads).not.toContain("Beckon lists");
  });

  it("keeps English for an English browser", async () => {
    const page = await text(await get(`/owner/websites/${sv}/ctas`, { Cookie: cookie, "Accept-Language": "en-GB" }));
    expect(page).toContain("Popups, bars, inline forms and landing pages");
    expect(page).not.toContain("Skapa CTA");
  });
});
