/** A contact's page in both admins: who they are, what they answered and agreed to, what they did, where they were synced. */
import { useState, type ReactNode } from "react";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import {
  Badge,
  BlockStack,
  Box,
  Button,
  Card,
  Checkbox,
  DataTable,
  InlineStack,
  Layout,
  Modal,
  Page,
  Text,
} from "@shopify/polaris";
import { SectionCard } from "#app/components/SectionCard";
import { ContactListsCard } from "#app/components/ContactListsCard";
import { AdminForm } from "#app/components/editor/AdminForm";
import { ActionBanner } from "#app/components/editor/ActionBanner";
import { DownloadButton } from "#app/components/ContactsTable";
import { formatUtcDateTime } from "#app/components/format";
import { leadPaths } from "./lead-paths";
import type { actionContactDetail, loadContactDetail } from "./contact-detail.server";

/** An answer as the owner wrote its question and choices; the field slug and stored value when the field is unknown. */
const answerRow = (a: {
  key: string;
  value: string;
  question?: string | null;
  answer?: string | null;
}): [string, string] => [a.question || a.key, a.answer || a.value];
import { useT } from "#app/i18n/useT";
import type { Translate } from "#app/i18n";

const DASH = "—";

function consentBadge(translate: Translate, value: boolean | null) {
  if (value === null) return <Badge>{translate("contact.notAsked")}</Badge>;
  return value ? (
    <Badge tone="success">{translate("contact.given")}</Badge>
  ) : (
    <Badge tone="critical">{translate("contact.refused")}</Badge>
  );
}

const SYNC_TONES: Record<string, "success" | "critical" | "attention" | "info" | undefined> = {
  done: "success",
  failed: "critical",
  pending: "attention",
  running: "info",
};

/** A definition list of label/value pairs, leaving out empty values. */
function Facts({ items }: { items: [string, ReactNode][] }) {
  const translate = useT();
  const shown = items.filter(([, v]) => v !== null && v !== undefined && v !== "");
  if (!shown.length)
    return (
      <Text as="p" tone="subdued">
        {translate("contact.nothing")}
      </Text>
    );
  return (
    <dl style={{ display: "grid", gridTemplateColumns: "minmax(8rem, max-content) 1fr", gap: "6px 16px", margin: 0 }}>
      {shown.map(([label, value]) => (
        <div key={label} style={{ display: "contents" }}>
          <dt>
            <Text as="span" tone="subdued">
              {label}
            </Text>
          </dt>
          <dd style={{ margin: 0, overflowWrap: "anywhere" }}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function money(value: number | null, currency: string): string {
  if (value === null) return DASH;
  try {
    return new Intl.NumberFormat("en", { style: "currency", currency }).format(value);
  } catch {
    return `${value.toFixed(2)} ${currency}`;
  }
}

/** A contact's page. */
export function ContactDetailPage() {
  const translate = useT();
  const { links, contact: contact, currency } = useLoaderData<typeof loadContactDetail>();
  const result = useActionData<typeof actionContactDetail>();
  const navigation = useNavigation();
  const paths = leadPaths(links);
  const [confirming, setConfirming] = useState(false);
  const [understood, setUnderstood] = useState(false);
  const busy = navigation.state === "submitting";
  const place = [contact.city, contact.state, contact.country].filter(Boolean).join(", ");
  const utm = Object.entries(contact.utm).filter(([, v]) => v) as [string, string][];

  return (
    <Page
      title={contact.displayName}
      subtitle={
        contact.personType === "Contact"
          ? translate("contact.since", {
              date: formatUtcDateTime(contact.contactSince ?? contact.createdAt, translate.lang),
            })
          : translate("contact.visitor")
      }
      backAction={{ content: translate("contacts.title"), url: paths.contacts }}
    >
      <BlockStack gap="400">
        <ActionBanner result={result} />
        <Layout>
          <Layout.Section>
            <BlockStack gap="400">
              <SectionCard title={translate("contact.profile")}>
                <Facts
                  items={[
                    [translate("contacts.email"), contact.email],
                    [translate("contacts.phone"), contact.phone],
                    [translate("contact.firstName"), contact.name],
                    [translate("contact.lastName"), contact.lastName],
                    [translate("contact.company"), contact.companyName],
                    [translate("contact.jobTitle"), contact.companyTitle],
                    [translate("contact.website"), contact.website],
                    [translate("contact.address"), contact.address],
                    [translate("contact.zip"), contact.zipCode],
                    [translate("contact.place"), place],
                    [translate("contact.leadValue"), contact.leadValue !== null ? String(contact.leadValue) : null],
                    [translate("contact.tags"), contact.tags.length ? contact.tags.join(", ") : null],
                    [translate("contact.landingPage"), contact.landingPage],
                    [translate("contact.referrer"), contact.referralSource],
                    ...utm.map(([k, v]): [string, string] => [`UTM ${k}`, v]),
                    [translate("contact.platform"), contact.platform],
                    [translate("contact.firstSeen"), formatUtcDateTime(contact.createdAt, translate.lang)],
                    [
                      translate("contact.lastSeen"),
                      contact.lastRequested ? formatUtcDateTime(contact.lastRequested, translate.lang) : null,
                    ],
                  ]}
                />
              </SectionCard>

              <SectionCard title={translate("contact.answers")}>
                {contact.answers.length ? (
                  <Facts items={contact.answers.map(answerRow)} />
                ) : (
                  <Text as="p" tone="subdued">
                    {translate("contact.noAnswers")}
                  </Text>
                )}
              </SectionCard>

              <Card>
                <BlockStack gap="300">
                  <Text as="h2" variant="headingMd">
                    Submissions ({contact.submissions.length})
                  </Text>
                  {contact.submissions.length === 0 ? (
                    <Text as="p" tone="subdued">
                      {translate("contact.noSubmissions")}
                    </Text>
                  ) : (
                    <BlockStack gap="300">
                      {contact.submissions.map((submission) => (
                        <Box
                          key={submission.id}
                          padding="300"
                          borderWidth="025"
                          borderColor="border"
                          borderRadius="200"
                        >
                          <BlockStack gap="200">
                            <InlineStack gap="200" blockAlign="center">
                              <Text as="h3" variant="headingSm">
                                {submission.ctaName ??
                                  (submission.ctaId !== null ? `CTA ${submission.ctaId}` : "Submission")}
                                {submission.variant ? ` · variant ${submission.variant}` : ""}
                              </Text>
                              <Text as="span" tone="subdued">
                                {formatUtcDateTime(submission.createdAt, translate.lang)}
                              </Text>
                            </InlineStack>
                            <Facts
                              items={[
                                ...submission.answers.map(answerRow),
                                [translate("contact.page"), submission.sourceUrl],
                                [
                                  translate("contact.marketing"),
                                  submission.consents.marketing === null
                                    ? null
                                    : submission.consents.marketing
                                      ? "yes"
                                      : "no",
                                ],
                                [
                                  translate("contact.privacyConsent"),
                                  submission.consents.privacy === null
                                    ? null
                                    : submission.consents.privacy
                                      ? "yes"
                                      : "no",
                                ],
                                [
                                  translate("contact.sms"),
                                  submission.consents.sms === null ? null : submission.consents.sms ? "yes" : "no",
                                ],
                              ]}
                            />
                          </BlockStack>
                        </Box>
                      ))}
                    </BlockStack>
                  )}
                </BlockStack>
              </Card>

              <Card padding="0">
                <Box padding="400">
                  <BlockStack gap="100">
                    <Text as="h2" variant="headingMd">
                      {translate("contact.events", { count: contact.eventCount })}
                    </Text>
                    {contact.eventCount > contact.events.length ? (
                      <Text as="p" tone="subdued">
                        {translate("contact.latest", { count: contact.events.length })}
                      </Text>
                    ) : null}
                  </BlockStack>
                </Box>
                {contact.events.length ? (
                  <DataTable
                    columnContentTypes={["text", "text", "text", "text", "text", "numeric"]}
                    headings={[
                      translate("contact.when"),
                      translate("contact.event"),
                      translate("contacts.cta"),
                      translate("contact.variant"),
                      translate("contact.page"),
                      translate("contact.revenue"),
                    ]}
                    rows={contact.events.map((contactEvent) => [
                      formatUtcDateTime(contactEvent.createdAt, translate.lang),
                      contactEvent.eventType,
                      contactEvent.ctaName ?? (contactEvent.ctaId !== null ? `CTA ${contactEvent.ctaId}` : DASH),
                      contactEvent.variant ?? DASH,
                      contactEvent.url ?? DASH,
                      contactEvent.revenue !== null ? money(contactEvent.revenue, currency) : DASH,
                    ])}
                  />
                ) : (
                  <Box padding="400" paddingBlockStart="0">
                    <Text as="p" tone="subdued">
                      {translate("contact.noEvents")}
                    </Text>
                  </Box>
                )}
              </Card>

              {contact.orders.length ? (
                <Card padding="0">
                  <Box padding="400">
                    <Text as="h2" variant="headingMd">
                      {translate("contact.orders")}
                    </Text>
                  </Box>
                  <DataTable
                    columnContentTypes={["text", "text", "numeric"]}
                    headings={[translate("contact.when"), "Order", translate("contact.revenue")]}
                    rows={contact.orders.map((order) => [
                      formatUtcDateTime(order.createdAt, translate.lang),
                      order.orderId,
                      money(order.revenue, currency),
                    ])}
                  />
                </Card>
              ) : null}
            </BlockStack>
          </Layout.Section>

          <Layout.Section variant="oneThird">
            <BlockStack gap="400">
              <SectionCard title={translate("contacts.consents")}>
                <Facts
                  items={[
                    [translate("contact.marketingShort"), consentBadge(translate, contact.consents.marketing)],
                    [translate("contact.privacy"), consentBadge(translate, contact.consents.privacy)],
                    ["SMS", consentBadge(translate, contact.consents.sms)],
                  ]}
                />
              </SectionCard>

              <ContactListsCard lists={contact.lists} />

              <SectionCard title={translate("contact.sync")}>
                {contact.syncs.length ? (
                  <BlockStack gap="300">
                    {contact.syncs.map((sync) => (
                      <BlockStack key={sync.id} gap="100">
                        <InlineStack gap="200" blockAlign="center" align="space-between">
                          <Text as="span" fontWeight="semibold">
                            {sync.integrationName}: {sync.operation.replace(/_/g, " ")}
                            {sync.listId ? ` list ${sync.listId}` : ""}
                            {sync.tag ? ` tag ${sync.tag}` : ""}
                          </Text>
                          <Badge tone={SYNC_TONES[sync.status]}>{sync.status}</Badge>
                        </InlineStack>
                        {sync.lastError ? (
                          <Text as="p" tone="critical">
                            {sync.lastError}
                          </Text>
                        ) : null}
                        <Text as="p" tone="subdued">
                          {translate(sync.attempts === 1 ? "format.attempt" : "format.attempts", {
                            count: sync.attempts,
                          })}{" "}
                          · {formatUtcDateTime(sync.updatedAt, translate.lang)}
                        </Text>
                        {sync.status === "failed" ? (
                          <AdminForm csrfToken={links.csrfToken} intent="retry-sync">
                            <input type="hidden" name="jobId" value={sync.id} />
                            <Button submit size="slim" loading={busy}>
                              {translate("contact.retry")}
                            </Button>
                          </AdminForm>
                        ) : null}
                      </BlockStack>
                    ))}
                  </BlockStack>
                ) : (
                  <Text as="p" tone="subdued">
                    {translate("contact.nothingSent")}
                  </Text>
                )}
              </SectionCard>

              <SectionCard title={translate("contact.privacy")}>
                <Text as="p">{translate("contact.privacyHelp")}</Text>
                <InlineStack gap="200">
                  <DownloadButton
                    href={paths.contactExport(contact.id)}
                    label={translate("contact.download")}
                    surface={links.surface}
                  />
                  <Button tone="critical" onClick={() => setConfirming(true)}>
                    {translate("contact.delete")}
                  </Button>
                </InlineStack>
              </SectionCard>
            </BlockStack>
          </Layout.Section>
        </Layout>
      </BlockStack>
      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        title={translate("contact.deleteTitle", { name: contact.displayName })}
      >
        <Modal.Section>
          <BlockStack gap="300">
            <Text as="p">
              This deletes the contact and everything stored about them: {contact.eventCount} events,{" "}
              {contact.submissions.length} submissions, {contact.orders.length} orders, their list memberships and
              syncs. It cannot be undone. Contacts already sent to an e-mail marketing tool stay there: remove them in
              the tool too.
            </Text>
            <DeleteForm csrfToken={links.csrfToken} busy={busy} confirmed={understood} onConfirm={setUnderstood} />
          </BlockStack>
        </Modal.Section>
      </Modal>
    </Page>
  );
}

function DeleteForm({
  csrfToken,
  busy,
  confirmed,
  onConfirm,
}: {
  csrfToken: string | null;
  busy: boolean;
  confirmed: boolean;
  onConfirm: (value: boolean) => void;
}) {
  const translate = useT();
  return (
    <AdminForm csrfToken={csrfToken} intent="delete">
      <BlockStack gap="300">
        <Checkbox
          label={translate("contact.understand")}
          name="confirm"
          value="yes"
          checked={confirmed}
          onChange={onConfirm}
        />
        <InlineStack>
          <Button submit tone="critical" variant="primary" loading={busy} disabled={!confirmed}>
            {translate("contact.deleteAll")}
          </Button>
        </InlineStack>
      </BlockStack>
    </AdminForm>
  );
}
