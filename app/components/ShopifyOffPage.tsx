/**
 * What /app shows while Shopify install is off: which of the four variables
 * are missing and how to set them. Only variable names are shown, never a
 * value, so a half-configured server does not leak its API key or secret.
 */
import { AppProvider, Badge, Banner, BlockStack, Box, Card, InlineStack, Page, Text } from "@shopify/polaris";
import polarisEn from "@shopify/polaris/locales/en.json";
import polarisSv from "@shopify/polaris/locales/sv.json";
import { translator } from "#app/i18n";
import type { Language } from "#contract/i18n";

/** The data the /app loader throws while Shopify install is off. */
export interface ShopifyOff {
  shopifyOff: true;
  lang: Language;
  /** Each required variable, with whether it is set. */
  variables: { name: string; set: boolean }[];
  /** Why a complete configuration was refused (e.g. a malformed URL), or null. */
  problem: string | null;
}

/** Whether a thrown route error's data is the Shopify-off description. */
export function isShopifyOff(data: unknown): data is ShopifyOff {
  return typeof data === "object" && data !== null && (data as { shopifyOff?: unknown }).shopifyOff === true;
}

// Placeholders, not values: the page never shows what the server has.
const EXAMPLE: Record<string, string> = {
  SHOPIFY_API_KEY: "<client id>",
  SHOPIFY_API_SECRET: "<client secret>",
  SHOPIFY_APP_URL: "https://<your app host>",
  SCOPES: "read_products,read_themes,write_app_proxy,write_pixels,read_customer_events",
};

/** The Polaris page that says which Shopify variables to set. */
export function ShopifyOffPage({ lang, variables, problem }: ShopifyOff) {
  const translate = translator(lang);
  return (
    <AppProvider i18n={lang === "sv" ? polarisSv : polarisEn}>
      <Page title={translate("shopifyOff.title")} narrowWidth>
        <BlockStack gap="400">
          <Banner tone="warning" title={translate("shopifyOff.banner")}>
            <p>{problem ?? translate("shopifyOff.intro")}</p>
          </Banner>
          <Card>
            <BlockStack gap="300">
              <Text as="h2" variant="headingMd">
                {translate("shopifyOff.variables")}
              </Text>
              <ul aria-label={translate("shopifyOff.variables")} style={{ listStyle: "none", margin: 0, padding: 0 }}>
                {variables.map((variable) => (
                  <li key={variable.name}>
                    <InlineStack gap="200" blockAlign="center">
                      <code>{variable.name}</code>
                      <Badge tone={variable.set ? "success" : "critical"}>
                        {variable.set ? translate("shopifyOff.set") : translate("shopifyOff.missing")}
                      </Badge>
                    </InlineStack>
                  </li>
                ))}
              </ul>
              <Text as="p">{translate("shopifyOff.howDev")}</Text>
              <Text as="p">{translate("shopifyOff.howServer")}</Text>
              <Box background="bg-surface-secondary" padding="300" borderRadius="200">
                <pre style={{ margin: 0, whiteSpace: "pre-wrap" }}>
                  <code>{variables.map((v) => `${v.name}=${EXAMPLE[v.name] ?? ""}`).join("\n")}</code>
                </pre>
              </Box>
              <Text as="p">{translate("shopifyOff.readme")}</Text>
            </BlockStack>
          </Card>
        </BlockStack>
      </Page>
    </AppProvider>
  );
}
