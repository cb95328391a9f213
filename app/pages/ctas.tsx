/**
 * The CTAs of a website, first thing on the page: a table with type, status
 * and campaign and per-row actions that fits a 1366 px screen, and "New CTA"
 * one click away (the template gallery, cta-new.tsx). A website with no CTA
 * yet gets an empty state that leads to the gallery.
 */
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import {
  Badge,
  BlockStack,
  Box,
  Button,
  Card,
  IndexTable,
  InlineStack,
  Page,
  Text,
  useBreakpoints,
} from "@shopify/polaris";
import { formatUtcDateTime } from "#app/components/format";
import { ActionBanner } from "#app/components/editor/ActionBanner";
import { AdminForm } from "#app/components/editor/AdminForm";
import { typeLabel } from "#app/components/editor/document";
import { useT } from "#app/i18n/useT";
import { adminPaths } from "#app/view/admin-links";
import type { actionCtas, loadCtas } from "./ctas.server";

const STATUS_TONE = { published: "success", draft: "info", archived: undefined } as const;

/** A CTA's status as a badge. */
export function StatusBadge({ status }: { status: "draft" | "published" | "archived" }) {
  const translate = useT();
  return <Badge tone={STATUS_TONE[status]}>{translate(`ctas.${status}`)}</Badge>;
}

function RowAction({
  csrfToken,
  intent,
  id,
  label,
  name,
}: {
  csrfToken: string | null;
  intent: string;
  id: number;
  label: string;
  name: string;
}) {
  return (
    <AdminForm csrfToken={csrfToken} intent={intent} aria-label={`${label} ${name}`}>
      <input type="hidden" name="id" value={id} />
      <Button submit size="slim" accessibilityLabel={`${label} ${name}`}>
        {label}
      </Button>
    </AdminForm>
  );
}

type CtaRow = ReturnType<typeof useLoaderData<typeof loadCtas>>["ctas"][number];

/** A row's status changes and copy; what the CTA's status allows. */
function CtaActions({ cta, csrfToken, wrap }: { cta: CtaRow; csrfToken: string | null; wrap: boolean }) {
  const translate = useT();
  const action = (intent: string, label: string) => (
    <RowAction csrfToken={csrfToken} intent={intent} id={cta.id} label={label} name={cta.name} />
  );
  return (
    <InlineStack gap="100" wrap={wrap}>
      {cta.status !== "published" ? action("publish", translate("ctas.publish")) : null}
      {cta.status === "published" ? action("draft", translate("ctas.unpublish")) : null}
      {action("duplicate", translate("ctas.duplicate"))}
      {cta.status !== "archived" ? action("archive", translate("ctas.archive")) : null}
    </InlineStack>
  );
}

/** The name (to the editor) with the type under it: one column less, so the actions fit. */
function NameAndType({ cta, href }: { cta: CtaRow; href: string }) {
  const translate = useT();
  return (
    <BlockStack gap="050">
      <Link to={href}>{cta.name}</Link>
      <Text as="span" tone="subdued" variant="bodySm">
        {typeLabel(cta, translate)}
      </Text>
    </BlockStack>
  );
}

/** A website with no CTA yet: what a CTA is for, and the way to the gallery. */
function FirstCtaCard({ newHref }: { newHref: string }) {
  const translate = useT();
  return (
    <Card>
      <Box paddingBlock="800" paddingInline="400">
        <BlockStack gap="300" inlineAlign="center">
          <Text as="h2" variant="headingLg" alignment="center">
            {translate("ctas.emptyTitle")}
          </Text>
          <Text as="p" tone="subdued" alignment="center">
            {translate("ctas.emptyBody")}
          </Text>
          <Button variant="primary" url={newHref}>
            {translate("ctas.browseTemplates")}
          </Button>
        </BlockStack>
      </Box>
    </Card>
  );
}

/** The CTAs list page. */
export function CtasPage() {
  const { links, ctas, broadcastNames } = useLoaderData<typeof loadCtas>();
  const result = useActionData<typeof actionCtas>();
  const paths = adminPaths(links);
  const translate = useT();
  const { smDown } = useBreakpoints();
  return (
    <Page
      title={translate("ctas.title")}
      subtitle={translate("ctas.subtitle")}
      primaryAction={ctas.length ? { content: translate("ctas.new"), url: paths.ctaNew } : undefined}
      fullWidth
    >
      <BlockStack gap="400">
        <ActionBanner result={result} />
        {ctas.length === 0 ? (
          <FirstCtaCard newHref={paths.ctaNew} />
        ) : (
          <Card padding="0">
            <IndexTable
              itemCount={ctas.length}
              selectable={false}
              condensed={smDown}
              resourceName={{ singular: translate("ctas.singular"), plural: translate("ctas.plural") }}
              headings={[
                { title: translate("ctas.name") },
                { title: translate("ctas.status") },
                { title: translate("ctas.campaign") },
                { title: translate("ctas.publishedAt") },
                { title: translate("ctas.actions") },
              ]}
            >
              {ctas.map((cta, index) => {
                const campaign = cta.broadcast_id ? (
                  <Link to={paths.broadcast(cta.broadcast_id)}>
                    {broadcastNames[cta.broadcast_id] ?? translate("ctas.campaignFallback", { id: cta.broadcast_id })}
                  </Link>
                ) : null;
                const publishedAt = cta.published_at ? formatUtcDateTime(cta.published_at, translate.lang) : null;
                return (
                  <IndexTable.Row id={String(cta.id)} key={cta.id} position={index}>
                    {smDown ? (
                      // A phone stacks one CTA per row: the columns side by side would run off the screen.
                      <IndexTable.Cell>
                        <BlockStack gap="200">
                          <NameAndType cta={cta} href={paths.cta(cta.id)} />
                          <InlineStack gap="200" blockAlign="center">
                            <StatusBadge status={cta.status} />
                            {publishedAt ? (
                              <Text as="span" tone="subdued" variant="bodySm">
                                {publishedAt}
                              </Text>
                            ) : null}
                          </InlineStack>
                          {campaign}
                          <CtaActions cta={cta} csrfToken={links.csrfToken} wrap />
                        </BlockStack>
                      </IndexTable.Cell>
                    ) : (
                      <>
                        <IndexTable.Cell>
                          <NameAndType cta={cta} href={paths.cta(cta.id)} />
                        </IndexTable.Cell>
                        <IndexTable.Cell>
                          <StatusBadge status={cta.status} />
                        </IndexTable.Cell>
                        <IndexTable.Cell>{campaign ?? "—"}</IndexTable.Cell>
                        <IndexTable.Cell>{publishedAt ?? "—"}</IndexTable.Cell>
                        <IndexTable.Cell>
                          <CtaActions cta={cta} csrfToken={links.csrfToken} wrap={false} />
                        </IndexTable.Cell>
                      </>
                    )}
                  </IndexTable.Row>
                );
              })}
            </IndexTable>
          </Card>
        )}
      </BlockStack>
    </Page>
  );
}
