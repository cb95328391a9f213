/**
 * Settings of a Shopify store: what Beckon does while a visitor has not
 * consented (Shopify's Customer Privacy API), and the customers' data
 * requests Shopify sent (customers/data_request), each with its report to
 * download and hand to the customer.
 */
import { BlockStack, InlineStack, List, Text } from "@shopify/polaris";
import { useT } from "~/i18n/useT";
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
  const t = useT();
  return (
    <BlockStack gap="400">
      <SectionCard title={t("privacy.consentTitle")}>
        <Text as="p">{t("privacy.consentIntro")}</Text>
        <List>
          <List.Item>{t("privacy.consentLostVisitor")}</List.Item>
          <List.Item>{t("privacy.consentLostEvents")}</List.Item>
          <List.Item>{t("privacy.consentLostTargeting")}</List.Item>
        </List>
        <Text as="p" tone="subdued">
          {t("privacy.consentKept")}
        </Text>
      </SectionCard>
      <SectionCard title={t("privacy.requestsTitle")}>
        <Text as="p">{t("privacy.requestsIntro")}</Text>
        {requests.length === 0 ? (
          <Text as="p" tone="subdued">
            {t("privacy.requestsNone")}
          </Text>
        ) : (
          <BlockStack gap="200">
            {requests.map((r) => (
              <InlineStack key={r.id} gap="300" align="space-between" blockAlign="center">
                <Text as="span">
                  {t("privacy.requestRow", {
                    date: r.createdAt.slice(0, 10),
                    who: r.email ?? (r.shopifyCustomerId ? `#${r.shopifyCustomerId}` : "?"),
                    people: String(r.people),
                  })}
                </Text>
                <DownloadButton
                  href={`${basePath}/data-requests/${r.id}`}
                  label={t("privacy.download")}
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
