/** The CTA editor's warning about a required marketing consent checkbox, with its one-click fix (tied-consent.ts). */
import { Banner, BlockStack, List, Text } from "@shopify/polaris";
import type { CtaDocument } from "#contract/schema/cta";
import { useT } from "#app/i18n/useT";
import { freeConsents, tiedConsents } from "#app/view/tied-consent";

export function ConsentBanner({ doc, onChange }: { doc: CtaDocument; onChange: (doc: CtaDocument) => void }) {
  const translate = useT();
  const tied = tiedConsents(doc);
  if (!tied.length) return null;
  return (
    <Banner
      tone="warning"
      title={translate("editorUi.consent.title")}
      action={{ content: translate("editorUi.consent.fix"), onAction: () => onChange(freeConsents(doc)) }}
    >
      <BlockStack gap="100">
        <Text as="p">{translate("editorUi.consent.body")}</Text>
        <List>
          {tied.map((consent) => (
            <List.Item key={`${consent.slug}-${consent.step}`}>
              {translate("editorUi.consent.where", {
                field: translate(`editorUi.consent.${consent.slug}`),
                step: String(consent.step),
              })}
            </List.Item>
          ))}
        </List>
      </BlockStack>
    </Banner>
  );
}
