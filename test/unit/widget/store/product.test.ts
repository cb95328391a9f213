import { describe, expect, it } from "vitest";
import { PRODUCT_NOT_FOUND } from "#widget/store/constants";
import { numericId, toGid } from "#widget/store/ids";
import {
  adaptHeadlessProduct,
  asVariantProduct,
  defaultVariant,
  fromAjaxProduct,
  fromStorefrontProduct,
  imageUrl,
  requireProduct,
  toCents,
} from "#widget/store/product";
import { fail, ok } from "#widget/store/result";
import type { ProductCatalog } from "#widget/store/types";
import { ajaxProductMock, productMock, storefrontProductMock, variantMock } from "#test/fixtures/store";

describe("fromAjaxProduct", () => {
  it("maps products/{handle}.js into the Product of SPEC 3", () => {
    const p = fromAjaxProduct(ajaxProductMock(), { currency: "USD" });
    expect(p).toMatchObject({
      id: "6001",
      handle: "shirt",
      title: "Shirt",
      type: "Apparel",
      price: 2000,
      compare_at_price: null,
      description: "<p>Soft cotton.</p>",
      image: "https://cdn.shopify.com/s/files/shirt.jpg",
      featured_image: "https://cdn.shopify.com/s/files/shirt.jpg",
      imageList: ["https://cdn.shopify.com/s/files/shirt.jpg", "https://cdn.shopify.com/s/files/shirt-back.jpg"],
      available: true,
      options: [
        { name: "Color", values: ["Red", "Blue"] },
        { name: "Size", values: ["Small"] },
      ],
      subscriptions: [],
      requires_selling_plan: false,
      redirect_url: "/products/shirt",
      source: "manual",
      is_variant: false,
    });
    expect(p.variants[1]).toEqual({
      id: "39002",
      name: "Shirt - Blue / Small",
      title: "Blue / Small",
      price: 2200,
      price_currency: "USD",
      available: false,
      image: "https://cdn.shopify.com/s/files/shirt.jpg",
      selected_options: [
        { name: "Color", value: "Blue" },
        { name: "Size", value: "Small" },
      ],
      compare_at_price: 2500,
    });
  });

  it("maps selling plan groups into subscriptions", () => {
    const p = fromAjaxProduct(
      ajaxProductMock({
        requires_selling_plan: true,
        selling_plan_groups: [
          {
            id: "g1",
            name: "Subscribe",
            selling_plans: [
              {
                id: 11,
                name: "Monthly",
                description: "Cancel anytime",
                price_adjustments: [{ value_type: "percentage", value: 10 }],
              },
              { id: 12, name: "Weekly", price_adjustments: [{ value_type: "unknown", value: 1 }] },
            ],
          },
        ],
      }),
    );
    expect(p.requires_selling_plan).toBe(true);
    expect(p.subscriptions).toEqual([
      {
        id: "g1",
        name: "Subscribe",
        sellingPlans: [
          {
            id: "11",
            name: "Monthly",
            description: "Cancel anytime",
            price_adjustments: [{ value_type: "percentage", value: 10 }],
          },
          { id: "12", name: "Weekly", description: null, price_adjustments: [] },
        ],
      },
    ]);
  });

  it("reads the products.json shape (decimal string prices, option1.., image objects, product_type)", () => {
    const p = fromAjaxProduct(
      {
        id: 5,
        handle: "hat",
        title: "Hat",
        body_html: "<p>Warm</p>",
        product_type: "Hats",
        images: [{ src: "https://cdn/hat.png" }],
        options: [{ name: "Size", values: ["M"] }],
        variants: [{ id: 50, title: "M", option1: "M", price: "19.99", compare_at_price: "24.50", available: true }],
      },
      { root: "/en/", source: "collection" },
    );
    expect(p).toMatchObject({
      type: "Hats",
      price: 1999,
      compare_at_price: 2450,
      description: "<p>Warm</p>",
      image: "https://cdn/hat.png",
      redirect_url: "/en/products/hat",
      source: "collection",
    });
    expect(p.variants[0]).toMatchObject({
      name: "Hat - M",
      price: 1999,
      compare_at_price: 2450,
      selected_options: [{ name: "Size", value: "M" }],
    });
  });

  it("names a default variant after the product", () => {
    const p = fromAjaxProduct(
      ajaxProductMock({
        options: ["Title"],
        variants: [{ id: 1, title: "Default Title", options: ["Default Title"], price: 500 }],
      }),
    );
    expect(p.variants[0].name).toBe("Shirt");
    expect(p.options).toEqual([{ name: "Title", values: ["Default Title"] }]);
  });

  it.each([
    [1999, 1999],
    ["19.99", 1999],
    ["0.1", 10],
    ["", 0],
    [null, 0],
    [Number.NaN, 0],
  ])("toCents(%j) = %d", (input, cents) => expect(toCents(input)).toBe(cents));

  it("normalizes image URLs", () => {
    expect(imageUrl("//cdn/x.jpg")).toBe("https://cdn/x.jpg");
    expect(imageUrl({ url: "/a.png" })).toBe("/a.png");
    expect(imageUrl(null)).toBeNull();
  });
});

describe("fromStorefrontProduct", () => {
  it("maps a Storefront Product node (ids stay gids, prices in cents)", () => {
    const p = fromStorefrontProduct(storefrontProductMock());
    expect(p).toMatchObject({
      id: "gid://shopify/Product/6001",
      type: "Apparel",
      price: 2000,
      compare_at_price: null,
      description: "<p>Soft cotton.</p>",
      image: "https://cdn.shopify.com/s/files/shirt.jpg",
      options: [{ name: "Color", values: ["Red", "Blue"] }],
      redirect_url: "https://shop.example/products/shirt",
    });
    expect(
      p.variants.map((v) => [v.id, v.name, v.price, v.compare_at_price, v.available, v.image, v.price_currency]),
    ).toEqual([
      [
        "gid://shopify/ProductVariant/39001",
        "Shirt - Red",
        2000,
        null,
        true,
        "https://cdn.shopify.com/s/files/shirt.jpg",
        "USD",
      ],
      [
        "gid://shopify/ProductVariant/39002",
        "Shirt - Blue",
        2200,
        2500,
        false,
        "https://cdn.shopify.com/s/files/shirt-blue.jpg",
        "USD",
      ],
    ]);
  });

  it("maps every selling plan adjustment type", () => {
    const money = (amount: string) => ({ amount, currencyCode: "USD" as const });
    const p = fromStorefrontProduct(
      storefrontProductMock({
        requiresSellingPlan: true,
        sellingPlanGroups: {
          nodes: [
            {
              name: "Subscribe",
              sellingPlans: {
                nodes: [
                  {
                    id: "gid://shopify/SellingPlan/1",
                    name: "A",
                    priceAdjustments: [
                      {
                        adjustmentValue: {
                          __typename: "SellingPlanPercentagePriceAdjustment",
                          adjustmentPercentage: 15,
                        },
                      },
                    ],
                  },
                  {
                    id: "gid://shopify/SellingPlan/2",
                    name: "B",
                    priceAdjustments: [
                      {
                        adjustmentValue: {
                          __typename: "SellingPlanFixedAmountPriceAdjustment",
                          adjustmentAmount: money("3.00"),
                        },
                      },
                    ],
                  },
                  {
                    id: "gid://shopify/SellingPlan/3",
                    name: "C",
                    priceAdjustments: [
                      { adjustmentValue: { __typename: "SellingPlanFixedPriceAdjustment", price: money("9.50") } },
                    ],
                  },
                ],
              },
            },
          ],
        },
      }),
    );
    expect(p.requires_selling_plan).toBe(true);
    expect(p.subscriptions[0].sellingPlans.map((s) => s.price_adjustments[0])).toEqual([
      { value_type: "percentage", value: 15 },
      { value_type: "fixed_amount", value: 300 },
      { value_type: "price", value: 950 },
    ]);
  });
});

describe("adaptHeadlessProduct (SPEC 3, literally)", () => {
  it("is always available, takes the discounted price, and sets compare_at_price to 100 times the price", () => {
    const p = adaptHeadlessProduct({
      id: 9,
      title: "Course",
      price: 200,
      discountedPrice: 150,
      variants: [
        { id: "c", title: "C", price: 30, position: 3 },
        { id: "a", title: "A", price: 10, discountedPrice: 8, position: 1 },
        { id: "x", title: "X", price: 99, position: 0, toBeDeleted: true },
        { id: "b", title: "B", price: 20, position: 2 },
      ],
    });
    expect(p).toMatchObject({ id: "9", available: true, price: 150, compare_at_price: 15000, source: "headless" });
    expect(p.variants.map((v) => [v.id, v.price, v.compare_at_price, v.available])).toEqual([
      ["a", 8, 800, true],
      ["b", 20, 2000, true],
      ["c", 30, 3000, true],
    ]);
  });

  it("uses the price when there is no discounted price", () => {
    expect(adaptHeadlessProduct({ id: 1, title: "T", price: 40 })).toMatchObject({
      price: 40,
      compare_at_price: 4000,
      variants: [],
    });
  });
});

describe("product helpers", () => {
  it("makes a variant entry (is_variant)", () => {
    const product = productMock({
      variants: [variantMock(), variantMock({ id: "39002", name: "Shirt - Blue", price: 2500, available: false })],
    });
    expect(asVariantProduct(product, "39002")).toMatchObject({
      title: "Shirt - Blue",
      price: 2500,
      available: false,
      is_variant: true,
      variants: [{ id: "39002" }],
    });
    expect(asVariantProduct(fromStorefrontProduct(storefrontProductMock()), "39002")?.variants[0].id).toBe(
      "gid://shopify/ProductVariant/39002",
    );
    expect(asVariantProduct(product, "nope")).toBeNull();
  });

  it("picks the first available variant by default", () => {
    expect(
      defaultVariant(productMock({ variants: [variantMock({ id: "1", available: false }), variantMock({ id: "2" })] }))
        ?.id,
    ).toBe("2");
  });

  it("rejects a missing product with 'Product not found' (SPEC 8)", async () => {
    const catalog = {
      product: async (h: string) => (h === "shirt" ? ok(productMock()) : fail(PRODUCT_NOT_FOUND, { status: 404 })),
    } as ProductCatalog;
    await expect(requireProduct(catalog, "shirt")).resolves.toMatchObject({ handle: "shirt" });
    await expect(requireProduct(catalog, "nope")).rejects.toThrow("Product not found");
  });

  it("converts ids between the Ajax and Storefront spellings", () => {
    expect(numericId("gid://shopify/ProductVariant/46100000000011")).toBe("46100000000011");
    expect(numericId("gid://shopify/CartLine/3?cart=abc")).toBe("3");
    expect(numericId(12)).toBe("12");
    expect(toGid("ProductVariant", "12")).toBe("gid://shopify/ProductVariant/12");
    expect(toGid("ProductVariant", "gid://shopify/ProductVariant/12")).toBe("gid://shopify/ProductVariant/12");
  });
});
