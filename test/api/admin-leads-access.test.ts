/**
 * The lead pages over HTTP against the built server and a seeded database:
 * every loader and action refuses a request without a valid owner session,
 * one owner never reads or changes another owner's website, and the Shopify
 * admin answers only to a valid session token, for its own shop.
 */
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  abCta,
  abVariants,
  anna,
  bearer,
  bertil,
  BROWSER,
  firstVariant,
  get,
  origin,
  ownerPost,
  post,
  SHOP,
  html,
  signIn,
  store,
  STORE_OWNER,
  storeCta,
  storeIntegration,
  storeLead,
  storeList,
  sv,
  SV_OWNER,
  svList,
  t,
  withLeadsServer,
} from "./admin-leads-harness";

withLeadsServer();

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

describe("the Shopify admin", () => {
  it("refuses requests without a valid session token", async () => {
    for (const path of [
      "/app",
      "/app/contacts",
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

  it("starts with the setup guide, each step checked off from the shop's own state", async () => {
    const home = await get("/app", undefined, bearer());
    expect(home.status).toBe(200);
    const page = await html(home);
    expect(page).toContain("Get started with Beckon");
    const states = Object.fromEntries(
      [...page.matchAll(/data-step="(\w+)" data-done="(true|false)"/g)].map((m) => [m[1], m[2] === "true"]),
    );
    // The store has CTAs, published ones, visitors and a lead; its Admin API (a port nothing listens on) cannot
    // say whether the app embed is on, and the guide says so rather than guessing.
    expect(states).toEqual({ embed: false, cta: true, publish: true, visit: true, lead: true });
    expect(page).toContain("Shopify could not tell whether it is on: the theme editor shows it.");
    expect(page).toContain("4 of 5 steps done");
    expect(page).toContain("/app/contacts");
    // The activation deep link opens the theme editor with the app embed selected.
    expect(page).toContain(`https://${SHOP}/admin/themes/current/editor?context=apps&amp;activateAppId=`);
  });

  it("shows the shop's own contacts, results and integrations", async () => {
    const home = await get("/app/contacts", undefined, bearer());
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
