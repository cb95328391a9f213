/**
 * "Choose products" inside Shopify: opens App Bridge's resource picker
 * (window.shopify) and says in words when it is missing or fails. What is
 * asked of the picker and what its answer changes is the caller's.
 */
import { useState } from "react";
import { Banner, BlockStack, Button, InlineStack } from "@shopify/polaris";
import type { ResourcePickerProduct } from "~/lib/store-products";
import { useT } from "~/i18n/useT";

/** App Bridge's global, as far as the editor uses it. */
export type ShopifyGlobal = { resourcePicker?: (options: Record<string, unknown>) => Promise<ResourcePickerProduct[] | undefined> };

/** The button and, under it, the last error; `pick` gets App Bridge (called as a method, so its `this` holds). */
export function ChooseProductsButton({ pick }: { pick(shopify: Required<ShopifyGlobal>): Promise<void> }) {
  const t = useT();
  const [error, setError] = useState<string | null>(null);
  const open = async () => {
    setError(null);
    const shopify = (window as unknown as { shopify?: ShopifyGlobal }).shopify;
    if (!shopify?.resourcePicker) return setError(t("productPicker.pickerMissing"));
    try {
      await pick(shopify as Required<ShopifyGlobal>);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  return (
    <BlockStack gap="200">
      <InlineStack>
        <Button onClick={() => void open()}>{t("productPicker.choose")}</Button>
      </InlineStack>
      {error ? <Banner tone="critical">{error}</Banner> : null}
    </BlockStack>
  );
}
