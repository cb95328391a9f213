/** moveTo: the document change a drag and drop of a section, column or element makes. */
import { describe, expect, it } from "vitest";
import { moveTo } from "#app/components/editor/document";

const items = ["a", "b", "c", "d"].map((n, position) => ({ n, position }));
const order = (list: { n: string; position: number }[]) => list.map((i) => `${i.n}${i.position}`).join(" ");

describe("moveTo", () => {
  it("moves an item down, the ones between shifting up, and renumbers", () => {
    expect(order(moveTo(items, 0, 2))).toBe("b0 c1 a2 d3");
  });

  it("moves an item up", () => {
    expect(order(moveTo(items, 3, 1))).toBe("a0 d1 b2 c3");
  });

  it("moves to either end", () => {
    expect(order(moveTo(items, 1, 3))).toBe("a0 c1 d2 b3");
    expect(order(moveTo(items, 2, 0))).toBe("c0 a1 b2 d3");
  });

  it("leaves the list alone when the item stays where it is", () => {
    expect(moveTo(items, 2, 2)).toBe(items);
  });

  it("never changes its input", () => {
    const copy = structuredClone(items);
    moveTo(items, 0, 3);
    expect(items).toEqual(copy);
  });

  it("keeps the items themselves (ids and content travel with them)", () => {
    const withIds = [
      { id: 7, position: 0 },
      { id: 9, position: 1 },
    ];
    const moved = moveTo(withIds, 1, 0);
    expect(moved.map((i) => i.id)).toEqual([9, 7]);
  });

  it.each([
    [-1, 0, "from: -1 is not an index of a list of 4"],
    [4, 0, "from: 4 is not an index of a list of 4"],
    [0, 4, "to: 4 is not an index of a list of 4"],
    [0.5, 1, "from: 0.5 is not an index"],
    [Number.NaN, 1, "from: NaN is not an index"],
    [0, Number.POSITIVE_INFINITY, "to: Infinity is not an index"],
  ])("refuses from %s to %s", (from, to, message) => {
    expect(() => moveTo(items, from, to)).toThrow(RangeError);
    expect(() => moveTo(items, from, to)).toThrow(message);
  });

  it("refuses any move in an empty list", () => {
    expect(() => moveTo([], 0, 0)).toThrow("from: 0 is not an index of a list of 0");
  });
});
