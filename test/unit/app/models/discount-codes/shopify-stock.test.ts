/**
 * Unique codes made in the shop, below HTTP: a store CTA with Shopify codes
 * is topped up against the local Admin API stand-in
 * (test/support/fake-providers/shopify-admin.ts) with one basic code
 * discount carrying the CTA's terms and its codes added in bulk; only codes
 * Shopify made are stored; a second process finds the CTA leased; throttling
 * leaves the lease free for the next run; codes that expire get a discount
 * per batch whose end is what the lead is shown, and codes ending too soon
 * are never handed out. Runs on PostgreSQL when BECKON_TEST_POSTGRES_URL is set.
 */
import { randomBytes } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import type { Db } from "#app/db.server";
import { saveCtaDocument } from "#app/models/cta.server";
import { claimCode } from "#app/models/discount-codes/claim.server";
import { codeCounts } from "#app/models/discount-codes/pool.server";
import {
  MIN_STOCK,
  grantsDiscounts,
  runShopifyCodeTopUps,
  stockTarget,
  topUpShopifyCodes,
  type TopUpOptions,
} from "#app/models/discount-codes/shopify-stock.server";
import { AdminApiError } from "#app/integrations/shopify-admin/admin-graphql.server";
import {
  DiscountInputRefused,
  addRedeemCodes,
  basicCodeDiscountInput,
  createCodeDiscount,
  generateCode,
} from "#app/integrations/shopify-admin/discount-codes.server";
import { CODE_PATTERN, uniqueCodesSchema } from "#contract/schema/unique-codes";
import { publishedCtaMock } from "#test/support/factories";
import { websiteMock } from "#test/support/row-factories";
import { withAdminAndDatabase } from "#test/support/admin-database";
import { FakeShopifyAdmin } from "#test/support/fake-providers/shopify-admin";
import { createOfflineSession } from "#test/api/shopify-harness";

let db: Db;
const admin = new FakeShopifyAdmin("shpat_discounts", []);
const NOW = new Date("2026-12-03T09:00:00Z");
const DAY = 86_400_000;
const options = (extra: Partial<TopUpOptions> = {}): TopUpOptions => ({
  env: { BECKON_SHOPIFY_ADMIN_URL: admin.url, BECKON_PROVIDER_TIMEOUT_MS: "3000" },
  now: () => NOW,
  bulk: { sleep: async () => undefined },
  ...extra,
});

withAdminAndDatabase(admin, (ready) => (db = ready));
beforeEach(() => {
  admin.throttleNext = 0;
  admin.discounts.pendingReads = 1;
});

/** A store website with its offline session and a published CTA whose codes come from Shopify. */
async function shopifyCta(codes: Record<string, unknown> = {}, scope = "read_products,write_discounts") {
  const website = await websiteMock(db);
  const shop = `codes-${randomBytes(4).toString("hex")}.myshopify.com`;
  await db.website.update({ where: { id: website.id }, data: { shopDomain: shop } });
  // A non-expiring token: the tests move their clock days ahead.
  await createOfflineSession(db, shop, { state: "s", scope, accessToken: admin.accessToken }, { legacy: true });
  const doc = await saveCtaDocument(
    db,
    website.id,
    publishedCtaMock(`Welcome ${shop}`, [["form"], ["discount_code"]], ["A"], {
      unique_codes: {
        source: "shopify",
        kind: "percentage",
        value: 15,
        minimum_subtotal: 300,
        prefix: "HELLO",
        ...codes,
      },
    }),
  );
  return { websiteId: website.id, ctaId: doc.id! };
}

const people = async (websiteId: number, n: number) => {
  const rows = Array.from({ length: n }, () => ({
    websiteId,
    visitorToken: randomBytes(12).toString("hex"),
    extra: {},
    data: {},
  }));
  await db.person.createMany({ data: rows });
  return db.person.findMany({ where: { visitorToken: { in: rows.map((r) => r.visitorToken) } } });
};

const discountOf = (id: string) => admin.discounts.discounts.find((d) => d.id === id)!;

describe("generateCode and the discount's input", () => {
  it("makes codes of the prefix and unambiguous letters that every code field accepts", () => {
    const codes = Array.from({ length: 500 }, () => generateCode("HELLO"));
    expect(new Set(codes).size).toBe(500);
    for (const code of codes) {
      expect(code).toMatch(/^HELLO-[A-HJKMNP-Z2-9]{10}$/);
      expect(code).toMatch(CODE_PATTERN);
    }
    expect(generateCode("")).toMatch(/^[A-HJKMNP-Z2-9]{10}$/);
  });

  it("writes percentage and amount terms as Shopify documents them, each code good for one use", () => {
    const terms = { title: "T", minimumSubtotal: 0, oncePerCustomer: false, startsAt: NOW, endsAt: null };
    expect(basicCodeDiscountInput({ ...terms, kind: "percentage", value: 15 }, "C1")).toMatchObject({
      code: "C1",
      context: { all: "ALL" },
      customerGets: { items: { all: true }, value: { percentage: 0.15 } },
      minimumRequirement: null,
      appliesOncePerCustomer: false,
      usageLimit: 1,
      endsAt: null,
    });
    expect(basicCodeDiscountInput({ ...terms, kind: "amount", value: 50, minimumSubtotal: 299.5 }, "C2")).toMatchObject(
      {
        customerGets: { value: { discountAmount: { amount: "50.00", appliesOnEachItem: false } } },
        minimumRequirement: { subtotal: { greaterThanOrEqualToSubtotal: "299.50" } },
      },
    );
  });
});

describe("the Admin client", () => {
  const client = () => ({
    shop: "client.myshopify.com",
    accessToken: admin.accessToken,
    apiVersion: "2026-07",
    baseUrl: admin.url,
  });
  const terms = {
    title: "Client",
    kind: "percentage" as const,
    value: 10,
    minimumSubtotal: 0,
    oncePerCustomer: true,
    startsAt: NOW,
    endsAt: null,
  };

  it("refuses a code the shop has with Shopify's words, and a bulk add keeps only the codes Shopify made", async () => {
    const id = await createCodeDiscount(client(), terms, "CLIENT-TAKEN");
    await expect(createCodeDiscount(client(), terms, "client-taken")).rejects.toThrow(
      new DiscountInputRefused(
        "Shopify refused the discount: basicCodeDiscount.code: Code must be unique. Please try a different code.",
      ),
    );
    admin.discounts.pendingReads = 3;
    const made = await addRedeemCodes(client(), id, ["CLIENT-A", "CLIENT-TAKEN", "CLIENT-B"], {
      sleep: async () => undefined,
    });
    expect(made).toEqual(["CLIENT-A", "CLIENT-B"]);
    expect(discountOf(id).codes).toEqual(["CLIENT-TAKEN", "CLIENT-A", "CLIENT-B"]);
  });

  it("refuses more than 250 codes before calling Shopify, and an unknown discount with Shopify's words", async () => {
    const many = Array.from({ length: 251 }, (_, i) => `MANY-${i}`);
    await expect(addRedeemCodes(client(), "gid://shopify/DiscountCodeNode/1", many)).rejects.toThrow(RangeError);
    await expect(addRedeemCodes(client(), "gid://shopify/DiscountCodeNode/999999", ["NOPE-1"])).rejects.toThrow(
      "Shopify refused the codes: discountId: Code discount does not exist.",
    );
  });

  it("hands back nothing of a bulk creation that is never done, rather than codes Shopify may not have", async () => {
    const id = await createCodeDiscount(client(), terms, "CLIENT-SLOW");
    admin.discounts.pendingReads = 1000;
    expect(await addRedeemCodes(client(), id, ["CLIENT-S1"], { sleep: async () => undefined, pollTries: 3 })).toEqual(
      [],
    );
  });
});

describe("topUpShopifyCodes", () => {
  it("fills the stock with one discount of the CTA's terms, stores only Shopify's codes, and adds to it later", async () => {
    const { websiteId, ctaId } = await shopifyCta();
    const result = await topUpShopifyCodes(db, ctaId, options());
    expect(result).toEqual({ state: "added", added: MIN_STOCK });
    const stored = uniqueCodesSchema.parse((await db.cta.findUniqueOrThrow({ where: { id: ctaId } })).uniqueCodes);
    expect(stored.source === "shopify" && stored.discount_id).toMatch(/^gid:\/\/shopify\/DiscountCodeNode\/\d+$/);
    const discount = discountOf((stored as { discount_id: string }).discount_id);
    expect(discount.input).toMatchObject({
      customerGets: { value: { percentage: 0.15 } },
      minimumRequirement: { subtotal: { greaterThanOrEqualToSubtotal: "300.00" } },
      appliesOncePerCustomer: true,
      usageLimit: 1,
      endsAt: null,
    });
    const rows = await db.discountCode.findMany({ where: { ctaId }, orderBy: { id: "asc" } });
    expect(rows.map((r) => r.code).sort()).toEqual([...discount.codes].sort());
    expect(rows.every((r) => r.source === "shopify" && r.status === "available" && r.expiresAt === null)).toBe(true);
    expect(await topUpShopifyCodes(db, ctaId, options())).toEqual({ state: "full" });

    const leads = await people(websiteId, 30);
    for (const lead of leads) await claimCode(db, { websiteId, ctaId, personId: lead.id, settings: stored });
    expect(await topUpShopifyCodes(db, ctaId, options())).toEqual({ state: "added", added: 30 });
    expect(discount.codes).toHaveLength(MIN_STOCK + 30);
    expect(await codeCounts(db, ctaId)).toEqual({ available: MIN_STOCK, issued: 30, redeemed: 0 });
  });

  it("aims for twice a higher warning threshold, in batches of at most 250", async () => {
    const { ctaId } = await shopifyCta({ warn_threshold: 200 });
    const before = admin.server.handled().length;
    expect(await topUpShopifyCodes(db, ctaId, options())).toEqual({ state: "added", added: 400 });
    expect(stockTarget({ warn_threshold: 200 })).toBe(400);
    const adds = admin.server
      .handled()
      .slice(before)
      .map((r) => (r.body as { variables: { codes?: unknown[] } }).variables.codes)
      .filter((c) => c !== undefined);
    expect(adds.map((c) => c!.length)).toEqual([249, 150]);
  });

  it("lets one process at a time work on a CTA: the other finds it busy, and no code is stored twice", async () => {
    const { ctaId } = await shopifyCta();
    const results = await Promise.all([
      topUpShopifyCodes(db, ctaId, options()),
      topUpShopifyCodes(db, ctaId, options()),
    ]);
    expect(results.map((r) => r.state).sort()).toEqual(["added", "busy"]);
    expect(await db.discountCode.count({ where: { ctaId } })).toBe(MIN_STOCK);
    expect((await db.cta.findUniqueOrThrow({ where: { id: ctaId } })).codesLeasedUntil).toBeNull();
  });

  it("takes over the lease of a process that died holding it, once the lease has run out", async () => {
    const { ctaId } = await shopifyCta();
    await db.cta.update({ where: { id: ctaId }, data: { codesLeasedUntil: new Date(NOW.getTime() + 1000) } });
    expect(await topUpShopifyCodes(db, ctaId, options())).toEqual({ state: "busy" });
    const later = options({ now: () => new Date(NOW.getTime() + 2000) });
    expect(await topUpShopifyCodes(db, ctaId, later)).toMatchObject({ state: "added" });
  });

  it("throws when Shopify throttles, frees the lease, and the next run fills the stock", async () => {
    const { ctaId } = await shopifyCta();
    admin.throttleNext = 10;
    await expect(topUpShopifyCodes(db, ctaId, options())).rejects.toBeInstanceOf(AdminApiError);
    expect((await db.cta.findUniqueOrThrow({ where: { id: ctaId } })).codesLeasedUntil).toBeNull();
    admin.throttleNext = 0;
    expect(await topUpShopifyCodes(db, ctaId, options())).toEqual({ state: "added", added: MIN_STOCK });
  });

  it("makes nothing without the write_discounts permission, for a store without the app, or for pool codes", async () => {
    const unscoped = await shopifyCta({}, "read_products");
    expect(await topUpShopifyCodes(db, unscoped.ctaId, options())).toMatchObject({ state: "no_scope" });
    await db.session.deleteMany({
      where: { shop: (await db.website.findUniqueOrThrow({ where: { id: unscoped.websiteId } })).shopDomain! },
    });
    expect(await topUpShopifyCodes(db, unscoped.ctaId, options())).toEqual({
      state: "not_connected",
      reason: "not_installed",
    });
    const pool = await shopifyCta();
    await db.cta.update({ where: { id: pool.ctaId }, data: { uniqueCodes: { source: "pool", warn_threshold: 5 } } });
    expect(await topUpShopifyCodes(db, pool.ctaId, options())).toEqual({ state: "not_shopify" });
    expect(await db.discountCode.count({ where: { ctaId: { in: [unscoped.ctaId, pool.ctaId] } } })).toBe(0);
    expect(grantsDiscounts(" read_products , write_discounts")).toBe(true);
    expect(grantsDiscounts("read_discounts")).toBe(false);
  });

  it("gives expiring codes a discount per batch that ends a day after the promise, shown to the lead, and never hands out a code ending sooner", async () => {
    const { websiteId, ctaId } = await shopifyCta({ expires_after_days: 7 });
    expect(await topUpShopifyCodes(db, ctaId, options())).toMatchObject({ state: "added" });
    const end = new Date(NOW.getTime() + 8 * DAY);
    const [first] = admin.discounts.discounts.filter((d) => d.title.startsWith("Beckon: Welcome") && d.input.endsAt);
    expect(first.input.endsAt).toBe(end.toISOString());
    const [lead, late] = await people(websiteId, 2);
    const settings = { expires_after_days: 7 };
    const got = await claimCode(db, { websiteId, ctaId, personId: lead.id, settings, now: NOW });
    expect(got!.expiresAt!.toISOString()).toBe(end.toISOString());
    expect(first.codes).toContain(got!.code);

    // Two days on, the first batch has only 6 days left: it is retired, and a new batch (its own discount) serves.
    const twoDaysOn = new Date(NOW.getTime() + 2 * DAY);
    expect(await claimCode(db, { websiteId, ctaId, personId: late.id, settings, now: twoDaysOn })).toBeNull();
    expect(await topUpShopifyCodes(db, ctaId, options({ now: () => twoDaysOn }))).toEqual({
      state: "added",
      added: MIN_STOCK,
    });
    const again = await claimCode(db, { websiteId, ctaId, personId: late.id, settings, now: twoDaysOn });
    expect(again!.expiresAt!.toISOString()).toBe(new Date(twoDaysOn.getTime() + 8 * DAY).toISOString());
    expect(first.codes).not.toContain(again!.code);
    expect(await db.discountCode.count({ where: { ctaId, status: "retired" } })).toBe(MIN_STOCK - 1);
  });
});

describe("runShopifyCodeTopUps", () => {
  it("tops up every published store CTA with Shopify codes, and one failing CTA does not stop the others", async () => {
    const ok = await shopifyCta();
    const unscoped = await shopifyCta({}, "read_products");
    const results = await runShopifyCodeTopUps(db, options());
    expect(results.get(ok.ctaId)).toEqual({ state: "added", added: MIN_STOCK });
    expect(results.get(unscoped.ctaId)).toMatchObject({ state: "no_scope" });
  });
});
