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
import { SectionCard } from "~/components/SectionCard";
import { AdminForm } from "~/components/editor/AdminForm";
import { ActionBanner } from "~/components/editor/ActionBanner";
import { DownloadButton } from "~/components/ContactsTable";
import { formatUtcDateTime } from "~/components/format";
import { leadPaths } from "./lead-paths";
import type { actionContactDetail, loadContactDetail } from "./contact-detail.server";

/** An answer as the owner wrote its question and choices; the field slug and stored value when the field is unknown. */
const answerRow = (a: {
  key: string;
  value: string;
  question?: string | null;
  answer?: string | null;
}): [string, string] => [a.question || a.key, a.answer || a.value];
import { useT } from "~/i18n/useT";
import type { Translate } from "~/i18n";

const DASH = "—";

function consentBadge(t: Translate, value: boolean | null) {
  if (value === null) return <Badge>{t("contact.notAsked")}</Badge>;
  return value ? (
    <Badge tone="success">{t("contact.given")}</Badge>
  ) : (
    <Badge tone="critical">{t("contact.refused")}</Badge>
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
  const t = useT();
  const shown = items.filter(([, v]) => v !== null && v !== undefined && v !== "");
  if (!shown.length)
    return (
      <Text as="p" tone="subdued">
        {t("contact.nothing")}
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
  const t = useT();
  const { links, contact: c, currency } = useLoaderData<typeof loadContactDetail>();
  const result = useActionData<typeof actionContactDetail>();
  const navigation = useNavigation();
  const paths = leadPaths(links);
  const [confirming, setConfirming] = useState(false);
  const [understood, setUnderstood] = useState(false);
  const busy = navigation.state === "submitting";
  const place = [c.city, c.state, c.country].filter(Boolean).join(", ");
  const utm = Object.entries(c.utm).filter(([, v]) => v) as [string, string][];

  return (
    <Page
      title={c.displayName}
      subtitle={
        c.personType === "Contact"
          ? t("contact.since", { date: formatUtcDateTime(c.contactSince ?? c.createdAt, t.lang) })
          : t("contact.visitor")
      }
      backAction={{ content: t("contacts.title"), url: paths.contacts }}
    >
      <BlockStack gap="400">
        <ActionBanner result={result} />
        <Layout>
          <Layout.Section>
            <BlockStack gap="400">
              <SectionCard title={t("contact.profile")}>
                <Facts
                  items={[
                    [t("contacts.email"), c.email],
                    [t("contacts.phone"), c.phone],
                    [t("contact.firstName"), c.name],
                    [t("contact.lastName"), c.lastName],
                    [t("contact.company"), c.companyName],
                    [t("contact.jobTitle"), c.companyTitle],
                    [t("contact.website"), c.website],
                    [t("contact.address"), c.address],
                    [t("contact.zip"), c.zipCode],
                    [t("contact.place"), place],
                    [t("contact.leadValue"), c.leadValue !== null ? String(c.leadValue) : null],
                    [t("contact.tags"), c.tags.length ? c.tags.join(", ") : null],
                    [t("contact.landingPage"), c.landingPage],
                    [t("contact.referrer"), c.referralSource],
                    ...utm.map(([k, v]): [string, string] => [`UTM ${k}`, v]),
                    [t("contact.platform"), c.platform],
                    [t("contact.firstSeen"), formatUtcDateTime(c.createdAt, t.lang)],
                    [t("contact.lastSeen"), c.lastRequested ? formatUtcDateTime(c.lastRequested, t.lang) : null],
                  ]}
                />
              </SectionCard>

              <SectionCard title={t("contact.answers")}>
                {c.answers.length ? (
                  <Facts items={c.answers.map(answerRow)} />
                ) : (
                  <Text as="p" tone="subdued">
                    {t("contact.noAnswers")}
                  </Text>
                )}
              </SectionCard>

              <Card>
                <BlockStack gap="300">
                  <Text as="h2" variant="headingMd">
                    Submissions ({c.submissions.length})
                  </Text>
                  {c.submissions.length === 0 ? (
                    <Text as="p" tone="subdued">
                      {t("contact.noSubmissions")}
                    </Text>
                  ) : (
                    <BlockStack gap="300">
                      {c.submissions.map((s) => (
                        <Box key={s.id} padding="300" borderWidth="025" borderColor="border" borderRadius="200">
                          <BlockStack gap="200">
                            <InlineStack gap="200" blockAlign="center">
                              <Text as="h3" variant="headingSm">
                                {s.ctaName ?? (s.ctaId !== null ? `CTA ${s.ctaId}` : "Submission")}
                                {s.variant ? ` · variant ${s.variant}` : ""}
                              </Text>
                              <Text as="span" tone="subdued">
                                {formatUtcDateTime(s.createdAt, t.lang)}
                              </Text>
                            </InlineStack>
                            <Facts
                              items={[
                                ...s.answers.map(answerRow),
                                [t("contact.page"), s.sourceUrl],
                                [
                                  t("contact.marketing"),
                                  s.consents.marketing === null ? null : s.consents.marketing ? "yes" : "no",
                                ],
                                [
                                  t("contact.privacyConsent"),
                                  s.consents.privacy === null ? null : s.consents.privacy ? "yes" : "no",
                                ],
                                [t("contact.sms"), s.consents.sms === null ? null : s.consents.sms ? "yes" : "no"],
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
                      {t("contact.events", { count: c.eventCount })}
                    </Text>
                    {c.eventCount > c.events.length ? (
                      <Text as="p" tone="subdued">
                        {t("contact.latest", { count: c.events.length })}
                      </Text>
                    ) : null}
                  </BlockStack>
                </Box>
                {c.events.length ? (
                  <DataTable
                    columnContentTypes={["text", "text", "text", "text", "text", "numeric"]}
                    headings={[
                      t("contact.when"),
                      t("contact.event"),
                      t("contacts.cta"),
                      t("contact.variant"),
                      t("contact.page"),
                      t("contact.revenue"),
                    ]}
                    rows={c.events.map((e) => [
                      formatUtcDateTime(e.createdAt, t.lang),
                      e.eventType,
                      e.ctaName ?? (e.ctaId !== null ? `CTA ${e.ctaId}` : DASH),
                      e.variant ?? DASH,
                      e.url ?? DASH,
                      e.revenue !== null ? money(e.revenue, currency) : DASH,
                    ])}
                  />
                ) : (
                  <Box padding="400" paddingBlockStart="0">
                    <Text as="p" tone="subdued">
                      {t("contact.noEvents")}
                    </Text>
                  </Box>
                )}
              </Card>

              {c.orders.length ? (
                <Card padding="0">
                  <Box padding="400">
                    <Text as="h2" variant="headingMd">
                      {t("contact.orders")}
                    </Text>
                  </Box>
                  <DataTable
                    columnContentTypes={["text", "text", "numeric"]}
                    headings={[t("contact.when"), "Order", t("contact.revenue")]}
                    rows={c.orders.map((o) => [
                      formatUtcDateTime(o.createdAt, t.lang),
                      o.orderId,
                      money(o.revenue, currency),
                    ])}
                  />
                </Card>
              ) : null}
            </BlockStack>
          </Layout.Section>

          <Layout.Section variant="oneThird">
            <BlockStack gap="400">
              <SectionCard title={t("contacts.consents")}>
                <Facts
                  items={[
                    [t("contact.marketingShort"), consentBadge(t, c.consents.marketing)],
                    [t("contact.privacy"), consentBadge(t, c.consents.privacy)],
                    ["SMS", consentBadge(t, c.consents.sms)],
                  ]}
                />
              </SectionCard>

              <SectionCard title={t("contact.lists")}>
                {c.lists.length ? (
                  <BlockStack gap="200">
                    {c.lists.map((l) => (
                      <InlineStack key={l.id} gap="200" blockAlign="center" align="space-between">
                        <Text as="span">
                          {l.name}{" "}
                          <Text as="span" tone="subdued">
                            ({l.integrationName})
                          </Text>
                        </Text>
                        {l.unsubscribedAt ? (
                          <Badge>{t("contact.unsubscribed")}</Badge>
                        ) : (
                          <Badge tone="success">{t("contact.subscribed")}</Badge>
                        )}
                      </InlineStack>
                    ))}
                  </BlockStack>
                ) : (
                  <Text as="p" tone="subdued">
                    Not on any built-in list.
                  </Text>
                )}
              </SectionCard>

              <SectionCard title={t("contact.sync")}>
                {c.syncs.length ? (
                  <BlockStack gap="300">
                    {c.syncs.map((s) => (
                      <BlockStack key={s.id} gap="100">
                        <InlineStack gap="200" blockAlign="center" align="space-between">
                          <Text as="span" fontWeight="semibold">
                            {s.integrationName}: {s.operation.replace(/_/g, " ")}
                            {s.listId ? ` list ${s.listId}` : ""}
                            {s.tag ? ` tag ${s.tag}` : ""}
                          </Text>
                          <Badge tone={SYNC_TONES[s.status]}>{s.status}</Badge>
                        </InlineStack>
                        {s.lastError ? (
                          <Text as="p" tone="critical">
                            {s.lastError}
                          </Text>
                        ) : null}
                        <Text as="p" tone="subdued">
                          {t(s.attempts === 1 ? "format.attempt" : "format.attempts", { count: s.attempts })} ·{" "}
                          {formatUtcDateTime(s.updatedAt, t.lang)}
                        </Text>
                        {s.status === "failed" ? (
                          <AdminForm csrfToken={links.csrfToken} intent="retry-sync">
                            <input type="hidden" name="jobId" value={s.id} />
                            <Button submit size="slim" loading={busy}>
                              {t("contact.retry")}
                            </Button>
                          </AdminForm>
                        ) : null}
                      </BlockStack>
                    ))}
                  </BlockStack>
                ) : (
                  <Text as="p" tone="subdued">
                    {t("contact.nothingSent")}
                  </Text>
                )}
              </SectionCard>

              <SectionCard title={t("contact.privacy")}>
                <Text as="p">{t("contact.privacyHelp")}</Text>
                <InlineStack gap="200">
                  <DownloadButton
                    href={paths.contactExport(c.id)}
                    label={t("contact.download")}
                    surface={links.surface}
                  />
                  <Button tone="critical" onClick={() => setConfirming(true)}>
                    {t("contact.delete")}
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
        title={t("contact.deleteTitle", { name: c.displayName })}
      >
        <Modal.Section>
          <BlockStack gap="300">
            <Text as="p">
              This deletes the contact and everything stored about them: {c.eventCount} events, {c.submissions.length}{" "}
              submissions, {c.orders.length} orders, their list memberships and syncs. It cannot be undone. Contacts
              already sent to an e-mail marketing tool stay there: remove them in the tool too.
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
  const t = useT();
  return (
    <AdminForm csrfToken={csrfToken} intent="delete">
      <BlockStack gap="300">
        <Checkbox label={t("contact.understand")} name="confirm" value="yes" checked={confirmed} onChange={onConfirm} />
        <InlineStack>
          <Button submit tone="critical" variant="primary" loading={busy} disabled={!confirmed}>
            {t("contact.deleteAll")}
          </Button>
        </InlineStack>
      </BlockStack>
    </AdminForm>
  );
}
