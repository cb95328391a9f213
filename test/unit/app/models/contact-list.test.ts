import { beforeAll, describe, expect, it } from "vitest";
import type { TestDatabase } from "#test/support/test-database";
import { withTwoWebsites } from "#test/support/website-database";
import { CONTACTS_PER_PAGE, listContacts, matchesTerms, searchTerms } from "#app/models/contact-list.server";

let t: TestDatabase;
let siteA: number;
let siteB: number;
let token = 0;

interface ContactInput {
  email?: string | null;
  name?: string | null;
  lastName?: string | null;
  phone?: string | null;
  contactSince?: Date | null;
  personType?: string;
  marketingConsent?: boolean | null;
}

/** A person row with defaults; contacts unless personType says otherwise. */
async function person(websiteId: number, input: ContactInput = {}) {
  return t.db.person.create({
    data: {
      websiteId,
      visitorToken: `v${++token}`,
      personType: input.personType ?? "Contact",
      email: input.email ?? null,
      name: input.name ?? null,
      lastName: input.lastName ?? null,
      phone: input.phone ?? null,
      marketingConsent: input.marketingConsent ?? null,
      contactSince: input.contactSince === undefined ? new Date() : input.contactSince,
      extra: {},
      data: {},
    },
  });
}

const day = (n: number) => new Date(Date.UTC(2026, 0, n, 12));

withTwoWebsites((created) => ({ t, siteA, siteB } = created));

describe("listContacts", () => {
  it("lists only the website's contacts, newest first, with the CTA of the latest submission", async () => {
    const site = (await t.db.website.create({ data: { name: "Order", dataSettings: {} } })).id;
    const cta1 = await t.db.cta.create({
      data: { websiteId: site, name: "Newsletter footer", ctaType: "inline", options: {} },
    });
    const cta2 = await t.db.cta.create({
      data: { websiteId: site, name: "Exit popup", ctaType: "overlay", options: {} },
    });
    const old = await person(site, {
      email: "old@example.se",
      name: "Olle",
      contactSince: day(1),
      marketingConsent: true,
    });
    const mid = await person(site, { email: "mid@example.se", contactSince: day(5) });
    const tieLow = await person(site, { email: "tie-low@example.se", contactSince: day(9) });
    const tieHigh = await person(site, { email: "tie-high@example.se", contactSince: day(9) });
    await person(site, { email: "visitor@example.se", personType: "Visitor", contactSince: null });
    await person(siteB, { email: "other-site@example.se", contactSince: day(20) });

    await t.db.contactSubmission.create({
      data: { websiteId: site, clientId: "s1", personId: old.id, ctaId: cta1.id, payload: {}, createdAt: day(1) },
    });
    await t.db.contactSubmission.create({
      data: { websiteId: site, clientId: "s2", personId: old.id, ctaId: cta2.id, payload: {}, createdAt: day(2) },
    });
    await t.db.contactSubmission.create({
      data: {
        websiteId: site,
        clientId: "s3",
        personId: mid.id,
        contactableType: "Cta",
        contactableId: cta1.id,
        payload: {},
        createdAt: day(5),
      },
    });

    const list = await listContacts(t.db, site, {});
    expect(list.total).toBe(4);
    expect(list.page).toBe(1);
    expect(list.pageCount).toBe(1);
    expect(list.contacts.map((c) => c.email)).toEqual([
      "tie-high@example.se",
      "tie-low@example.se",
      "mid@example.se",
      "old@example.se",
    ]);
    expect(list.contacts.map((c) => c.id)).toEqual([tieHigh.id, tieLow.id, mid.id, old.id]);
    const oldRow = list.contacts[3];
    expect(oldRow).toMatchObject({ name: "Olle", marketingConsent: true, ctaId: cta2.id, ctaName: "Exit popup" });
    expect(oldRow.contactSince).toBe(day(1).toISOString());
    expect(list.contacts[2]).toMatchObject({ ctaId: cta1.id, ctaName: "Newsletter footer" });
    expect(list.contacts[0]).toMatchObject({ ctaId: null, ctaName: null });
  });

  it("pages by 50 and clamps pages out of range", async () => {
    const site = (await t.db.website.create({ data: { name: "Many", dataSettings: {} } })).id;
    await t.db.person.createMany({
      data: Array.from({ length: 120 }, (_, i) => ({
        websiteId: site,
        visitorToken: `many-${i}`,
        personType: "Contact",
        email: `p${String(i).padStart(3, "0")}@example.com`,
        contactSince: new Date(Date.UTC(2026, 0, 1) + i * 60_000),
        extra: {},
        data: {},
      })),
    });
    const p1 = await listContacts(t.db, site, { page: 1 });
    expect(CONTACTS_PER_PAGE).toBe(50);
    expect(p1).toMatchObject({ total: 120, page: 1, pageCount: 3 });
    expect(p1.contacts).toHaveLength(50);
    expect(p1.contacts[0].email).toBe("p119@example.com");
    const p3 = await listContacts(t.db, site, { page: 3 });
    expect(p3.contacts).toHaveLength(20);
    expect(p3.contacts.at(-1)!.email).toBe("p000@example.com");
    const all = [...p1.contacts, ...(await listContacts(t.db, site, { page: 2 })).contacts, ...p3.contacts].map(
      (c) => c.email,
    );
    expect(new Set(all).size).toBe(120);
    expect((await listContacts(t.db, site, { page: 99 })).page).toBe(3);
    expect((await listContacts(t.db, site, { page: 0 })).page).toBe(1);
    expect((await listContacts(t.db, site, { page: Number.NaN })).page).toBe(1);

    const searched = await listContacts(t.db, site, { query: "@EXAMPLE.com", page: 2 });
    expect(searched).toMatchObject({ total: 120, page: 2, pageCount: 3 });
    const p2 = await listContacts(t.db, site, { page: 2 });
    expect(searched.contacts.map((c) => c.email)).toEqual(p2.contacts.map((c) => c.email));
  });

  it("an empty website has one empty page", async () => {
    const site = (await t.db.website.create({ data: { name: "Empty", dataSettings: {} } })).id;
    await expect(listContacts(t.db, site, { page: 4 })).resolves.toEqual({
      contacts: [],
      total: 0,
      page: 1,
      pageCount: 1,
    });
    await expect(listContacts(t.db, site, { query: "anything" })).resolves.toEqual({
      contacts: [],
      total: 0,
      page: 1,
      pageCount: 1,
    });
  });

  describe("search", () => {
    let site: number;
    beforeAll(async () => {
      site = (await t.db.website.create({ data: { name: "Search", dataSettings: {} } })).id;
      await person(site, {
        email: "anna.svensson@foretag.se",
        name: "Anna",
        lastName: "Svensson",
        contactSince: day(1),
      });
      await person(site, { email: "asa@example.se", name: "Åsa", lastName: "Öberg", contactSince: day(2) });
      await person(site, { email: "bob@example.com", name: "BOB", lastName: "Builder", contactSince: day(3) });
      await person(site, { email: "percent@example.com", name: "Hundred 100%", contactSince: day(4) });
      await person(site, { email: null, name: null, phone: "+46701234567", contactSince: day(5) });
      await person(siteA, { email: "anna@other-site.se", name: "Anna", contactSince: day(6) });
    });

    const emails = async (query: string) => (await listContacts(t.db, site, { query })).contacts.map((c) => c.email);

    it("matches e-mail and names in any case", async () => {
      expect(await emails("ANNA")).toEqual(["anna.svensson@foretag.se"]);
      expect(await emails("bob")).toEqual(["bob@example.com"]);
      expect(await emails("builder")).toEqual(["bob@example.com"]);
      expect(await emails("FORETAG.SE")).toEqual(["anna.svensson@foretag.se"]);
      expect(await emails("example")).toEqual(["percent@example.com", "bob@example.com", "asa@example.se"]);
    });

    it("folds non-ASCII letters too (Swedish names)", async () => {
      expect(await emails("åsa")).toEqual(["asa@example.se"]);
      expect(await emails("ÅSA")).toEqual(["asa@example.se"]);
      expect(await emails("öberg")).toEqual(["asa@example.se"]);
      expect(await emails("ÖBE")).toEqual(["asa@example.se"]);
    });

    it("needs every word to match (first and last name)", async () => {
      expect(await emails("anna svensson")).toEqual(["anna.svensson@foretag.se"]);
      expect(await emails("  Svensson   ANNA ")).toEqual(["anna.svensson@foretag.se"]);
      expect(await emails("anna builder")).toEqual([]);
    });

    it("treats % and _ as plain characters", async () => {
      expect(await emails("%")).toEqual(["percent@example.com"]);
      expect(await emails("100%")).toEqual(["percent@example.com"]);
      expect(await emails("_")).toEqual([]);
      expect(await emails("a_a")).toEqual([]);
    });

    it("an empty or blank query lists everything", async () => {
      expect((await listContacts(t.db, site, { query: "   " })).total).toBe(5);
      expect((await listContacts(t.db, site, { query: null })).total).toBe(5);
    });

    it("never returns another website's contacts", async () => {
      expect(await emails("other-site")).toEqual([]);
    });
  });
});

describe("search helpers", () => {
  it("splits and lower-cases terms", () => {
    expect(searchTerms("  Anna  SVENSSON ")).toEqual(["anna", "svensson"]);
    expect(searchTerms("")).toEqual([]);
    expect(searchTerms(null)).toEqual([]);
  });

  it("matches when every term is in some field", () => {
    const p = { email: "x@y.se", name: "Åsa", lastName: "Öberg" };
    expect(matchesTerms(p, ["åsa", "öberg"])).toBe(true);
    expect(matchesTerms(p, ["åsa", "nope"])).toBe(false);
  });
});
