/** Results: how often each prize of a prize wheel or scratch card was won, per CTA and variant, beside its limit. */
import { useT } from "#app/i18n/useT";
import { FiguresTableCard } from "./FiguresTableCard";

export interface PrizeResultLine {
  cta: string;
  variant: string;
  prize: string;
  wins: number;
  limit: number | null;
}

export function PrizeResultsCard({ lines }: { lines: PrizeResultLine[] }) {
  const translate = useT();
  return (
    <FiguresTableCard
      title={translate("prizes.results.title")}
      headings={[
        "CTA",
        translate("results.variant"),
        translate("prizes.results.prize"),
        translate("prizes.results.wins"),
        translate("prizes.limit"),
      ]}
      textColumns={3}
      rows={lines.map((l) => [l.cta, l.variant, l.prize, l.wins, l.limit ?? translate("prizes.noLimit")])}
    />
  );
}
