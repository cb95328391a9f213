/**
 * The harness shared by the admin-leads-*.test.ts files: the built server on
 * a seeded database (Säljakademin and the demo store, with contacts,
 * submissions, events, an A/B test and a failed sync added here), the ids of
 * those rows, and HTTP helpers for the owner and Shopify admins.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, expect } from "vitest";
import type { TestDatabase } from "#test/support/test-database";
import type { TestServer } from "#test/support/server";
import { newTestDatabase, stopServerAndDrop } from "#test/support/served-database";
import { BROWSER, createOfflineSession, embeddedAdminHeaders, startShopifyAppServer } from "./shopify-harness";
import { splitIntoAbTest } from "#test/support/ab-test";
import { cookiePair, csrfOf, postForm, signInByForm } from "#test/support/http";
import { applyToRollups } from "#app/models/event-rollups.server";

// Live bindings: set by withLeadsServer()'s beforeAll, read by the tests as plain names.
export let t: TestDatabase;
let server: TestServer;
export let origin: string;
export let sv: number; // Säljakademin (agare@saljakademin.se)
export let store: number; // demo store (owner@beckon-demo.test), a Shopify shop
export let svCta: number; // newsletter footer
export let svCta2: number; // another CTA
export let abCta: number; // a CTA given two variants here
export let abVariants: { a: number; b: number };
export let storeCta: number;
export let svList: number; // MailingList row of list 1 on sv
export let storeList: number;
export let svIntegration: number;
export let storeIntegration: number;
export let anna: number;
export let bertil: number;
export let cecilia: number;
export let storeLead: number;
export let failedJob: number;

const PASSWORD = "beckon-demo-2026";
export const SV_OWNER = "agare@saljakademin.se";
export const STORE_OWNER = "owner@beckon-demo.test";
export const SHOP = "beckon-demo.myshopify.com";
const API_KEY = "test-api-key";
const API_SECRET = "test-api-secret";

// ---------------------------------------------------------------- HTTP helpers

/** A page's HTML without the empty comments React puts between adjacent text pieces. */
export async function html(res: Response): Promise<string> {
  return (await res.text()).replace(/<!-- -->/g, "");
}

/** A GET of the server that does not follow redirects, with an owner's cookie if given. */
export async function get(path: string, cookie?: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${origin}${path}`, {
    redirect: "manual",
    headers: { ...(cookie ? { Cookie: cookie } : {}), ...headers },
  });
}

export const post = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  postForm(origin, path, fields, headers);

export interface Owner {
  cookie: string;
  csrf: string;
}

export async function signIn(email: string): Promise<Owner> {
  const res = await signInByForm(origin, email, PASSWORD);
  expect(res.status).toBe(302);
  const cookie = cookiePair(res, "beckon_owner");
  const csrf = csrfOf(await (await get("/owner", cookie)).text());
  return { cookie, csrf };
}

/** Posts an owner form with the session's cookie and CSRF token. */
export function ownerPost(
  owner: Owner,
  path: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
) {
  return post(path, { csrf: owner.csrf, ...fields }, { Cookie: owner.cookie, ...headers });
}

/** The browser's User-Agent the embedded admin's requests carry (tests also send it without a token). */
export { BROWSER };
/** Headers of a request from the embedded admin of a shop, its token signed with the app's secret unless a test forges it. */
export const bearer = (shop = SHOP, secret = API_SECRET) =>
  embeddedAdminHeaders(shop, { apiKey: API_KEY, apiSecret: secret });

// ---------------------------------------------------------------- data

let tokenCount = 0;

/** A contact of the website, with a fresh visitor token. */
export async function contact(websiteId: number, input: Record<string, unknown> & { email: string }) {
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

/** Tracked events of the website, written with their daily rollups. */
export async function events(
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

/** The id of a CTA's first variant. */
export async function firstVariant(ctaId: number): Promise<number> {
  return (await t.db.ctaVariant.findFirstOrThrow({ where: { ctaId }, orderBy: { position: "asc" } })).id;
}

/** Registers the file's database (seeded, then given the rows above) and server: started before its tests, stopped after them. */
export function withLeadsServer() {
  beforeAll(async () => {
    t = await newTestDatabase({ seed: true });
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
    await splitIntoAbTest(t.db, sv, abCta);
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
    storeLead = (
      await contact(store, { email: "secret-store-lead@example.com", name: "Store", marketingConsent: true })
    ).id;

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

    await createOfflineSession(t.db, SHOP, {
      state: "state",
      scope: "read_products,write_app_proxy",
      accessToken: "shpat_test",
    });

    server = await startShopifyAppServer(
      t.url,
      { apiKey: API_KEY, apiSecret: API_SECRET },
      // The retry tests read a job back as pending: the outbox worker, polling every 2 s, could send it and mark it failed first.
      { BECKON_OUTBOX_WORKER: "0" },
    );
    origin = server.origin;
  });

  afterAll(() => stopServerAndDrop(server, t));
}
