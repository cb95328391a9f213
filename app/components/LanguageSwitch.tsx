/** The owner's admin language switch: a small form that posts to /owner/language and comes back to the same page. */
import { Form, useLocation } from "@remix-run/react";
import { InlineStack } from "@shopify/polaris";
import { CsrfInput } from "./CsrfInput";
import { LANGUAGES } from "#app/i18n";
import { useT } from "#app/i18n/useT";

/** Buttons for the languages the admin speaks other than the current one. */
export function LanguageSwitch({ csrfToken }: { csrfToken: string }) {
  const translate = useT();
  const { pathname, search } = useLocation();
  return (
    <Form method="post" action="/owner/language" reloadDocument aria-label={translate("language.switch")}>
      <CsrfInput token={csrfToken} />
      <input type="hidden" name="back" value={pathname + search} />
      <InlineStack gap="100">
        {LANGUAGES.filter((l) => l !== translate.lang).map((language) => (
          // A native button: Polaris' Button cannot carry the name and value the form posts.
          <button
            key={language}
            type="submit"
            name="lang"
            value={language}
            lang={language}
            style={{ border: 0, background: "none", color: "#005bd3", cursor: "pointer", font: "inherit", padding: 0 }}
          >
            {translate(`language.${language}`)}
          </button>
        ))}
      </InlineStack>
    </Form>
  );
}
