/** The results export: one CSV row per day, CTA and variant, streamed from the rollups. */
import type { Db } from "#app/db.server";
import { csvRow, UTF8_BOM } from "#app/view/csv";
import { cellKey } from "./results-cell";
import type { ResultsPeriod } from "./results-period";
import { prepareScan, variantDays } from "./results-days.server";

/** Columns of the results CSV, one row per day, CTA and variant. */
export const RESULTS_CSV_COLUMNS = [
  "day",
  "cta_id",
  "cta",
  "variant",
  "goal",
  "views",
  "unique_viewers",
  "clicks",
  "leads",
  "completions",
  "add_to_carts",
  "cart_value",
  "orders",
  "revenue",
  "conversions",
  "conversion_rate",
] as const;

/**
 * The results of a period as CSV (UTF-8 with a BOM, CRLF lines), streamed a
 * few days at a time: one row per day, CTA and variant with anything that
 * day, every metric from the rollups. CTA names go through csvCell, so a name
 * like "=HYPERLINK(...)" is text, not a formula.
 */
export function resultsCsv(
  db: Db,
  websiteId: number,
  options: { period: ResultsPeriod; ctaId?: number | null; includeArchived?: boolean },
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let rows: AsyncGenerator<string> | null = null;
  async function* lines(): AsyncGenerator<string> {
    yield UTF8_BOM + csvRow(RESULTS_CSV_COLUMNS) + "\r\n";
    const { ctas, scan, days } = await prepareScan(
      db,
      websiteId,
      options.period,
      options.ctaId,
      options.includeArchived ?? true,
    );
    for await (const { day, cells } of variantDays(db, websiteId, scan, days)) {
      const out: string[] = [];
      for (const cta of ctas) {
        for (const variant of [
          ...cta.variants.map((x) => ({ id: x.id, letter: x.variation })),
          { id: 0, letter: "Other" },
        ]) {
          const cell = cells.get(cellKey(cta.id, variant.id));
          if (!cell) continue;
          const metrics = cell.metrics(cta.goal);
          out.push(
            csvRow([
              day,
              cta.id,
              cta.name,
              variant.letter,
              cta.goal,
              metrics.views,
              metrics.viewers,
              metrics.clicks,
              metrics.leads,
              metrics.completions,
              metrics.addToCarts,
              metrics.cartValue,
              metrics.orders,
              metrics.revenue,
              metrics.conversions,
              metrics.conversionRate === null ? null : Math.round(metrics.conversionRate * 10_000) / 10_000,
            ]) + "\r\n",
          );
        }
      }
      if (out.length) yield out.join("");
    }
  }
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      rows ??= lines();
      const next = await rows.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await rows?.return(undefined);
    },
  });
}
