/**
 * The collection a products element's feed shows (entry { source:
 * "collection", handle }; the widget reads its products through the Section
 * Rendering API): chosen through App Bridge's resource picker inside
 * Shopify, or the store's collection search in the standalone admin (same
 * endpoint as the product search, kind=collections). Shown with image,
 * title and product count, with Remove.
 */
import { BlockStack, Button, InlineStack, Text, Thumbnail } from "@shopify/polaris";
import {
  collectionFeedOf,
  collectionFromResourcePicker,
  feedCollectionFromHit,
  withCollectionFeed,
  type CollectionHit,
  type CollectionSearchPage,
  type FeedCollection,
  type ResourcePickerCollection,
} from "#app/view/store-products";
import { useT } from "#app/i18n/useT";
import { AppBridgePickerButton, type AppBridgePicker } from "./AppBridgePickerButton";
import { NO_IMAGE, PickedItems } from "./PickedItems";
import type { StoreProductsSource } from "./store-products-context";
import { useStoreSearch, type StoreSearchKind } from "./useStoreSearch";
import { StoreSearchPanel } from "./StoreSearchPanel";

type FeedEntries = Record<string, unknown>[];

/** The chosen collection and the way to choose one. */
export function CollectionFeedField({
  source,
  entries,
  onChange,
}: {
  source: StoreProductsSource;
  entries: FeedEntries;
  onChange(next: FeedEntries): void;
}) {
  const translate = useT();
  const chosen = collectionFeedOf(entries);
  const set = (c: FeedCollection | null) => onChange(withCollectionFeed(entries, c));

  const pickCollection = async (shopify: AppBridgePicker<ResourcePickerCollection>) => {
    const picked = await shopify.resourcePicker({ type: "collection", action: "select", multiple: false });
    const collection = collectionFromResourcePicker(picked);
    if (collection) set(collection);
  };

  return (
    <BlockStack gap="200">
      <Text as="h4" variant="headingSm">
        {translate("collectionPicker.title")}
      </Text>
      <PickedItems
        items={
          chosen
            ? [
                {
                  key: chosen.handle,
                  data: { "data-feed-collection": chosen.handle },
                  image: chosen.image,
                  title: chosen.title || chosen.handle,
                  detail:
                    chosen.productsCount === null
                      ? null
                      : translate(
                          chosen.productsCount === 1
                            ? "collectionPicker.productsCountOne"
                            : "collectionPicker.productsCount",
                          { count: chosen.productsCount },
                        ),
                },
              ]
            : []
        }
        onRemove={() => set(null)}
        empty={translate("collectionPicker.none")}
      />
      {source.surface === "shopify" ? (
        <AppBridgePickerButton
          texts={{
            choose: translate("collectionPicker.choose"),
            pickerMissing: translate("collectionPicker.pickerMissing"),
          }}
          pick={pickCollection}
        />
      ) : (
        <CollectionSearch
          source={source}
          chosenHandle={chosen?.handle ?? null}
          onPick={(hit) => set(feedCollectionFromHit(hit))}
        />
      )}
    </BlockStack>
  );
}

const COLLECTION_SEARCH: StoreSearchKind<CollectionSearchPage> = {
  kind: "collections",
  isPage: (body): body is CollectionSearchPage => Array.isArray((body as CollectionSearchPage | null)?.collections),
  append: (shown, next) => ({ collections: [...shown.collections, ...next.collections], pageInfo: next.pageInfo }),
};

/** Standalone admin: typed search (debounced), results with image, title and product count, more by cursor. */
function CollectionSearch({
  source,
  chosenHandle,
  onPick,
}: {
  source: StoreProductsSource;
  chosenHandle: string | null;
  onPick(hit: CollectionHit): void;
}) {
  const translate = useT();
  const search = useStoreSearch(source, COLLECTION_SEARCH);
  return (
    <StoreSearchPanel
      search={search}
      hits={search.page?.collections ?? null}
      texts={{
        label: translate("collectionPicker.search"),
        placeholder: translate("collectionPicker.searchPlaceholder"),
        failed: translate("collectionPicker.failed"),
        noResults: translate("collectionPicker.noResults", { query: search.query }),
      }}
      renderHit={(collection) => {
        const picked = collection.handle === chosenHandle;
        return (
          <li key={collection.id} style={{ listStyle: "none" }} data-collection-result={collection.id}>
            <InlineStack gap="300" blockAlign="start" wrap={false}>
              <Thumbnail
                size="small"
                source={collection.image ?? NO_IMAGE}
                alt={collection.imageAlt || collection.title}
              />
              <BlockStack gap="100">
                <Text as="span" fontWeight="semibold">
                  {collection.title}
                </Text>
                {collection.productsCount === null ? null : (
                  <Text as="span" tone="subdued">
                    {translate(
                      collection.productsCount === 1
                        ? "collectionPicker.productsCountOne"
                        : "collectionPicker.productsCount",
                      {
                        count: collection.productsCount,
                      },
                    )}
                  </Text>
                )}
                <InlineStack>
                  <Button
                    size="slim"
                    disabled={picked}
                    accessibilityLabel={
                      picked
                        ? translate("collectionPicker.chosenNamed", { name: collection.title })
                        : translate("collectionPicker.chooseNamed", { name: collection.title })
                    }
                    onClick={() => onPick(collection)}
                  >
                    {translate("collectionPicker.pick")}
                  </Button>
                </InlineStack>
              </BlockStack>
            </InlineStack>
          </li>
        );
      }}
    />
  );
}
