/**
 * The form's lead magnet inputs: a choice of nothing, a file or a link,
 * no JSON, the upload offered only where there is an endpoint for it.
 */
import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { AppProvider } from "@shopify/polaris";
import en from "@shopify/polaris/locales/en.json";
import type { ReactNode } from "react";
import { LeadMagnetField } from "#app/components/editor/LeadMagnetField";
import { StoreProductsProvider, type StoreProductsSource } from "#app/components/editor/store-products-context";

const owner: StoreProductsSource = {
  surface: "owner",
  searchUrl: null,
  magnetUploadUrl: "/owner/websites/1/lead-magnets",
  csrfToken: "t",
  currency: "SEK",
};
const html = (node: ReactNode, source: StoreProductsSource | null = owner) =>
  renderToStaticMarkup(
    <AppProvider i18n={en}>
      <StoreProductsProvider value={source}>{node}</StoreProductsProvider>
    </AppProvider>,
  );
const text = (markup: string) => markup.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

describe("lead magnet field", () => {
  it("offers nothing, a file or a link, and says how long links work", () => {
    const markup = html(<LeadMagnetField value={undefined} onChange={() => {}} />);
    expect(text(markup)).toContain("Lead magnet");
    expect(text(markup)).toContain("works for 7 days");
    expect(markup).toContain('value="file"');
    expect(markup).toContain('value="link"');
    expect(markup).not.toContain("Link address");
    expect(markup).not.toMatch(/JSON/i);
  });

  it("shows the uploaded file and its label", () => {
    const markup = html(
      <LeadMagnetField
        value={{ kind: "file", file_id: 4, file_name: "bok.pdf", label: "E-boken" }}
        onChange={() => {}}
      />,
    );
    expect(text(markup)).toContain("File: bok.pdf");
    expect(markup).toContain('value="E-boken"');
  });

  it("asks for a link address, and for a link only where files cannot be uploaded", () => {
    const link = html(
      <LeadMagnetField value={{ kind: "link", url: "https://example.se/bok.pdf" }} onChange={() => {}} />,
    );
    expect(text(link)).toContain("Link address");
    expect(link).toContain('value="https://example.se/bok.pdf"');
    const shopify = html(<LeadMagnetField value={{ kind: "file", file_id: 4 }} onChange={() => {}} />, {
      ...owner,
      surface: "shopify",
      magnetUploadUrl: null,
    });
    expect(text(shopify)).toContain("Upload files in the standalone admin");
  });
});
