/** The storefront's cart bounds: a public demo keeps finite memory however many visitors and lines come. */
import { describe, expect, it } from "vitest";
import { CartBook, MAX_LINE_QUANTITY } from "#demo/store/server/carts";
import { toCatalogProduct } from "#demo/store/server/catalog";
import { storeCatalogFixture } from "#test/fixtures/store";

const products = storeCatalogFixture().map(toCatalogProduct);
const variants = products.flatMap((p) =>
  p.variants.filter((v) => v.available && !v.requires_selling_plan && !p.requires_selling_plan).map((v) => v.id),
);

describe("CartBook bounds", () => {
  it("forgets the oldest cart past maxCarts", () => {
    const book = new CartBook(() => products, {}, "USD", { maxCarts: 3 });
    const carts = [book.create(), book.create(), book.create(), book.create()];
    expect(book.carts.size).toBe(3);
    expect(book.get(carts[0].token)).toBeUndefined();
    expect(book.get(carts[3].token)).toBe(carts[3]);
  });

  it("refuses a new line past maxLines but merges into an existing one", () => {
    expect(variants.length).toBeGreaterThanOrEqual(3);
    const book = new CartBook(() => products, {}, "USD", { maxLines: 2 });
    const cart = book.create();
    book.add(cart, [{ id: variants[0] }, { id: variants[1] }]);
    expect(book.check([{ id: variants[2] }], cart)).toMatchObject({
      status: 422,
      description: "A cart holds at most 2 lines",
    });
    expect(book.check([{ id: variants[0], quantity: 5 }], cart)).toBeNull();
  });

  it("refuses a quantity past the bound, also when merged", () => {
    const book = new CartBook(() => products, {}, "USD");
    const cart = book.create();
    expect(book.check([{ id: variants[0], quantity: MAX_LINE_QUANTITY + 1 }], cart)).toMatchObject({ status: 422 });
    book.add(cart, [{ id: variants[0], quantity: MAX_LINE_QUANTITY }]);
    expect(book.check([{ id: variants[0], quantity: 1 }], cart)).toMatchObject({ status: 422 });
  });

  it("refuses an empty add, an item without id and oversized properties with 400 or 422", () => {
    const book = new CartBook(() => products, {}, "USD");
    expect(book.check([])).toMatchObject({ status: 400 });
    expect(book.check([{} as never])).toMatchObject({ status: 400 });
    expect(book.check([{ id: variants[0], properties: { note: "x".repeat(3000) } }])).toMatchObject({ status: 422 });
  });
});
