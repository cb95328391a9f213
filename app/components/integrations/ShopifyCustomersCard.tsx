/** The store website's "Leads in Shopify Customers" switch, with what the permission allows. */
import { Banner, BlockStack, Button, Card, InlineStack, Text } from "@shopify/polaris";
import { AdminForm } from "#app/components/editor/AdminForm";
import { useT } from "#app/i18n/useT";
import type { AdminSurface } from "#app/view/admin-links";

export interface ShopifyCustomersCardProps {
  setting: { enabled: boolean; permission: "granted" | "missing" | "not_installed"; scope: string };
  /** Only the Shopify admin can ask the merchant for the permission (App Bridge's grant screen). */
  surface: AdminSurface;
  csrfToken: string | null;
  busy: boolean;
}

/** On or off, and a warning with the way to grant write_customers while it is missing. */
export function ShopifyCustomersCard({ setting, surface, csrfToken, busy }: ShopifyCustomersCardProps) {
  const translate = useT();
  const missing = setting.permission === "missing";
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {translate("integrations.customersTitle")}
        </Text>
        <Text as="p" tone="subdued">
          {translate("integrations.customersHelp")}
        </Text>
        {setting.permission === "not_installed" ? (
          <Banner tone="warning">
            <Text as="p">{translate("integrations.customersNotInstalled")}</Text>
          </Banner>
        ) : null}
        {missing && setting.enabled ? (
          <Banner tone="warning" title={translate("integrations.customersPermissionTitle")}>
            <BlockStack gap="200">
              <Text as="p">{translate("integrations.customersPermissionMissing", { scope: setting.scope })}</Text>
              {surface === "shopify" ? (
                <AdminForm csrfToken={csrfToken} intent="shopify-customers">
                  <input type="hidden" name="enabled" value="1" />
                  <Button submit disabled={busy}>
                    {translate("integrations.customersGrant")}
                  </Button>
                </AdminForm>
              ) : (
                <Text as="p">{translate("integrations.customersGrantInShopify")}</Text>
              )}
            </BlockStack>
          </Banner>
        ) : null}
        <InlineStack gap="300" blockAlign="center">
          <Text as="p">{translate(setting.enabled ? "integrations.customersOn" : "integrations.customersOff")}</Text>
          <AdminForm csrfToken={csrfToken} intent="shopify-customers">
            <input type="hidden" name="enabled" value={setting.enabled ? "0" : "1"} />
            <Button submit variant={setting.enabled ? "secondary" : "primary"} disabled={busy}>
              {translate(setting.enabled ? "integrations.customersTurnOff" : "integrations.customersTurnOn")}
            </Button>
          </AdminForm>
        </InlineStack>
      </BlockStack>
    </Card>
  );
}
