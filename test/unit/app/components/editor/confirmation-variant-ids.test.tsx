// @vitest-environment happy-dom
/**
 * A cart, checkout or product confirmation's products: picked where the
 * editor knows a store (App Bridge inside Shopify, the standalone admin's
 * search), so the typed "Product variant ids" field is gone there; without a
 * store it is the only way to name them, and stays.
 */
import { act } from "react";
import { describe, expect, it } from "vitest";
import type { ActionGroupData } from "#contract/schema/cta";
import { ConfirmationFields } from "#app/components/editor/ConfirmationFields";
import { StoreProductsProvider, type StoreProductsSource } from "#app/components/editor/store-products-context";
import { withPolarisRoot } from "./polaris-root";

const mount = withPolarisRoot();

const labels = (div: HTMLElement) => [...div.querySelectorAll("label")].map((l) => l.textContent);

async function draw(source: StoreProductsSource | null, type = "cart") {
  const { div, render } = mount();
  const data = { "confirmation-type": type, "selected-product-variant-ids": ["8802"] } as ActionGroupData;
  const fields = (
    <ConfirmationFields data={data} onChange={() => undefined} path={["g"]} label="Then" steps={[]} ctaOptions={[]} />
  );
  await act(async () => render(<StoreProductsProvider value={source}>{fields}</StoreProductsProvider>));
  return div;
}

describe("the products of a store confirmation", () => {
  it.each([
    ["inside Shopify", { surface: "shopify", searchUrl: null, csrfToken: null, currency: "SEK" }],
    ["in the standalone admin of a store", { surface: "owner", searchUrl: "/search", csrfToken: "t", currency: "SEK" }],
  ] as const)("%s: picked, with no typed variant ids beside the picker", async (_where, source) => {
    for (const type of ["cart", "checkout", "product"]) {
      const div = await draw(source, type);
      expect(div.querySelector('[data-selected-variant="8802"]'), type).not.toBeNull();
      expect(labels(div), type).not.toContain("Product variant ids");
      // Quantities have no picker yet: their field stays.
      expect(labels(div), type).toContain("Quantities");
    }
  });

  it("without a store known to the editor the ids are typed", async () => {
    for (const source of [null, { surface: "owner", searchUrl: null, csrfToken: null, currency: "SEK" } as const]) {
      const div = await draw(source);
      expect(labels(div)).toContain("Product variant ids");
      expect(div.querySelector<HTMLInputElement>("input[value='8802']")).not.toBeNull();
    }
  });
});
