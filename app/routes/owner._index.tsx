/** /owner: the websites the signed-in owner manages, each with a link to every page of its admin. */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { BlockStack, Card, InlineStack, Button, Page, Text } from "@shopify/polaris";
import { adminNavItems } from "#app/components/AdminNav";
import { adminPaths } from "#app/view/admin-links";
import { prisma } from "#app/db.server";
import { requireOwner } from "#app/models/owner-session.server";
import { ownerWebsites } from "#app/models/owner.server";
import { useT } from "#app/i18n/useT";
import { adminLanguage, translator } from "#app/i18n";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${translator(data?.lang ?? "en")("errorPage.yourWebsites")} · Beckon` },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const owner = await requireOwner(request);
  const websites = await ownerWebsites(prisma, owner.profileId);
  return {
    lang: adminLanguage(request),
    websites: websites.map(({ id, name, domain, shopDomain }) => ({ id, name, domain, shopDomain })),
  };
}

export default function OwnerIndex() {
  const { websites } = useLoaderData<typeof loader>();
  const translate = useT();
  return (
    <Page title={translate("errorPage.yourWebsites")}>
      {websites.length === 0 ? (
        <Card>
          <Text as="p">{translate("nav.noWebsites")}</Text>
        </Card>
      ) : (
        <BlockStack gap="300">
          {websites.map((website) => (
            <Card key={website.id}>
              <BlockStack gap="300">
                <BlockStack gap="100">
                  <Text as="h2" variant="headingMd">
                    {website.name}
                  </Text>
                  <Text as="p" tone="subdued">
                    {website.domain ?? website.shopDomain ?? translate("nav.websiteN", { id: website.id })}
                  </Text>
                </BlockStack>
                <WebsiteLinks websiteId={website.id} name={website.name} />
              </BlockStack>
            </Card>
          ))}
        </BlockStack>
      )}
    </Page>
  );
}

/** Every page of a website's admin, in its navigation's order; its CTAs, what an owner comes for most, stand out. */
function WebsiteLinks({ websiteId, name }: { websiteId: number; name: string }) {
  const translate = useT();
  const basePath = `/owner/websites/${websiteId}`;
  const ctas = adminPaths({ basePath, surface: "owner" }).ctas;
  return (
    <InlineStack gap="200" wrap>
      {adminNavItems(basePath, "owner", translate).map((item) => (
        <Button
          key={item.url}
          url={item.url}
          variant={item.url === ctas ? "primary" : undefined}
          accessibilityLabel={translate("nav.pageOf", { page: item.label, name })}
        >
          {item.label}
        </Button>
      ))}
    </InlineStack>
  );
}
