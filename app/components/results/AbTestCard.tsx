/**
 * One CTA's A/B test: each variant's views, conversions, rate, lift and
 * probability to beat the control (variant A), t("results.notEnoughData") below
 * the minimum sample, and the buttons that make a variant the winner; the
 * test's mode, the day its counts start and, once an automatic test has
 * declared its winner, a notice.
 */
import { Badge, Banner, BlockStack, Button, Card, InlineStack, Text } from "@shopify/polaris";
import type { CtaResult } from "#app/models/results/results.server";
import { AdminForm } from "#app/components/editor/AdminForm";
import { formats } from "./format";
import { useT } from "#app/i18n/useT";

export interface AbTestCardProps {
  cta: CtaResult;
  csrfToken: string | null;
  busy: boolean;
  /** The minimum sample before probabilities are shown (the results model's rule, passed down by the page). */
  minimum: { viewsPerVariant: number; totalConversions: number };
}

const cell: React.CSSProperties = { padding: "8px 12px", textAlign: "right", whiteSpace: "nowrap" };
const head: React.CSSProperties = { ...cell, fontWeight: 600, borderBottom: "1px solid #e3e3e3" };

/** The A/B card of a CTA with two or more variants. */
export function AbTestCard({ cta, csrfToken, busy, minimum }: AbTestCardProps) {
  const translate = useT();
  const formatters = formats(translate.lang);
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
            {translate("results.abTest", { name: cta.name })}
          </Text>
          <InlineStack gap="100">
            <Badge>{translate(`abTest.resultsMode.${cta.abMode}`)}</Badge>
            {winner ? (
              <Badge tone="success">{translate("results.winnerVariant", { letter: winner.letter })}</Badge>
            ) : (
              <Badge tone="info">{translate("results.running")}</Badge>
            )}
          </InlineStack>
        </InlineStack>
        {winner && cta.abDecidedAt && cta.abMode !== "manual" ? (
          <Banner tone="success">
            <p>
              {translate("abTest.resultsDecided", {
                letter: winner.letter,
                date: formatters.day(cta.abDecidedAt.slice(0, 10)),
              })}
            </p>
          </Banner>
        ) : null}
        {cta.abCountedFrom ? (
          <Text as="p" tone="subdued">
            {translate("abTest.resultsCountedFrom", { date: formatters.day(cta.abCountedFrom) })}
          </Text>
        ) : null}
        {!test.enoughData ? (
          <Banner tone="info" title={translate("results.notEnoughData")}>
            <p>
              {test.reason} Probabilities are shown once every variant has {minimum.viewsPerVariant} views and the test
              has {minimum.totalConversions} conversions.
            </p>
          </Banner>
        ) : best ? (
          <Text as="p">
            Variant {best.letter} beats the control (A) with a probability of{" "}
            {formatters.percent(best.probabilityToBeatControl, 1)}
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
              {translate("results.caption", { name: cta.name })}
            </caption>
            <thead>
              <tr>
                <th scope="col" style={{ ...head, textAlign: "left" }}>
                  {translate("results.variant")}
                </th>
                <th scope="col" style={head}>
                  {translate("results.traffic")}
                </th>
                <th scope="col" style={head}>
                  {translate("results.uniqueViewers")}
                </th>
                <th scope="col" style={head}>
                  {translate("results.conversions")}
                </th>
                <th scope="col" style={head}>
                  {translate("results.conversionRate")}
                </th>
                <th scope="col" style={head}>
                  {translate("results.liftVsA")}
                </th>
                <th scope="col" style={head}>
                  {translate("results.probability")}
                </th>
                <th scope="col" style={head}>
                  <span
                    style={{ position: "absolute", width: 1, height: 1, overflow: "hidden", clip: "rect(0 0 0 0)" }}
                  >
                    {translate("results.winner")}
                  </span>
                </th>
              </tr>
            </thead>
            <tbody>
              {test.variants.map((variant) => {
                const row = cta.variants.find((x) => x.id === variant.id);
                return (
                  <tr key={variant.id}>
                    <th scope="row" style={{ ...cell, textAlign: "left", fontWeight: 500 }}>
                      {variant.letter}
                      {variant.isControl ? " (control)" : ""}
                    </th>
                    <td style={cell}>{row?.percentage != null ? `${row.percentage}%` : "—"}</td>
                    <td style={cell}>{formatters.count(variant.views)}</td>
                    <td style={cell}>{formatters.count(variant.conversions)}</td>
                    <td style={cell}>{formatters.percent(variant.rate)}</td>
                    <td style={cell}>{formatters.lift(variant.lift)}</td>
                    <td style={cell}>
                      {variant.isControl
                        ? "—"
                        : test.enoughData
                          ? formatters.percent(variant.probabilityToBeatControl)
                          : translate("results.notEnoughData")}
                    </td>
                    <td style={cell}>
                      {row?.winner ? (
                        <Badge tone="success">{translate("results.winner")}</Badge>
                      ) : (
                        <AdminForm csrfToken={csrfToken} intent="winner">
                          <input type="hidden" name="ctaId" value={cta.id} />
                          <input type="hidden" name="variantId" value={variant.id} />
                          <input type="hidden" name="letter" value={variant.letter} />
                          <Button
                            submit
                            size="slim"
                            disabled={busy}
                            accessibilityLabel={translate("results.makeWinnerLabel", {
                              letter: variant.letter,
                              name: cta.name,
                            })}
                          >
                            {translate("results.makeWinner")}
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
          {translate("results.winnerNote")}
        </Text>
        {winner ? (
          <AdminForm csrfToken={csrfToken} intent="clear-winner">
            <input type="hidden" name="ctaId" value={cta.id} />
            <Button submit disabled={busy}>
              {translate("results.splitEvenly")}
            </Button>
          </AdminForm>
        ) : null}
      </BlockStack>
    </Card>
  );
}
