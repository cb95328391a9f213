// @vitest-environment happy-dom
/**
 * Inside Shopify the product feed's "Choose a collection" opens App
 * Bridge's resource picker for one collection, and its documented payload
 * becomes the feed's collection entry, shown with image, title, product
 * count and Remove. App Bridge itself is not loaded: a stand-in
 * window.shopify.resourcePicker records the call.
 */
import { act } from "react";
import { createRoot } from "react-dom/client";
import { describe, expect, it, vi } from "vitest";
import { AppProvider } from "@shopify/polaris";
import en from "@shopify/polaris/locales/en.json";
import picked from "#test/fixtures/shopify-admin/resource-picker-collections.json";
import { CollectionFeedField } from "#app/components/editor/CollectionFeedField";

(globalThis as unknown as { IS_REACT_ACT_ENVIRONMENT: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe("Choose a collection inside Shopify", () => {
  it("opens the resource picker for one collection and stores its handle and summary", async () => {
    const resourcePicker = vi.fn(async () => picked);
    (window as unknown as { shopify: unknown }).shopify = { resourcePicker };
    const div = document.createElement("div");
    document.body.appendChild(div);
    const root = createRoot(div);
    let entries: Record<string, unknown>[] = [{ source: "cart" }];
    const render = () =>
      act(async () =>
        root.render(
          <AppProvider i18n={en}>
            <CollectionFeedField
              source={{ surface: "shopify", searchUrl: null, csrfToken: null, currency: "SEK" }}
              entries={entries}
              onChange={(next) => void (entries = next)}
            />
          </AppProvider>,
        ),
      );
    await render();
    expect(div.textContent).toContain("No collection chosen.");
    const button = [...div.querySelectorAll("button")].find((b) => b.textContent === "Choose a collection")!;
    await act(async () => button.click());
    expect(resourcePicker).toHaveBeenCalledWith({ type: "collection", action: "select", multiple: false });
    expect(entries).toEqual([
      { source: "cart" },
      {
        source: "collection",
        handle: "bryggkaffe",
        summary: { id: "841564295", title: "Bryggkaffe", image: picked[0].image.originalSrc, productsCount: 13 },
      },
    ]);

    await render();
    const row = div.querySelector('[data-feed-collection="bryggkaffe"]')!;
    expect(row.textContent).toContain("Bryggkaffe");
    expect(row.textContent).toContain("13 products");
    expect(row.querySelector("img")!.getAttribute("src")).toBe(picked[0].image.originalSrc);
    await act(async () => row.querySelector("button")!.click());
    expect(entries).toEqual([{ source: "cart" }]);

    // Cancelled: nothing changes.
    resourcePicker.mockResolvedValueOnce(undefined as never);
    await render();
    await act(async () =>
      [...div.querySelectorAll("button")].find((b) => b.textContent === "Choose a collection")!.click(),
    );
    expect(entries).toEqual([{ source: "cart" }]);
    await act(async () => root.unmount());
  });
});
