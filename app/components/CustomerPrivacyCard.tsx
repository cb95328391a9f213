/**
 * Settings of a Shopify store: what Beckon does while a visitor has not
 * consented (Shopify's Customer Privacy API), and the customers' data
 * requests Shopify sent (customers/data_request), each with its report to
 * download and hand to the customer.
 */
import { BlockStack, InlineStack, List, Text } from "@shopify/polaris";
import { useT } from "#app/i18n/useT";
import { DownloadButton } from "./ContactsTable";
import { SectionCard } from "./SectionCard";

export interface DataRequestRow {
  id: number;
  createdAt: string;
  email: string | null;
  shopifyCustomerId: string | null;
  people: number;
}

export function CustomerPrivacyCard({
  requests,
  basePath,
  surface,
}: {
  requests: DataRequestRow[];
  basePath: string;
  surface: "owner" | "shopify";
}) {
  const translate = useT();
  return (
    <BlockStack gap="400">
      <SectionCard title={translate("privacy.consentTitle")}>
        <Text as="p">{translate("privacy.consentIntro")}</Text>
        <List>
          <List.Item>{translate("privacy.consentLostVisitor")}</List.Item>
          <List.Item>{translate("privacy.consentLostEvents")}</List.Item>
          <List.Item>{translate("privacy.consentLostTargeting")}</List.Item>
        </List>
        <Text as="p" tone="subdued">
          {translate("privacy.consentKept")}
        </Text>
      </SectionCard>
      <SectionCard title={translate("privacy.requestsTitle")}>
        <Text as="p">{translate("privacy.requestsIntro")}</Text>
        {requests.length === 0 ? (
          <Text as="p" tone="subdued">
            {translate("privacy.requestsNone")}
          </Text>
        ) : (
          <BlockStack gap="200">
            {requests.map((request) => (
              <InlineStack key={request.id} gap="300" align="space-between" blockAlign="center">
                <Text as="span">
                  {translate("privacy.requestRow", {
                    date: request.createdAt.slice(0, 10),
                    who: request.email ?? (request.shopifyCustomerId ? `#${request.shopifyCustomerId}` : "?"),
                    people: String(request.people),
                  })}
                </Text>
                <DownloadButton
                  href={`${basePath}/data-requests/${request.id}`}
                  label={translate("privacy.download")}
                  surface={surface}
                />
              </InlineStack>
            ))}
          </BlockStack>
        )}
      </SectionCard>
    </BlockStack>
  );
}
