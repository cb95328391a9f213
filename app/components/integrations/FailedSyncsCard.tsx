/** Syncs an e-mail marketing tool refused for good, with the reason and a retry. */
import { BlockStack, Box, Button, Card, DataTable, Link, Text } from "@shopify/polaris";
import type { FailedSync } from "~/models/sync-failures.server";
import { AdminForm } from "~/components/editor/AdminForm";
import { formatUtcDateTime } from "~/components/format";
import { useT } from "~/i18n/useT";

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
  const t = useT();
  return (
    <Card padding="0">
      <Box padding="400">
        <BlockStack gap="100">
          <Text as="h2" variant="headingMd">
            {t("contact.sync")}
          </Text>
          <Text as="p" tone="subdued">
            {failed.length ? t("integrations.failed") : t("integrations.noFailed")}
          </Text>
        </BlockStack>
      </Box>
      {failed.length ? (
        <DataTable
          columnContentTypes={["text", "text", "text", "text", "numeric", "text", "text"]}
          headings={["When", "Contact", "Tool", "What", "Attempts", "Reason", "Retry"]}
          rows={failed.map((f) => [
            formatUtcDateTime(f.createdAt, t.lang),
            <Link key={`c${f.id}`} url={contactHref(f.personId)}>
              {f.personLabel}
            </Link>,
            f.integrationName,
            `${f.operation.replace(/_/g, " ")}${f.listId ? ` list ${f.listId}` : ""}${f.tag ? ` tag ${f.tag}` : ""}`,
            String(f.attempts),
            f.lastError ?? "—",
            <AdminForm key={`r${f.id}`} csrfToken={csrfToken} intent="retry-sync">
              <input type="hidden" name="jobId" value={f.id} />
              <Button
                submit
                size="slim"
                disabled={busy}
                accessibilityLabel={t("integrations.retrySyncOf", { name: f.personLabel })}
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
