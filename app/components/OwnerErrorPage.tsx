/** The standalone admin's error page: what went wrong, in words, and a way back. */
import { isRouteErrorResponse } from "@remix-run/react";
import { Banner, Page } from "@shopify/polaris";

function describe(error: unknown): { title: string; message: string } {
  if (isRouteErrorResponse(error)) {
    const text = typeof error.data === "string" && error.data.length < 300 ? error.data : "";
    if (error.status === 404) return { title: "Page not found", message: "This page does not exist, or it belongs to another owner." };
    if (error.status === 403) return { title: "Not allowed", message: text || "This request was refused." };
    if (error.status === 405) return { title: "Not allowed", message: text || "This page does not accept that kind of request." };
    if (error.status === 503) return { title: "Unavailable", message: text || "This part of Beckon is switched off." };
    return { title: `Error ${error.status}`, message: text || error.statusText || "Something went wrong." };
  }
  return { title: "Something went wrong", message: "Beckon could not show this page. Try again in a moment." };
}

/** Polaris page for a caught route error; needs a Polaris AppProvider above it. */
export function OwnerErrorPage({ error }: { error: unknown }) {
  const { title, message } = describe(error);
  return (
    <Page title={title} backAction={{ content: "Your websites", url: "/owner" }}>
      <Banner tone="critical">
        <p>{message}</p>
      </Banner>
    </Page>
  );
}
