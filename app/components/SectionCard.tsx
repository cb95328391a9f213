/** The admin's usual section: a card with a heading over its content. */
import type { ReactNode } from "react";
import { BlockStack, Card, Text } from "@shopify/polaris";

export function SectionCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {title}
        </Text>
        {children}
      </BlockStack>
    </Card>
  );
}
