/**
 * Website settings page (SPEC section 3 Website config): every field an
 * owner edits, grouped by purpose, plus how to install the widget. Shared by
 * /owner/websites/:websiteId/settings and /app/settings.
 */
import { CopyButton } from "#app/components/CopyButton";
import { useState } from "react";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import {
  Badge,
  BlockStack,
  Box,
  Button,
  Card,
  Checkbox,
  FormLayout,
  InlineStack,
  Layout,
  Page,
  Select,
  Text,
  TextField,
} from "@shopify/polaris";
import { SectionCard } from "#app/components/SectionCard";
import { EmailSenderCard } from "#app/components/EmailSenderCard";
import { CustomerPrivacyCard } from "#app/components/CustomerPrivacyCard";
import type { WebsiteSettings } from "#contract/schema/website";
import { ActionBanner } from "#app/components/editor/ActionBanner";
import { AdminForm } from "#app/components/editor/AdminForm";
import { KeyValueList } from "#app/components/editor/KeyValueList";
import { BrandContrast } from "#app/components/editor/StyleControls";
import type { actionSettings, InstallInfo, loadSettings } from "./settings.server";
import { useT } from "#app/i18n/useT";
import { LANGUAGE_NAMES, LANGUAGES } from "#contract/i18n";

type Rows = [string, string][];

/** The business types the validation rules know (SPEC: business e-mail), with their catalogue labels. */
const BUSINESS_TYPES = [
  { key: "settingsInstall.business.none", value: "" },
  { key: "settingsInstall.business.ecommerce", value: "ecommerce" },
  { key: "settingsInstall.business.services", value: "services" },
  { key: "settingsInstall.business.saas", value: "saas" },
  { key: "settingsInstall.business.media", value: "media" },
  { key: "settingsInstall.business.nonprofit", value: "nonprofit" },
  { key: "settingsInstall.business.other", value: "other" },
] as const;

const KNOWN_DATA_SETTINGS = ["contact-processing", "cart-value-threshold", "currency"];

function rowsOf(record: Record<string, unknown> | null | undefined, skip: string[] = []): Rows {
  return Object.entries(record ?? {})
    .filter(([k]) => !skip.includes(k))
    .map(([k, v]) => [k, v === null || v === undefined ? "" : String(v)]);
}

/** Form state: every text as a string, so controlled fields never switch to uncontrolled. */
function initialState(settings: WebsiteSettings) {
  const text = (v: string | null | undefined) => v ?? "";
  return {
    name: settings.name,
    domain: text(settings.domain),
    currency: settings.currency,
    currency_character: settings.currency_character,
    default_country: settings.default_country,
    language: settings.language,
    business_type: text(settings.business_type),
    privacy_message: text(settings.privacy_message),
    privacy_link: text(settings.privacy_link),
    privacy_link_text: text(settings.privacy_link_text),
    terms_link: text(settings.terms_link),
    terms_link_text: text(settings.terms_link_text),
    marketing_consent: text(settings.marketing_consent),
    sms_consent: text(settings.sms_consent),
    brand: text(settings.brand),
    segment_write_key: text(settings.segment_write_key),
    gtm_id: text(settings.gtm_id),
    powered_by: settings.powered_by,
    url_identification: settings.url_identification,
    form_tracking: settings.form_tracking,
    contact_processing: settings.data_settings["contact-processing"] !== false,
    cart_value_threshold: String(settings.data_settings["cart-value-threshold"] ?? ""),
    data_currency: text(settings.data_settings.currency as string | undefined),
  };
}

type TextKey = {
  [K in keyof ReturnType<typeof initialState>]: ReturnType<typeof initialState>[K] extends string ? K : never;
}[keyof ReturnType<typeof initialState>];

/** The settings page. */
export function SettingsPage() {
  const { settings, install, links, isStore, dataRequests, mail } = useLoaderData<typeof loadSettings>();
  const translate = useT();
  const result = useActionData<typeof actionSettings>();
  const navigation = useNavigation();
  const [state, setState] = useState(() => initialState(settings));
  const [colors, setColors] = useState<Rows>(() => rowsOf(settings.brand_colors));
  const [style, setStyle] = useState<Rows>(() => rowsOf(settings.brand_style));
  const [extra, setExtra] = useState<Rows>(() => rowsOf(settings.data_settings, KNOWN_DATA_SETTINGS));
  const errors = result && !result.ok ? result.fieldErrors : {};
  const saving = navigation.state === "submitting";

  const field = (key: TextKey, label: string, more: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField
      label={label}
      name={key}
      value={state[key]}
      onChange={(v) => setState((s) => ({ ...s, [key]: v }))}
      autoComplete="off"
      error={errors[key]}
      {...more}
    />
  );
  const toggle = (
    key: "powered_by" | "url_identification" | "form_tracking" | "contact_processing",
    label: string,
    helpText: string,
    name: string = key,
  ) => (
    <>
      <Checkbox
        label={label}
        helpText={helpText}
        checked={state[key]}
        onChange={(v) => setState((s) => ({ ...s, [key]: v }))}
      />
      <input type="hidden" name={name} value={String(state[key])} />
    </>
  );

  return (
    <Page title={translate("settings.title")} subtitle={settings.name}>
      <AdminForm csrfToken={links.csrfToken} intent="save" aria-label={translate("settings.websiteSettings")}>
        <BlockStack gap="400">
          <ActionBanner result={result} />
          <Layout>
            <Layout.AnnotatedSection
              id="website"
              title={translate("settings.website")}
              description={translate("settings.websiteHelp")}
            >
              <Card>
                <FormLayout>
                  {field("name", translate("ctas.name"), { requiredIndicator: true })}
                  {field("domain", translate("settings.address"), {
                    type: "url",
                    placeholder: "https://www.example.com",
                    helpText: translate("settings.addressHelp"),
                  })}
                  <Select
                    label={translate("settings.businessType")}
                    name="business_type"
                    options={BUSINESS_TYPES.map((b) => ({ label: translate(b.key), value: b.value }))}
                    value={state.business_type}
                    onChange={(v) => setState((s) => ({ ...s, business_type: v }))}
                    error={errors.business_type}
                  />
                </FormLayout>
              </Card>
            </Layout.AnnotatedSection>

            <Layout.AnnotatedSection
              id="money"
              title={translate("settings.currencyCountry")}
              description={translate("settings.currencyCountryHelp")}
            >
              <Card>
                <FormLayout>
                  <FormLayout.Group>
                    {field("currency", translate("settings.currency"), {
                      maxLength: 3,
                      helpText: translate("settings.currencyHelp"),
                      requiredIndicator: true,
                    })}
                    {field("currency_character", translate("settings.currencyChar"), {
                      maxLength: 8,
                      helpText: translate("settings.currencyCharHelp"),
                      requiredIndicator: true,
                    })}
                    {field("default_country", translate("settings.country"), {
                      maxLength: 2,
                      helpText: translate("settings.countryHelp"),
                      requiredIndicator: true,
                    })}
                  </FormLayout.Group>
                </FormLayout>
              </Card>
            </Layout.AnnotatedSection>

            <Layout.AnnotatedSection
              id="language"
              title={translate("settings.languageSection")}
              description={translate("settings.languageSectionHelp")}
            >
              <Card>
                <Select
                  label={translate("settings.language")}
                  name="language"
                  options={LANGUAGES.map((l) => ({ label: LANGUAGE_NAMES[l], value: l }))}
                  value={state.language}
                  onChange={(v) => setState((s) => ({ ...s, language: v as typeof s.language }))}
                  error={errors.language}
                />
              </Card>
            </Layout.AnnotatedSection>

            <Layout.AnnotatedSection
              id="consent"
              title={translate("settings.privacy")}
              description={translate("settings.privacyHelp")}
            >
              <Card>
                <FormLayout>
                  {field("privacy_message", translate("settings.privacyMessage"), {
                    multiline: 2,
                    helpText: translate("settings.privacyMessageHelp"),
                  })}
                  <FormLayout.Group>
                    {field("privacy_link", translate("settings.privacyLink"), {
                      placeholder: "https://",
                      helpText: translate("settings.pageLinkHelp"),
                    })}
                    {field("privacy_link_text", translate("settings.privacyLinkText"))}
                  </FormLayout.Group>
                  <FormLayout.Group>
                    {field("terms_link", translate("settings.termsLink"), {
                      placeholder: "https://",
                      helpText: translate("settings.pageLinkHelp"),
                    })}
                    {field("terms_link_text", translate("settings.termsLinkText"))}
                  </FormLayout.Group>
                  {field("marketing_consent", translate("settings.marketing"), { multiline: 3 })}
                  {field("sms_consent", translate("settingsInstall.smsConsent"), { multiline: 2 })}
                </FormLayout>
              </Card>
            </Layout.AnnotatedSection>

            <Layout.AnnotatedSection
              id="brand"
              title={translate("settings.brand")}
              description={translate("settings.brandHelp")}
            >
              <Card>
                <BlockStack gap="400">
                  {field("brand", translate("settings.brandName"))}
                  <KeyValueList
                    name="brand_colors"
                    label={translate("settings.colours")}
                    rows={colors}
                    onChange={setColors}
                    keyLabel={translate("settings.colourName")}
                    valueLabel={translate("settings.colourValue")}
                    keyPlaceholder="primary"
                    valuePlaceholder="#1a2b3c"
                    errors={errors}
                  />
                  <BrandContrast colors={Object.fromEntries(colors)} />
                  <KeyValueList
                    name="brand_style"
                    label={translate("settings.style")}
                    rows={style}
                    onChange={setStyle}
                    keyLabel={translate("settings.styleName")}
                    valueLabel={translate("settings.styleValue")}
                    keyPlaceholder="font"
                    valuePlaceholder="Inter"
                    errors={errors}
                  />
                  {toggle("powered_by", translate("settings.poweredBy"), translate("settings.poweredByHelp"))}
                </BlockStack>
              </Card>
            </Layout.AnnotatedSection>

            <Layout.AnnotatedSection
              id="data"
              title={translate("settings.data")}
              description={translate("settings.dataHelp")}
            >
              <Card>
                <FormLayout>
                  {toggle(
                    "contact_processing",
                    translate("settings.processContacts"),
                    translate("settings.processContactsHelp"),
                    "data_settings.contact-processing",
                  )}
                  <FormLayout.Group>
                    <TextField
                      label={translate("settings.threshold")}
                      name="data_settings.cart-value-threshold"
                      type="number"
                      min={0}
                      value={state.cart_value_threshold}
                      onChange={(v) => setState((s) => ({ ...s, cart_value_threshold: v }))}
                      autoComplete="off"
                      helpText={translate("settings.thresholdHelp")}
                      error={errors["data_settings.cart-value-threshold"]}
                    />
                    <TextField
                      label={translate("settings.dataCurrency")}
                      name="data_settings.currency"
                      maxLength={3}
                      value={state.data_currency}
                      onChange={(v) => setState((s) => ({ ...s, data_currency: v }))}
                      autoComplete="off"
                      helpText={translate("settings.dataCurrencyHelp")}
                      error={errors["data_settings.currency"]}
                    />
                  </FormLayout.Group>
                  <KeyValueList
                    name="data_settings.extra"
                    label={translate("settings.analytics")}
                    helpText={translate("settings.analyticsHelp")}
                    rows={extra}
                    onChange={setExtra}
                    keyLabel="Setting"
                    valueLabel={translate("settings.settingValue")}
                    keyPlaceholder="google-analytics-id"
                    errors={errors}
                    errorPrefix="data_settings"
                  />
                </FormLayout>
              </Card>
            </Layout.AnnotatedSection>

            <Layout.AnnotatedSection
              id="tracking"
              title={translate("settings.tracking")}
              description={translate("settings.trackingHelp")}
            >
              <Card>
                <FormLayout>
                  {field("segment_write_key", translate("settings.segment"), {
                    helpText: translate("settings.segmentHelp"),
                  })}
                  {field("gtm_id", translate("settings.gtm"), { placeholder: "GTM-XXXXXXX" })}
                  {toggle("url_identification", translate("settings.identify"), translate("settings.identifyHelp"))}
                  {toggle("form_tracking", translate("settings.forms"), translate("settings.formsHelp"))}
                </FormLayout>
              </Card>
            </Layout.AnnotatedSection>
          </Layout>
          <InlineStack align="end">
            <Button submit variant="primary" loading={saving}>
              {translate("settings.save")}
            </Button>
          </InlineStack>
        </BlockStack>
      </AdminForm>
      <Box paddingBlockStart="600">
        <EmailSenderCard
          emailFrom={mail.from}
          smtp={mail.smtp}
          csrfToken={links.csrfToken}
          busy={saving}
          error={errors.email_from}
        />
      </Box>
      <Box paddingBlockStart="600" paddingBlockEnd="800">
        <InstallCard install={install} isStore={isStore} />
      </Box>
      {dataRequests && (
        <Box paddingBlockEnd="800">
          <CustomerPrivacyCard requests={dataRequests} basePath={links.basePath} surface={links.surface} />
        </Box>
      )}
    </Page>
  );
}

/** How to put the widget on the site: the snippet, or the Shopify theme editor link and embed status. */
function InstallCard({ install, isStore }: { install: InstallInfo; isStore: boolean }) {
  const translate = useT();
  if (install.kind === "snippet") {
    return (
      <SectionCard title={translate("settings.install")}>
        <Text as="p">{isStore ? translate("settingsInstall.storeSnippet") : translate("settingsInstall.snippet")}</Text>
        {install.snippet === null ? (
          <Text as="p" tone="critical">
            {translate("settingsInstall.notBuilt")}
          </Text>
        ) : (
          <>
            <Box padding="300" background="bg-surface-secondary" borderRadius="200" overflowX="scroll">
              <pre
                aria-label={translate("settings.snippet")}
                style={{ margin: 0, whiteSpace: "pre-wrap", wordBreak: "break-all", fontSize: 12 }}
              >
                <code>{install.snippet}</code>
              </pre>
            </Box>
            <InlineStack gap="200">
              <CopyButton text={install.snippet} />
            </InlineStack>
          </>
        )}
        <Text as="p" tone="subdued">
          {translate("settingsInstall.areas", {
            area: '<div data-beckon-area="footer"></div>',
            placeholder: '<div class="beckon-cta" data-cta-id="12"></div>',
          })}
        </Text>
      </SectionCard>
    );
  }
  const { embed } = install;
  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack gap="200" blockAlign="center">
          <Text as="h2" variant="headingMd">
            {translate("settings.appEmbed")}
          </Text>
          {embed.state === "on" ? (
            <Badge tone="success">{translate("settingsInstall.on")}</Badge>
          ) : embed.state === "off" ? (
            <Badge tone="attention">{translate("settingsInstall.off")}</Badge>
          ) : (
            <Badge>{translate("settingsInstall.unknown")}</Badge>
          )}
        </InlineStack>
        <Text as="p">
          {embed.state === "on"
            ? translate("settingsInstall.embedOn", { theme: embed.themeName })
            : embed.state === "off"
              ? translate("settingsInstall.embedOff", { theme: embed.themeName })
              : translate("settingsInstall.embedUnknown", { reason: embed.reason })}
        </Text>
        {install.themeEditorUrl ? (
          <InlineStack>
            <Button url={install.themeEditorUrl} target="_top" variant={embed.state === "on" ? "secondary" : "primary"}>
              {translate("settings.openTheme")}
            </Button>
          </InlineStack>
        ) : null}
      </BlockStack>
    </Card>
  );
}
