/** The standalone admin's error page: what went wrong, in words, and a way back. */
import { isRouteErrorResponse } from "@remix-run/react";
import { Banner, Page } from "@shopify/polaris";
import type { Translate } from "#app/i18n";
import { useT } from "#app/i18n/useT";

function describe(translate: Translate, error: unknown): { title: string; message: string } {
  if (isRouteErrorResponse(error)) {
    // A short text the route threw is already meant for the owner (an operator's hint, a refusal's reason).
    const text = typeof error.data === "string" && error.data.length < 300 ? error.data : "";
    if (error.status === 404)
      return { title: translate("errorPage.notFoundTitle"), message: translate("errorPage.ownerNotFound") };
    if (error.status === 403)
      return { title: translate("errorPage.notAllowed"), message: text || translate("errorPage.refused") };
    if (error.status === 405)
      return { title: translate("errorPage.notAllowed"), message: text || translate("errorPage.wrongMethod") };
    if (error.status === 503)
      return { title: translate("errorPage.unavailable"), message: text || translate("errorPage.switchedOff") };
    return {
      title: translate("errorPage.status", { status: error.status }),
      message: text || error.statusText || translate("errorPage.errorTitle"),
    };
  }
  return { title: translate("errorPage.errorTitle"), message: translate("errorPage.ownerError") };
}

/** Polaris page for a caught route error; needs a Polaris AppProvider above it. */
export function OwnerErrorPage({ error }: { error: unknown }) {
  const translate = useT();
  const { title, message } = describe(translate, error);
  return (
    <Page title={title} backAction={{ content: translate("errorPage.yourWebsites"), url: "/owner" }}>
      <Banner tone="critical">
        <p>{message}</p>
      </Banner>
    </Page>
  );
}
