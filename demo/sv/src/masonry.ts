/**
 * Masonry grids (.sv-masonry, SPEC 9: 3 columns and 30 px spacing unless
 * data-settings says otherwise; 2 on tablet and 1 on mobile): items are
 * placed in the shortest column, again on resize (after 200 ms of quiet)
 * and when an image inside finishes loading.
 */
import { builderDevice } from "./breakpoints";
import { MASONRY_DEFAULTS, POPUPS } from "./constants";
import { claim, debounce, emit, jsonAttr, within } from "./dom";
import { masonryLayout } from "./masonry-layout";

interface MasonrySettings {
  columns?: number;
  columns_tablet?: number;
  columns_mobile?: number;
  spacing?: number;
}

export function columnsFor(width: number, settings: MasonrySettings): number {
  const device = builderDevice(width);
  if (device === "mobile") return settings.columns_mobile ?? MASONRY_DEFAULTS.columnsMobile;
  if (device === "tablet") return settings.columns_tablet ?? MASONRY_DEFAULTS.columnsTablet;
  return settings.columns ?? MASONRY_DEFAULTS.columns;
}

export function initMasonry(root: ParentNode, win: Window): void {
  for (const grid of within<HTMLElement>(root, ".sv-masonry")) {
    if (!claim(grid, "masonry")) continue;
    const settings = jsonAttr<MasonrySettings>(grid, "data-settings") ?? {};
    const spacing = settings.spacing ?? MASONRY_DEFAULTS.spacing;
    const layout = () => {
      const items = Array.from(grid.children) as HTMLElement[];
      const columns = columnsFor(win.innerWidth, settings);
      const width = grid.clientWidth;
      const colWidth = (width - spacing * (columns - 1)) / columns;
      // Measure at the column width first, then place.
      items.forEach((item) => {
        item.style.position = "absolute";
        item.style.width = `${colWidth}px`;
      });
      const placed = masonryLayout(
        items.map((i) => i.offsetHeight),
        { columns, spacing, width },
      );
      items.forEach((item, i) => {
        item.style.left = `${placed.items[i].left}px`;
        item.style.top = `${placed.items[i].top}px`;
      });
      grid.style.position = "relative";
      grid.style.height = `${placed.height}px`;
      grid.setAttribute("data-columns", String(columns));
      emit(grid, "masonry:layout", { columns, spacing });
    };
    layout();
    grid.querySelectorAll("img").forEach((img) => {
      if (!img.complete) img.addEventListener("load", layout, { once: true });
    });
    win.addEventListener("resize", debounce(layout, POPUPS.motionResizeDebounce));
  }
}
