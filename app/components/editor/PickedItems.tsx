/**
 * The list of products or variants an owner has picked for a CTA: a small
 * image, the title, a subdued line (variant, price) and a Remove button
 * named after the item. Shared by the confirmation's variant picker and the
 * product feed's manual list.
 */
import { BlockStack, Button, InlineStack, Text, Thumbnail } from "@shopify/polaris";
import { useT } from "#app/i18n/useT";

/** A grey square where a product has no image (a data: URL passes the admin's image policy). */
export const NO_IMAGE =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 1 1'%3E%3Crect width='1' height='1' fill='%23e3e3e3'/%3E%3C/svg%3E";

export interface PickedItem {
  key: string;
  /** data-* attributes tests and styles find the row by. */
  data: Record<`data-${string}`, string>;
  image: string | null | undefined;
  title: string;
  /** Variant and price, when known. */
  detail?: string | null;
}

/** The picked items with their Remove buttons, or `empty` when none is picked. */
export function PickedItems({
  items,
  onRemove,
  empty,
}: {
  items: PickedItem[];
  onRemove(key: string): void;
  empty: string;
}) {
  const translate = useT();
  if (!items.length) {
    return (
      <Text as="p" tone="subdued">
        {empty}
      </Text>
    );
  }
  return (
    <BlockStack gap="100" as="ul">
      {items.map((item) => (
        <li key={item.key} {...item.data} style={{ listStyle: "none" }}>
          <InlineStack gap="200" blockAlign="center" wrap={false}>
            <Thumbnail size="small" source={item.image ?? NO_IMAGE} alt={item.title} />
            <BlockStack>
              <Text as="span" fontWeight="semibold">
                {item.title}
              </Text>
              {item.detail ? (
                <Text as="span" tone="subdued">
                  {item.detail}
                </Text>
              ) : null}
            </BlockStack>
            <Button
              variant="plain"
              tone="critical"
              accessibilityLabel={translate("productPicker.removeNamed", { name: item.title })}
              onClick={() => onRemove(item.key)}
            >
              {translate("productPicker.remove")}
            </Button>
          </InlineStack>
        </li>
      ))}
    </BlockStack>
  );
}
