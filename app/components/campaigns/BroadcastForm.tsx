/**
 * The broadcast (campaign) editor: name, on/off, quick or timed with a time
 * zone and a date range in that zone, conditions, attached CTAs, and the
 * plain-language summary of who will see what. Posts the whole broadcast as
 * JSON (field "broadcast").
 */
import { useMemo, useState } from "react";
import {
  BlockStack,
  Box,
  Button,
  Card,
  Checkbox,
  ChoiceList,
  FormLayout,
  InlineGrid,
  InlineStack,
  Select,
  Text,
  TextField,
} from "@shopify/polaris";
import { SectionCard } from "~/components/SectionCard";
import type { BroadcastDocument } from "~/models/broadcast.server";
import { SUMMARY_LOCALES, summarizeBroadcast } from "~/lib/broadcast-summary";
import { AdminForm } from "~/components/editor/AdminForm";
import { ConditionsBuilder } from "./ConditionsBuilder";
import { isoToZoned, zonedToIso } from "./zoned-time";
import { useT } from "~/i18n/useT";
import type { AdminKey } from "~/i18n/en";

/** The form's value: a stored broadcast, or a new one without an id yet. */
export type BroadcastValue = Omit<BroadcastDocument, "id"> & { id: number | null };

export interface CtaChoice {
  id: number;
  name: string;
  status: string;
  cta_type: string;
  broadcast_id: number | null;
}

export interface BroadcastFormProps {
  initial: BroadcastValue;
  ctas: CtaChoice[];
  /** Names of the website's other campaigns, for "now in campaign X". */
  broadcastNames?: Record<number, string>;
  timezones: string[];
  errors: Record<string, string>;
  csrfToken: string | null;
  saving: boolean;
}

/** The editable campaign with its live summary. */
export function BroadcastForm({
  initial,
  ctas,
  broadcastNames = {},
  timezones,
  errors,
  csrfToken,
  saving,
}: BroadcastFormProps) {
  const t = useT();
  const [b, setB] = useState(initial);
  const [start, setStart] = useState(() => isoToZoned(initial.range_start, initial.timezone));
  const [end, setEnd] = useState(() => isoToZoned(initial.range_end, initial.timezone));
  const ctaNames = useMemo(() => Object.fromEntries(ctas.map((c) => [c.id, c.name])), [ctas]);

  const timed = !b.quick && b.timeframe;
  const value: BroadcastValue = {
    ...b,
    timeframe: !b.quick && b.timeframe,
    range_start: timed && start.date ? zonedToIso(start.date, start.time || "00:00", b.timezone) : null,
    range_end: timed && end.date ? zonedToIso(end.date, end.time || "23:59", b.timezone) : null,
  };
  const summary = summarizeBroadcast(value, { ctaNames, ctaIds: value.cta_ids, t, locale: SUMMARY_LOCALES[t.lang] });
  const zoneOptions = (timezones.includes(b.timezone) ? timezones : [b.timezone, ...timezones]).map((z) => ({
    label: z,
    value: z,
  }));
  const toggleCta = (id: number, on: boolean) =>
    setB((x) => ({
      ...x,
      cta_ids: on
        ? [...x.cta_ids.filter((c) => c !== id), id].sort((p, q) => p - q)
        : x.cta_ids.filter((c) => c !== id),
    }));

  return (
    <AdminForm csrfToken={csrfToken} intent="save" aria-label={t("campaigns.campaign")}>
      <input type="hidden" name="broadcast" value={JSON.stringify(value)} />
      <BlockStack gap="400">
        <Card>
          <BlockStack gap="200">
            <Text as="h2" variant="headingMd">
              {t("campaigns.who")}
            </Text>
            <div aria-live="polite">
              <Text as="p">{summary}</Text>
            </div>
          </BlockStack>
        </Card>
        <Card>
          <FormLayout>
            <TextField
              label={t("campaigns.name")}
              value={b.name}
              onChange={(name) => setB((x) => ({ ...x, name }))}
              autoComplete="off"
              error={errors.name}
              requiredIndicator
            />
            <Checkbox
              label={t("campaigns.on")}
              helpText={t("campaigns.pausedHelp")}
              checked={b.status}
              onChange={(status) => setB((x) => ({ ...x, status }))}
            />
            <ChoiceList
              title={t("campaigns.kind")}
              choices={[
                { label: t("campaigns.timed"), value: "timed", helpText: t("campaigns.timedHelp") },
                { label: t("campaigns.quickKind"), value: "quick", helpText: t("campaigns.quickHelp") },
              ]}
              selected={[b.quick ? "quick" : "timed"]}
              onChange={([kind]) => setB((x) => ({ ...x, quick: kind === "quick" }))}
            />
            {b.quick ? null : (
              <Checkbox
                label={t("campaigns.between")}
                checked={b.timeframe}
                onChange={(timeframe) => setB((x) => ({ ...x, timeframe }))}
              />
            )}
            {timed ? (
              <BlockStack gap="300">
                <Select
                  label={t("campaigns.tz")}
                  options={zoneOptions}
                  value={b.timezone}
                  onChange={(timezone) => setB((x) => ({ ...x, timezone }))}
                  error={errors.timezone}
                  helpText={t("campaigns.tzHelp")}
                />
                <InlineGrid columns={{ xs: 1, sm: 2 }} gap="300">
                  <TextField
                    label={t("campaigns.startDate")}
                    type="date"
                    value={start.date}
                    onChange={(date) => setStart((s) => ({ ...s, date }))}
                    autoComplete="off"
                    error={errors.range_start}
                  />
                  <TextField
                    label={t("campaigns.startTime")}
                    type="time"
                    value={start.time}
                    onChange={(time) => setStart((s) => ({ ...s, time }))}
                    autoComplete="off"
                  />
                  <TextField
                    label={t("campaigns.endDate")}
                    type="date"
                    value={end.date}
                    onChange={(date) => setEnd((s) => ({ ...s, date }))}
                    autoComplete="off"
                    error={errors.range_end}
                  />
                  <TextField
                    label={t("campaigns.endTime")}
                    type="time"
                    value={end.time}
                    onChange={(time) => setEnd((s) => ({ ...s, time }))}
                    autoComplete="off"
                  />
                </InlineGrid>
              </BlockStack>
            ) : null}
          </FormLayout>
        </Card>
        <SectionCard title={t("campaigns.conditions")}>
          <ConditionsBuilder
            conditions={b.conditions}
            onChange={(conditions) => setB((x) => ({ ...x, conditions }))}
            errors={errors}
            errorPrefix="conditions"
            ctaOptions={ctas}
            label={t("campaigns.conditionsLabel")}
            emptyText={t("campaigns.noConditions")}
          />
        </SectionCard>
        <SectionCard title={t("campaigns.ctas")}>
          {errors.cta_ids ? (
            <Text as="p" tone="critical">
              {errors.cta_ids}
            </Text>
          ) : null}
          {ctas.length === 0 ? (
            <Text as="p" tone="subdued">
              {t("results.noCtas")}
            </Text>
          ) : (
            <BlockStack gap="100">
              {ctas.map((c) => {
                const elsewhere =
                  c.broadcast_id !== null && c.broadcast_id !== b.id
                    ? (broadcastNames[c.broadcast_id] ?? t("editorUi.campaignN", { id: c.broadcast_id }))
                    : null;
                return (
                  <Checkbox
                    key={c.id}
                    label={t("editorUi.ctaWithType", {
                      name: c.name,
                      type: t(`editorUi.ctaCode.${c.cta_type}` as AdminKey),
                      status: t(`editorUi.statusCode.${c.status}` as AdminKey),
                    })}
                    helpText={elsewhere ? t("campaigns.elsewhere", { name: elsewhere }) : undefined}
                    checked={b.cta_ids.includes(c.id)}
                    onChange={(on) => toggleCta(c.id, on)}
                  />
                );
              })}
            </BlockStack>
          )}
        </SectionCard>
        <Box paddingBlockEnd="400">
          <InlineStack align="end">
            <Button submit variant="primary" loading={saving}>
              {t("campaigns.save")}
            </Button>
          </InlineStack>
        </Box>
      </BlockStack>
    </AdminForm>
  );
}
