/**
 * The demo store's cart and the shop's Admin (demo/store/server/shop-discounts.ts):
 * a code made through the Admin stand-in applies in the cart with what its
 * discount gives; an unknown, expired or hostile code does not, and a cart
 * write naming many codes asks about a bounded number of them.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CartBook, type DiscountRule } from "#demo/store/server/carts";
import { toCatalogProduct } from "#demo/store/server/catalog";
import { SHOP_DISCOUNT_QUERY, adminDiscountLookup, ruleOfAnswer } from "#demo/store/server/shop-discounts";
import { FakeShopifyAdmin } from "#test/support/fake-providers/shopify-admin";
import { adminDocumentErrors } from "#test/support/admin-schema";
import { storeCatalogFixture } from "#test/fixtures/store";

const TOKEN = "shpat_demo_store_codes";
const admin = new FakeShopifyAdmin(TOKEN, []);
const products = storeCatalogFixture().map(toCatalogProduct);
const variant = products.flatMap((p) => p.variants).find((v) => v.available && !v.requires_selling_plan)!;
const graphqlUrl = () => `${admin.url}/admin/api/${admin.apiVersion}/graphql.json`;

/** A discount made the way Beckon makes a CTA's codes (discountCodeBasicCreate), holding `codes`. */
function shopDiscount(codes: string[], value: Record<string, unknown>, endsAt: string | null = null) {
  admin.discounts.answer("discountCodeBasicCreate", {
    basicCodeDiscount: {
      title: `Beckon ${codes[0]}`,
      code: codes[0],
      startsAt: "2026-01-01T00:00:00Z",
      endsAt,
      customerGets: { value, items: { all: true } },
    },
  });
  const made = admin.discounts.discounts.at(-1)!;
  made.codes.push(...codes.slice(1));
}

beforeAll(async () => {
  await admin.start();
  shopDiscount(["LEAD-AAAA", "LEAD-BBBB"], { percentage: 0.15 });
  shopDiscount(["TENOFF-1"], { discountAmount: { amount: "10.00", appliesOnEachItem: false } });
  shopDiscount(["OLD-1"], { percentage: 0.5 }, "2026-02-01T00:00:00Z");
});

afterAll(async () => {
  await admin.server.stop();
});

describe("the shop discount lookup", () => {
  it("sends an operation the Admin schema accepts", () => {
    expect(adminDocumentErrors(SHOP_DISCOUNT_QUERY)).toEqual([]);
  });

  it("reads a percentage and an amount off from the shop, for any of a discount's codes in any case", async () => {
    const lookup = adminDiscountLookup(graphqlUrl(), TOKEN);
    expect(await lookup("LEAD-BBBB")).toEqual({ value_type: "percentage", value: 15, title: "Beckon LEAD-AAAA" });
    expect(await lookup("lead-aaaa")).toMatchObject({ value_type: "percentage", value: 15 });
    expect(await lookup("TENOFF-1")).toEqual({ value_type: "fixed_amount", value: 1000, title: "Beckon TENOFF-1" });
  });

  it("gives no rule for an unknown or expired code, a refused token, an unreachable shop or a hostile code", async () => {
    const lookup = adminDiscountLookup(graphqlUrl(), TOKEN);
    expect(await lookup("NOPE")).toBeNull();
    expect(await lookup("OLD-1")).toBeNull();
    expect(await adminDiscountLookup(graphqlUrl(), "shpat_wrong")("LEAD-AAAA")).toBeNull();
    expect(await adminDiscountLookup("http://127.0.0.1:9/graphql.json", TOKEN, 500)("LEAD-AAAA")).toBeNull();
    const asked = admin.server.handled(() => true).length;
    for (const hostile of ["", "x".repeat(256), "A B", 'LEAD-AAAA"){', "<script>", "../../x", "\u0000"])
      expect(await lookup(hostile)).toBeNull();
    // Refused before any call.
    expect(admin.server.handled(() => true).length).toBe(asked);
  });

  it("reads only what it understands from an answer", () => {
    const basic = (value: unknown, status = "ACTIVE") => ({
      data: {
        codeDiscountNodeByCode: {
          codeDiscount: { __typename: "DiscountCodeBasic", title: "T", status, customerGets: { value } },
        },
      },
    });
    expect(ruleOfAnswer({})).toBeNull();
    expect(ruleOfAnswer({ data: { codeDiscountNodeByCode: null } })).toBeNull();
    expect(ruleOfAnswer(basic({ __typename: "DiscountPercentage", percentage: 0.2 }, "SCHEDULED"))).toBeNull();
    expect(ruleOfAnswer(basic({ __typename: "DiscountAmount", amount: { amount: "-5" } }))).toBeNull();
    expect(ruleOfAnswer(basic({ __typename: "DiscountAmount", amount: { amount: "abc" } }))).toBeNull();
    expect(ruleOfAnswer(basic({ __typename: "DiscountOnQuantity" }))).toBeNull();
    expect(ruleOfAnswer(basic({ __typename: "DiscountPercentage", percentage: 0.2 }))).toMatchObject({ value: 20 });
  });
});

describe("the cart with the shop's Admin behind it", () => {
  it("applies a code made in the shop with its discount, and learns it once", async () => {
    const asked: string[] = [];
    const lookup = adminDiscountLookup(graphqlUrl(), TOKEN);
    const book = new CartBook(() => products, {}, "USD", {
      shopDiscounts: (code) => (asked.push(code), lookup(code)),
    });
    const cart = book.create();
    book.add(cart, [{ id: variant.id, quantity: 2 }]);
    await book.learnShopDiscounts(["LEAD-AAAA"]);
    cart.discountCodes.push("LEAD-AAAA");
    const totals = book.totals(cart);
    expect(totals.discount).toBe(Math.round(variant.price * 2 * 0.15));
    expect(totals.codes[0]).toMatchObject({ code: "LEAD-AAAA", applicable: true });
    await book.learnShopDiscounts(["LEAD-AAAA", "lead-aaaa"]);
    expect(asked).toEqual(["LEAD-AAAA"]);
  });

  it("asks about at most five unknown codes per write, and again later for a code the shop did not have", async () => {
    const asked: string[] = [];
    const none = async (code: string): Promise<DiscountRule | null> => (asked.push(code), null);
    const book = new CartBook(() => products, { SAVE10: { value_type: "percentage", value: 10 } }, "USD", {
      shopDiscounts: none,
    });
    await book.learnShopDiscounts(["SAVE10", ...Array.from({ length: 100 }, (_, i) => `C${i}`)]);
    expect(asked).toEqual(["C0", "C1", "C2", "C3", "C4"]);
    await book.learnShopDiscounts(["C0"]);
    expect(asked.at(-1)).toBe("C0");
  });
});
