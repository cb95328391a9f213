/**
 * Results: a card of figures per CTA and variant that the daily table does not
 * hold (unique codes, prize wins), a text column or two and then numbers.
 * Shows nothing when there are no rows, so a website without the feature sees
 * no empty card.
 */
import { DataTable } from "@shopify/polaris";
import { SectionCard } from "#app/components/SectionCard";

export function FiguresTableCard({
  title,
  headings,
  textColumns,
  rows,
}: {
  title: string;
  headings: string[];
  /** How many columns from the left hold text; the rest are numeric. */
  textColumns: number;
  rows: (string | number)[][];
}) {
  if (!rows.length) return null;
  const types = headings.map((_, i) => (i < textColumns ? ("text" as const) : ("numeric" as const)));
  return (
    <SectionCard title={title}>
      <DataTable columnContentTypes={types} headings={headings} rows={rows} />
    </SectionCard>
  );
}
