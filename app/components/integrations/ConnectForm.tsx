/** The form that connects an e-mail marketing tool (or Beckon's own lists). */
import { useState } from "react";
import { BlockStack, Button, Card, FormLayout, Text } from "@shopify/polaris";
import { AdminForm } from "#app/components/editor/AdminForm";
import { FormSelect, FormTextField } from "./fields";
import { useT } from "#app/i18n/useT";
import type { AdminKey, Translate } from "#app/i18n";

const HELP: Record<string, AdminKey> = {
  klaviyo: "integrations.helpKlaviyo",
  mailchimp: "integrations.helpMailchimp",
  activecampaign: "integrations.helpActiveCampaign",
  builtin: "integrations.helpBuiltin",
};

/** A tool's name: the product's own, Beckon's lists in the admin language. */
const labelOf = (t: Translate, type: string) =>
  ({ klaviyo: "Klaviyo", mailchimp: "Mailchimp", activecampaign: "ActiveCampaign" })[type] ??
  (type === "builtin" ? t("integrations.builtinName") : type);

/** Connect a tool. */
export function ConnectForm({
  types,
  csrfToken,
  busy,
}: {
  types: readonly string[];
  csrfToken: string | null;
  busy: boolean;
}) {
  const translate = useT();
  const [type, setType] = useState(types[0] ?? "klaviyo");
  return (
    <Card>
      <AdminForm csrfToken={csrfToken} intent="connect">
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            {translate("integrations.connect")}
          </Text>
          <FormLayout>
            <FormSelect
              label={translate("integrations.tool")}
              name="type"
              options={types.map((type) => ({ label: labelOf(translate, type), value: type }))}
              initial={type}
              onValue={setType}
              helpText={HELP[type] ? translate(HELP[type]) : undefined}
            />
            <FormTextField
              label={translate("integrations.name")}
              name="name"
              placeholder={labelOf(translate, type)}
              maxLength={200}
              helpText={translate("integrations.nameHelp")}
            />
            {type !== "builtin" ? (
              <FormTextField
                key={`key-${type}`}
                label={translate("integrations.apiKey")}
                name="apiKey"
                type="password"
                autoComplete="new-password"
                maxLength={500}
              />
            ) : null}
            {type === "activecampaign" ? (
              <FormTextField
                label={translate("integrations.apiUrl")}
                name="apiUrl"
                type="url"
                placeholder="https://youraccount.api-us1.com"
                maxLength={500}
              />
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
