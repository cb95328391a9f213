/**
 * One CTA's A/B test: each variant's views, conversions, rate, lift and
 * probability to beat the control (variant A), t("results.notEnoughData") below
 * the minimum sample, and the buttons that make a variant the winner.
 */
import { Badge, Banner, BlockStack, Button, Card, InlineStack, Text } from "@shopify/polaris";
import type { CtaResult } from "~/models/results.server";
import { MIN_TOTAL_CONVERSIONS, MIN_VIEWS_PER_VARIANT } from "~/lib/ab-stats";
import { AdminForm } from "~/components/editor/AdminForm";
import { formats } from "./format";
import { useT } from "~/i18n/useT";

export interface AbTestCardProps {
  cta: CtaResult;
  csrfToken: string | null;
  busy: boolean;
}

const cell: React.CSSProperties = { padding: "8px 12px", textAlign: "right", whiteSpace: "nowrap" };
const head: React.CSSProperties = { ...cell, fontWeight: 600, borderBottom: "1px solid #e3e3e3" };

/** The A/B card of a CTA with two or more variants. */
export function AbTestCard({ cta, csrfToken, busy }: AbTestCardProps) {
  const t = useT();
  const f = formats(t.lang);
  const test = cta.abTest;
  if (!test) return null;
  const winner = cta.variants.find((v) => v.winner);
  const best = test.enoughData
    ? test.variants
        .filter((v) => !v.isControl && v.probabilityToBeatControl !== null)
        .sort((a, b) => (b.probabilityToBeatControl ?? 0) - (a.probabilityToBeatControl ?? 0))[0]
    : undefined;
  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack align="space-between" blockAlign="center" gap="200">
          <Text as="h3" variant="headingMd">
            {t("results.abTest", { name: cta.name })}
          </Text>
          {winner ? (
            <Badge tone="success">{t("results.winnerVariant", { letter: winner.letter })}</Badge>
          ) : (
            <Badge tone="info">{t("results.running")}</Badge>
          )}
        </InlineStack>
        {!test.enoughData ? (
          <Banner tone="info" title={t("results.notEnoughData")}>
            <p>
              {test.reason} Probabilities are shown once every variant has {MIN_VIEWS_PER_VARIANT} views and the test
              has {MIN_TOTAL_CONVERSIONS} conversions.
            </p>
          </Banner>
        ) : best ? (
          <Text as="p">
            Variant {best.letter} beats the control (A) with a probability of{" "}
            {f.percent(best.probabilityToBeatControl, 1)}
            {best.probabilityToBeatControl! >= 0.95
              ? ": a clear result."
              : best.probabilityToBeatControl! <= 0.05
                ? ": A is clearly better."
                : "; keep the test running for a clearer result."}
          </Text>
        ) : null}
        <div style={{ overflowX: "auto" }}>
          <table style={{ borderCollapse: "collapse", width: "100%" }}>
            <caption style={{ position: "absolute", width: 1, height: 1, overflow: "hidden", clip: "rect(0 0 0 0)" }}>
              {t("results.caption", { name: cta.name })}
            </caption>
            <thead>
              <tr>
                <th scope="col" style={{ ...head, textAlign: "left" }}>
                  {t("results.variant")}
                </th>
                <th scope="col" style={head}>
                  {t("results.traffic")}
                </th>
                <th scope="col" style={head}>
                  {t("results.uniqueViewers")}
                </th>
                <th scope="col" style={head}>
                  {t("results.conversions")}
                </th>
                <th scope="col" style={head}>
                  {t("results.conversionRate")}
                </th>
                <th scope="col" style={head}>
                  {t("results.liftVsA")}
                </th>
                <th scope="col" style={head}>
                  {t("results.probability")}
                </th>
                <th scope="col" style={head}>
                  <span
                    style={{ position: "absolute", width: 1, height: 1, overflow: "hidden", clip: "rect(0 0 0 0)" }}
                  >
                    {t("results.winner")}
                  </span>
                </th>
              </tr>
            </thead>
            <tbody>
              {test.variants.map((v) => {
                const row = cta.variants.find((x) => x.id === v.id);
                return (
                  <tr key={v.id}>
                    <th scope="row" style={{ ...cell, textAlign: "left", fontWeight: 500 }}>
                      {v.letter}
                      {v.isControl ? " (control)" : ""}
                    </th>
                    <td style={cell}>{row?.percentage != null ? `${row.percentage}%` : "—"}</td>
                    <td style={cell}>{f.count(v.views)}</td>
                    <td style={cell}>{f.count(v.conversions)}</td>
                    <td style={cell}>{f.percent(v.rate)}</td>
                    <td style={cell}>{f.lift(v.lift)}</td>
                    <td style={cell}>
                      {v.isControl
                        ? "—"
                        : test.enoughData
                          ? f.percent(v.probabilityToBeatControl)
                          : t("results.notEnoughData")}
                    </td>
                    <td style={cell}>
                      {row?.winner ? (
                        <Badge tone="success">{t("results.winner")}</Badge>
                      ) : (
                        <AdminForm csrfToken={csrfToken} intent="winner">
                          <input type="hidden" name="ctaId" value={cta.id} />
                          <input type="hidden" name="variantId" value={v.id} />
                          <input type="hidden" name="letter" value={v.letter} />
                          <Button
                            submit
                            size="slim"
                            disabled={busy}
                            accessibilityLabel={t("results.makeWinnerLabel", { letter: v.letter, name: cta.name })}
                          >
                            {t("results.makeWinner")}
                          </Button>
                        </AdminForm>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        <Text as="p" tone="subdued">
          {t("results.winnerNote")}
        </Text>
        {winner ? (
          <AdminForm csrfToken={csrfToken} intent="clear-winner">
            <input type="hidden" name="ctaId" value={cta.id} />
            <Button submit disabled={busy}>
              {t("results.splitEvenly")}
            </Button>
          </AdminForm>
        ) : null}
      </BlockStack>
    </Card>
  );
}
