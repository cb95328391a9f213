import { describe, expect, it } from "vitest";
import { en } from "#contract/i18n/en";
import { sv } from "#contract/i18n/sv";
import {
  addAllLines,
  badgeText,
  clampQuantity,
  formatMoney,
  parseQuantities,
  pickSellingPlan,
  priceVariant,
  productButtonText,
  quantityEntry,
  reviewLabel,
  sellingPlanPrice,
  subscriptionText,
  type BadgeKind,
  type BadgeOptions,
  type DiscountSettings,
} from "#widget/store/pricing";
import { productMock, variantMock } from "#test/fixtures/store";

const v = (price: number, compare_at_price: number | null = null) => ({ price, compare_at_price });

describe("variant pricing (SPEC 5)", () => {
  it.each<
    [
      string,
      { price: number; compare_at_price: number | null },
      DiscountSettings,
      { price: number; compare_at_price: number | null; savings: number },
    ]
  >([
    ["no discount keeps the store price", v(2000), {}, { price: 2000, compare_at_price: null, savings: 0 }],
    [
      "no discount shows the store's compare-at",
      v(2000, 2500),
      {},
      { price: 2000, compare_at_price: 2500, savings: 500 },
    ],
    [
      "amount defaults to 10 (currency units)",
      v(2500),
      { type: "amount" },
      { price: 1500, compare_at_price: 2500, savings: 1000 },
    ],
    [
      "amount with a value",
      v(2500),
      { type: "amount", value: 2.5 },
      { price: 2250, compare_at_price: 2500, savings: 250 },
    ],
    [
      "amount below zero becomes zero",
      v(500),
      { type: "amount", value: 10 },
      { price: 0, compare_at_price: 500, savings: 500 },
    ],
    [
      "percentage defaults to 10",
      v(2000),
      { type: "percentage" },
      { price: 1800, compare_at_price: 2000, savings: 200 },
    ],
    [
      "percentage with a value",
      v(1999),
      { type: "percentage", value: 25 },
      { price: 1499, compare_at_price: 1999, savings: 500 },
    ],
    [
      "percentage over 100 becomes zero",
      v(1000),
      { type: "percentage", value: 150 },
      { price: 0, compare_at_price: 1000, savings: 1000 },
    ],
    [
      "percentage value null uses the default",
      v(1000),
      { type: "percentage", value: null },
      { price: 900, compare_at_price: 1000, savings: 100 },
    ],
    [
      "detect uses the compare-at price",
      v(3200, 4000),
      { type: "detect" },
      { price: 3200, compare_at_price: 4000, savings: 800 },
    ],
    [
      "detect without compare-at shows nothing off",
      v(3200),
      { type: "detect" },
      { price: 3200, compare_at_price: null, savings: 0 },
    ],
    [
      "detect ignores a compare-at below the price",
      v(3200, 3000),
      { type: "detect" },
      { price: 3200, compare_at_price: null, savings: 0 },
    ],
    ["a negative store price becomes zero", v(-100), {}, { price: 0, compare_at_price: null, savings: 0 }],
    [
      "zero amount shows nothing off",
      v(1000),
      { type: "amount", value: 0 },
      { price: 1000, compare_at_price: null, savings: 0 },
    ],
  ])("%s", (_name, variant, discount, expected) => {
    expect(priceVariant(variant, discount)).toEqual(expected);
  });

  it.each([
    [2000, { value_type: "percentage" as const, value: 15 }, 1700],
    [2000, { value_type: "fixed_amount" as const, value: 300 }, 1700],
    [2000, { value_type: "price" as const, value: 1500 }, 1500],
    [200, { value_type: "fixed_amount" as const, value: 300 }, 0],
  ])("selling plan price of %d with %j is %d", (price, adj, expected) => {
    expect(sellingPlanPrice(price, { id: "1", name: "p", description: null, price_adjustments: [adj] })).toBe(expected);
  });

  it("a plan without adjustments keeps the price", () => {
    expect(sellingPlanPrice(2000, { id: "1", name: "p", description: null, price_adjustments: [] })).toBe(2000);
    expect(sellingPlanPrice(2000, null)).toBe(2000);
  });
});

describe("money in the website's currency", () => {
  it.each([
    [1999, "$", "$19.99"],
    [500, undefined, "$5.00"],
    [19900, "kr", "kr 199.00"],
    [5000, "€", "€50.00"],
    [0, "", "$0.00"],
    [-5, "$", "$0.00"],
  ])("formatMoney(%d, %j) = %s", (cents, char, expected) => {
    expect(formatMoney(cents, char)).toBe(expected);
  });
});

describe("badges (SPEC 9)", () => {
  it.each<[BadgeKind, BadgeOptions, string | null]>([
    ["sold-out", {}, "SOLD OUT"],
    ["sold-out", { text: "Gone" }, "Gone"],
    ["sold-out", { text: "  " }, "SOLD OUT"],
    ["custom", {}, "10% Off"],
    ["custom", { text: "New!" }, "New!"],
    ["discount", {}, "10% OFF"],
    ["discount", { discount: { type: "percentage" } }, "10% OFF"],
    ["discount", { discount: { type: "percentage", value: 20 } }, "20% OFF"],
    ["discount", { discount: { type: "amount", value: 5 } }, "$5.00 OFF"],
    ["discount", { discount: { type: "amount" }, currencyCharacter: "kr" }, "kr 10.00 OFF"],
    ["discount", { text: "Deal" }, "Deal"],
    ["detect", { variant: v(3200, 4000) }, "$8.00 OFF"],
    ["detect", { variant: v(4500, 5000), currencyCharacter: "kr" }, "kr 5.00 OFF"],
    ["detect", { variant: v(3200) }, null],
    ["detect", {}, null],
  ])("%s %j → %s", (kind, opts, expected) => {
    expect(badgeText(kind, opts, en)).toBe(expected);
  });
});

describe("default texts (SPEC 8 and 9)", () => {
  it.each([
    [{}, "Add to Cart"],
    [{ mode: "go-to-product" as const }, "Go To Product"],
    [{ text: "Buy now" }, "Buy now"],
    [{ mode: "go-to-product" as const, text: "See it" }, "See it"],
    [{ available: false }, "Sold Out"],
    [{ available: false, soldOutText: "Out of stock" }, "Out of stock"],
    [{ available: true, text: "" }, "Add to Cart"],
  ])("product button %j → %s", (opts, expected) => {
    expect(productButtonText(opts, en)).toBe(expected);
  });

  it("subscription and review labels", () => {
    expect(subscriptionText(undefined, en)).toBe("One-time purchase");
    expect(subscriptionText("Just once", en)).toBe("Just once");
    expect(reviewLabel(null, en)).toBe("Reviews");
    expect(reviewLabel("Omdömen", en)).toBe("Omdömen");
  });

  it("come from the catalogue of the CTA's language", () => {
    expect(productButtonText({ available: false }, sv)).toBe("Slutsåld");
    expect(badgeText("sold-out", {}, sv)).toBe("SLUTSÅLD");
    expect(badgeText("discount", { discount: { type: "percentage", value: 20 } }, sv)).toBe("20 % RABATT");
    expect(subscriptionText("", sv)).toBe("Engångsköp");
  });
});

describe("quantities (SPEC 5: minimum 1)", () => {
  it.each([
    [3, 3],
    [1, 1],
    [0, 1],
    [-2, 1],
    ["4", 4],
    ["2.7", 2],
    ["abc", 1],
    [undefined, 1],
  ])("clampQuantity(%j) = %d", (q, expected) => expect(clampQuantity(q)).toBe(expected));

  it("reads and writes cf_products_quantities entries", () => {
    expect(parseQuantities(["111:2", "222:0", "bad", "gid://shopify/ProductVariant/3:5"])).toEqual({
      "111": 2,
      "222": 1,
      "gid://shopify/ProductVariant/3": 5,
    });
    expect(quantityEntry("111", 0)).toBe("111:1");
  });
});

describe("add-all (SPEC 5)", () => {
  const plans = [
    {
      id: "g",
      name: "Sub",
      sellingPlans: [
        { id: "p1", name: "Monthly", description: null, price_adjustments: [] },
        { id: "p2", name: "Weekly", description: null, price_adjustments: [] },
      ],
    },
  ];
  const required = productMock({
    handle: "box",
    requires_selling_plan: true,
    subscriptions: plans,
    variants: [variantMock({ id: "b1" })],
  });
  const optional = productMock({
    handle: "beans",
    subscriptions: plans,
    variants: [variantMock({ id: "o1", available: false }), variantMock({ id: "o2" })],
  });

  it("uses the first plan when one is required and none was chosen", () => {
    expect(pickSellingPlan(required)).toBe("p1");
    expect(pickSellingPlan(required, "p2")).toBe("p2");
    expect(pickSellingPlan(optional)).toBeNull();
    expect(pickSellingPlan(optional, "p2")).toBe("p2");
  });

  it("builds lines in order, with the first available variant and quantity at least 1", () => {
    const noPlans = productMock({ handle: "broken", requires_selling_plan: true, subscriptions: [] });
    const soldOut = productMock({ handle: "gone", variants: [variantMock({ id: "g1", available: false })] });
    const { lines, skipped } = addAllLines([
      { product: required, quantity: 0 },
      { product: optional, quantity: 3 },
      { product: noPlans },
      { product: soldOut },
      { product: optional, variantId: "o2", sellingPlanId: "p2" },
    ]);
    expect(lines).toEqual([
      { variantId: "b1", quantity: 1, sellingPlanId: "p1" },
      { variantId: "o2", quantity: 3, sellingPlanId: null },
      { variantId: "o2", quantity: 1, sellingPlanId: "p2" },
    ]);
    expect(skipped.map((s) => [s.product.handle, s.reason])).toEqual([
      ["broken", "requires a selling plan but has none"],
      ["gone", "sold out"],
    ]);
  });
});
