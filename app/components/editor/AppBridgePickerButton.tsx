/**
 * A "Choose ..." button inside Shopify: opens App Bridge's resource picker
 * (window.shopify) and says in words when it is missing or fails. What is
 * asked of the picker and what its answer changes is the caller's.
 */
import { useState } from "react";
import { Banner, BlockStack, Button, InlineStack } from "@shopify/polaris";

/** App Bridge's global, as far as the editor uses it, for pickers of resources of type T. */
export type AppBridgePicker<T> = { resourcePicker: (options: Record<string, unknown>) => Promise<T[] | undefined> };

/** The button and, under it, the last error; `pick` gets App Bridge (called as a method, so its `this` holds). */
export function AppBridgePickerButton<T>({
  texts,
  pick,
}: {
  texts: { choose: string; pickerMissing: string };
  pick(shopify: AppBridgePicker<T>): Promise<void>;
}) {
  const [error, setError] = useState<string | null>(null);
  const open = async () => {
    setError(null);
    const shopify = (window as unknown as { shopify?: Partial<AppBridgePicker<T>> }).shopify;
    if (!shopify?.resourcePicker) return setError(texts.pickerMissing);
    try {
      await pick(shopify as AppBridgePicker<T>);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  return (
    <BlockStack gap="200">
      <InlineStack>
        <Button onClick={() => void open()}>{texts.choose}</Button>
      </InlineStack>
      {error ? <Banner tone="critical">{error}</Banner> : null}
    </BlockStack>
  );
}
