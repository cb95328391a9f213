/**
 * The products a products element shows when its feed is a hand-picked list
 * (product_recommendations entry { source: "manual", handles }): picked
 * through the resource picker inside Shopify or the store's product search
 * in the standalone admin, shown with title, image and price; and a chosen
 * collection (CollectionFeedField); and products by tag (a filter entry with
 * fixed terms, searched like the shopper's answers). Other feed sources (recommendations,
 * the visitor's collection, cart) are kept as they are.
 */
import { BlockStack, Button, InlineStack, Text } from "@shopify/polaris";
import type { CtaElement } from "#contract/schema/cta";
import {
  feedFromResourcePicker,
  feedProductFromHit,
  manualFeedOf,
  tagTermsOf,
  withManualFeed,
  withTagTerms,
  type FeedProduct,
  type ResourcePickerProduct,
} from "#app/view/store-products";
import { useT } from "#app/i18n/useT";
import { AppBridgePickerButton, type AppBridgePicker } from "./AppBridgePickerButton";
import { ProductSearch } from "./ProductPickerField";
import { PickedItems } from "./PickedItems";
import { CollectionFeedField } from "./CollectionFeedField";
import { useStoreProducts } from "./store-products-context";
import { CommitTextField } from "./CommitTextField";

export function ProductFeedField({ element, onChange }: { element: CtaElement; onChange(el: CtaElement): void }) {
  const translate = useT();
  const source = useStoreProducts();
  const entries = (element.product_recommendations ?? []) as Record<string, unknown>[];
  const products = manualFeedOf(entries);
  const set = (next: FeedProduct[]) => onChange({ ...element, product_recommendations: withManualFeed(entries, next) });
  if (!source || (source.surface === "owner" && !source.searchUrl)) return null;

  const pickFeed = async (shopify: AppBridgePicker<ResourcePickerProduct>) => {
    // The picker knows products by id; the feed by handle: it opens empty and its choice replaces the list.
    const picked = await shopify.resourcePicker({
      type: "product",
      action: "select",
      multiple: 50,
      filter: { variants: false, draft: false, archived: false },
    });
    if (picked) set(feedFromResourcePicker(picked, source.currency));
  };

  const chosen = new Set(products.map((p) => p.handle));
  return (
    <BlockStack gap="200">
      <Text as="h4" variant="headingSm">
        {translate("productPicker.feedTitle")}
      </Text>
      <PickedItems
        items={products.map((product) => ({
          key: product.handle,
          data: { "data-feed-product": product.handle },
          image: product.image,
          title: product.title || product.handle,
          detail: product.price,
        }))}
        onRemove={(handle) => set(products.filter((x) => x.handle !== handle))}
        empty={translate("productPicker.feedNone")}
      />
      {source.surface === "shopify" ? (
        <AppBridgePickerButton
          texts={{ choose: translate("productPicker.choose"), pickerMissing: translate("productPicker.pickerMissing") }}
          pick={pickFeed}
        />
      ) : (
        <ProductSearch
          source={source}
          renderActions={(hit) => {
            const added = chosen.has(hit.handle);
            return (
              <InlineStack>
                <Button
                  size="slim"
                  disabled={added}
                  accessibilityLabel={
                    added
                      ? translate("productPicker.addedNamed", { name: hit.title })
                      : translate("productPicker.addNamed", { name: hit.title })
                  }
                  onClick={() => set([...products, feedProductFromHit(hit)])}
                >
                  {translate("productPicker.add")}
                </Button>
              </InlineStack>
            );
          }}
        />
      )}
      <CollectionFeedField
        source={source}
        entries={entries}
        onChange={(next) => onChange({ ...element, product_recommendations: next })}
      />
      <CommitTextField
        label={translate("productPicker.tagsFeed")}
        helpText={translate("productPicker.tagsFeedHelp")}
        placeholder={translate("quizOutcomes.tagsPlaceholder")}
        text={tagTermsOf(entries).join(", ")}
        onCommit={(text) => onChange({ ...element, product_recommendations: withTagTerms(entries, text) })}
      />
    </BlockStack>
  );
}
