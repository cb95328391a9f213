/** The settings page's e-mail sender: the From address of the built-in lists' e-mails. */
import { Banner, BlockStack, Button, InlineStack } from "@shopify/polaris";
import { AdminForm } from "#app/components/editor/AdminForm";
import { FormTextField } from "#app/components/integrations/fields";
import { SectionCard } from "#app/components/SectionCard";
import { useT } from "#app/i18n/useT";

export interface EmailSenderCardProps {
  emailFrom: string | null;
  smtp: boolean;
  csrfToken: string | null;
  busy: boolean;
  error?: string;
}

/** A small form of its own (intent email-from), so saving it never touches the other settings. */
export function EmailSenderCard({ emailFrom, smtp, csrfToken, busy, error }: EmailSenderCardProps) {
  const translate = useT();
  return (
    <SectionCard title={translate("settings.emailSection")}>
      <BlockStack gap="300">
        {smtp ? null : <Banner tone="warning">{translate("settings.emailNoSmtp")}</Banner>}
        <AdminForm csrfToken={csrfToken} intent="email-from">
          <BlockStack gap="200">
            <FormTextField
              label={translate("settings.emailFrom")}
              name="email_from"
              initial={emailFrom ?? ""}
              helpText={`${translate("settings.emailSectionHelp")} ${translate("settings.emailFromHelp")}`}
              maxLength={460}
              error={error}
            />
            <InlineStack align="end">
              <Button submit disabled={busy}>
                {translate("settings.emailSave")}
              </Button>
            </InlineStack>
          </BlockStack>
        </AdminForm>
      </BlockStack>
    </SectionCard>
  );
}
