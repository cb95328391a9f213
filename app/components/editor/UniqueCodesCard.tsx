/**
 * The CTA's unique discount codes (contract/schema/unique-codes.ts), without
 * JSON: where the codes come from (none, made in the Shopify store, or a list
 * the owner uploads), the discount and its expiry, what is left with a
 * warning before it runs out, and for a pool the CSV upload. Codes made in
 * Shopify are offered on store websites only, with what the shop still has
 * to grant.
 */
import { useState } from "react";
import { useFetcher } from "@remix-run/react";
import { Banner, BlockStack, Card, Checkbox, FormLayout, Select, Text, TextField } from "@shopify/polaris";
import type { CtaDocument } from "#contract/schema/cta";
import {
  DISCOUNT_KINDS,
  UNIQUE_CODE_SOURCES,
  defaultUniqueCodes,
  type DiscountKind,
  type UniqueCodeSource,
  type UniqueCodesSettings,
} from "#contract/schema/unique-codes";
import { CSRF_FIELD } from "#app/server/csrf-field";
import type { CodeStock, DiscountsPermission } from "#app/pages/cta-codes.server";
import { useAllErrors } from "./errors";
import { useT } from "#app/i18n/useT";

export interface UniqueCodesCardProps {
  doc: CtaDocument;
  onChange(doc: CtaDocument): void;
  /** The stored CTA's stock; null before the CTA hands out codes. */
  stock: CodeStock | null;
  /** Whether Beckon may make codes in the website's shop; "not_store" leaves that choice out. */
  shopify?: DiscountsPermission;
  csrfToken?: string;
}

/** A field's number; an empty or unreadable field is NaN, which the schema refuses with the setting's own message. */
const numberOf = (text: string) => (text.trim() === "" ? Number.NaN : Number(text));

type Answer = { ok: true; message: string; stock: CodeStock } | { ok: false; message: string };

/** The sources a merchant can pick: codes made in Shopify need a Shopify store (one already chosen stays visible). */
const offeredSources = (shopify: DiscountsPermission, chosen: UniqueCodeSource | undefined) =>
  UNIQUE_CODE_SOURCES.filter((s) => s !== "shopify" || shopify !== "not_store" || chosen === "shopify");

export function UniqueCodesCard({ doc, onChange, stock, shopify = "not_store", csrfToken }: UniqueCodesCardProps) {
  const translate = useT();
  const errors = useAllErrors();
  const fetcher = useFetcher<Answer>();
  const [fileError, setFileError] = useState<string | null>(null);
  const settings = doc.unique_codes ?? null;
  const set = (next: UniqueCodesSettings | null) => onChange({ ...doc, unique_codes: next });
  const patch = (change: Record<string, unknown>) => settings && set({ ...settings, ...change } as UniqueCodesSettings);
  const error = (key: string) => errors[`unique_codes.${key}`];
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const shown = answer?.ok ? answer.stock : stock;
  // Codes Beckon makes itself: running low is news, not a task for the owner.
  const made = settings?.source === "shopify";
  const upload = (file: File | undefined) => {
    setFileError(null);
    if (!file) return;
    void file.text().then(
      (text) => {
        const form = new FormData();
        if (csrfToken) form.set(CSRF_FIELD, csrfToken);
        form.set("intent", "codes");
        form.set("codes", text);
        fetcher.submit(form, { method: "post" });
      },
      () => setFileError(translate("uniqueCodes.upload.noCodes")),
    );
  };
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {translate("uniqueCodes.title")}
        </Text>
        <Text as="p" tone="subdued">
          {translate("uniqueCodes.help", { tag: "{{discount_code}}" })}
        </Text>
        <FormLayout>
          <Select
            label={translate("uniqueCodes.source")}
            options={[
              { label: translate("uniqueCodes.source.none"), value: "" },
              ...offeredSources(shopify, settings?.source).map((s) => ({
                label: translate(`uniqueCodes.source.${s}`),
                value: s,
              })),
            ]}
            value={settings?.source ?? ""}
            onChange={(source) => set(source ? defaultUniqueCodes(source as UniqueCodeSource) : null)}
            error={error("source")}
          />
          {settings?.source === "shopify" ? (
            <>
              <FormLayout.Group>
                <Select
                  label={translate("uniqueCodes.kind")}
                  options={DISCOUNT_KINDS.map((k) => ({ label: translate(`uniqueCodes.kind.${k}`), value: k }))}
                  value={settings.kind}
                  onChange={(kind) => patch({ kind: kind as DiscountKind })}
                  error={error("kind")}
                />
                <TextField
                  label={translate("uniqueCodes.value")}
                  type="number"
                  suffix={settings.kind === "percentage" ? "%" : undefined}
                  value={String(settings.value)}
                  onChange={(x) => patch({ value: numberOf(x) })}
                  autoComplete="off"
                  error={error("value")}
                />
                <TextField
                  label={translate("uniqueCodes.minimum")}
                  type="number"
                  value={String(settings.minimum_subtotal)}
                  onChange={(x) => patch({ minimum_subtotal: numberOf(x) })}
                  autoComplete="off"
                  error={error("minimum_subtotal")}
                />
              </FormLayout.Group>
              <FormLayout.Group>
                <TextField
                  label={translate("uniqueCodes.prefix")}
                  value={settings.prefix}
                  onChange={(prefix) => patch({ prefix })}
                  autoComplete="off"
                  error={error("prefix")}
                />
                <Checkbox
                  label={translate("uniqueCodes.oncePerCustomer")}
                  checked={settings.once_per_customer}
                  onChange={(once_per_customer) => patch({ once_per_customer })}
                />
              </FormLayout.Group>
              <Text as="p" tone="subdued">
                {translate("uniqueCodes.shopifyHelp")}
              </Text>
              {shopify === "missing" || shopify === "not_installed" ? (
                <Banner tone="warning">
                  <p>
                    {translate(
                      shopify === "missing" ? "uniqueCodes.shopify.missing" : "uniqueCodes.shopify.notInstalled",
                    )}
                  </p>
                </Banner>
              ) : null}
            </>
          ) : null}
          {settings ? (
            <FormLayout.Group>
              <TextField
                label={translate("uniqueCodes.expiry")}
                type="number"
                min={1}
                value={settings.expires_after_days == null ? "" : String(settings.expires_after_days)}
                onChange={(x) => patch({ expires_after_days: x.trim() === "" ? null : numberOf(x) })}
                autoComplete="off"
                error={error("expires_after_days")}
              />
              <TextField
                label={translate("uniqueCodes.warnThreshold")}
                type="number"
                min={0}
                value={String(settings.warn_threshold)}
                onChange={(x) => patch({ warn_threshold: numberOf(x) })}
                autoComplete="off"
                error={error("warn_threshold")}
              />
            </FormLayout.Group>
          ) : null}
        </FormLayout>
        {shown ? (
          <>
            <Text as="p">
              {translate("uniqueCodes.remaining", {
                available: shown.available,
                issued: shown.issued,
                redeemed: shown.redeemed,
              })}
            </Text>
            {shown.available === 0 ? (
              <Banner tone={made ? "info" : "critical"}>
                <p>{translate(made ? "uniqueCodes.shopify.empty" : "uniqueCodes.empty")}</p>
              </Banner>
            ) : shown.low ? (
              <Banner tone={made ? "info" : "warning"}>
                <p>{translate(made ? "uniqueCodes.shopify.low" : "uniqueCodes.low", { available: shown.available })}</p>
              </Banner>
            ) : null}
          </>
        ) : null}
        {settings?.source === "pool" ? (
          stock ? (
            <BlockStack gap="100">
              <label htmlFor="unique-codes-file">
                <Text as="span">{translate("uniqueCodes.upload")}</Text>
              </label>
              <input
                id="unique-codes-file"
                type="file"
                accept=".csv,.txt,text/csv,text/plain"
                onChange={(event) => upload(event.currentTarget.files?.[0])}
              />
              <Text as="p" tone="subdued">
                {translate("uniqueCodes.uploadHelp")}
              </Text>
              {answer ? <Banner tone={answer.ok ? "success" : "critical"}>{answer.message}</Banner> : null}
              {fileError ? <Banner tone="critical">{fileError}</Banner> : null}
            </BlockStack>
          ) : (
            <Text as="p" tone="subdued">
              {translate("uniqueCodes.saveFirst")}
            </Text>
          )
        ) : null}
      </BlockStack>
    </Card>
  );
}
