/**
 * A CTA's page (deep link of the widget's test panel:
 * /owner/websites/:websiteId/ctas/:ctaId, /app/ctas/:ctaId): the editor
 * with its live preview.
 */
import { useActionData, useLoaderData } from "@remix-run/react";
import { Page } from "@shopify/polaris";
import { CtaEditor, type CtaEditorResult } from "#app/components/editor/CtaEditor";
import { adminPaths } from "#app/view/admin-links";
import { leadPaths } from "./lead-paths";
import type { actionCtaEdit, loadCtaEdit } from "./cta-edit.server";
import { useT } from "#app/i18n/useT";

/** The CTA editor page. */
export function CtaEditPage() {
  const translate = useT();
  const {
    links,
    cta,
    hasDraft,
    ctas,
    broadcasts,
    placement,
    leadDestinations,
    preview,
    productSearch,
    mailSending,
    codeStock,
    shopifyCodes,
  } = useLoaderData<typeof loadCtaEdit>();
  const result = useActionData<typeof actionCtaEdit>() as CtaEditorResult | undefined;
  const paths = adminPaths(links);
  return (
    <Page title={cta.name} backAction={{ content: translate("ctas.title"), url: paths.ctas }} fullWidth>
      {/* Keyed by id: opening another CTA (or a fresh copy) starts the editor afresh. */}
      <CtaEditor
        key={cta.id}
        initial={cta}
        ctas={ctas}
        broadcasts={broadcasts}
        preview={preview}
        csrfToken={links.csrfToken}
        result={result}
        previewUrl={links.surface === "owner" ? paths.ctaPreview(cta.id!) : null}
        surface={links.surface === "owner" ? "owner" : "shopify"}
        hasDraft={hasDraft}
        conflictSources={{ ...placement, ctaPath: paths.cta }}
        leads={{ destinations: leadDestinations, integrationsUrl: leadPaths(links).integrations }}
        productSearchUrl={productSearch ? paths.productSearch : null}
        magnetUploadUrl={links.surface === "owner" ? paths.leadMagnetUpload : null}
        mailSending={mailSending}
        codeStock={codeStock}
        shopifyCodes={shopifyCodes}
      />
    </Page>
  );
}
