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
} from "~/lib/store-products";
import { useT } from "~/i18n/useT";
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
  const t = useT();
  const chosen = collectionFeedOf(entries);
  const set = (c: FeedCollection | null) => onChange(withCollectionFeed(entries, c));

  const pickCollection = async (shopify: AppBridgePicker<ResourcePickerCollection>) => {
    const picked = await shopify.resourcePicker({ type: "collection", action: "select", multiple: false });
    const c = collectionFromResourcePicker(picked);
    if (c) set(c);
  };

  return (
    <BlockStack gap="200">
      <Text as="h4" variant="headingSm">
        {t("collectionPicker.title")}
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
                      : t(
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
        empty={t("collectionPicker.none")}
      />
      {source.surface === "shopify" ? (
        <AppBridgePickerButton
          texts={{ choose: t("collectionPicker.choose"), pickerMissing: t("collectionPicker.pickerMissing") }}
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
  const t = useT();
  const search = useStoreSearch(source, COLLECTION_SEARCH);
  return (
    <StoreSearchPanel
      search={search}
      hits={search.page?.collections ?? null}
      texts={{
        label: t("collectionPicker.search"),
        placeholder: t("collectionPicker.searchPlaceholder"),
        failed: t("collectionPicker.failed"),
        noResults: t("collectionPicker.noResults", { query: search.query }),
      }}
      renderHit={(c) => {
        const picked = c.handle === chosenHandle;
        return (
          <li key={c.id} style={{ listStyle: "none" }} data-collection-result={c.id}>
            <InlineStack gap="300" blockAlign="start" wrap={false}>
              <Thumbnail size="small" source={c.image ?? NO_IMAGE} alt={c.imageAlt || c.title} />
              <BlockStack gap="100">
                <Text as="span" fontWeight="semibold">
                  {c.title}
                </Text>
                {c.productsCount === null ? null : (
                  <Text as="span" tone="subdued">
                    {t(c.productsCount === 1 ? "collectionPicker.productsCountOne" : "collectionPicker.productsCount", {
                      count: c.productsCount,
                    })}
                  </Text>
                )}
                <InlineStack>
                  <Button
                    size="slim"
                    disabled={picked}
                    accessibilityLabel={
                      picked
                        ? t("collectionPicker.chosenNamed", { name: c.title })
                        : t("collectionPicker.chooseNamed", { name: c.title })
                    }
                    onClick={() => onPick(c)}
                  >
                    {t("collectionPicker.pick")}
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
