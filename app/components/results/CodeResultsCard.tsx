/** Results: the unique discount codes each CTA and variant handed out, and how many of them orders redeemed. */
import { DataTable } from "@shopify/polaris";
import { SectionCard } from "#app/components/SectionCard";
import { useT } from "#app/i18n/useT";

export interface CodeResultLine {
  cta: string;
  variant: string;
  issued: number;
  redeemed: number;
}

export function CodeResultsCard({ lines }: { lines: CodeResultLine[] }) {
  const translate = useT();
  if (!lines.length) return null;
  return (
    <SectionCard title={translate("uniqueCodes.title")}>
      <DataTable
        columnContentTypes={["text", "text", "numeric", "numeric"]}
        headings={[
          "CTA",
          translate("results.variant"),
          translate("uniqueCodes.results.issued"),
          translate("uniqueCodes.results.redeemed"),
        ]}
        rows={lines.map((l) => [l.cta, l.variant, l.issued, l.redeemed])}
      />
    </SectionCard>
  );
}
