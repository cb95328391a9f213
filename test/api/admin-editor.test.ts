/**
 * The admin's settings, CTA and campaign pages over HTTP, against the built
 * server and a freshly seeded database (website 1: Säljakademin, owner
 * agare@saljakademin.se; website 2: the demo store, owner
 * owner@beckon-demo.test). Each route: refused without a session, 404 for
 * the other owner's website (nothing read, nothing changed), validation
 * errors shown in words, and the happy path stored.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../support/test-database";
import { startTestServer, type TestServer } from "../support/server";
import { seedIfEmpty } from "../../prisma/seed";
import { loadCtaDocument } from "~/models/cta.server";
import { getBroadcast, listSiteConditions } from "~/models/broadcast.server";
import { postForm } from "../support/http";

let t: TestDatabase;
let server: TestServer;
let origin: string;
let A: string; // cookie of the owner of website 1
let B: string; // cookie of the owner of website 2
let ctaOfA: number;
let ctaOfB: number;
let broadcastOfB: number;

const SV = 1;
const STORE = 2;
const PASSWORD = "beckon-demo-2026";

function cookiePair(res: Response, name: string): string {
  const line = res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
  if (!line) throw new Error(`no ${name} cookie`);
  return line.split(";")[0];
}

function csrfOf(html: string): string {
  const m = /name="csrf" value="([^"]+)"/.exec(html);
  if (!m) throw new Error("no csrf field on the page");
  return m[1];
}

async function get(path: string, cookie?: string): Promise<Response> {
  return fetch(`${origin}${path}`, { redirect: "manual", headers: cookie ? { Cookie: cookie } : {} });
}

const post = (path: string, fields: Record<string, string>, cookie?: string, headers: Record<string, string> = {}) =>
  postForm(origin, path, fields, { ...(cookie ? { Cookie: cookie } : {}), ...headers });

async function signIn(email: string): Promise<string> {
  const page = await get("/owner/login");
  const csrf = csrfOf(await page.text());
  const res = await post("/owner/login", { email, password: PASSWORD, csrf }, cookiePair(page, "beckon_csrf"));
  expect(res.status).toBe(302);
  return cookiePair(res, "beckon_owner");
}

/** Posts an admin form as the signed-in owner, with the session's CSRF token. */
async function submit(path: string, cookie: string, fields: Record<string, string>): Promise<Response> {
  const csrf = csrfOf(await (await get("/owner", cookie)).text());
  return post(path, { ...fields, csrf }, cookie);
}

/** Decodes the few HTML entities React writes, so texts can be compared as written. */
const text = async (res: Response) =>
  (await res.text())
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&");

beforeAll(async () => {
  t = await createTestDatabase();
  await seedIfEmpty(t.db);
  server = await startTestServer({ databaseUrl: t.url, env: { SESSION_SECRET: "x".repeat(32) } });
  origin = server.origin;
  A = await signIn("agare@saljakademin.se");
  B = await signIn("owner@beckon-demo.test");
  ctaOfA = (await t.db.cta.findFirstOrThrow({ where: { websiteId: SV, ctaType: "overlay" } })).id;
  ctaOfB = (await t.db.cta.findFirstOrThrow({ where: { websiteId: STORE } })).id;
  broadcastOfB = (await t.db.broadcast.findFirstOrThrow({ where: { websiteId: STORE } })).id;
});

afterAll(async () => {
  await server?.stop();
  await t?.drop();
});

const pages = () => [
  `/owner/websites/${SV}/settings`,
  `/owner/websites/${SV}/ctas`,
  `/owner/websites/${SV}/ctas/${ctaOfA}`,
  `/owner/websites/${SV}/ctas/${ctaOfA}/preview`,
  `/owner/websites/${SV}/broadcasts`,
  `/owner/websites/${SV}/broadcasts/new`,
];

describe("without a session", () => {
  it("every page redirects to the login page and remembers where to come back", async () => {
    for (const path of pages()) {
      const res = await get(path);
      expect(res.status, path).toBe(302);
      expect(res.headers.get("location"), path).toBe(`/owner/login?redirectTo=${encodeURIComponent(path)}`);
    }
  });

  it("every action is refused and changes nothing, even with a forged cookie", async () => {
    const before = await t.db.website.findUniqueOrThrow({ where: { id: SV } });
    for (const cookie of [undefined, "beckon_owner=forged-token-forged-token-forged-token"]) {
      expect((await post(`/owner/websites/${SV}/settings`, { name: "Hacked", csrf: "x" }, cookie)).status).toBe(302);
      expect(
        (await post(`/owner/websites/${SV}/ctas`, { intent: "archive", id: String(ctaOfA), csrf: "x" }, cookie)).status,
      ).toBe(302);
      expect(
        (await post(`/owner/websites/${SV}/broadcasts/new`, { intent: "save", broadcast: "{}", csrf: "x" }, cookie))
          .status,
      ).toBe(302);
    }
    expect((await t.db.website.findUniqueOrThrow({ where: { id: SV } })).name).toBe(before.name);
    expect((await t.db.cta.findUniqueOrThrow({ where: { id: ctaOfA } })).status).toBe("published");
  });

  it("the data endpoints leak nothing", async () => {
    const res = await get(`/owner/websites/${SV}/settings.data`);
    expect(await res.text()).not.toContain("Säljakademin");
  });

  it("the Shopify pages answer 503 while Shopify is off", async () => {
    for (const path of ["/app/settings", "/app/ctas", "/app/ctas/1", "/app/broadcasts", "/app/broadcasts/1"]) {
      expect((await get(path)).status, path).toBe(503);
    }
  });
});

describe("security headers of admin pages", () => {
  /** The nonce a script-src directive allows, or null. */
  const nonceIn = (csp: string) => /script-src [^;]*'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)?.[1] ?? null;

  it("allow inline scripts by a fresh nonce only, which every inline script of the page carries", async () => {
    const pages = await Promise.all([get("/owner/login"), get("/owner/login"), get(`/owner/websites/${SV}/ctas`, A)]);
    const nonces: string[] = [];
    for (const res of pages) {
      expect(res.status).toBe(200);
      const csp = res.headers.get("content-security-policy")!;
      const scriptSrc = csp.split("; ").find((d) => d.startsWith("script-src "))!;
      expect(scriptSrc).not.toContain("'unsafe-inline'");
      expect(scriptSrc).not.toContain("'unsafe-eval'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("frame-ancestors 'self'");
      const nonce = nonceIn(csp)!;
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      nonces.push(nonce);
      const html = await res.text();
      const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)]
        .map((m) => m[1])
        .filter((attrs) => !/type="application\/json"/.test(attrs));
      expect(inline.length).toBeGreaterThan(0);
      for (const attrs of inline) expect(attrs).toContain(`nonce="${nonce}"`);
      // One value (owner pages deny framing altogether); two would void the header.
      expect(res.headers.get("x-frame-options")).toMatch(/^(SAMEORIGIN|DENY)$/);
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(res.headers.get("permissions-policy")).toContain("camera=()");
    }
    expect(new Set(nonces).size).toBe(3);
  });

  it("the stand-alone CTA preview's boot script carries its nonce", async () => {
    const draft = await t.db.cta.findFirstOrThrow({ where: { websiteId: SV } });
    const res = await get(`/owner/websites/${SV}/ctas/${draft.id}/preview`, A);
    expect(res.status).toBe(200);
    const nonce = nonceIn(res.headers.get("content-security-policy")!);
    expect(nonce).not.toBeNull();
    expect(await res.text()).toContain(`<script type="module" nonce="${nonce}">`);
  });
});

describe("one owner never reads or changes another owner's website", () => {
  it("answers 404 for the other website's pages, unknown ids and bad ids", async () => {
    const foreign = [
      `/owner/websites/${STORE}/settings`,
      `/owner/websites/${STORE}/ctas`,
      `/owner/websites/${STORE}/ctas/${ctaOfB}`,
      `/owner/websites/${STORE}/ctas/${ctaOfB}/preview`,
      `/owner/websites/${STORE}/broadcasts`,
      `/owner/websites/${STORE}/broadcasts/${broadcastOfB}`,
      // The other website's CTA and campaign under one's own website.
      `/owner/websites/${SV}/ctas/${ctaOfB}`,
      `/owner/websites/${SV}/ctas/${ctaOfB}/preview`,
      `/owner/websites/${SV}/broadcasts/${broadcastOfB}`,
      `/owner/websites/999999/settings`,
      `/owner/websites/abc/ctas`,
      `/owner/websites/${SV}/ctas/abc`,
    ];
    const storeName = (await t.db.website.findUniqueOrThrow({ where: { id: STORE } })).name;
    for (const path of foreign) {
      const res = await get(path, A);
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).not.toContain(storeName);
    }
  });

  it("refuses the other website's forms with 404 and changes nothing", async () => {
    const store = await t.db.website.findUniqueOrThrow({ where: { id: STORE } });
    const ctaB = await loadCtaDocument(t.db, STORE, ctaOfB);
    const ctas = await t.db.cta.count();
    const attempts: [string, Record<string, string>][] = [
      [`/owner/websites/${STORE}/settings`, { name: "Taken over", currency: "EUR" }],
      [`/owner/websites/${STORE}/ctas`, { intent: "archive", id: String(ctaOfB) }],
      [`/owner/websites/${SV}/ctas`, { intent: "archive", id: String(ctaOfB) }],
      [`/owner/websites/${SV}/ctas`, { intent: "duplicate", id: String(ctaOfB) }],
      [`/owner/websites/${SV}/ctas`, { intent: "publish", id: String(ctaOfB) }],
      [
        `/owner/websites/${SV}/ctas/${ctaOfB}`,
        { intent: "save", document: JSON.stringify({ ...ctaB, name: "Taken over" }) },
      ],
      [`/owner/websites/${STORE}/broadcasts/${broadcastOfB}`, { intent: "delete" }],
      [`/owner/websites/${SV}/broadcasts/${broadcastOfB}`, { intent: "delete" }],
      [`/owner/websites/${SV}/broadcasts`, { intent: "pause", id: String(broadcastOfB) }],
    ];
    for (const [path, fields] of attempts) {
      const res = await submit(path, A, fields);
      expect(res.status, `${path} ${fields.intent ?? ""}`).toBe(404);
    }
    expect(await t.db.website.findUniqueOrThrow({ where: { id: STORE } })).toEqual(store);
    expect(await loadCtaDocument(t.db, STORE, ctaOfB)).toEqual(ctaB);
    expect(await t.db.cta.count()).toBe(ctas);
    expect(await getBroadcast(t.db, STORE, broadcastOfB)).not.toBeNull();
  });

  it("refuses documents that point into the other website (ids, campaigns, CTAs)", async () => {
    const mine = (await loadCtaDocument(t.db, SV, ctaOfA))!;
    const theirs = (await loadCtaDocument(t.db, STORE, ctaOfB))!;
    const before = JSON.stringify(mine);
    // Their variant smuggled into my CTA.
    const stolenVariant = { ...mine, variants: [theirs.variants[0]] };
    const res1 = await submit(`/owner/websites/${SV}/ctas/${ctaOfA}`, A, {
      intent: "save",
      document: JSON.stringify(stolenVariant),
    });
    expect(res1.status).toBe(422);
    expect(await text(res1)).toContain("is not part of this CTA");
    const res2 = await submit(`/owner/websites/${SV}/ctas/${ctaOfA}`, A, {
      intent: "save",
      document: JSON.stringify({ ...mine, broadcast_id: broadcastOfB }),
    });
    expect(res2.status).toBe(422);
    expect(await text(res2)).toContain(`No broadcast ${broadcastOfB} on this website`);
    const res3 = await submit(`/owner/websites/${SV}/broadcasts/new`, A, {
      intent: "save",
      broadcast: JSON.stringify({ name: "Steal", conditions: [], cta_ids: [ctaOfB] }),
    });
    expect(res3.status).toBe(422);
    expect(await text(res3)).toContain(`No CTA ${ctaOfB} on this website`);
    expect(JSON.stringify(await loadCtaDocument(t.db, SV, ctaOfA))).toBe(before);
    expect((await t.db.cta.findUniqueOrThrow({ where: { id: ctaOfB } })).broadcastId).toBe(theirs.broadcast_id ?? null);
    expect(await t.db.broadcast.count({ where: { name: "Steal" } })).toBe(0);
  });

  it("owner B sees only the store", async () => {
    expect((await get(`/owner/websites/${STORE}/ctas`, B)).status).toBe(200);
    expect((await get(`/owner/websites/${SV}/ctas`, B)).status).toBe(404);
  });
});

describe("forms need the session's CSRF token and our own origin", () => {
  it("refuses a post without the token, with a wrong one, or from another site", async () => {
    const path = `/owner/websites/${SV}/settings`;
    expect((await post(path, { name: "No token" }, A)).status).toBe(403);
    expect((await post(path, { name: "Wrong token", csrf: "nope" }, A)).status).toBe(403);
    const csrf = csrfOf(await (await get("/owner", A)).text());
    const foreign = await post(path, { name: "Foreign", csrf }, A, {
      Origin: origin.replace("127.0.0.1", "localhost"),
    });
    expect([403, 500]).toContain(foreign.status);
    expect((await t.db.website.findUniqueOrThrow({ where: { id: SV } })).name).toBe("Säljakademin");
  });
});

describe("settings", () => {
  it("shows every field, the embed snippet and the navigation", async () => {
    const res = await get(`/owner/websites/${SV}/settings`, A);
    expect(res.status).toBe(200);
    const html = await text(res);
    for (const name of [
      "name",
      "currency",
      "currency_character",
      "default_country",
      "business_type",
      "privacy_message",
      "privacy_link",
      "privacy_link_text",
      "terms_link",
      "terms_link_text",
      "marketing_consent",
      "sms_consent",
      "brand",
      "brand_colors.key",
      "brand_style.key",
      "powered_by",
      "data_settings.contact-processing",
      "data_settings.cart-value-threshold",
      "segment_write_key",
      "gtm_id",
      "url_identification",
      "form_tracking",
    ]) {
      expect(html, name).toContain(`name="${name}"`);
    }
    expect(html).toContain(`/api/websites/${SV}.js`);
    expect(html).toContain('value="500"');
    for (const link of ["settings", "ctas", "broadcasts", "contacts", "results", "integrations"])
      expect(html).toContain(`href="/owner/websites/${SV}/${link}"`);
  });

  it("shows validation errors next to their fields and stores nothing", async () => {
    const res = await submit(`/owner/websites/${SV}/settings`, A, {
      intent: "save",
      currency: "kronor",
      gtm_id: "UA-1",
      "brand_colors.key": "primary",
      "brand_colors.value": "blue",
      "data_settings.cart-value-threshold": "500",
    });
    expect(res.status).toBe(422);
    const html = await text(res);
    expect(html).toContain("A three-letter ISO currency code, e.g. SEK");
    expect(html).toContain("Looks like GTM-XXXXXXX");
    expect(html).toContain("Use a hex colour like #1a2b3c");
    expect((await t.db.website.findUniqueOrThrow({ where: { id: SV } })).currency).toBe("SEK");
  });

  it("stores every group of settings", async () => {
    const res = await submit(`/owner/websites/${SV}/settings`, A, {
      intent: "save",
      name: "Säljakademin",
      currency: "eur",
      currency_character: "€",
      default_country: "fi",
      business_type: "saas",
      privacy_link: "https://saljakademin.se/integritet",
      terms_link: "",
      sms_consent: "SMS ok",
      brand: "SA",
      "brand_colors.key": "primary",
      "brand_colors.value": "#123456",
      "brand_style.key": "border-radius",
      "brand_style.value": "8",
      powered_by: "false",
      "data_settings.contact-processing": "false",
      "data_settings.cart-value-threshold": "750",
      "data_settings.currency": "",
      "data_settings.extra.key": "google-analytics-id",
      "data_settings.extra.value": "G-42",
      segment_write_key: "abc123",
      gtm_id: "gtm-xyz9",
      url_identification: "false",
      form_tracking: "true",
    });
    expect(res.status).toBe(200);
    expect(await text(res)).toContain("Settings saved.");
    const w = await t.db.website.findUniqueOrThrow({ where: { id: SV } });
    expect(w).toMatchObject({
      currency: "EUR",
      currencyCharacter: "€",
      defaultCountry: "FI",
      businessType: "saas",
      privacyLink: "https://saljakademin.se/integritet",
      termsLink: null,
      smsConsent: "SMS ok",
      brand: "SA",
      poweredBy: false,
      urlIdentification: false,
      formTracking: true,
      segmentWriteKey: "abc123",
      gtmId: "GTM-XYZ9",
    });
    expect(w.brandColors).toEqual({ primary: "#123456" });
    expect(w.brandStyle).toEqual({ "border-radius": 8 });
    expect(w.dataSettings).toEqual({
      "contact-processing": false,
      "cart-value-threshold": 750,
      "google-analytics-id": "G-42",
    });
    // The marketing consent text was not in the form: it is kept.
    expect(w.marketingConsent).toMatch(/^Ja, jag vill/);
  });
});

describe("CTAs", () => {
  it("lists the website's CTAs with their status and actions", async () => {
    const res = await get(`/owner/websites/${SV}/ctas`, A);
    expect(res.status).toBe(200);
    const html = await text(res);
    expect(html).toContain("Exitpopup – E-bok Säljteknik");
    expect(html).toContain(`href="/owner/websites/${SV}/ctas/${ctaOfA}"`);
    expect(html).not.toContain((await t.db.cta.findUniqueOrThrow({ where: { id: ctaOfB } })).name);
  });

  it("creates a draft of every type and subtype", async () => {
    for (const [cta_type, subtype] of [
      ["overlay", "splash"],
      ["bar", "bottom"],
      ["inline", "sidebar"],
      ["page", ""],
      ["hook", "vertical"],
      ["two-tap", ""],
    ]) {
      const res = await submit(`/owner/websites/${SV}/ctas`, A, {
        intent: "create",
        name: `New ${cta_type}`,
        cta_type,
        subtype,
        template: "form",
      });
      expect(res.status, cta_type).toBe(302);
      const id = Number(/\/ctas\/(\d+)$/.exec(res.headers.get("location")!)![1]);
      const doc = (await loadCtaDocument(t.db, SV, id))!;
      expect(doc).toMatchObject({ name: `New ${cta_type}`, cta_type, status: "draft", published_at: null });
      if (subtype) expect(Object.values(doc)).toContain(subtype);
      const editor = await get(res.headers.get("location")!, A);
      expect(editor.status).toBe(200);
    }
  });

  it("creates a draft from a gallery template in the website's language, named as the owner asks", async () => {
    const create = async (name: string) => {
      const res = await submit(`/owner/websites/${SV}/ctas`, A, {
        intent: "create",
        name,
        template: "exit-popup",
        from_gallery: "1",
      });
      expect(res.status).toBe(302);
      return (await loadCtaDocument(t.db, SV, Number(/\/ctas\/(\d+)$/.exec(res.headers.get("location")!)![1])))!;
    };
    const swedish = await create("");
    expect(swedish).toMatchObject({
      name: "Exitpopup: gratis guide",
      cta_type: "overlay",
      overlay_type: "boxed",
      status: "draft",
      broadcast_id: null,
      options: { trigger: "exit" },
    });
    expect(JSON.stringify(swedish.variants)).toContain("Vänta! Ta med dig vår gratis guide");
    const { language } = await t.db.website.findUniqueOrThrow({ where: { id: SV } });
    await t.db.website.update({ where: { id: SV }, data: { language: "en" } });
    try {
      const english = await create("My exit popup");
      expect(english.name).toBe("My exit popup");
      expect(JSON.stringify(english.variants)).toContain("Wait! Take our free guide with you");
    } finally {
      await t.db.website.update({ where: { id: SV }, data: { language } });
    }
  });

  it("says what is missing when a CTA cannot be created", async () => {
    const res = await submit(`/owner/websites/${SV}/ctas`, A, {
      intent: "create",
      name: "",
      cta_type: "overlay",
      subtype: "boxed",
    });
    expect(res.status).toBe(422);
    expect(await text(res)).toContain("Give the CTA a name");
    const bad = await submit(`/owner/websites/${SV}/ctas`, A, { intent: "create", name: "x", cta_type: "modal" });
    expect(bad.status).toBe(422);
    expect(await text(bad)).toContain("Choose a CTA type");
  });

  it("duplicates, publishes, unpublishes and archives", async () => {
    const dup = await submit(`/owner/websites/${SV}/ctas`, A, { intent: "duplicate", id: String(ctaOfA) });
    expect(dup.status).toBe(302);
    const copyId = Number(/\/ctas\/(\d+)$/.exec(dup.headers.get("location")!)![1]);
    const copy = (await loadCtaDocument(t.db, SV, copyId))!;
    expect(copy.name).toBe("Exitpopup – E-bok Säljteknik (copy)");
    expect(copy.status).toBe("draft");

    const pub = await submit(`/owner/websites/${SV}/ctas`, A, { intent: "publish", id: String(copyId) });
    expect(pub.status).toBe(200);
    expect(await text(pub)).toContain("is published");
    const published = await t.db.cta.findUniqueOrThrow({ where: { id: copyId } });
    expect(published.status).toBe("published");
    expect(published.publishedAt).not.toBeNull();

    expect((await submit(`/owner/websites/${SV}/ctas`, A, { intent: "draft", id: String(copyId) })).status).toBe(200);
    expect((await t.db.cta.findUniqueOrThrow({ where: { id: copyId } })).status).toBe("draft");
    expect((await submit(`/owner/websites/${SV}/ctas`, A, { intent: "archive", id: String(copyId) })).status).toBe(200);
    expect((await t.db.cta.findUniqueOrThrow({ where: { id: copyId } })).status).toBe("archived");
  });

  it("the editor shows the whole document, the preview and the pickers", async () => {
    const res = await get(`/owner/websites/${SV}/ctas/${ctaOfA}`, A);
    expect(res.status).toBe(200);
    const html = await text(res);
    expect(html).toContain("Exitpopup – E-bok Säljteknik");
    expect(html).toContain("Variant A share of visitors");
    expect(html).toContain('sandbox="allow-scripts allow-forms allow-popups"');
    expect(html).toContain("Exit popup – alla sidor utom kassan");
  });

  it("shows the server's validation errors by path and stores nothing", async () => {
    const doc = (await loadCtaDocument(t.db, SV, ctaOfA))!;
    const bad = structuredClone(doc);
    bad.variants.push({
      ...structuredClone(doc.variants[0]),
      id: undefined,
      variation: "B",
      percentage: 30,
      steps: [],
    });
    bad.variants[0].percentage = 60;
    bad.variants[0].steps[0].sections[0].columns[0].elements[2].fields[0].slug = "bad slug!";
    const res = await submit(`/owner/websites/${SV}/ctas/${ctaOfA}`, A, {
      intent: "save",
      document: JSON.stringify(bad),
    });
    expect(res.status).toBe(422);
    const html = await text(res);
    expect(html).toContain("Variant percentages must add up to 100 (now 90)");
    expect(html).toContain("Use letters, digits, _ - or . (at most 100)");
    expect(JSON.stringify(await loadCtaDocument(t.db, SV, ctaOfA))).toBe(JSON.stringify(doc));

    const notJson = await submit(`/owner/websites/${SV}/ctas/${ctaOfA}`, A, { intent: "save", document: "{nope" });
    expect(notJson.status).toBe(400);
    expect(await text(notJson)).toContain("The CTA document is not valid JSON");
  });

  it("saves an edited document of a published CTA as a draft; publishing it refreshes published_at", async () => {
    const doc = (await loadCtaDocument(t.db, SV, ctaOfA))!;
    const before = doc.published_at!;
    const edited = structuredClone(doc);
    edited.name = "Exitpopup – ny rubrik";
    edited.options = { ...edited.options, trigger: "delayed", delay: 5 };
    edited.variants[0].steps[0].sections[0].columns[0].elements.push({
      position: 3,
      element_type: "button",
      options: { text: "Läs mer", url: "/bocker" },
      fields: [],
      action_groups: [],
      actions: [],
    } as never);
    await new Promise((r) => setTimeout(r, 5));
    const res = await submit(`/owner/websites/${SV}/ctas/${ctaOfA}`, A, {
      intent: "save",
      document: JSON.stringify({ ...edited, id: 999999 }),
    });
    expect(res.status).toBe(200);
    // Saving a published CTA keeps the edit as a draft: the rows visitors are served stay as they were.
    expect(await text(res)).toContain("visitors still see the published version");
    expect(JSON.stringify(await loadCtaDocument(t.db, SV, ctaOfA))).toBe(JSON.stringify(doc));
    const published = await submit(`/owner/websites/${SV}/ctas/${ctaOfA}`, A, {
      intent: "publish",
      document: JSON.stringify({ ...edited, id: 999999 }),
    });
    expect(published.status).toBe(200);
    const stored = (await loadCtaDocument(t.db, SV, ctaOfA))!;
    expect(stored.name).toBe("Exitpopup – ny rubrik");
    expect(stored.options).toMatchObject({ trigger: "delayed", delay: 5 });
    expect(stored.variants[0].steps[0].sections[0].columns[0].elements.map((e) => e.element_type)).toContain("button");
    expect(Date.parse(stored.published_at!)).toBeGreaterThan(Date.parse(before));
  });

  it("adds a variant B with a 50/50 split and publishes with the save", async () => {
    const res0 = await submit(`/owner/websites/${SV}/ctas`, A, {
      intent: "create",
      name: "Split test",
      cta_type: "overlay",
      subtype: "boxed",
    });
    const id = Number(/\/ctas\/(\d+)$/.exec(res0.headers.get("location")!)![1]);
    const doc = (await loadCtaDocument(t.db, SV, id))!;
    const b = JSON.parse(JSON.stringify(doc.variants[0]), (k, v) => (k === "id" ? undefined : v));
    const split = {
      ...doc,
      test_type: "split",
      variants: [
        { ...doc.variants[0], percentage: 50 },
        { ...b, variation: "B", percentage: 50 },
      ],
    };
    const res = await submit(`/owner/websites/${SV}/ctas/${id}`, A, {
      intent: "publish",
      document: JSON.stringify(split),
    });
    expect(res.status).toBe(200);
    const stored = (await loadCtaDocument(t.db, SV, id))!;
    expect(stored.status).toBe("published");
    expect(stored.published_at).not.toBeNull();
    expect(stored.variants.map((v) => [v.variation, v.percentage])).toEqual([
      ["A", 50],
      ["B", 50],
    ]);
  });

  it("serves the preview page of a draft to its owner only, sandboxed", async () => {
    const draft = await t.db.cta.findFirstOrThrow({ where: { websiteId: SV, status: "draft" } });
    const variant = await t.db.ctaVariant.findFirstOrThrow({ where: { ctaId: draft.id } });
    const res = await get(`/owner/websites/${SV}/ctas/${draft.id}/preview?iframe=true&variant=${variant.id}`, A);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    expect(res.headers.get("content-security-policy")).toContain("sandbox allow-scripts");
    expect(res.headers.get("cache-control")).toContain("no-store");
    const html = await res.text();
    expect(html).toContain("/widget/beckon-renderer.js?v=");
    expect(html).toContain(`"variant":"${variant.id}"`);
    expect(html).toContain(JSON.stringify(draft.name).slice(1, -1));
    expect((await get(`/owner/websites/${SV}/ctas/${draft.id}/preview`)).status).toBe(302);
    expect((await get(`/owner/websites/${SV}/ctas/${draft.id}/preview`, B)).status).toBe(404);
  });
});

describe("campaigns", () => {
  it("lists campaigns with their plain-language summary and the site-wide conditions", async () => {
    const res = await get(`/owner/websites/${SV}/broadcasts`, A);
    expect(res.status).toBe(200);
    const html = await text(res);
    expect(html).toContain("Shown to visitors whose page is in category blogg or whose page URL contains /blogg");
    expect(html).toContain("Site-wide conditions");
    expect(html).toContain("/wp-admin");
  });

  it("shows validation errors of a campaign", async () => {
    const res = await submit(`/owner/websites/${SV}/broadcasts/new`, A, {
      intent: "save",
      broadcast: JSON.stringify({
        name: "",
        timeframe: true,
        timezone: "Mars/Olympus",
        conditions: [{ condition_type: "url", url: "", operator: "and", data: {} }],
        cta_ids: [],
      }),
    });
    expect(res.status).toBe(422);
    const html = await text(res);
    expect(html).toContain("Give the broadcast a name");
    expect(html).toContain("Unknown time zone; use a name like Europe/Stockholm");
    const res2 = await submit(`/owner/websites/${SV}/broadcasts/new`, A, {
      intent: "save",
      broadcast: JSON.stringify({
        name: "Timed",
        timeframe: true,
        timezone: "Europe/Stockholm",
        conditions: [],
        cta_ids: [],
      }),
    });
    expect(res2.status).toBe(422);
    expect(await text(res2)).toContain("A timed broadcast needs a start and an end");
    const res3 = await submit(`/owner/websites/${SV}/broadcasts/new`, A, {
      intent: "save",
      broadcast: JSON.stringify({
        name: "No url",
        conditions: [{ condition_type: "url", operator: "and", data: { match: "contains" } }],
        cta_ids: [],
      }),
    });
    expect(res3.status).toBe(422);
    expect(await text(res3)).toContain("A url condition needs url");
    expect(await t.db.broadcast.count({ where: { name: { in: ["", "Timed", "No url"] } } })).toBe(0);
  });

  it("creates a timed campaign with and/or conditions and attaches CTAs", async () => {
    const draft = await t.db.cta.findFirstOrThrow({ where: { websiteId: SV, name: "New hook" } });
    const res = await submit(`/owner/websites/${SV}/broadcasts/new`, A, {
      intent: "save",
      broadcast: JSON.stringify({
        name: "Julkampanj",
        status: true,
        quick: false,
        timezone: "Europe/Stockholm",
        timeframe: true,
        range_start: "2026-11-30T23:00:00.000Z",
        range_end: "2026-12-31T22:59:00.000Z",
        conditions: [
          { condition_type: "url", url: "/blogg", operator: "and", data: { match: "contains" } },
          { condition_type: "category", tag_id: "blogg", operator: "or", data: {} },
          { condition_type: "visits", count: 2, operator: "and", data: { scope: "session", comparison: "greater" } },
        ],
        cta_ids: [draft.id],
      }),
    });
    expect(res.status).toBe(302);
    const location = res.headers.get("location")!;
    const id = Number(/\/broadcasts\/(\d+)\?saved=1$/.exec(location)![1]);
    const b = (await getBroadcast(t.db, SV, id))!;
    expect(b).toMatchObject({ name: "Julkampanj", timezone: "Europe/Stockholm", timeframe: true, cta_ids: [draft.id] });
    expect(b.conditions.map((c) => [c.condition_type, c.operator])).toEqual([
      ["url", "and"],
      ["category", "or"],
      ["visits", "and"],
    ]);
    const page = await get(location, A);
    expect(page.status).toBe(200);
    const html = await text(page);
    expect(html).toContain("Campaign created.");
    expect(html).toContain(
      "Shown to visitors whose page URL contains /blogg, or whose page is in category blogg and with more than 2 pages viewed this session, between 1 Dec 2026 and 31 Dec 2026 (Europe/Stockholm).",
    );

    // Moving the CTA out again and pausing the campaign.
    const update = await submit(`/owner/websites/${SV}/broadcasts/${id}`, A, {
      intent: "save",
      broadcast: JSON.stringify({ ...b, name: "Julkampanj 2", status: false, cta_ids: [] }),
    });
    expect(update.status).toBe(200);
    expect(await text(update)).toContain("Campaign saved.");
    expect(await getBroadcast(t.db, SV, id)).toMatchObject({ name: "Julkampanj 2", status: false, cta_ids: [] });
    expect((await t.db.cta.findUniqueOrThrow({ where: { id: draft.id } })).broadcastId).toBeNull();

    const resume = await submit(`/owner/websites/${SV}/broadcasts`, A, { intent: "resume", id: String(id) });
    expect(resume.status).toBe(200);
    expect((await getBroadcast(t.db, SV, id))!.status).toBe(true);

    const del = await submit(`/owner/websites/${SV}/broadcasts/${id}`, A, { intent: "delete" });
    expect(del.status).toBe(302);
    expect(del.headers.get("location")).toBe(`/owner/websites/${SV}/broadcasts`);
    expect(await getBroadcast(t.db, SV, id)).toBeNull();
  });

  it("saves site-wide conditions and refuses bad ones", async () => {
    const bad = await submit(`/owner/websites/${SV}/broadcasts`, A, {
      intent: "site-conditions",
      conditions: JSON.stringify([
        { condition_type: "cta", cta_id: ctaOfB, condition_cta: "viewed", operator: "and", data: {} },
      ]),
    });
    expect(bad.status).toBe(422);
    expect(await text(bad)).toContain(`No CTA ${ctaOfB} on this website`);
    const ok = await submit(`/owner/websites/${SV}/broadcasts`, A, {
      intent: "site-conditions",
      conditions: JSON.stringify([
        { condition_type: "url", url: "/wp-admin", operator: "and", data: { match: "not_contains" } },
        { condition_type: "country", country: "SE", operator: "and", data: {} },
      ]),
    });
    expect(ok.status).toBe(200);
    expect((await listSiteConditions(t.db, SV)).map((c) => c.condition_type)).toEqual(["url", "country"]);
  });

  it("opens the deep links of the widget's test panel", async () => {
    const b = await t.db.broadcast.findFirstOrThrow({ where: { websiteId: SV } });
    expect((await get(`/owner/websites/${SV}/broadcasts/${b.id}`, A)).status).toBe(200);
    expect((await get(`/owner/websites/${SV}/ctas/${ctaOfA}`, A)).status).toBe(200);
  });
});

describe("the Shopify admin pages with Shopify on", () => {
  let shopify: TestServer;
  const env = {
    SESSION_SECRET: "x".repeat(32),
    SHOPIFY_API_KEY: "test-api-key",
    SHOPIFY_API_SECRET: "test-api-secret",
    SHOPIFY_APP_URL: "https://beckon.example",
    SCOPES: "read_themes,write_products",
  };

  beforeAll(async () => {
    shopify = await startTestServer({ databaseUrl: t.url, env });
  });

  afterAll(async () => {
    await shopify?.stop();
  });

  it("refuse every page and action without a valid session token, and change nothing", async () => {
    const paths = [
      "/app/settings",
      "/app/ctas",
      `/app/ctas/${ctaOfB}`,
      `/app/ctas/${ctaOfB}/preview`,
      "/app/broadcasts",
      `/app/broadcasts/${broadcastOfB}`,
    ];
    const shopName = (await t.db.website.findUniqueOrThrow({ where: { id: STORE } })).name;
    for (const path of paths) {
      // Without a session token: sent to log in (302) or told the session is gone (401/410).
      const doc = await fetch(`${shopify.origin}${path}`, { redirect: "manual" });
      expect([302, 401, 410], path).toContain(doc.status);
      expect(await doc.text(), path).not.toContain(shopName);
      const forged = await fetch(`${shopify.origin}${path}?shop=beckon-demo.myshopify.com`, {
        redirect: "manual",
        headers: { Authorization: "Bearer not-a-session-token" },
      });
      expect([401, 410], path).toContain(forged.status);
      const action = await fetch(`${shopify.origin}${path}?shop=beckon-demo.myshopify.com`, {
        method: "POST",
        redirect: "manual",
        headers: { Authorization: "Bearer not-a-session-token", "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "archive", id: String(ctaOfB), name: "Taken over" }).toString(),
      });
      expect([401, 405, 410], path).toContain(action.status);
    }
    expect((await t.db.cta.findUniqueOrThrow({ where: { id: ctaOfB } })).status).not.toBe("archived");
    expect((await t.db.website.findUniqueOrThrow({ where: { id: STORE } })).name).toBe(shopName);
  });
});
