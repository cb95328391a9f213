/**
 * The lead pages over HTTP against the built server and a seeded database:
 * contacts (search, filters, detail, CSV and JSON export, delete), results
 * (numbers, A/B verdicts, winners) and integrations (connect, lists, lists
 * and tags per CTA, retries), in the standalone owner admin and in the
 * Shopify admin. Every loader and action refuses a request without a valid
 * session, and one owner never reads or changes another owner's website.
 */
import { createHmac, randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../support/test-database";
import { startTestServer, type TestServer } from "../support/server";
import { seedIfEmpty } from "../../prisma/seed";
import { loadCtaDocument, saveCtaDocument } from "~/models/cta.server";
import { parseCsv } from "~/lib/csv";
import { postForm } from "../support/http";
import { applyToRollups } from "~/models/event-rollups.server";

let t: TestDatabase;
let server: TestServer;
let origin: string;
let sv: number; // Säljakademin (agare@saljakademin.se)
let store: number; // demo store (owner@beckon-demo.test), a Shopify shop
let svCta: number; // newsletter footer
let svCta2: number; // another CTA
let abCta: number; // a CTA given two variants here
let abVariants: { a: number; b: number };
let storeCta: number;
let svList: number; // MailingList row of list 1 on sv
let storeList: number;
let svIntegration: number;
let storeIntegration: number;
let anna: number;
let bertil: number;
let cecilia: number;
let storeLead: number;
let failedJob: number;

const PASSWORD = "beckon-demo-2026";
const SV_OWNER = "agare@saljakademin.se";
const STORE_OWNER = "owner@beckon-demo.test";
const SHOP = "beckon-demo.myshopify.com";
const API_KEY = "test-api-key";
const API_SECRET = "test-api-secret";

// ---------------------------------------------------------------- HTTP helpers

function cookiePair(line: string): string {
  return line.split(";")[0];
}

function hiddenCsrf(html: string): string {
  const m = /name="csrf" value="([^"]+)"/.exec(html);
  if (!m) throw new Error("no csrf field on the page");
  return m[1];
}

/** A page's HTML without the empty comments React puts between adjacent text pieces. */
async function html(res: Response): Promise<string> {
  return (await res.text()).replace(/<!-- -->/g, "");
}

async function get(path: string, cookie?: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${origin}${path}`, {
    redirect: "manual",
    headers: { ...(cookie ? { Cookie: cookie } : {}), ...headers },
  });
}

const post = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  postForm(origin, path, fields, headers);

interface Owner {
  cookie: string;
  csrf: string;
}

async function signIn(email: string): Promise<Owner> {
  const page = await get("/owner/login");
  const csrfCookie = cookiePair(page.headers.getSetCookie().find((c) => c.startsWith("beckon_csrf="))!);
  const res = await post(
    "/owner/login",
    { email, password: PASSWORD, csrf: hiddenCsrf(await page.text()) },
    { Cookie: csrfCookie },
  );
  expect(res.status).toBe(302);
  const cookie = cookiePair(res.headers.getSetCookie().find((c) => c.startsWith("beckon_owner="))!);
  const csrf = hiddenCsrf(await (await get("/owner", cookie)).text());
  return { cookie, csrf };
}

/** Posts an owner form with the session's cookie and CSRF token. */
function ownerPost(owner: Owner, path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return post(path, { csrf: owner.csrf, ...fields }, { Cookie: owner.cookie, ...headers });
}

/** An App Bridge session token (HS256 JWT signed with the app's secret) for a shop. */
function sessionToken(shop: string, secret = API_SECRET): string {
  const now = Math.floor(Date.now() / 1000);
  const enc = (o: object) => Buffer.from(JSON.stringify(o)).toString("base64url");
  const body = `${enc({ alg: "HS256", typ: "JWT" })}.${enc({
    iss: `https://${shop}/admin`,
    dest: `https://${shop}`,
    aud: API_KEY,
    sub: "42",
    exp: now + 60,
    nbf: now - 5,
    iat: now - 5,
    jti: randomUUID(),
    sid: randomUUID(),
  })}`;
  return `${body}.${createHmac("sha256", secret).update(body).digest("base64url")}`;
}

/** Headers of a request from the embedded admin (a browser: the Shopify library answers bots 410). */
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";
const bearer = (shop = SHOP, secret = API_SECRET) => ({
  Authorization: `Bearer ${sessionToken(shop, secret)}`,
  "User-Agent": BROWSER,
});

// ---------------------------------------------------------------- data

let tokenCount = 0;

async function contact(websiteId: number, input: Record<string, unknown> & { email: string }) {
  return t.db.person.create({
    data: {
      websiteId,
      visitorToken: `tok-${++tokenCount}-${randomBytes(6).toString("hex")}`,
      personType: "Contact",
      contactSince: new Date(),
      extra: {},
      data: {},
      ...input,
    },
  });
}

let eventCount = 0;

async function events(
  websiteId: number,
  rows: {
    type: string;
    personId?: number | null;
    token?: string;
    ctaId?: number | null;
    variantId?: number | null;
    revenue?: number | null;
    data?: object;
    at?: Date;
  }[],
) {
  const data = rows.map((r) => ({
    websiteId,
    clientId: `ev-${++eventCount}`,
    eventType: r.type,
    personId: r.personId ?? null,
    visitorToken: r.token ?? `anon-${eventCount}`,
    ctaId: r.ctaId ?? null,
    variantId: r.variantId ?? null,
    revenue: r.revenue ?? null,
    data: r.data ?? {},
    createdAt: r.at ?? new Date(),
  }));
  // Written past ingestion, so the daily rollups the results page reads are kept here, as storeEvents keeps them.
  await t.db.$transaction(async (tx) => {
    await tx.trackedEvent.createMany({ data });
    await applyToRollups(tx, websiteId, data);
  });
}

async function firstVariant(ctaId: number): Promise<number> {
  return (await t.db.ctaVariant.findFirstOrThrow({ where: { ctaId }, orderBy: { position: "asc" } })).id;
}

beforeAll(async () => {
  t = await createTestDatabase();
  await seedIfEmpty(t.db);
  sv = (await t.db.website.findFirstOrThrow({ where: { currency: "SEK" } })).id;
  store = (await t.db.website.findFirstOrThrow({ where: { shopDomain: SHOP } })).id;
  const svCtas = await t.db.cta.findMany({ where: { websiteId: sv }, orderBy: { id: "asc" } });
  svCta = svCtas.find((c) => c.name.startsWith("Nyhetsbrev – sidfot"))!.id;
  svCta2 = svCtas.find((c) => c.name.startsWith("E-bok"))!.id;
  storeCta = (await t.db.cta.findFirstOrThrow({ where: { websiteId: store } })).id;
  svIntegration = (await t.db.integration.findFirstOrThrow({ where: { websiteId: sv, integrationType: "builtin" } }))
    .id;
  storeIntegration = (
    await t.db.integration.findFirstOrThrow({ where: { websiteId: store, integrationType: "builtin" } })
  ).id;
  svList = (await t.db.mailingList.findFirstOrThrow({ where: { websiteId: sv, listId: "1" } })).id;
  storeList = (await t.db.mailingList.findFirstOrThrow({ where: { websiteId: store } })).id;

  // An A/B test: a CTA of Säljakademin with variants A and B, 50/50.
  abCta = svCtas.find((c) => c.name.startsWith("Exitpopup"))!.id;
  const doc = (await loadCtaDocument(t.db, sv, abCta))!;
  await saveCtaDocument(t.db, sv, {
    ...doc,
    variants: [
      { ...doc.variants[0], percentage: 50 },
      {
        variation: "B",
        percentage: 50,
        winner: false,
        options: {},
        steps: [{ position: 0, options: {}, sections: [], action_groups: [] }],
      },
    ],
  });
  const variants = await t.db.ctaVariant.findMany({ where: { ctaId: abCta }, orderBy: { position: "asc" } });
  abVariants = { a: variants[0].id, b: variants[1].id };

  const svVariant = await firstVariant(svCta);
  const day = (n: number) => new Date(Date.now() - n * 24 * 3600 * 1000);
  anna = (
    await contact(sv, {
      email: "anna@exempel.se",
      name: "Anna",
      lastName: "Andersson",
      phone: "+46701234567",
      marketingConsent: true,
      privacyConsent: true,
      extra: { roll: "Säljchef", team_size: 12 },
      contactSince: day(2),
    })
  ).id;
  bertil = (
    await contact(sv, {
      email: "bertil@exempel.se",
      name: '=HYPERLINK("http://evil")',
      marketingConsent: false,
      contactSince: day(10),
    })
  ).id;
  cecilia = (await contact(sv, { email: "cecilia@exempel.se", name: "Cecilia", contactSince: day(40) })).id;
  storeLead = (await contact(store, { email: "secret-store-lead@example.com", name: "Store", marketingConsent: true }))
    .id;

  const annaToken = (await t.db.person.findUniqueOrThrow({ where: { id: anna } })).visitorToken;
  await t.db.contactSubmission.create({
    data: {
      websiteId: sv,
      clientId: "sub-anna",
      personId: anna,
      email: "anna@exempel.se",
      contactableType: "Cta",
      contactableId: svCta,
      ctaId: svCta,
      variantId: svVariant,
      sourceUrl: "https://saljakademin.se/blogg/",
      payload: { email: "anna@exempel.se", marketing_consent: true, extra: { roll: "Säljchef" } },
    },
  });
  await t.db.contactSubmission.create({
    data: {
      websiteId: sv,
      clientId: "sub-bertil",
      personId: bertil,
      ctaId: svCta2,
      payload: { email: "bertil@exempel.se" },
    },
  });
  await t.db.contactSubmission.create({
    data: {
      websiteId: store,
      clientId: "sub-store",
      personId: storeLead,
      ctaId: storeCta,
      payload: { email: "secret-store-lead@example.com" },
    },
  });
  await t.db.mailingListMembership.create({ data: { listId: svList, personId: anna } });
  await t.db.mailingListMembership.create({ data: { listId: storeList, personId: storeLead } });
  await events(sv, [
    { type: "View", personId: anna, token: annaToken, ctaId: svCta, variantId: svVariant, at: day(2) },
    { type: "Submission", personId: anna, token: annaToken, ctaId: svCta, variantId: svVariant, at: day(2) },
    { type: "Order", personId: anna, token: annaToken, revenue: 1990, data: { order_id: "SA-1" }, at: day(1) },
    // Kept only by visitor token (no person id): deleted with Anna too.
    { type: "Visit", personId: null, token: annaToken, at: day(3) },
    { type: "View", personId: bertil, ctaId: svCta, variantId: svVariant, at: day(2) },
  ]);
  await t.db.order.create({ data: { websiteId: sv, personId: anna, orderId: "SA-1", revenue: 1990 } });
  failedJob = (
    await t.db.syncJob.create({
      data: {
        websiteId: sv,
        integrationId: svIntegration,
        personId: anna,
        operation: "subscribe",
        payload: { list_id: "1" },
        idempotencyKey: "anna-1",
        status: "failed",
        attempts: 5,
        lastError: "The list 1 does not exist in the tool",
      },
    })
  ).id;
  await events(store, [
    { type: "View", personId: storeLead, ctaId: storeCta, variantId: await firstVariant(storeCta) },
  ]);

  await t.db.session.create({
    data: {
      id: `offline_${SHOP}`,
      shop: SHOP,
      state: "state",
      isOnline: false,
      scope: "read_products,write_app_proxy",
      accessToken: "shpat_test",
    },
  });

  server = await startTestServer({
    databaseUrl: t.url,
    env: {
      SESSION_SECRET: randomBytes(32).toString("hex"),
      SHOPIFY_API_KEY: API_KEY,
      SHOPIFY_API_SECRET: API_SECRET,
      SHOPIFY_APP_URL: "http://127.0.0.1",
      SCOPES: "read_products,write_app_proxy",
      // The retry tests read a job back as pending: the outbox worker, polling every 2 s, could send it and mark it failed first.
      BECKON_OUTBOX_WORKER: "0",
    },
  });
  origin = server.origin;
});

afterAll(async () => {
  await server?.stop();
  await t?.drop();
});

const ownerPaths = (site: number, personId: number) => [
  `/owner/websites/${site}/contacts`,
  `/owner/websites/${site}/contacts?q=anna`,
  `/owner/websites/${site}/contacts/export`,
  `/owner/websites/${site}/contacts/${personId}`,
  `/owner/websites/${site}/contacts/${personId}/export`,
  `/owner/websites/${site}/results`,
  `/owner/websites/${site}/integrations`,
];

describe("without a valid owner session", () => {
  it("every page and download redirects to the login page, and data URLs leak nothing", async () => {
    for (const path of ownerPaths(sv, anna)) {
      const res = await get(path);
      expect(res.status, path).toBe(302);
      expect(res.headers.get("location"), path).toMatch(/^\/owner\/login\?redirectTo=/);
      const forged = await get(path, `beckon_owner=${randomBytes(32).toString("base64url")}`);
      expect(forged.status, path).toBe(302);
    }
    const data = await get(`/owner/websites/${sv}/contacts/${anna}.data`);
    expect(await data.text()).not.toContain("anna@exempel.se");
  });

  it("every action is refused and changes nothing", async () => {
    const attempts: [string, Record<string, string>][] = [
      [`/owner/websites/${sv}/contacts/${anna}`, { intent: "delete", confirm: "yes" }],
      [`/owner/websites/${sv}/results`, { intent: "winner", ctaId: String(abCta), variantId: String(abVariants.b) }],
      [`/owner/websites/${sv}/integrations`, { intent: "remove-list", listRowId: String(svList) }],
      [`/owner/websites/${sv}/integrations`, { intent: "connect", type: "klaviyo", apiKey: "pk_x" }],
    ];
    for (const [path, fields] of attempts) {
      const res = await post(path, fields);
      expect(res.status, path).toBe(302);
      expect(res.headers.get("location")).toMatch(/^\/owner\/login/);
    }
    expect(await t.db.person.count({ where: { id: anna } })).toBe(1);
    expect((await t.db.ctaVariant.findUniqueOrThrow({ where: { id: abVariants.b } })).winner).toBe(false);
    expect(await t.db.mailingList.count({ where: { id: svList } })).toBe(1);
    expect(await t.db.integration.count({ where: { websiteId: sv, integrationType: "klaviyo" } })).toBe(0);
  });

  it("owner actions need the session's CSRF token and a same-site origin", async () => {
    const owner = await signIn(SV_OWNER);
    const path = `/owner/websites/${sv}/contacts/${anna}`;
    const noToken = await post(path, { intent: "delete", confirm: "yes" }, { Cookie: owner.cookie });
    expect(noToken.status).toBe(403);
    const wrongToken = await post(path, { intent: "delete", confirm: "yes", csrf: "nope" }, { Cookie: owner.cookie });
    expect(wrongToken.status).toBe(403);
    const otherScheme = await ownerPost(
      owner,
      path,
      { intent: "delete", confirm: "yes" },
      { Origin: origin.replace(/^http:/, "https:") },
    );
    expect(otherScheme.status).toBe(403);
    expect(await t.db.person.count({ where: { id: anna } })).toBe(1);
  });
});

describe("one owner never reaches another owner's website", () => {
  it("answers 404 for every page of the other website, and for its contacts under one's own website", async () => {
    const owner = await signIn(SV_OWNER);
    for (const path of [
      ...ownerPaths(store, storeLead),
      `/owner/websites/${sv}/contacts/${storeLead}`,
      `/owner/websites/${sv}/contacts/${storeLead}/export`,
    ]) {
      const res = await get(path, owner.cookie);
      expect(res.status, path).toBe(404);
      expect(await res.text()).not.toContain("secret-store-lead@example.com");
    }
  });

  it("refuses every action on the other website's rows, and nothing changes", async () => {
    const owner = await signIn(SV_OWNER);
    const attempts: [string, Record<string, string>][] = [
      [`/owner/websites/${store}/contacts/${storeLead}`, { intent: "delete", confirm: "yes" }],
      [`/owner/websites/${sv}/contacts/${storeLead}`, { intent: "delete", confirm: "yes" }],
      [`/owner/websites/${store}/results`, { intent: "winner", ctaId: String(storeCta), variantId: "1" }],
      [
        `/owner/websites/${sv}/results`,
        { intent: "winner", ctaId: String(storeCta), variantId: String(await firstVariant(storeCta)) },
      ],
      [`/owner/websites/${sv}/integrations`, { intent: "remove-list", listRowId: String(storeList) }],
      [`/owner/websites/${sv}/integrations`, { intent: "disconnect", integrationId: String(storeIntegration) }],
      [
        `/owner/websites/${sv}/integrations`,
        { intent: "add-list", integrationId: String(storeIntegration), listId: "99" },
      ],
      [`/owner/websites/${sv}/integrations`, { intent: "remove-action", ctaId: String(storeCta), actionId: "1" }],
      [`/owner/websites/${store}/integrations`, { intent: "connect", type: "builtin" }],
    ];
    for (const [path, fields] of attempts) {
      const res = await ownerPost(owner, path, fields);
      expect(res.status, `${path} ${fields.intent}`).toBe(404);
    }
    expect(await t.db.person.count({ where: { id: storeLead } })).toBe(1);
    expect(await t.db.ctaVariant.count({ where: { cta: { websiteId: store }, winner: true } })).toBe(0);
    expect(await t.db.mailingList.count({ where: { id: storeList } })).toBe(1);
    expect(await t.db.integration.count({ where: { id: storeIntegration } })).toBe(1);
    expect(await t.db.mailingList.count({ where: { integrationId: storeIntegration, listId: "99" } })).toBe(0);
  });

  it("the CSV export of one website never holds another's contacts", async () => {
    const owner = await signIn(STORE_OWNER);
    const res = await get(`/owner/websites/${store}/contacts/export`, owner.cookie);
    const text = await res.text();
    expect(text).toContain("secret-store-lead@example.com");
    expect(text).not.toContain("anna@exempel.se");
  });
});

describe("contacts", () => {
  it("lists the website's contacts with links to each one", async () => {
    const owner = await signIn(SV_OWNER);
    const res = await get(`/owner/websites/${sv}/contacts`, owner.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("no-store");
    const html = await res.text();
    for (const email of ["anna@exempel.se", "bertil@exempel.se", "cecilia@exempel.se"]) expect(html).toContain(email);
    expect(html).not.toContain("secret-store-lead@example.com");
    expect(html).toContain(`/owner/websites/${sv}/contacts/${anna}`);
    expect(html).toContain("Export CSV");
  });

  it("filters by search, CTA, list, date and consent", async () => {
    const owner = await signIn(SV_OWNER);
    const emails = async (query: string) => {
      const html = await (await get(`/owner/websites/${sv}/contacts?${query}`, owner.cookie)).text();
      return ["anna", "bertil", "cecilia"].filter((n) => html.includes(`${n}@exempel.se`));
    };
    expect(await emails("q=ANNA")).toEqual(["anna"]);
    expect(await emails(`cta=${svCta}`)).toEqual(["anna"]);
    expect(await emails(`cta=${svCta2}`)).toEqual(["bertil"]);
    expect(await emails(`cta=${storeCta}`)).toEqual([]);
    expect(await emails(`list=${svList}`)).toEqual(["anna"]);
    expect(await emails(`list=${storeList}`)).toEqual([]);
    expect(await emails("consent=marketing")).toEqual(["anna"]);
    expect(await emails("consent=no-marketing")).toEqual(["bertil", "cecilia"]);
    const from = new Date(Date.now() - 15 * 24 * 3600 * 1000).toISOString().slice(0, 10);
    expect(await emails(`from=${from}`)).toEqual(["anna", "bertil"]);
    const to = new Date(Date.now() - 5 * 24 * 3600 * 1000).toISOString().slice(0, 10);
    expect(await emails(`from=${from}&to=${to}`)).toEqual(["bertil"]);
    // Malformed filters are ignored, not errors.
    expect(await emails("cta=abc&from=2026-13-45&consent=maybe")).toEqual(["anna", "bertil", "cecilia"]);
  });

  it("shows a contact's answers, consents, submissions, events, lists and sync status", async () => {
    const owner = await signIn(SV_OWNER);
    const res = await get(`/owner/websites/${sv}/contacts/${anna}`, owner.cookie);
    expect(res.status).toBe(200);
    const html = await res.text();
    for (const text of [
      "Anna Andersson",
      "anna@exempel.se",
      "+46701234567",
      "Säljchef",
      "team_size",
      "Nyhetsbrev – sidfot",
      "https://saljakademin.se/blogg/",
      "Submission",
      "View",
      "Order",
      "Nyhetsbrev",
      "The list 1 does not exist in the tool",
      "Given",
      "Not asked",
    ]) {
      expect(html, text).toContain(text);
    }
  });

  it("exports the filtered list as CSV, formulas neutralised", async () => {
    const owner = await signIn(SV_OWNER);
    const res = await get(`/owner/websites/${sv}/contacts/export?consent=no-marketing`, owner.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="contacts-Saljakademin-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows = parseCsv(await res.text());
    const header = rows[0];
    const emails = rows.slice(1).map((r) => r[header.indexOf("email")]);
    expect(emails).toEqual(["bertil@exempel.se", "cecilia@exempel.se"]);
    const bertilRow = rows.find((r) => r[header.indexOf("email")] === "bertil@exempel.se")!;
    expect(bertilRow[header.indexOf("name")]).toBe('\'=HYPERLINK("http://evil")');
    expect(bertilRow[header.indexOf("marketing_consent")]).toBe("false");

    const all = parseCsv(await (await get(`/owner/websites/${sv}/contacts/export?q=anna`, owner.cookie)).text());
    const h = all[0];
    expect(all).toHaveLength(2);
    expect(all[1][h.indexOf("cta")]).toBe("Nyhetsbrev – sidfot");
    expect(all[1][h.indexOf("lists")]).toBe("Nyhetsbrev");
    expect(all[1][h.indexOf("answer:roll")]).toBe("Säljchef");
    expect(all[1][h.indexOf("answer:team_size")]).toBe("12");
  });

  it("downloads everything about a contact as JSON", async () => {
    const owner = await signIn(SV_OWNER);
    const res = await get(`/owner/websites/${sv}/contacts/${anna}/export`, owner.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="contact-/);
    const body = (await res.json()) as {
      person: { email: string };
      events: unknown[];
      submissions: unknown[];
      orders: unknown[];
    };
    expect(body.person.email).toBe("anna@exempel.se");
    expect(body.events).toHaveLength(4);
    expect(body.submissions).toHaveLength(1);
    expect(body.orders).toHaveLength(1);
  });

  it("retries a failed sync of the contact", async () => {
    const owner = await signIn(SV_OWNER);
    const res = await ownerPost(owner, `/owner/websites/${sv}/contacts/${anna}`, {
      intent: "retry-sync",
      jobId: String(failedJob),
    });
    expect(res.status).toBe(200);
    expect((await t.db.syncJob.findUniqueOrThrow({ where: { id: failedJob } })).status).toBe("pending");
    await t.db.syncJob.update({
      where: { id: failedJob },
      data: { status: "failed", lastError: "The list 1 does not exist in the tool" },
    });
  });
});

describe("results", () => {
  it("shows views, conversions, rate and revenue per CTA", async () => {
    const owner = await signIn(SV_OWNER);
    const res = await get(`/owner/websites/${sv}/results?cta=${svCta}`, owner.cookie);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Nyhetsbrev – sidfot");
    // Anna and Bertil viewed, Anna left her e-mail (a lead: the form's goal), and her order followed.
    expect(html).toMatch(/Views<\/h3><p[^>]*>2<\/p>/);
    expect(html).toMatch(/Unique viewers<\/h3><p[^>]*>2<\/p>/);
    expect(html).toMatch(/Leads<\/h3><p[^>]*>1<\/p>/);
    expect(html).toMatch(/Conversion rate<\/h3><p[^>]*>50\.0%<\/p>/);
    expect(html).toContain("SEK");
    expect(html).toContain("1,990.00");
  });

  it("says 'Not enough data yet' below the minimum sample, and gives probabilities above it", async () => {
    const owner = await signIn(SV_OWNER);
    const before = await (await get(`/owner/websites/${sv}/results?cta=${abCta}`, owner.cookie)).text();
    expect(before).toContain("A/B test:");
    expect(before).toContain("Not enough data yet");

    const rows: Parameters<typeof events>[1] = [];
    // A lead is a submission with contact data: the form's goal, so each converter leaves an e-mail.
    const lead = async (letter: "a" | "b", i: number) => {
      const person = await contact(sv, { email: `ab-${letter}-${i}@exempel.se` });
      const variantId = abVariants[letter];
      await t.db.contactSubmission.create({
        data: {
          websiteId: sv,
          clientId: `sub-ab-${letter}-${i}`,
          personId: person.id,
          email: person.email,
          ctaId: abCta,
          variantId,
          payload: { email: person.email },
        },
      });
      rows.push({ type: "Submission", personId: person.id, token: person.visitorToken, ctaId: abCta, variantId });
      return person;
    };
    // Every event the widget sends names its visitor (storeEvents refuses unknown ones): unique viewers are people.
    const visitor = (letter: string, i: number) =>
      t.db.person.create({
        data: { websiteId: sv, visitorToken: `ab-${letter}-${i}`, personType: "Visitor", extra: {}, data: {} },
      });
    for (let i = 0; i < 150; i++) {
      const a = i < 6 ? await lead("a", i) : await visitor("a", i);
      const b = i < 18 ? await lead("b", i) : await visitor("b", i);
      rows.push({ type: "View", personId: a.id, token: a.visitorToken, ctaId: abCta, variantId: abVariants.a });
      rows.push({ type: "View", personId: b.id, token: b.visitorToken, ctaId: abCta, variantId: abVariants.b });
    }
    await events(sv, rows);
    const after = await html(await get(`/owner/websites/${sv}/results?cta=${abCta}`, owner.cookie));
    expect(after).not.toContain("Not enough data yet");
    expect(after).toContain("Probability to beat A");
    // 6/150 against 18/150: P(B beats A) = 0.9946.
    expect(after).toContain("Variant B beats the control (A) with a probability of 99.5%: a clear result.");
  });

  it("marks a winner (100% of the traffic) and splits evenly again", async () => {
    const owner = await signIn(SV_OWNER);
    const res = await ownerPost(owner, `/owner/websites/${sv}/results?cta=${abCta}`, {
      intent: "winner",
      ctaId: String(abCta),
      variantId: String(abVariants.b),
      letter: "B",
    });
    expect(res.status).toBe(200);
    const variants = await t.db.ctaVariant.findMany({ where: { ctaId: abCta }, orderBy: { position: "asc" } });
    expect(variants.map((v) => [v.variation, v.winner, v.percentage])).toEqual([
      ["A", false, 0],
      ["B", true, 100],
    ]);
    const html = await (await get(`/owner/websites/${sv}/results?cta=${abCta}`, owner.cookie)).text();
    expect(html).toContain("Winner: variant B");

    // A variant of another CTA is refused.
    const wrong = await ownerPost(owner, `/owner/websites/${sv}/results`, {
      intent: "winner",
      ctaId: String(abCta),
      variantId: String(await firstVariant(svCta)),
    });
    expect(wrong.status).toBe(404);

    const clear = await ownerPost(owner, `/owner/websites/${sv}/results`, {
      intent: "clear-winner",
      ctaId: String(abCta),
    });
    expect(clear.status).toBe(200);
    const again = await t.db.ctaVariant.findMany({ where: { ctaId: abCta }, orderBy: { position: "asc" } });
    expect(again.map((v) => [v.winner, v.percentage])).toEqual([
      [false, 50],
      [false, 50],
    ]);
  });
});

describe("integrations", () => {
  it("connects a tool without ever showing its key again", async () => {
    const owner = await signIn(SV_OWNER);
    const bad = await ownerPost(owner, `/owner/websites/${sv}/integrations`, {
      intent: "connect",
      type: "mailchimp",
      apiKey: "no-datacenter",
    });
    expect(bad.status).toBe(422);
    const res = await ownerPost(owner, `/owner/websites/${sv}/integrations`, {
      intent: "connect",
      type: "klaviyo",
      name: "Klaviyo SE",
      apiKey: "pk_secret_key_9876",
    });
    expect(res.status).toBe(200);
    const row = await t.db.integration.findFirstOrThrow({ where: { websiteId: sv, integrationType: "klaviyo" } });
    expect(row.credentials).toEqual({ api_key: "pk_secret_key_9876" });
    const html = await (await get(`/owner/websites/${sv}/integrations`, owner.cookie)).text();
    expect(html).toContain("Klaviyo SE");
    expect(html).toContain("…9876");
    expect(html).not.toContain("pk_secret_key_9876");
    expect(html).toContain("The list 1 does not exist in the tool");
  });

  it("adds a list, sends a CTA's leads to it, refuses to drop it while used, then removes both", async () => {
    const owner = await signIn(SV_OWNER);
    const klaviyo = await t.db.integration.findFirstOrThrow({ where: { websiteId: sv, integrationType: "klaviyo" } });
    const path = `/owner/websites/${sv}/integrations`;
    expect(
      (
        await ownerPost(owner, path, {
          intent: "add-list",
          integrationId: String(klaviyo.id),
          listId: "XyZ12",
          listName: "Kunder",
        })
      ).status,
    ).toBe(200);
    expect(
      (await ownerPost(owner, path, { intent: "add-list", integrationId: String(klaviyo.id), listId: "XyZ12" })).status,
    ).toBe(409);

    const form = await t.db.ctaElement.findFirstOrThrow({
      where: { elementType: "form", column: { section: { step: { variant: { ctaId: svCta } } } } },
    });
    const add = await ownerPost(owner, path, {
      intent: "add-action",
      ctaId: String(svCta),
      elementId: String(form.id),
      actionType: "subscribe_list",
      target: `${klaviyo.id}:XyZ12`,
    });
    expect(add.status).toBe(200);
    const action = await t.db.action.findFirstOrThrow({ where: { elementId: form.id, integrationId: klaviyo.id } });
    expect(action.actionType).toBe("subscribe_list");
    expect(action.data).toEqual({ list_id: "XyZ12" });
    const tag = await ownerPost(owner, path, {
      intent: "add-action",
      ctaId: String(svCta),
      elementId: String(form.id),
      actionType: "add_tag",
      target: `${klaviyo.id}:`,
      tag: "webinar",
    });
    expect(tag.status).toBe(200);
    expect(
      await t.db.action.count({
        where: { elementId: form.id, integrationId: klaviyo.id, actionType: "add_tag", tagId: "webinar" },
      }),
    ).toBe(1);
    // An element of another website's CTA is refused.
    const storeForm = await t.db.ctaElement.findFirstOrThrow({
      where: { column: { section: { step: { variant: { cta: { websiteId: store } } } } } },
    });
    expect(
      (
        await ownerPost(owner, path, {
          intent: "add-action",
          ctaId: String(svCta),
          elementId: String(storeForm.id),
          actionType: "add_tag",
          target: `${klaviyo.id}:`,
          tag: "x",
        })
      ).status,
    ).toBe(404);

    const html = await (await get(path, owner.cookie)).text();
    expect(html).toContain("Subscribe to Kunder (XyZ12) in Klaviyo SE");

    const list = await t.db.mailingList.findFirstOrThrow({ where: { integrationId: klaviyo.id, listId: "XyZ12" } });
    const refused = await ownerPost(owner, path, { intent: "remove-list", listRowId: String(list.id) });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("Nyhetsbrev – sidfot");
    expect((await ownerPost(owner, path, { intent: "disconnect", integrationId: String(klaviyo.id) })).status).toBe(
      409,
    );

    for (const a of await t.db.action.findMany({ where: { integrationId: klaviyo.id } })) {
      expect(
        (await ownerPost(owner, path, { intent: "remove-action", ctaId: String(svCta), actionId: String(a.id) }))
          .status,
      ).toBe(200);
    }
    expect((await ownerPost(owner, path, { intent: "remove-list", listRowId: String(list.id) })).status).toBe(200);
    expect((await ownerPost(owner, path, { intent: "disconnect", integrationId: String(klaviyo.id) })).status).toBe(
      200,
    );
    expect(await t.db.integration.count({ where: { id: klaviyo.id } })).toBe(0);
    // The CTA's own built-in list action is still there.
    expect(await t.db.action.count({ where: { elementId: form.id, actionType: "subscribe_list" } })).toBe(1);
  });

  it("retries failed syncs", async () => {
    const owner = await signIn(SV_OWNER);
    const res = await ownerPost(owner, `/owner/websites/${sv}/integrations`, {
      intent: "retry-all",
      integrationId: String(svIntegration),
    });
    expect(res.status).toBe(200);
    expect((await t.db.syncJob.findUniqueOrThrow({ where: { id: failedJob } })).status).toBe("pending");
  });
});

describe("deleting a contact", () => {
  it("needs a confirmation", async () => {
    const owner = await signIn(SV_OWNER);
    const res = await ownerPost(owner, `/owner/websites/${sv}/contacts/${anna}`, { intent: "delete" });
    expect(res.status).toBe(400);
    expect(await t.db.person.count({ where: { id: anna } })).toBe(1);
  });

  it("removes the person with their events, submissions, orders, memberships and syncs, and nobody else's", async () => {
    const owner = await signIn(SV_OWNER);
    const token = (await t.db.person.findUniqueOrThrow({ where: { id: anna } })).visitorToken;
    const othersBefore = await t.db.trackedEvent.count({ where: { NOT: { visitorToken: token } } });
    const res = await ownerPost(owner, `/owner/websites/${sv}/contacts/${anna}`, { intent: "delete", confirm: "yes" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/owner/websites/${sv}/contacts?deleted=1`);
    expect(await t.db.person.count({ where: { id: anna } })).toBe(0);
    expect(await t.db.trackedEvent.count({ where: { OR: [{ personId: anna }, { visitorToken: token }] } })).toBe(0);
    expect(await t.db.contactSubmission.count({ where: { personId: anna } })).toBe(0);
    expect(await t.db.order.count({ where: { personId: anna } })).toBe(0);
    expect(await t.db.mailingListMembership.count({ where: { personId: anna } })).toBe(0);
    expect(await t.db.syncJob.count({ where: { personId: anna } })).toBe(0);
    expect(await t.db.trackedEvent.count({ where: { NOT: { visitorToken: token } } })).toBe(othersBefore);
    expect(await t.db.person.count({ where: { id: { in: [bertil, cecilia, storeLead] } } })).toBe(3);

    const page = await (await get(`/owner/websites/${sv}/contacts?deleted=1`, owner.cookie)).text();
    expect(page).toContain("were deleted");
    expect(page).not.toContain("anna@exempel.se");
    // Gone is gone: a second delete is a 404.
    expect(
      (await ownerPost(owner, `/owner/websites/${sv}/contacts/${anna}`, { intent: "delete", confirm: "yes" })).status,
    ).toBe(404);
  });
});

describe("the Shopify admin", () => {
  it("refuses requests without a valid session token", async () => {
    for (const path of [
      "/app",
      "/app/results",
      "/app/integrations",
      `/app/contacts/${storeLead}`,
      "/app/contacts/export",
    ]) {
      const none = await get(path, undefined, { "User-Agent": BROWSER });
      expect(none.status, path).not.toBe(200);
      expect(await none.text()).not.toContain("secret-store-lead@example.com");
      const forged = await get(path, undefined, bearer(SHOP, "not-the-secret"));
      expect([401, 302], path).toContain(forged.status);
      expect(await forged.text()).not.toContain("secret-store-lead@example.com");
    }
    const forgedPost = await post(
      `/app/contacts/${storeLead}`,
      { intent: "delete", confirm: "yes" },
      bearer(SHOP, "not-the-secret"),
    );
    expect(forgedPost.status).not.toBe(200);
    expect(forgedPost.status).not.toBe(302);
    expect(await t.db.person.count({ where: { id: storeLead } })).toBe(1);
  });

  it("shows the shop's own contacts, results and integrations", async () => {
    const home = await get("/app", undefined, bearer());
    expect(home.status).toBe(200);
    const html = await home.text();
    expect(html).toContain("secret-store-lead@example.com");
    expect(html).not.toContain("bertil@exempel.se");
    expect((await get(`/app/contacts/${storeLead}`, undefined, bearer())).status).toBe(200);
    expect((await get("/app/results", undefined, bearer())).status).toBe(200);
    expect((await get("/app/integrations", undefined, bearer())).status).toBe(200);
    const csv = await get("/app/contacts/export", undefined, bearer());
    expect(await csv.text()).toContain("secret-store-lead@example.com");
  });

  it("never reads or changes another website through the shop's session", async () => {
    expect((await get(`/app/contacts/${bertil}`, undefined, bearer())).status).toBe(404);
    expect((await get(`/app/contacts/${bertil}/export`, undefined, bearer())).status).toBe(404);
    const del = await post(`/app/contacts/${bertil}`, { intent: "delete", confirm: "yes" }, bearer());
    expect(del.status).toBe(404);
    const win = await post(
      "/app/results",
      { intent: "winner", ctaId: String(abCta), variantId: String(abVariants.a) },
      bearer(),
    );
    expect(win.status).toBe(404);
    expect(await t.db.person.count({ where: { id: bertil } })).toBe(1);
    expect(await t.db.ctaVariant.count({ where: { ctaId: abCta, winner: true } })).toBe(0);
  });
});
