/** Masonry placement with the builder's defaults: 3 columns, 30 px (SPEC 9). */
import { describe, expect, it } from "vitest";
import { MASONRY_DEFAULTS } from "#demo/sv/src/constants";
import { masonryLayout } from "#demo/sv/src/masonry-layout";

describe("masonryLayout", () => {
  it("defaults are 3 columns and 30 px", () => {
    expect(MASONRY_DEFAULTS).toMatchObject({ columns: 3, spacing: 30 });
  });

  it("fills the first row left to right, then the shortest column", () => {
    const { items, height } = masonryLayout([100, 200, 150, 50, 80], { columns: 3, spacing: 30, width: 960 });
    expect(items.map((i) => i.width)).toEqual([300, 300, 300, 300, 300]);
    expect(items.map((i) => [i.left, i.top])).toEqual([
      [0, 0],
      [330, 0],
      [660, 0],
      [0, 130],
      [660, 180],
    ]);
    // Columns end at 210-30, 230-30 and 290-30: the tallest sets the height.
    expect(height).toBe(260);
  });

  it("takes the leftmost column on a tie", () => {
    const { items } = masonryLayout([100, 100, 100, 100], { columns: 3, spacing: 30, width: 960 });
    expect(items[3]).toMatchObject({ column: 0, top: 130 });
  });

  it("stacks everything in one column", () => {
    const { items, height } = masonryLayout([10, 20], { columns: 1, spacing: 30, width: 400 });
    expect(items.map((i) => [i.left, i.top, i.width])).toEqual([
      [0, 0, 400],
      [0, 40, 400],
    ]);
    expect(height).toBe(60);
  });

  it("is empty for no items", () => {
    expect(masonryLayout([], { columns: 3, spacing: 30, width: 900 })).toEqual({ items: [], height: 0 });
  });
});
