/** Results: the unique discount codes each CTA and variant handed out, and how many of them orders redeemed. */
import { useT } from "#app/i18n/useT";
import { FiguresTableCard } from "./FiguresTableCard";

export interface CodeResultLine {
  cta: string;
  variant: string;
  issued: number;
  redeemed: number;
}

export function CodeResultsCard({ lines }: { lines: CodeResultLine[] }) {
  const translate = useT();
  return (
    <FiguresTableCard
      title={translate("uniqueCodes.title")}
      headings={[
        "CTA",
        translate("results.variant"),
        translate("uniqueCodes.results.issued"),
        translate("uniqueCodes.results.redeemed"),
      ]}
      textColumns={2}
      rows={lines.map((l) => [l.cta, l.variant, l.issued, l.redeemed])}
    />
  );
}
