/**
 * The items of a tabs, collapse or carousel element
 * (element.content_toggle_items): a title and rich text each, written in the
 * same Tiptap field as a text element (no raw HTML), and for a carousel
 * slide its image, the image's description and an optional link. The server
 * sanitizes each item's HTML on save as it does a text element's
 * (app/models/rich-text/document-rich-text.ts); the widget reads the same keys
 * (widget/render/options.ts ContentItem).
 */
import { BlockStack, Box, Button, FormLayout, InlineStack, Text, TextField } from "@shopify/polaris";
import type { CtaElement, ElementType } from "#contract/schema/cta";
import { useT } from "#app/i18n/useT";
import { RichTextField } from "./RichTextField";

/** Element types whose content is a list of items with rich text. */
export const CONTENT_ITEM_TYPES = ["tabs", "collapse", "carousel"] as const satisfies readonly ElementType[];
type ItemType = (typeof CONTENT_ITEM_TYPES)[number];

/** Whether an element type has content items this editor edits. */
export const hasContentItems = (type: ElementType): type is ItemType =>
  (CONTENT_ITEM_TYPES as readonly string[]).includes(type);

type Item = Record<string, unknown>;

/** The content items of one tabs, collapse or carousel element, each in a box of its own, with add and remove. */
export function ContentItemsEditor({ element, onChange }: { element: CtaElement; onChange(el: CtaElement): void }) {
  const translate = useT();
  if (!hasContentItems(element.element_type)) return null;
  const type = element.element_type;
  const items: Item[] = element.content_toggle_items ?? [];
  const write = (next: Item[]) => onChange({ ...element, content_toggle_items: next });
  const setKey = (index: number, key: string, value: string) =>
    write(
      items.map((item, itemIndex) => {
        if (itemIndex !== index) return item;
        const next = { ...item, [key]: value };
        if (value === "") delete next[key];
        return next;
      }),
    );
  const field = (index: number, key: string, label: string, more: { placeholder?: string; helpText?: string } = {}) => (
    <TextField
      label={label}
      value={typeof items[index][key] == "string" ? (items[index][key] as string) : ""}
      onChange={(v) => setKey(index, key, v)}
      autoComplete="off"
      {...more}
    />
  );
  return (
    <BlockStack gap="300">
      <Text as="h4" variant="headingSm">
        {translate(`contentItems.heading.${type}`)}
      </Text>
      {items.map((item, index) => {
        const name = translate(`contentItems.name.${type}`, { n: index + 1 });
        return (
          <Box key={index} padding="300" borderWidth="025" borderColor="border" borderRadius="200">
            <BlockStack gap="300">
              <InlineStack align="space-between" blockAlign="center">
                <Text as="h5" variant="headingSm">
                  {name}
                </Text>
                <Button
                  tone="critical"
                  variant="plain"
                  onClick={() => write(items.filter((_, j) => j !== index))}
                  accessibilityLabel={translate("contentItems.remove", { name })}
                >
                  {translate("productPicker.remove")}
                </Button>
              </InlineStack>
              {field(index, "title", translate("contentItems.title", { name }))}
              <RichTextField
                label={translate("contentItems.text", { name })}
                value={typeof item.html == "string" ? item.html : ""}
                onChange={(html) => setKey(index, "html", html)}
              />
              {type === "carousel" ? (
                <FormLayout>
                  <FormLayout.Group>
                    {field(index, "image", translate("contentItems.image", { name }), { placeholder: "https://" })}
                    {field(index, "alt", translate("contentItems.alt", { name }), {
                      helpText: translate("contentItems.altHelp"),
                    })}
                  </FormLayout.Group>
                  {field(index, "link", translate("contentItems.link", { name }), { placeholder: "https://" })}
                </FormLayout>
              ) : null}
            </BlockStack>
          </Box>
        );
      })}
      <div>
        <Button
          onClick={() => write([...items, { title: translate(`contentItems.name.${type}`, { n: items.length + 1 }) }])}
        >
          {translate(`contentItems.add.${type}`)}
        </Button>
      </div>
    </BlockStack>
  );
}
