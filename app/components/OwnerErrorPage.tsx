/** The standalone admin's error page: what went wrong, in words, and a way back. */
import { isRouteErrorResponse } from "@remix-run/react";
import { Banner, Page } from "@shopify/polaris";
import type { Translate } from "~/i18n";
import { useT } from "~/i18n/useT";

function describe(t: Translate, error: unknown): { title: string; message: string } {
  if (isRouteErrorResponse(error)) {
    // A short text the route threw is already meant for the owner (an operator's hint, a refusal's reason).
    const text = typeof error.data === "string" && error.data.length < 300 ? error.data : "";
    if (error.status === 404) return { title: t("errorPage.notFoundTitle"), message: t("errorPage.ownerNotFound") };
    if (error.status === 403) return { title: t("errorPage.notAllowed"), message: text || t("errorPage.refused") };
    if (error.status === 405) return { title: t("errorPage.notAllowed"), message: text || t("errorPage.wrongMethod") };
    if (error.status === 503) return { title: t("errorPage.unavailable"), message: text || t("errorPage.switchedOff") };
    return {
      title: t("errorPage.status", { status: error.status }),
      message: text || error.statusText || t("errorPage.errorTitle"),
    };
  }
  return { title: t("errorPage.errorTitle"), message: t("errorPage.ownerError") };
}

/** Polaris page for a caught route error; needs a Polaris AppProvider above it. */
export function OwnerErrorPage({ error }: { error: unknown }) {
  const t = useT();
  const { title, message } = describe(t, error);
  return (
    <Page title={title} backAction={{ content: t("errorPage.yourWebsites"), url: "/owner" }}>
      <Banner tone="critical">
        <p>{message}</p>
      </Banner>
    </Page>
  );
}
