/**
 * Masonry placement (SPEC 9 defaults: 3 columns, 30 px spacing): each item
 * goes to the shortest column, leftmost on a tie. Pure: masonry.ts measures
 * the items and applies the positions.
 */
export interface MasonryOptions {
  columns: number;
  spacing: number;
  /** Width of the container in px. */
  width: number;
}

export interface MasonryPlacement {
  items: { left: number; top: number; width: number; column: number }[];
  /** Height the container needs. */
  height: number;
}

/** Positions for items of the given heights. */
export function masonryLayout(heights: number[], { columns, spacing, width }: MasonryOptions): MasonryPlacement {
  const cols = Math.max(1, Math.floor(columns));
  const colWidth = Math.max(0, (width - spacing * (cols - 1)) / cols);
  const tops = new Array<number>(cols).fill(0);
  const items = heights.map((itemHeight) => {
    let column = 0;
    for (let col = 1; col < cols; col++) if (tops[col] < tops[column]) column = col;
    const top = tops[column];
    tops[column] = top + itemHeight + spacing;
    return { left: column * (colWidth + spacing), top, width: colWidth, column };
  });
  const height = heights.length ? Math.max(...tops) - spacing : 0;
  return { items, height: Math.max(0, height) };
}
