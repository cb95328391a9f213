/**
 * The CTA editor: the whole document in React state, edited card by card
 * (basics, variants, steps → sections → columns → elements), with a live
 * preview beside it. Saving posts the whole document as JSON; the server's
 * validation errors come back by path and each control shows its own.
 * Edits can be undone; leaving with unsaved edits asks first. Saving a
 * published CTA keeps the edits as a draft that visitors do not see until
 * they are published.
 */
import { useEffect, useMemo, useState } from "react";
import { useNavigation, useSubmit } from "@remix-run/react";
import {
  Badge,
  Banner,
  BlockStack,
  Box,
  Button,
  ButtonGroup,
  Card,
  InlineGrid,
  InlineStack,
  Tabs,
  Text,
} from "@shopify/polaris";
import type { CtaDocument } from "#contract/schema/cta";
import type { PublicWebsiteConfig } from "#contract/schema/public-config";
import { CSRF_FIELD } from "#app/server/csrf-field";
import { ActionBanner, type ActionMessage } from "./ActionBanner";
import { BasicsCard } from "./BasicsCard";
import { ConflictWarning, type ConflictSources } from "./ConflictWarning";
import { LeadDestinationsCard, type LeadDestinationChoice } from "./LeadDestinationsCard";
import { PromiseBanner } from "./PromiseBanner";
import { ConsentBanner } from "./ConsentBanner";
import { TargetingPresetsCard } from "./TargetingPresetsCard";
import { move, newStep, removeAt, renumber, splitProblem, typeLabel } from "./document";
import { EditorErrorsProvider } from "./errors";
import { StoreProductsProvider, type StoreProductsSource } from "./store-products-context";
import { PreviewFrame } from "./PreviewFrame";
import { CardSelectionProvider, usePreviewPicks } from "./selection";
import { VariantEditProvider, type VariantEdit } from "./variant-edit-context";
import { BrandColoursProvider, brandColoursOf } from "./brand-colours-context";
import { StepEditor } from "./StepEditor";
import { OwnerUnsavedGuard, ShopifySaveBar } from "./UnsavedGuard";
import { useDocHistory } from "./useDocHistory";
import { VariantsCard } from "./VariantsCard";
import { AbTestSettingsCard } from "./AbTestSettingsCard";
import { UniqueCodesCard } from "./UniqueCodesCard";
import type { CodeStock, DiscountsPermission } from "#app/pages/cta-codes.server";
import { useT } from "#app/i18n/useT";

export interface CtaEditorResult extends ActionMessage {
  fieldErrors?: Record<string, string>;
  cta?: CtaDocument;
  /** The stored document is a draft of a published CTA: visitors still see the published version. */
  hasDraft?: boolean;
}

export interface CtaEditorProps {
  initial: CtaDocument;
  ctas: { id: number; name: string }[];
  broadcasts: { id: number; name: string }[];
  preview: { config: PublicWebsiteConfig; rendererUrl: string };
  csrfToken: string | null;
  result: CtaEditorResult | undefined;
  /** Stand-alone preview page of the stored CTA (standalone admin only: a new tab outside Shopify's admin has no session token). */
  previewUrl: string | null;
  /** Where the editor runs: the standalone admin guards navigation itself, Shopify's admin through App Bridge's save bar. */
  surface: "owner" | "shopify";
  /** The initial document is an unpublished draft of this published CTA. */
  hasDraft: boolean;
  /** Other published CTAs and the campaigns, for the same-place warning. */
  conflictSources?: ConflictSources;
  /** The website's mailing tools and lists, for the "Where leads go" card. */
  leads?: { destinations: LeadDestinationChoice[]; integrationsUrl: string };
  /** The standalone admin's product search endpoint (null inside Shopify, where the resource picker is used). */
  productSearchUrl?: string | null;
  /** Where a lead magnet's file is uploaded (standalone admin); null: links only. */
  magnetUploadUrl?: string | null;
  /** Whether the server sends e-mail (SMTP_URL), for the warning about promised deliveries. */
  mailSending?: boolean;
  /** What is left of the CTA's unique discount codes; null when it hands out none. */
  codeStock?: CodeStock | null;
  /** Whether codes can be made in the website's Shopify store; "not_store" hides that choice. */
  shopifyCodes?: DiscountsPermission;
}

const STATUS_TONE = { published: "success", draft: "info", archived: undefined } as const;

/** The editor with its save bar and preview. */
export function CtaEditor({
  initial,
  ctas,
  broadcasts,
  preview,
  csrfToken,
  result,
  previewUrl,
  surface,
  hasDraft: initialHasDraft,
  conflictSources,
  leads,
  productSearchUrl = null,
  magnetUploadUrl = null,
  mailSending = false,
  codeStock = null,
  shopifyCodes = "not_store",
}: CtaEditorProps) {
  const translate = useT();
  const submit = useSubmit();
  const navigation = useNavigation();
  const history = useDocHistory(initial);
  const { doc, setDoc } = history;
  const [saved, setSaved] = useState(() => JSON.stringify(initial));
  const [hasDraft, setHasDraft] = useState(initialHasDraft);
  const [variantIndex, setVariantIndex] = useState(0);
  const [stepIndex, setStepIndex] = useState(0);
  const [clientError, setClientError] = useState<string | null>(null);

  // A successful save answers with the stored document: new nodes now have ids.
  useEffect(() => {
    if (result?.ok && result.cta) {
      // Not an undo step: the same content as sent, with the ids the server gave. Saving keeps the history.
      history.replace(result.cta);
      setSaved(JSON.stringify(result.cta));
      setHasDraft(Boolean(result.hasDraft));
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- history.replace is stable
  }, [result]);

  const errors = useMemo(() => (result && !result.ok ? (result.fieldErrors ?? {}) : {}), [result]);
  const dirty = JSON.stringify(doc) !== saved;
  const busy = navigation.state !== "idle";
  const pending = navigation.formData?.get("intent");
  const variant = doc.variants[variantIndex] ?? doc.variants[0];
  const vi = doc.variants[variantIndex] ? variantIndex : 0;
  const steps = variant.steps;
  const si = steps[stepIndex] ? stepIndex : 0;
  const step = steps[si];
  const stepChoices = steps.map((stepItem, index) => ({
    position: stepItem.position,
    name: stepItem.options.name || translate("editorUi.stepN", { n: index + 1 }),
  }));
  const otherCtas = ctas.filter((c) => c.id !== doc.id);

  // Edits beyond one element (a quiz outcome's result step) apply to the newest document.
  const editVariant: VariantEdit = (edit) =>
    setDoc((d) => ({ ...d, variants: d.variants.map((v, i) => (i === vi ? edit(v) : v)) }));
  const setVariant = (next: CtaDocument["variants"][number]) => editVariant(() => next);
  const setSteps = (nextSteps: CtaDocument["variants"][number]["steps"]) =>
    setVariant({ ...variant, steps: nextSteps });

  const send = (intent: "save" | "publish" | "draft" | "archive" | "duplicate" | "discard") => {
    const withoutDocument = intent === "archive" || intent === "duplicate" || intent === "discard";
    const problem = withoutDocument ? null : splitProblem(doc.variants, translate);
    setClientError(problem);
    if (problem) return;
    const form = new FormData();
    if (csrfToken) form.set(CSRF_FIELD, csrfToken);
    form.set("intent", intent);
    if (!withoutDocument) form.set("document", JSON.stringify(doc));
    submit(form, { method: "post" });
  };

  // Clicking an element in the preview selects its card below (and may edit its text in place).
  const picks = usePreviewPicks(doc, setDoc, vi, si);
  const storeProducts = useMemo<StoreProductsSource>(
    () => ({ surface, searchUrl: productSearchUrl, magnetUploadUrl, csrfToken, currency: preview.config.currency }),
    [surface, productSearchUrl, magnetUploadUrl, csrfToken, preview.config.currency],
  );
  const brandColours = useMemo(() => brandColoursOf(preview.config.brand_colors), [preview.config.brand_colors]);
  const banner: ActionMessage | null = clientError ? { ok: false, message: clientError } : (result ?? null);
  const stepErrors = (i: number) =>
    Object.keys(errors).filter((k) => k.startsWith(`variants.${vi}.steps.${i}.`)).length;

  return (
    <EditorErrorsProvider value={errors}>
      <StoreProductsProvider value={storeProducts}>
        <BrandColoursProvider value={brandColours}>
          {surface === "owner" ? (
            <OwnerUnsavedGuard dirty={dirty} />
          ) : (
            <ShopifySaveBar
              dirty={dirty}
              busy={busy}
              onSave={() => send("save")}
              onDiscard={() => setDoc(JSON.parse(saved) as CtaDocument)}
            />
          )}
          <BlockStack gap="400">
            <Card>
              <InlineStack align="space-between" blockAlign="center" gap="300">
                <InlineStack gap="200" blockAlign="center">
                  <Badge tone={STATUS_TONE[doc.status]}>{translate(`ctas.${doc.status}`)}</Badge>
                  <Text as="span" tone="subdued">
                    {typeLabel(doc, translate)}
                    {doc.published_at
                      ? translate("editor.publishedAt", { date: doc.published_at.slice(0, 16).replace("T", " ") })
                      : ""}
                  </Text>
                  {dirty ? <Badge tone="attention">{translate("editor.unsaved")}</Badge> : null}
                </InlineStack>
                <InlineStack gap="200">
                  <ButtonGroup variant="segmented">
                    <Button
                      onClick={history.undo}
                      disabled={!history.canUndo}
                      accessibilityLabel={translate("safeEdit.undo")}
                    >
                      ↶
                    </Button>
                    <Button
                      onClick={history.redo}
                      disabled={!history.canRedo}
                      accessibilityLabel={translate("safeEdit.redo")}
                    >
                      ↷
                    </Button>
                  </ButtonGroup>
                  <Button onClick={() => send("duplicate")} disabled={busy}>
                    {translate("editor.duplicate")}
                  </Button>
                  {doc.status !== "archived" ? (
                    <Button onClick={() => send("archive")} disabled={busy} tone="critical">
                      {translate("editor.archive")}
                    </Button>
                  ) : null}
                  {doc.status === "published" ? (
                    <Button onClick={() => send("draft")} disabled={busy} loading={busy && pending === "draft"}>
                      {translate("editor.unpublish")}
                    </Button>
                  ) : null}
                  <Button onClick={() => send("save")} disabled={busy} loading={busy && pending === "save"}>
                    {translate("editor.save")}
                  </Button>
                  <Button
                    variant="primary"
                    onClick={() => send("publish")}
                    disabled={busy}
                    loading={busy && pending === "publish"}
                  >
                    {doc.status === "published" ? translate("editor.saveAndPublish") : translate("editor.publish")}
                  </Button>
                </InlineStack>
              </InlineStack>
            </Card>
            {hasDraft && doc.status === "published" ? (
              <Banner
                tone="warning"
                title={translate("safeEdit.draftTitle")}
                action={{
                  content: translate("safeEdit.publishChanges"),
                  onAction: () => send("publish"),
                  loading: busy && pending === "publish",
                }}
                secondaryAction={{ content: translate("safeEdit.discardChanges"), onAction: () => send("discard") }}
              >
                <p>{translate("safeEdit.draftBody")}</p>
              </Banner>
            ) : null}
            <ActionBanner result={banner} />
            {conflictSources ? <ConflictWarning doc={doc} sources={conflictSources} /> : null}
            {errors[""] ? (
              <Text as="p" tone="critical">
                {errors[""]}
              </Text>
            ) : null}
            <InlineGrid columns={{ xs: 1, lg: 2 }} gap="400">
              <BlockStack gap="400">
                <BasicsCard doc={doc} onChange={setDoc} broadcasts={broadcasts} />
                <ConsentBanner doc={doc} onChange={setDoc} />
                {leads ? (
                  <PromiseBanner doc={doc} setup={{ smtp: mailSending, destinations: leads.destinations }} />
                ) : null}
                {leads ? <LeadDestinationsCard doc={doc} onChange={setDoc} {...leads} /> : null}
                {conflictSources ? (
                  <TargetingPresetsCard
                    doc={doc}
                    onChange={setDoc}
                    csrfToken={csrfToken}
                    campaigns={conflictSources.broadcasts}
                  />
                ) : null}
                <VariantsCard
                  doc={doc}
                  onChange={setDoc}
                  selected={vi}
                  onSelect={(i) => {
                    setVariantIndex(i);
                    setStepIndex(0);
                  }}
                />
                <AbTestSettingsCard doc={doc} onChange={setDoc} />
                <UniqueCodesCard
                  doc={doc}
                  onChange={setDoc}
                  stock={codeStock}
                  shopify={shopifyCodes}
                  csrfToken={csrfToken ?? undefined}
                />
                <BlockStack gap="200">
                  <InlineStack align="space-between" blockAlign="center">
                    <Text as="h2" variant="headingMd">
                      {translate("editor.stepsOfVariant", { variant: variant.variation })}
                    </Text>
                    <InlineStack gap="100">
                      <Button
                        onClick={() => setSteps(move(steps, si, -1))}
                        disabled={si === 0}
                        accessibilityLabel={translate("editor.moveStepEarlier")}
                      >
                        ←
                      </Button>
                      <Button
                        onClick={() => setSteps(move(steps, si, 1))}
                        disabled={si === steps.length - 1}
                        accessibilityLabel={translate("editor.moveStepLater")}
                      >
                        →
                      </Button>
                      <Button
                        tone="critical"
                        variant="plain"
                        disabled={steps.length <= 1}
                        onClick={() => {
                          setSteps(removeAt(steps, si));
                          setStepIndex(Math.max(0, si - 1));
                        }}
                        accessibilityLabel={translate("editor.removeStepLabel")}
                      >
                        {translate("editor.removeStep")}
                      </Button>
                      <Button
                        onClick={() => {
                          setSteps(renumber([...steps, newStep(steps.length)]));
                          setStepIndex(steps.length);
                        }}
                      >
                        {translate("editor.addStep")}
                      </Button>
                    </InlineStack>
                  </InlineStack>
                  <Tabs
                    tabs={steps.map((stepItem, index) => ({
                      id: `step-tab-${index}`,
                      content: stepErrors(index)
                        ? translate("editorUi.stepTabErrors", {
                            step: stepItem.options.name || translate("editorUi.stepN", { n: index + 1 }),
                            count: stepErrors(index),
                          })
                        : stepItem.options.name || translate("editorUi.stepN", { n: index + 1 }),
                      panelID: `step-panel-${index}`,
                    }))}
                    selected={si}
                    onSelect={setStepIndex}
                  />
                  <div id={`step-panel-${si}`} role="tabpanel" aria-labelledby={`step-tab-${si}`}>
                    {step ? (
                      <CardSelectionProvider value={picks.selection}>
                        <VariantEditProvider value={editVariant}>
                          <StepEditor
                            key={`${vi}-${step.id ?? `new-${si}`}`}
                            step={step}
                            path={["variants", vi, "steps", si]}
                            steps={stepChoices}
                            ctaOptions={otherCtas}
                            onChange={(next) => setSteps(steps.map((s, i) => (i === si ? next : s)))}
                          />
                        </VariantEditProvider>
                      </CardSelectionProvider>
                    ) : null}
                  </div>
                </BlockStack>
              </BlockStack>
              <Box>
                <div style={{ position: "sticky", top: 16 }}>
                  <Card>
                    <PreviewFrame
                      cta={doc}
                      config={preview.config}
                      rendererUrl={preview.rendererUrl}
                      variantIndex={vi}
                      stepPosition={si > 0 && step ? step.position : null}
                      openUrl={previewUrl ? `${previewUrl}?iframe=true&variant=${variant.id ?? ""}` : undefined}
                      onPick={picks.onPick}
                    />
                  </Card>
                </div>
              </Box>
            </InlineGrid>
          </BlockStack>
        </BrandColoursProvider>
      </StoreProductsProvider>
    </EditorErrorsProvider>
  );
}
