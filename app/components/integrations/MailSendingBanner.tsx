/** Says, on the page where built-in lists are set up, when their e-mails cannot be sent and what to set. */
import { Banner, Text } from "@shopify/polaris";
import { useT } from "#app/i18n/useT";

export interface MailSendingBannerProps {
  /** SMTP_URL is set. */
  smtp: boolean;
  /** The website has a From address. */
  from: boolean;
}

/** Nothing when sending works; otherwise a warning naming the missing setting. */
export function MailSendingBanner({ smtp, from }: MailSendingBannerProps) {
  const translate = useT();
  if (smtp && from) return null;
  return (
    <Banner tone="warning" title={translate("integrations.mailOffTitle")}>
      <Text as="p">{translate(smtp ? "integrations.mailNoFrom" : "integrations.mailNoSmtp")}</Text>
    </Banner>
  );
}
