/**
 * Targeting presets in the editor: who sees this CTA (new or returning
 * visitors, a utm_source, a page address, a device class, where they came
 * from) without leaving for the Campaigns
 * page. "Apply" saves the choice as a campaign in the Campaigns page's own
 * format and validators (app/view/targeting-presets.ts, the "targeting"
 * intent of the editor's action) and picks it for this CTA; the campaign is
 * then editable on the Campaigns page like any other. How often it shows
 * again stays with the basics card's "after closing" setting.
 */
import { useEffect, useState } from "react";
import { useFetcher } from "@remix-run/react";
import { BlockStack, Button, Card, FormLayout, Select, Text, TextField } from "@shopify/polaris";
import type { CtaDocument } from "#contract/schema/cta";
import { CSRF_FIELD } from "#app/server/csrf-field";
import { NO_PRESET, presetOf, type TargetingPreset } from "#app/view/targeting-presets";
import type { Condition } from "#contract/schema/condition";
import { useT } from "#app/i18n/useT";

type Answer =
  | { ok: true; message: string; broadcastId: number }
  | { ok: false; message: string; fieldErrors?: Record<string, string> };

export function TargetingPresetsCard({
  doc,
  onChange,
  csrfToken,
  campaigns,
}: {
  doc: CtaDocument;
  onChange(next: CtaDocument): void;
  csrfToken: string | null;
  /** The website's campaigns with their conditions: the CTA's current one prefills the presets it can express. */
  campaigns: {
    id: number;
    conditions: Pick<Condition, "condition_type" | "operator" | "url" | "data" | "count" | "data_name">[];
  }[];
}) {
  const translate = useT();
  const fetcher = useFetcher<Answer>();
  const current = campaigns.find((b) => b.id === doc.broadcast_id);
  const [preset, setPreset] = useState<TargetingPreset>(() => (current && presetOf(current.conditions)) || NO_PRESET);
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;

  // The saved campaign becomes this CTA's (an unsaved edit, like picking it in the basics card).
  useEffect(() => {
    if (answer?.ok && doc.broadcast_id !== answer.broadcastId) onChange({ ...doc, broadcast_id: answer.broadcastId });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when an answer arrives
  }, [answer]);

  const apply = () => {
    const form = new FormData();
    if (csrfToken) form.set(CSRF_FIELD, csrfToken);
    form.set("intent", "targeting");
    form.set("targeting", JSON.stringify(preset));
    if (doc.broadcast_id) form.set("broadcast_id", String(doc.broadcast_id));
    fetcher.submit(form, { method: "post" });
  };
  const errors = answer && !answer.ok ? (answer.fieldErrors ?? {}) : {};

  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {translate("targeting.title")}
        </Text>
        <FormLayout>
          <Select
            label={translate("targeting.visitor")}
            options={[
              { label: translate("targeting.visitor.all"), value: "all" },
              { label: translate("targeting.visitor.new"), value: "new" },
              { label: translate("targeting.visitor.returning"), value: "returning" },
            ]}
            value={preset.visitor}
            onChange={(v) => setPreset({ ...preset, visitor: v as TargetingPreset["visitor"] })}
          />
          <TextField
            label={translate("targeting.utmSource")}
            value={preset.utm_source}
            onChange={(v) => setPreset({ ...preset, utm_source: v })}
            placeholder={translate("editorUi.utmPlaceholder")}
            autoComplete="off"
            error={errors["targeting.utm_source"]}
          />
          <TextField
            label={translate("targeting.pageUrl")}
            value={preset.page_url}
            onChange={(v) => setPreset({ ...preset, page_url: v })}
            placeholder="/blogg"
            autoComplete="off"
            error={errors["targeting.page_url"]}
          />
          <Select
            label={translate("targeting.device")}
            options={[
              { label: translate("targeting.device.all"), value: "all" },
              { label: translate("targeting.device.mobile"), value: "mobile" },
              { label: translate("targeting.device.tablet"), value: "tablet" },
              { label: translate("targeting.device.desktop"), value: "desktop" },
            ]}
            value={preset.device}
            onChange={(v) => setPreset({ ...preset, device: v as TargetingPreset["device"] })}
          />
          <TextField
            label={translate("targeting.referrer")}
            value={preset.referrer}
            onChange={(v) => setPreset({ ...preset, referrer: v })}
            placeholder="google."
            helpText={translate("targeting.referrerHelp")}
            autoComplete="off"
            error={errors["targeting.referrer"]}
          />
        </FormLayout>
        <Text as="p" tone="subdued">
          {translate("targeting.help")}
        </Text>
        <div>
          <Button onClick={apply} loading={fetcher.state !== "idle"}>
            {translate("targeting.apply")}
          </Button>
        </div>
        <div role="status">
          {answer ? (
            <Text as="p" tone={answer.ok ? "success" : "critical"}>
              {answer.message}
            </Text>
          ) : null}
        </div>
      </BlockStack>
    </Card>
  );
}
