/**
 * How the CTA's A/B test picks its winner (contract/schema/ab-test.ts), shown
 * once the CTA has two variants: manual, automatic (the winner takes all the
 * traffic once it beats the others with the chosen confidence, after the
 * minimum sample and days) or a bandit (the split follows what the test
 * learns, with a holdout on an even split). Percentages here are the
 * document's shares times 100. A test that has declared its winner says so.
 */
import { Banner, BlockStack, Card, FormLayout, Select, Text, TextField } from "@shopify/polaris";
import { AB_TEST_MODES, abTestSchema, type AbTestMode, type AbTestSettings } from "#contract/schema/ab-test";
import type { CtaDocument } from "#contract/schema/cta";
import { useAllErrors } from "./errors";
import { useT } from "#app/i18n/useT";

export interface AbTestSettingsCardProps {
  doc: CtaDocument;
  onChange(doc: CtaDocument): void;
}

/** A share (0..1) as a percentage for a field, without float noise: 0.95 → "95". */
const asPercent = (share: number) => String(Math.round(share * 1000) / 10);
/** A field's number; an empty or unreadable field is NaN, which the schema refuses with the setting's own message. */
const numberOf = (text: string) => (text.trim() === "" ? Number.NaN : Number(text));

export function AbTestSettingsCard({ doc, onChange }: AbTestSettingsCardProps) {
  const translate = useT();
  const errors = useAllErrors();
  if (doc.variants.length < 2) return null;
  const settings: AbTestSettings = doc.ab_test ?? abTestSchema.parse({});
  const set = (patch: Partial<AbTestSettings>) => onChange({ ...doc, ab_test: { ...settings, ...patch } });
  const winner = doc.variants.find((v) => v.winner);
  const error = (key: keyof AbTestSettings) => errors[`ab_test.${key}`];
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {translate("abTest.title")}
        </Text>
        {winner && settings.mode !== "manual" ? (
          <Banner tone="success" title={translate("abTest.decided", { letter: winner.variation })}>
            <p>{translate("abTest.decidedHelp")}</p>
          </Banner>
        ) : null}
        <FormLayout>
          <Select
            label={translate("abTest.mode")}
            options={AB_TEST_MODES.map((mode) => ({ label: translate(`abTest.mode.${mode}`), value: mode }))}
            value={settings.mode}
            onChange={(mode) => set({ mode: mode as AbTestMode })}
            helpText={translate(`abTest.modeHelp.${settings.mode}`)}
            error={error("mode")}
          />
          {settings.mode !== "manual" ? (
            <>
              <FormLayout.Group>
                <TextField
                  label={translate("abTest.confidence")}
                  type="number"
                  min={50}
                  max={99.9}
                  step={0.1}
                  suffix="%"
                  value={asPercent(settings.confidence)}
                  onChange={(x) => set({ confidence: numberOf(x) / 100 })}
                  autoComplete="off"
                  error={error("confidence")}
                />
                <TextField
                  label={translate("abTest.minSample")}
                  type="number"
                  min={1}
                  value={String(settings.min_sample_per_variant)}
                  onChange={(x) => set({ min_sample_per_variant: numberOf(x) })}
                  autoComplete="off"
                  error={error("min_sample_per_variant")}
                />
                <TextField
                  label={translate("abTest.minDays")}
                  type="number"
                  min={0}
                  value={String(settings.min_days)}
                  onChange={(x) => set({ min_days: numberOf(x) })}
                  autoComplete="off"
                  error={error("min_days")}
                />
              </FormLayout.Group>
              {settings.mode === "bandit" ? (
                <TextField
                  label={translate("abTest.holdout")}
                  helpText={translate("abTest.holdoutHelp")}
                  type="number"
                  min={0}
                  max={90}
                  suffix="%"
                  value={asPercent(settings.holdout_share)}
                  onChange={(x) => set({ holdout_share: numberOf(x) / 100 })}
                  autoComplete="off"
                  error={error("holdout_share")}
                />
              ) : null}
            </>
          ) : null}
        </FormLayout>
        <Text as="p" tone="subdued">
          {settings.started_at
            ? translate("abTest.startedAt", { date: settings.started_at.slice(0, 10) })
            : translate("abTest.notStarted")}
        </Text>
      </BlockStack>
    </Card>
  );
}
