/** The contact page's built-in lists: subscribed, pending confirmation (with its evidence once confirmed), or left. */
import { Badge, BlockStack, InlineStack, Text } from "@shopify/polaris";
import { SectionCard } from "#app/components/SectionCard";
import { formatUtcDateTime } from "#app/components/format";
import { useT } from "#app/i18n/useT";

export interface ContactListsCardProps {
  lists: {
    id: number;
    name: string;
    integrationName: string;
    unsubscribedAt: string | null;
    status: string;
    confirmedAt: string | null;
    confirmedIp: string | null;
  }[];
}

/** One line per list membership. */
export function ContactListsCard({ lists }: ContactListsCardProps) {
  const translate = useT();
  return (
    <SectionCard title={translate("contact.lists")}>
      {lists.length ? (
        <BlockStack gap="200">
          {lists.map((list) => (
            <BlockStack key={list.id} gap="050">
              <InlineStack gap="200" blockAlign="center" align="space-between">
                <Text as="span">
                  {list.name}{" "}
                  <Text as="span" tone="subdued">
                    ({list.integrationName})
                  </Text>
                </Text>
                {list.unsubscribedAt ? (
                  <Badge>{translate("contact.unsubscribed")}</Badge>
                ) : list.status === "pending" ? (
                  <Badge tone="attention">{translate("contact.pendingConfirmation")}</Badge>
                ) : (
                  <Badge tone="success">{translate("contact.subscribed")}</Badge>
                )}
              </InlineStack>
              {list.confirmedAt ? (
                <Text as="p" tone="subdued">
                  {translate("contact.confirmedEvidence", {
                    at: formatUtcDateTime(list.confirmedAt, translate.lang),
                    ip: list.confirmedIp ?? "?",
                  })}
                </Text>
              ) : null}
            </BlockStack>
          ))}
        </BlockStack>
      ) : (
        <Text as="p" tone="subdued">
          {translate("contact.noLists")}
        </Text>
      )}
    </SectionCard>
  );
}
