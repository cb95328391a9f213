/**
 * The products a cart, checkout or product confirmation adds, picked rather
 * than typed: inside Shopify through App Bridge's resource picker, in the
 * standalone admin of a store website through a search of the store's
 * products (our server asks the shop's Admin API). The selection shows each
 * variant's title, image and price; the document keeps the variant ids the
 * widget adds to the cart.
 */
import type { ReactNode } from "react";
import { BlockStack, Button, InlineStack, Text, Thumbnail } from "@shopify/polaris";
import type { ActionGroupData } from "#contract/schema/cta";
import {
  priceRange,
  resourcePickerSelectionIds,
  selectedFromHit,
  selectedFromResourcePicker,
  selectedVariantsOf,
  withSelectedVariants,
  type ProductHit,
  type ProductSearchPage,
  type ResourcePickerProduct,
  type SelectedVariant,
} from "#app/view/store-products";
import { useT } from "#app/i18n/useT";
import { useStoreProducts, type StoreProductsSource } from "./store-products-context";
import { useStoreSearch, type StoreSearchKind } from "./useStoreSearch";
import { StoreSearchPanel } from "./StoreSearchPanel";
import { NO_IMAGE, PickedItems } from "./PickedItems";
import { AppBridgePickerButton } from "./AppBridgePickerButton";

export interface ProductPickerFieldProps {
  data: ActionGroupData;
  onChange(next: ActionGroupData): void;
}

/** Where the editor can pick products (App Bridge inside Shopify, or the standalone admin's search); null where no store is known. */
export function usePickableStore(): StoreProductsSource | null {
  const source = useStoreProducts();
  return !source || (source.surface === "owner" && !source.searchUrl) ? null : source;
}

/** The selected variants and the way to pick more; nothing where no store is known. */
export function ProductPickerField({ data, onChange }: ProductPickerFieldProps) {
  const translate = useT();
  const source = usePickableStore();
  const selected = selectedVariantsOf(data);
  const setSelected = (next: SelectedVariant[]) => onChange(withSelectedVariants(data, next));
  if (!source) return null;
  return (
    <BlockStack gap="200">
      <Text as="h4" variant="headingSm">
        {translate("productPicker.selected")}
      </Text>
      <PickedItems
        items={selected.map((variant) => ({
          key: variant.id,
          data: { "data-selected-variant": variant.id },
          image: variant.image,
          title: variant.productTitle || translate("productPicker.variantId", { id: variant.id }),
          detail: [variant.variantTitle, variant.price].filter(Boolean).join(" · "),
        }))}
        onRemove={(id) => setSelected(selected.filter((x) => x.id !== id))}
        empty={translate("productPicker.none")}
      />
      {source.surface === "shopify" ? (
        <ResourcePickerButton source={source} selected={selected} onPick={setSelected} />
      ) : (
        <ProductSearch
          source={source}
          renderActions={(product) => (
            <VariantButtons
              product={product}
              onPick={(s) => setSelected([...selected, s])}
              selectedIds={new Set(selected.map((s) => s.id))}
            />
          )}
        />
      )}
    </BlockStack>
  );
}

/** Inside Shopify: App Bridge's product picker, opened with the current variants ticked. */
function ResourcePickerButton({
  source,
  selected,
  onPick,
}: {
  source: StoreProductsSource;
  selected: SelectedVariant[];
  onPick(next: SelectedVariant[]): void;
}) {
  const translate = useT();
  return (
    <AppBridgePickerButton<ResourcePickerProduct>
      texts={{ choose: translate("productPicker.choose"), pickerMissing: translate("productPicker.pickerMissing") }}
      pick={async (shopify) => {
        const picked = await shopify.resourcePicker({
          type: "product",
          action: "select",
          multiple: 50,
          selectionIds: resourcePickerSelectionIds(selected),
          filter: { variants: true, draft: false, archived: false, hidden: false },
        });
        // Cancelled: keep what was there. Variants typed as ids (no product known) stay too.
        if (!picked) return;
        const untouched = selected.filter((s) => !s.productId);
        onPick([...selectedFromResourcePicker(picked, source.currency), ...untouched]);
      }}
    />
  );
}

const PRODUCT_SEARCH: StoreSearchKind<ProductSearchPage> = {
  isPage: (body): body is ProductSearchPage => Array.isArray((body as ProductSearchPage | null)?.products),
  append: (shown, next) => ({ products: [...shown.products, ...next.products], pageInfo: next.pageInfo }),
};

/** Standalone admin: typed search (debounced), results with image, title, price range and variants, more by cursor. */
export function ProductSearch({
  source,
  renderActions,
}: {
  source: StoreProductsSource;
  renderActions(product: ProductHit): ReactNode;
}) {
  const translate = useT();
  const search = useStoreSearch(source, PRODUCT_SEARCH);
  return (
    <StoreSearchPanel
      search={search}
      hits={search.page?.products ?? null}
      texts={{
        label: translate("productPicker.search"),
        placeholder: translate("productPicker.searchPlaceholder"),
        helpText: translate("productPicker.searchHelp"),
        failed: translate("productPicker.failed"),
        noResults: translate("productPicker.noResults", { query: search.query }),
      }}
      renderHit={(product) => (
        <SearchResult key={product.id} product={product}>
          {renderActions(product)}
        </SearchResult>
      )}
    />
  );
}

/** One product of the results: image, title, price range, variants count, and what can be done with it. */
function SearchResult({ product, children }: { product: ProductHit; children: ReactNode }) {
  const translate = useT();
  return (
    <li style={{ listStyle: "none" }} data-product-result={product.id}>
      <InlineStack gap="300" blockAlign="start" wrap={false}>
        <Thumbnail size="small" source={product.image ?? NO_IMAGE} alt={product.imageAlt || product.title} />
        <BlockStack gap="100">
          <Text as="span" fontWeight="semibold">
            {product.title}
          </Text>
          <Text as="span" tone="subdued">
            {priceRange(product)} ·{" "}
            {translate(product.variantsCount === 1 ? "productPicker.variantsOne" : "productPicker.variants", {
              count: product.variantsCount,
            })}
          </Text>
          {children}
        </BlockStack>
      </InlineStack>
    </li>
  );
}

/** A button per variant adds it. */
function VariantButtons({
  product,
  onPick,
  selectedIds,
}: {
  product: ProductHit;
  onPick(s: SelectedVariant): void;
  selectedIds: Set<string>;
}) {
  const translate = useT();
  const single = product.variants.length === 1;
  return (
    <InlineStack gap="200">
      {product.variants.map((variant) => {
        const selectedVariant = selectedFromHit(product, variant);
        const chosen = selectedIds.has(selectedVariant.id);
        const name = single ? product.title : `${product.title} – ${variant.title}`;
        return (
          <Button
            key={variant.id}
            size="slim"
            disabled={chosen}
            accessibilityLabel={
              chosen ? translate("productPicker.addedNamed", { name }) : translate("productPicker.addNamed", { name })
            }
            onClick={() => onPick(selectedVariant)}
          >
            {`${single ? translate("productPicker.add") : variant.title} · ${variant.price}${variant.available ? "" : ` (${translate("productPicker.soldOut")})`}`}
          </Button>
        );
      })}
    </InlineStack>
  );
}

/** Shown for products without an image. */
