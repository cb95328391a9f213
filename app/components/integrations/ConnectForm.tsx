/** The form that connects an e-mail marketing tool (or Beckon's own lists). */
import { useState } from "react";
import { BlockStack, Button, Card, FormLayout, Text } from "@shopify/polaris";
import { AdminForm } from "~/components/editor/AdminForm";
import { FormSelect, FormTextField } from "./fields";
import { useT } from "~/i18n/useT";

const HELP: Record<string, string> = {
  klaviyo: "A private API key with access to lists and profiles (Klaviyo: Settings → API keys).",
  mailchimp: "An API key from Mailchimp (Account → Extras → API keys); it ends in your data center, like -us21.",
  activecampaign: "The API URL and key from ActiveCampaign (Settings → Developer).",
  builtin: "Lists kept in Beckon itself, with CSV export and unsubscribe. No key needed.",
};

const LABELS: Record<string, string> = {
  klaviyo: "Klaviyo",
  mailchimp: "Mailchimp",
  activecampaign: "ActiveCampaign",
  builtin: "Beckon lists",
};

/** Connect a tool. */
export function ConnectForm({ types, csrfToken, busy }: { types: readonly string[]; csrfToken: string | null; busy: boolean }) {
  const t = useT();
  const [type, setType] = useState(types[0] ?? "klaviyo");
  return (
    <Card>
      <AdminForm csrfToken={csrfToken} intent="connect">
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            {t("integrations.connect")}
          </Text>
          <FormLayout>
            <FormSelect
              label={t("integrations.tool")}
              name="type"
              options={types.map((t) => ({ label: LABELS[t] ?? t, value: t }))}
              initial={type}
              onValue={setType}
              helpText={HELP[type]}
            />
            <FormTextField
              label={t("integrations.name")}
              name="name"
              placeholder={LABELS[type]}
              maxLength={200}
              helpText={t("integrations.nameHelp")}
            />
            {type !== "builtin" ? (
              <FormTextField
                key={`key-${type}`}
                label={t("integrations.apiKey")}
                name="apiKey"
                type="password"
                autoComplete="new-password"
                maxLength={500}
              />
            ) : null}
            {type === "activecampaign" ? (
              <FormTextField label={t("integrations.apiUrl")} name="apiUrl" type="url" placeholder="https://youraccount.api-us1.com" maxLength={500} />
            ) : null}
          </FormLayout>
          <div>
            <Button submit variant="primary" loading={busy}>
              Connect
            </Button>
          </div>
        </BlockStack>
      </AdminForm>
    </Card>
  );
}
