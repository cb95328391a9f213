/** /owner: the websites the signed-in owner manages, each linking to its contacts. */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { BlockStack, Card, InlineStack, Button, Page, Text } from "@shopify/polaris";
import { prisma } from "~/db.server";
import { requireOwner } from "~/lib/owner-session.server";
import { ownerWebsites } from "~/models/owner.server";

export const meta: MetaFunction = () => [{ title: "Your websites · Beckon" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const owner = await requireOwner(request);
  const websites = await ownerWebsites(prisma, owner.profileId);
  return { websites: websites.map(({ id, name, domain, shopDomain }) => ({ id, name, domain, shopDomain })) };
}

export default function OwnerIndex() {
  const { websites } = useLoaderData<typeof loader>();
  return (
    <Page title="Your websites">
      {websites.length === 0 ? (
        <Card>
          <Text as="p">You do not manage any website yet. Ask the website's owner to add you.</Text>
        </Card>
      ) : (
        <BlockStack gap="300">
          {websites.map((w) => (
            <Card key={w.id}>
              <InlineStack align="space-between" blockAlign="center" gap="400">
                <BlockStack gap="100">
                  <Text as="h2" variant="headingMd">
                    {w.name}
                  </Text>
                  <Text as="p" tone="subdued">
                    {w.domain ?? w.shopDomain ?? `Website ${w.id}`}
                  </Text>
                </BlockStack>
                <Button url={`/owner/websites/${w.id}/contacts`} accessibilityLabel={`Contacts of ${w.name}`}>
                  Contacts
                </Button>
              </InlineStack>
            </Card>
          ))}
        </BlockStack>
      )}
    </Page>
  );
}
