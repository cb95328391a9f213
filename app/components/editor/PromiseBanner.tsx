/** The CTA editor's warning about success messages that promise what nothing set up delivers (delivery-promises.ts). */
import { Banner, BlockStack, List, Text } from "@shopify/polaris";
import type { CtaDocument } from "#contract/schema/cta";
import { useT } from "#app/i18n/useT";
import { unkeptPromises, type PromiseSetup } from "#app/view/delivery-promises";

export function PromiseBanner({ doc, setup }: { doc: CtaDocument; setup: PromiseSetup }) {
  const translate = useT();
  const unkept = unkeptPromises(doc, setup);
  if (!unkept.length) return null;
  return (
    <Banner tone="warning" title={translate("editorUi.promise.title")}>
      <BlockStack gap="100">
        <List>
          {unkept.map((promise) => (
            <List.Item key={promise.kind}>
              <Text as="span" fontWeight="semibold">
                “{promise.text}”
              </Text>{" "}
              {translate(`editorUi.promise.${promise.kind}`)}
            </List.Item>
          ))}
        </List>
      </BlockStack>
    </Banner>
  );
}
