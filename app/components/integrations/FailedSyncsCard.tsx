/** Syncs an e-mail marketing tool refused for good, with the reason and a retry. */
import { BlockStack, Box, Button, Card, DataTable, Link, Text } from "@shopify/polaris";
import type { FailedSync } from "#app/models/sync-failures.server";
import { AdminForm } from "#app/components/editor/AdminForm";
import { formatUtcDateTime } from "#app/components/format";
import { useT } from "#app/i18n/useT";

/** The failed syncs table. */
export function FailedSyncsCard({
  failed,
  contactHref,
  csrfToken,
  busy,
}: {
  failed: FailedSync[];
  contactHref: (id: number) => string;
  csrfToken: string | null;
  busy: boolean;
}) {
  const translate = useT();
  return (
    <Card padding="0">
      <Box padding="400">
        <BlockStack gap="100">
          <Text as="h2" variant="headingMd">
            {translate("contact.sync")}
          </Text>
          <Text as="p" tone="subdued">
            {failed.length ? translate("integrations.failed") : translate("integrations.noFailed")}
          </Text>
        </BlockStack>
      </Box>
      {failed.length ? (
        <DataTable
          columnContentTypes={["text", "text", "text", "text", "numeric", "text", "text"]}
          headings={["When", "Contact", "Tool", "What", "Attempts", "Reason", "Retry"]}
          rows={failed.map((failure) => [
            formatUtcDateTime(failure.createdAt, translate.lang),
            <Link key={`c${failure.id}`} url={contactHref(failure.personId)}>
              {failure.personLabel}
            </Link>,
            failure.integrationName,
            `${failure.operation.replace(/_/g, " ")}${failure.listId ? ` list ${failure.listId}` : ""}${failure.tag ? ` tag ${failure.tag}` : ""}`,
            String(failure.attempts),
            failure.lastError ?? "—",
            <AdminForm key={`r${failure.id}`} csrfToken={csrfToken} intent="retry-sync">
              <input type="hidden" name="jobId" value={failure.id} />
              <Button
                submit
                size="slim"
                disabled={busy}
                accessibilityLabel={translate("integrations.retrySyncOf", { name: failure.personLabel })}
              >
                Retry
              </Button>
            </AdminForm>,
          ])}
        />
      ) : null}
    </Card>
  );
}
