/**
 * Unique codes in the database: a claim never hands one code to two leads
 * (200 claims at once), the same lead gets its first code again, an empty
 * pool answers null, a new contact carries its code (contact page, e-mail
 * tool), and the settings survive a save. Runs on PostgreSQL when
 * BECKON_TEST_POSTGRES_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { claimCode } from "#app/models/discount-codes/claim.server";
import { addCodes, codeCounts, stockIsLow } from "#app/models/discount-codes/pool.server";
import { leadCodeForVisitor } from "#app/models/discount-codes/lead-code.server";
import { createContact } from "#app/models/contact.server";
import { saveCtaDocument } from "#app/models/cta.server";
import { payloadForPerson } from "#app/models/lead-sync.server";
import { asRecord } from "#contract/json-record";
import { codeResults, markCodesRedeemed } from "#app/models/discount-codes/redeem.server";
import { readShopifyOrder } from "#app/models/shop-order-verification.server";
import { publishedCtaMock } from "#test/support/factories";
import { contactMock, token } from "#test/support/row-factories";
import { createTestDatabase, type TestDatabase } from "#test/support/test-database";

let t: TestDatabase;
let site: number;

async function poolCta(name: string, codes: string[], expires_after_days: number | null = null) {
  const doc = await saveCtaDocument(
    t.db,
    site,
    publishedCtaMock(name, [["form"], ["discount_code"]], ["A"], {
      unique_codes: { source: "pool", warn_threshold: 3, expires_after_days },
    }),
  );
  await addCodes(t.db, site, doc.id!, "pool", codes);
  return { ctaId: doc.id!, variantId: doc.variants[0].id! };
}

const people = async (n: number) => {
  const rows = Array.from({ length: n }, () => ({ websiteId: site, visitorToken: token(), extra: {}, data: {} }));
  await t.db.person.createMany({ data: rows });
  return t.db.person.findMany({ where: { visitorToken: { in: rows.map((r) => r.visitorToken) } } });
};

beforeAll(async () => {
  t = await createTestDatabase();
  site = (await t.db.website.create({ data: { name: "Codes", dataSettings: {} } })).id;
});

afterAll(async () => {
  await t.drop();
});

describe("claimCode", () => {
  it("hands 200 leads claiming at once 200 different codes, and no code to a 201st", async () => {
    const codes = Array.from({ length: 200 }, (_, i) => `RACE${String(i).padStart(4, "0")}`);
    const { ctaId } = await poolCta("Race", codes);
    const leads = await people(201);
    const got = await Promise.all(
      leads.map((p) => claimCode(t.db, { websiteId: site, ctaId, personId: p.id, settings: {} })),
    );
    const handed = got.filter((g) => g !== null).map((g) => g!.code);
    expect(handed).toHaveLength(200);
    expect(new Set(handed).size).toBe(200);
    expect(got.filter((g) => g === null)).toHaveLength(1);
    expect(await codeCounts(t.db, ctaId)).toEqual({ available: 0, issued: 200, redeemed: 0 });
  });

  it("gives the same lead its first code again, even when its claims race", async () => {
    const { ctaId } = await poolCta("Again", ["AGAIN1", "AGAIN2", "AGAIN3", "AGAIN4"], 7);
    const [lead] = await people(1);
    const now = new Date("2026-12-02T12:00:00Z");
    const claims = await Promise.all(
      [1, 2, 3].map(() =>
        claimCode(t.db, { websiteId: site, ctaId, personId: lead.id, settings: { expires_after_days: 7 }, now }),
      ),
    );
    expect(new Set(claims.map((c) => c!.code)).size).toBe(1);
    expect(claims[0]!.expiresAt?.toISOString()).toBe("2026-12-09T12:00:00.000Z");
    const again = await claimCode(t.db, { websiteId: site, ctaId, personId: lead.id, settings: {} });
    expect(again!.code).toBe(claims[0]!.code);
    expect((await codeCounts(t.db, ctaId)).issued).toBe(1);
  });

  it("warns before the pool runs out", () => {
    expect(stockIsLow({ available: 0, issued: 5, redeemed: 0 }, 0)).toBe(true);
    expect(stockIsLow({ available: 2, issued: 5, redeemed: 0 }, 3)).toBe(true);
    expect(stockIsLow({ available: 3, issued: 5, redeemed: 0 }, 3)).toBe(false);
  });
});

describe("addCodes", () => {
  it("skips codes the website already has, on any CTA", async () => {
    const { ctaId } = await poolCta("First", ["SHARED1", "OWN0001"]);
    const other = await poolCta("Second", []);
    expect(await addCodes(t.db, site, other.ctaId, "pool", ["SHARED1", "NEW0001"])).toEqual({ added: 1, skipped: 1 });
    expect((await codeCounts(t.db, ctaId)).available).toBe(2);
    expect((await codeCounts(t.db, other.ctaId)).available).toBe(1);
  });
});

describe("a new lead's code", () => {
  it("is stored on the contact and goes to the e-mail tool as a profile property", async () => {
    const { ctaId, variantId } = await poolCta("Lead", ["LEAD0001", "LEAD0002"], 14);
    const contact = contactMock({ cta_id: ctaId, variant_id: variantId, contactable_id: ctaId });
    const { personId } = await createContact(t.db, site, contact);
    const person = await t.db.person.findUniqueOrThrow({ where: { id: personId } });
    expect(asRecord(person.extra).discount_code).toBe("LEAD0001");
    expect(String(asRecord(person.extra).discount_code_expires_at)).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(payloadForPerson(person).properties?.discount_code).toBe("LEAD0001");
    const row = await t.db.discountCode.findFirstOrThrow({ where: { code: "LEAD0001" } });
    expect(row).toMatchObject({ status: "issued", personId, variantId });
    // The widget's element asks for it and gets the same code.
    const asked = await leadCodeForVisitor(t.db, site, { visitor_token: contact.visitor_token, cta_id: ctaId });
    expect(asked).toMatchObject({ code: "LEAD0001" });
  });

  it("is none when the pool is empty, and the contact is stored all the same", async () => {
    const { ctaId } = await poolCta("Empty", []);
    const contact = contactMock({ cta_id: ctaId, contactable_id: ctaId });
    const { personId } = await createContact(t.db, site, contact);
    const person = await t.db.person.findUniqueOrThrow({ where: { id: personId } });
    expect(asRecord(person.extra).discount_code).toBeUndefined();
    expect(await leadCodeForVisitor(t.db, site, { visitor_token: contact.visitor_token, cta_id: ctaId })).toBeNull();
    // Codes uploaded later reach that lead when its element asks again, and land on the contact.
    await addCodes(t.db, site, ctaId, "pool", ["LATE0001"]);
    expect(await leadCodeForVisitor(t.db, site, { visitor_token: contact.visitor_token, cta_id: ctaId })).toMatchObject(
      {
        code: "LATE0001",
      },
    );
    const after = await t.db.person.findUniqueOrThrow({ where: { id: personId } });
    expect(asRecord(after.extra).discount_code).toBe("LATE0001");
  });

  it("is nobody's who is no lead of that CTA", async () => {
    const { ctaId } = await poolCta("Strangers", ["STRANGE1"]);
    const other = await poolCta("Other", ["OTHER001"]);
    const contact = contactMock({ cta_id: other.ctaId, contactable_id: other.ctaId });
    await createContact(t.db, site, contact);
    expect(await leadCodeForVisitor(t.db, site, { visitor_token: token(), cta_id: ctaId })).toBe("no-lead");
    expect(await leadCodeForVisitor(t.db, site, { visitor_token: contact.visitor_token, cta_id: ctaId })).toBe(
      "no-lead",
    );
    const elsewhere = (await t.db.website.create({ data: { name: "Else", dataSettings: {} } })).id;
    expect(
      await leadCodeForVisitor(t.db, elsewhere, { visitor_token: contact.visitor_token, cta_id: other.ctaId }),
    ).toBe("no-lead");
    expect((await codeCounts(t.db, ctaId)).available).toBe(1);
  });
});

describe("the settings", () => {
  it("survive a save; the shop's discount id is the server's to keep, and other terms retire the unissued codes", async () => {
    const doc = await saveCtaDocument(
      t.db,
      site,
      publishedCtaMock("Shop", [["form"]], ["A"], {
        unique_codes: { source: "shopify", kind: "amount", value: 50, discount_id: "gid://evil/1" },
      }),
    );
    expect(doc.unique_codes).toMatchObject({ source: "shopify", kind: "amount", value: 50, discount_id: null });
    await t.db.cta.update({
      where: { id: doc.id! },
      data: { uniqueCodes: { ...doc.unique_codes!, discount_id: "gid://shopify/DiscountCodeNode/1" } },
    });
    const same = await saveCtaDocument(t.db, site, {
      ...doc,
      unique_codes: { ...doc.unique_codes!, discount_id: null },
    });
    expect(same.unique_codes).toMatchObject({ discount_id: "gid://shopify/DiscountCodeNode/1" });
    await addCodes(t.db, site, doc.id!, "shopify", ["SHOPA1", "SHOPA2", "SHOPA3"]);
    const [lead] = await people(1);
    const kept = await claimCode(t.db, {
      websiteId: site,
      ctaId: doc.id!,
      personId: lead.id,
      settings: same.unique_codes!,
    });
    // A save with the same terms keeps the made codes.
    await saveCtaDocument(t.db, site, same);
    expect(await codeCounts(t.db, doc.id!)).toMatchObject({ available: 2, issued: 1 });
    const changed = await saveCtaDocument(t.db, site, { ...same, unique_codes: { ...same.unique_codes!, value: 60 } });
    expect(changed.unique_codes).toMatchObject({ value: 60, discount_id: null });
    // Other terms: codes not handed out yet are retired, the lead keeps its code.
    expect(await codeCounts(t.db, doc.id!)).toMatchObject({ available: 0, issued: 1 });
    expect(
      await claimCode(t.db, { websiteId: site, ctaId: doc.id!, personId: lead.id, settings: changed.unique_codes! }),
    ).toEqual(kept);
  });
});

describe("redeemed codes", () => {
  it("reads the codes an order carries, leaving out what is no code", () => {
    const reading = readShopifyOrder({
      id: 123,
      total_price: "100.00",
      currency: "SEK",
      discount_codes: [{ code: "RED0001", amount: "10.00" }, { code: 5 }, null, "x", { code: "y".repeat(300) }],
    });
    expect(reading.ok && reading.order.discountCodes).toEqual(["RED0001"]);
    const none = readShopifyOrder({ id: 124, total_price: "1.00", currency: "SEK", discount_codes: "RED0001" });
    expect(none.ok && none.order.discountCodes).toEqual([]);
  });

  it("marks an issued code redeemed once, whatever its case, and counts per CTA and variant", async () => {
    const { ctaId, variantId } = await poolCta("Redeem", ["RED0001", "RED0002", "RED0003"]);
    const leads = await people(2);
    for (const lead of leads)
      await claimCode(t.db, { websiteId: site, ctaId, personId: lead.id, variantId, settings: {} });
    const at = new Date("2026-12-02T13:00:00Z");
    expect(await markCodesRedeemed(t.db, site, ["red0001", "RED0003", "NOPE"], at)).toBe(1);
    expect(await markCodesRedeemed(t.db, site, ["RED0001"], at)).toBe(0);
    const other = (await t.db.website.create({ data: { name: "Other", dataSettings: {} } })).id;
    expect(await markCodesRedeemed(t.db, other, ["RED0002"], at)).toBe(0);
    expect((await codeResults(t.db, site)).find((r) => r.ctaId === ctaId)).toEqual({
      ctaId,
      variantId,
      issued: 2,
      redeemed: 1,
    });
  });
});
