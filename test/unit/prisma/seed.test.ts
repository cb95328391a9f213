/** The demo seed on a fresh database: the Swedish host site of SPEC section 1 and the demo store. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyPassword } from "#app/server/password.server";
import { listBroadcasts, listPublicBroadcasts, listSiteConditions } from "#app/models/broadcast.server";
import { listCtas, listPublishedCtaSummaries, loadCtaDocument, saveCtaDocument } from "#app/models/cta.server";
import { dataSettingsOf, getWebsite, websiteSettingsOf, websitesOfProfile } from "#app/models/website.server";
import { seedIfEmpty } from "#prisma/seed";
import { walkCta } from "#contract/schema/cta-walk";
import { tiedConsents } from "#app/view/tied-consent";
import { DEMO_STORE_OWNER } from "#prisma/seed-data/demo-store";
import { DEMO_STORE_PRODUCTS } from "#prisma/seed-data/demo-store-products";
import { SALJAKADEMIN_OWNER } from "#prisma/seed-data/saljakademin";
import { createTestDatabase, type TestDatabase } from "#test/support/test-database";

let t: TestDatabase;
let seeded: boolean;

beforeAll(async () => {
  t = await createTestDatabase();
  seeded = await seedIfEmpty(t.db);
}, 60_000);

afterAll(async () => {
  await t.drop();
});

async function rowCounts(): Promise<number[]> {
  return Promise.all([
    t.db.website.count(),
    t.db.cta.count(),
    t.db.ctaElement.count(),
    t.db.broadcast.count(),
    t.db.condition.count(),
    t.db.mailingList.count(),
    t.db.ownerAccount.count(),
  ]);
}

describe("seedIfEmpty on a fresh database", () => {
  it("creates the Swedish sales-training site as website 1", async () => {
    expect(seeded).toBe(true);
    const site = (await getWebsite(t.db, 1))!;
    expect(websiteSettingsOf(site)).toMatchObject({
      name: "Säljakademin",
      currency: "SEK",
      currency_character: "kr",
      default_country: "SE",
      business_type: "services",
      powered_by: true,
    });
    expect(dataSettingsOf(site)).toMatchObject({ "contact-processing": true, "cart-value-threshold": 500 });
    expect(site.marketingConsent).toMatch(/^Ja, jag vill/);
    expect(site.smsConsent).toMatch(/sms/);
    expect(site.privacyLinkText).toBe("Integritetspolicy");
  });

  it("gives the site exactly 17 published CTAs, the newsletter footer first", async () => {
    const ctas = await listCtas(t.db, 1);
    expect(ctas).toHaveLength(17);
    expect(ctas.every((c) => c.status === "published" && c.published_at !== null)).toBe(true);
    expect(ctas[0]).toMatchObject({ id: 1, cta_type: "inline", inline_type: "embed", options: { area: "footer" } });
    expect(ctas.map((c) => c.cta_type).sort()).toEqual([
      "bar",
      "bar",
      "bar",
      "inline",
      "inline",
      "inline",
      "inline",
      "inline",
      "inline",
      "inline",
      "overlay",
      "page",
      "page",
      "page",
      "page",
      "page",
      "page",
    ]);
    const areas = ctas.filter((c) => c.cta_type === "inline").map((c) => c.options.area);
    expect(areas).toEqual([
      "footer",
      "ebook-saljteknik",
      "ebook-prospektering",
      "ebook-forhandling",
      "ebook-saljledning",
      "sidebar",
      "avregistrering",
    ]);
    const exit = ctas.find((c) => c.cta_type === "overlay")!;
    expect(exit).toMatchObject({ overlay_type: "boxed", options: { trigger: "exit" } });
    expect(
      ctas
        .filter((c) => c.cta_type === "bar")
        .map((c) => c.bar_position)
        .sort(),
    ).toEqual(["bottom", "bottom", "top"]);
    expect(await listPublishedCtaSummaries(t.db, 1)).toHaveLength(17);
  });

  it("builds the newsletter form with e-mail, name and consent fields that subscribe to list 1", async () => {
    const doc = (await loadCtaDocument(t.db, 1, 1))!;
    const step = doc.variants[0].steps[0];
    const form = step.sections[0].columns[0].elements.find((e) => e.element_type === "form")!;
    expect(form.fields.find((f) => f.slug === "email")).toMatchObject({
      field_type: "text",
      required: true,
      options: { type: "email", placeholder: "Din e-postadress" },
    });
    expect(form.fields.map((f) => f.slug)).toEqual(["name", "email", "marketing_consent"]);
    expect(form.fields[2].field_type).toBe("checkbox");
    expect(form.actions).toEqual([expect.objectContaining({ action_type: "subscribe_list", data: { list_id: "1" } })]);
    expect(step.action_groups[0].data).toMatchObject({
      "confirmation-type": "message",
      confirmation: expect.stringMatching(/^Tack!/),
    });
  });

  it("uses mailing lists 1, 2, 3, 7, 11, 13 and 16 of a built-in integration, each by some form", async () => {
    const lists = await t.db.mailingList.findMany({ where: { websiteId: 1 }, include: { integration: true } });
    expect(lists.map((l) => l.listId).sort((a, b) => Number(a) - Number(b))).toEqual([
      "1",
      "2",
      "3",
      "7",
      "11",
      "13",
      "16",
    ]);
    expect(new Set(lists.map((l) => l.integration.integrationType))).toEqual(new Set(["builtin"]));
    const actions = await t.db.action.findMany({ where: { websiteId: 1 } });
    const subscribed = new Set(
      actions.filter((a) => a.actionType === "subscribe_list").map((a) => (a.data as { list_id: string }).list_id),
    );
    expect([...subscribed].sort((a, b) => Number(a) - Number(b))).toEqual(["1", "2", "3", "7", "11", "13", "16"]);
    const optOut = actions.filter((a) => a.actionType === "unsubscribe_list");
    expect(optOut).toHaveLength(7);
    expect(actions.every((a) => a.integrationId === lists[0].integrationId)).toBe(true);
  });

  it("targets CTAs with broadcasts and conditions", async () => {
    const broadcasts = await listBroadcasts(t.db, 1);
    const byName = new Map(broadcasts.map((b) => [b.name, b]));
    const blog = byName.get("Webbinarium – bloggen")!;
    expect(blog.conditions.map((c) => [c.condition_type, c.operator, c.tag_id ?? c.url])).toEqual([
      ["category", "and", "blogg"],
      ["url", "or", "/blogg"],
    ]);
    expect(blog.cta_ids).toHaveLength(1);
    const exit = byName.get("Exit popup – alla sidor utom kassan")!;
    expect(exit.conditions[0]).toMatchObject({
      condition_type: "url",
      url: "/kassan",
      data: { match: "not_contains" },
    });
    const timed = broadcasts.find((b) => b.timeframe)!;
    expect(timed).toMatchObject({ timezone: "Europe/Stockholm" });
    expect(Date.parse(timed.range_start!)).toBeLessThan(Date.now());
    expect(Date.parse(timed.range_end!)).toBeGreaterThan(Date.now());
    expect(broadcasts.every((b) => b.conditions.length > 0 && b.cta_ids.length > 0)).toBe(true);
    expect((await listPublicBroadcasts(t.db, 1)).map((b) => b.id).sort()).toEqual(broadcasts.map((b) => b.id).sort());
    expect(await listSiteConditions(t.db, 1)).toEqual([
      expect.objectContaining({ url: "/wp-admin", data: { match: "not_contains" } }),
    ]);
  });

  it("stores every seeded CTA so that saving it again changes nothing", async () => {
    for (const { id } of await listCtas(t.db, 1)) {
      const doc = (await loadCtaDocument(t.db, 1, id))!;
      expect(await saveCtaDocument(t.db, 1, doc)).toEqual(doc);
    }
  });

  it("gives every e-book without the newsletter: no seeded CTA ties a required consent to what it gives", async () => {
    let magnets = 0;
    for (const websiteId of [1, 2])
      for (const { id } of await listCtas(t.db, websiteId)) {
        const doc = (await loadCtaDocument(t.db, websiteId, id))!;
        expect(tiedConsents(doc), doc.name).toEqual([]);
        for (const visit of walkCta(doc))
          if (visit.kind === "element" && (visit.node.options as Record<string, unknown>)["lead-magnet"]) {
            magnets++;
            expect(visit.node.fields.find((f) => f.slug === "marketing_consent")).toMatchObject({ required: false });
          }
      }
    expect(magnets).toBeGreaterThan(0);
  });

  it("creates a standalone owner whose password verifies", async () => {
    const account = (await t.db.ownerAccount.findUnique({ where: { email: SALJAKADEMIN_OWNER.email } }))!;
    expect(account.email).toBe("agare@saljakademin.se");
    expect(await verifyPassword("beckon-demo-2026", account.passwordHash)).toBe(true);
    expect(await verifyPassword("wrong-password", account.passwordHash)).toBe(false);
    expect(await websitesOfProfile(t.db, account.profileId)).toEqual([
      expect.objectContaining({ id: 1, role: "owner" }),
    ]);
  });

  it("creates the demo store as website 2 with its own owner and CTAs", async () => {
    const store = (await getWebsite(t.db, 2))!;
    expect(websiteSettingsOf(store)).toMatchObject({
      name: "Beckon Demo Store",
      currency: "USD",
      currency_character: "$",
      default_country: "US",
      business_type: "ecommerce",
    });
    expect(store.shopDomain).toBe("beckon-demo.myshopify.com");
    const ctas = await listCtas(t.db, 2);
    expect(ctas.map((c) => c.cta_type)).toEqual(["overlay", "bar", "inline", "inline"]);
    // The front-page feed is placed in the products area of /demo/store.
    const front = (await loadCtaDocument(t.db, 2, ctas[3].id))!;
    expect(front.options).toMatchObject({ area: "products" });
    expect(front.variants[0].steps[0].sections[0].columns[0].elements.some((e) => e.element_type === "products")).toBe(
      true,
    );
    const feed = (await loadCtaDocument(t.db, 2, ctas[0].id))!;
    const products = feed.variants[0].steps[0].sections[0].columns[0].elements.find(
      (e) => e.element_type === "products",
    )!;
    const handles = (products.product_recommendations![0] as { handles: string[] }).handles;
    expect(handles.every((h) => DEMO_STORE_PRODUCTS.some((p) => p.handle === h))).toBe(true);
    const owner = (await t.db.ownerAccount.findUnique({ where: { email: DEMO_STORE_OWNER.email } }))!;
    expect(await verifyPassword("beckon-demo-2026", owner.passwordHash)).toBe(true);
    expect((await websitesOfProfile(t.db, owner.profileId)).map((w) => w.id)).toEqual([2]);
  });

  it("does nothing on a second call", async () => {
    const before = await rowCounts();
    expect(await seedIfEmpty(t.db)).toBe(false);
    expect(await rowCounts()).toEqual(before);
  });
});

describe("demo store products", () => {
  it("follow the Ajax API shape: cents, a sold-out variant, a subscription product", () => {
    expect(DEMO_STORE_PRODUCTS.length).toBeGreaterThanOrEqual(6);
    expect(DEMO_STORE_PRODUCTS.length).toBeLessThanOrEqual(8);
    expect(new Set(DEMO_STORE_PRODUCTS.map((p) => p.handle)).size).toBe(DEMO_STORE_PRODUCTS.length);
    for (const p of DEMO_STORE_PRODUCTS) {
      expect(Number.isInteger(p.price)).toBe(true);
      expect(p.price).toBe(Math.min(...p.variants.map((v) => v.price)));
      for (const v of p.variants)
        expect(p.options.map((o, i) => o.values.includes(v.options[i]))).toEqual(p.options.map(() => true));
    }
    const soldOut = DEMO_STORE_PRODUCTS.flatMap((p) => p.variants).filter((v) => !v.available);
    expect(soldOut).toHaveLength(1);
    const subscriptions = DEMO_STORE_PRODUCTS.filter((p) => p.selling_plan_groups.length > 0);
    expect(subscriptions).toHaveLength(1);
    const plan = subscriptions[0].selling_plan_groups[0].selling_plans[0];
    expect(
      subscriptions[0].variants[0].selling_plan_allocations.find((a) => a.selling_plan_id === plan.id)!.price,
    ).toBe(1620);
  });
});
