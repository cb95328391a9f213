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
import { SectionCard } from "#app/components/SectionCard";
import type { BroadcastDocument } from "#app/models/broadcast.server";
import { SUMMARY_LOCALES, summarizeBroadcast } from "#app/view/broadcast-summary";
import { AdminForm } from "#app/components/editor/AdminForm";
import { ConditionsBuilder } from "./ConditionsBuilder";
import { isoToZoned, zonedToIso } from "./zoned-time";
import { useT } from "#app/i18n/useT";
import type { AdminKey } from "#app/i18n/en";

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
  const translate = useT();
  const [broadcast, setB] = useState(initial);
  const [start, setStart] = useState(() => isoToZoned(initial.range_start, initial.timezone));
  const [end, setEnd] = useState(() => isoToZoned(initial.range_end, initial.timezone));
  const ctaNames = useMemo(() => Object.fromEntries(ctas.map((c) => [c.id, c.name])), [ctas]);

  const timed = !broadcast.quick && broadcast.timeframe;
  const value: BroadcastValue = {
    ...broadcast,
    timeframe: !broadcast.quick && broadcast.timeframe,
    range_start: timed && start.date ? zonedToIso(start.date, start.time || "00:00", broadcast.timezone) : null,
    range_end: timed && end.date ? zonedToIso(end.date, end.time || "23:59", broadcast.timezone) : null,
  };
  const summary = summarizeBroadcast(value, {
    ctaNames,
    ctaIds: value.cta_ids,
    t: translate,
    locale: SUMMARY_LOCALES[translate.lang],
  });
  const zoneOptions = (timezones.includes(broadcast.timezone) ? timezones : [broadcast.timezone, ...timezones]).map(
    (zone) => ({
      label: zone,
      value: zone,
    }),
  );
  const toggleCta = (id: number, on: boolean) =>
    setB((previous) => ({
      ...previous,
      cta_ids: on
        ? [...previous.cta_ids.filter((c) => c !== id), id].sort((p, q) => p - q)
        : previous.cta_ids.filter((c) => c !== id),
    }));

  return (
    <AdminForm csrfToken={csrfToken} intent="save" aria-label={translate("campaigns.campaign")}>
      <input type="hidden" name="broadcast" value={JSON.stringify(value)} />
      <BlockStack gap="400">
        <Card>
          <BlockStack gap="200">
            <Text as="h2" variant="headingMd">
              {translate("campaigns.who")}
            </Text>
            <div aria-live="polite">
              <Text as="p">{summary}</Text>
            </div>
          </BlockStack>
        </Card>
        <Card>
          <FormLayout>
            <TextField
              label={translate("campaigns.name")}
              value={broadcast.name}
              onChange={(name) => setB((x) => ({ ...x, name }))}
              autoComplete="off"
              error={errors.name}
              requiredIndicator
            />
            <Checkbox
              label={translate("campaigns.on")}
              helpText={translate("campaigns.pausedHelp")}
              checked={broadcast.status}
              onChange={(status) => setB((x) => ({ ...x, status }))}
            />
            <ChoiceList
              title={translate("campaigns.kind")}
              choices={[
                { label: translate("campaigns.timed"), value: "timed", helpText: translate("campaigns.timedHelp") },
                { label: translate("campaigns.quickKind"), value: "quick", helpText: translate("campaigns.quickHelp") },
              ]}
              selected={[broadcast.quick ? "quick" : "timed"]}
              onChange={([kind]) => setB((x) => ({ ...x, quick: kind === "quick" }))}
            />
            {broadcast.quick ? null : (
              <Checkbox
                label={translate("campaigns.between")}
                checked={broadcast.timeframe}
                onChange={(timeframe) => setB((x) => ({ ...x, timeframe }))}
              />
            )}
            {timed ? (
              <BlockStack gap="300">
                <Select
                  label={translate("campaigns.tz")}
                  options={zoneOptions}
                  value={broadcast.timezone}
                  onChange={(timezone) => setB((x) => ({ ...x, timezone }))}
                  error={errors.timezone}
                  helpText={translate("campaigns.tzHelp")}
                />
                <InlineGrid columns={{ xs: 1, sm: 2 }} gap="300">
                  <TextField
                    label={translate("campaigns.startDate")}
                    type="date"
                    value={start.date}
                    onChange={(date) => setStart((s) => ({ ...s, date }))}
                    autoComplete="off"
                    error={errors.range_start}
                  />
                  <TextField
                    label={translate("campaigns.startTime")}
                    type="time"
                    value={start.time}
                    onChange={(time) => setStart((s) => ({ ...s, time }))}
                    autoComplete="off"
                  />
                  <TextField
                    label={translate("campaigns.endDate")}
                    type="date"
                    value={end.date}
                    onChange={(date) => setEnd((s) => ({ ...s, date }))}
                    autoComplete="off"
                    error={errors.range_end}
                  />
                  <TextField
                    label={translate("campaigns.endTime")}
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
        <SectionCard title={translate("campaigns.conditions")}>
          <ConditionsBuilder
            conditions={broadcast.conditions}
            onChange={(conditions) => setB((x) => ({ ...x, conditions }))}
            errors={errors}
            errorPrefix="conditions"
            ctaOptions={ctas}
            label={translate("campaigns.conditionsLabel")}
            emptyText={translate("campaigns.noConditions")}
          />
        </SectionCard>
        <SectionCard title={translate("campaigns.ctas")}>
          {errors.cta_ids ? (
            <Text as="p" tone="critical">
              {errors.cta_ids}
            </Text>
          ) : null}
          {ctas.length === 0 ? (
            <Text as="p" tone="subdued">
              {translate("results.noCtas")}
            </Text>
          ) : (
            <BlockStack gap="100">
              {ctas.map((cta) => {
                const elsewhere =
                  cta.broadcast_id !== null && cta.broadcast_id !== broadcast.id
                    ? (broadcastNames[cta.broadcast_id] ?? translate("editorUi.campaignN", { id: cta.broadcast_id }))
                    : null;
                return (
                  <Checkbox
                    key={cta.id}
                    label={translate("editorUi.ctaWithType", {
                      name: cta.name,
                      type: translate(`editorUi.ctaCode.${cta.cta_type}` as AdminKey),
                      status: translate(`editorUi.statusCode.${cta.status}` as AdminKey),
                    })}
                    helpText={elsewhere ? translate("campaigns.elsewhere", { name: elsewhere }) : undefined}
                    checked={broadcast.cta_ids.includes(cta.id)}
                    onChange={(on) => toggleCta(cta.id, on)}
                  />
                );
              })}
            </BlockStack>
          )}
        </SectionCard>
        <Box paddingBlockEnd="400">
          <InlineStack align="end">
            <Button submit variant="primary" loading={saving}>
              {translate("campaigns.save")}
            </Button>
          </InlineStack>
        </Box>
      </BlockStack>
    </AdminForm>
  );
}
