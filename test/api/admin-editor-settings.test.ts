/**
 * The admin's settings page over HTTP against the built server and a seeded
 * database (every field shown, validation errors in words, every group
 * stored), and the rules every admin page keeps: refused without a session,
 * security headers, 404 for the other owner's website (nothing read, nothing
 * changed), the CSRF token and origin, and the Shopify pages with Shopify on.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "#test/support/server";
import { loadCtaDocument } from "#app/models/cta.server";
import { getBroadcast } from "#app/models/broadcast.server";
import {
  A,
  B,
  broadcastOfB,
  csrfOf,
  ctaOfA,
  ctaOfB,
  get,
  origin,
  post,
  STORE,
  submit,
  SV,
  t,
  text,
  withEditorServer,
} from "./admin-editor-harness";

withEditorServer();

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
