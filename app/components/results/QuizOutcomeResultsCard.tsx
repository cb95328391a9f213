/** Results: how many quiz completions ended on each outcome, per CTA and variant. */
import { useT } from "#app/i18n/useT";
import { FiguresTableCard } from "./FiguresTableCard";

export interface QuizOutcomeResultLine {
  cta: string;
  variant: string;
  outcome: string;
  leads: number;
}

export function QuizOutcomeResultsCard({ lines }: { lines: QuizOutcomeResultLine[] }) {
  const translate = useT();
  return (
    <FiguresTableCard
      title={translate("quizOutcomes.results.title")}
      headings={[
        "CTA",
        translate("results.variant"),
        translate("quizOutcomes.results.outcome"),
        translate("quizOutcomes.results.leads"),
      ]}
      textColumns={3}
      rows={lines.map((l) => [l.cta, l.variant, l.outcome, l.leads])}
    />
  );
}
