/**
 * The results page of both admins: totals, a daily chart, every CTA and
 * variant with views, conversions, conversion rate, revenue and cart value,
 * and the A/B tests with their verdicts and winner buttons. Every chart's
 * numbers are also in a table.
 */
import { useEffect, useState } from "react";
import { Form, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { Banner, BlockStack, Box, Button, Card, DataTable, InlineGrid, InlineStack, Link, Page, Select, Text, TextField } from "@shopify/polaris";
import { SectionCard } from "~/components/SectionCard";
import { ActionBanner } from "~/components/editor/ActionBanner";
import { AbTestCard } from "~/components/results/AbTestCard";
import { DailyChartSlot, RateChartSlot } from "~/components/results/ChartSlot";
import { formats, type Formats } from "~/components/results/format";
import type { Metrics } from "~/lib/conversions";
import type { actionResultsPage, loadResultsPage } from "./results.server";
import { EMBEDDED_PARAMS } from "./contacts";
import { useT } from "~/i18n/useT";
import type { Translate } from "~/i18n";

const periodOptions = (t: Translate) => [
  { label: t("results.last7"), value: "7" },
  { label: t("results.last30"), value: "30" },
  { label: t("results.last90"), value: "90" },
  { label: t("results.custom"), value: "custom" },
];

function Stat({ label, value, help }: { label: string; value: string; help?: string }) {
  return (
    <Card>
      <BlockStack gap="100">
        <Text as="h3" variant="headingSm" tone="subdued">
          {label}
        </Text>
        <Text as="p" variant="heading2xl">
          {value}
        </Text>
        {help ? (
          <Text as="p" tone="subdued">
            {help}
          </Text>
        ) : null}
      </BlockStack>
    </Card>
  );
}

function metricCells(m: Metrics, currency: string, f: Formats): string[] {
  return [
    f.count(m.views),
    f.count(m.conversions),
    f.percent(m.conversionRate),
    f.money(m.revenue, currency),
    f.money(m.cartValue, currency),
  ];
}

/** The results page. */
export function ResultsPage() {
  const t = useT();
  const f = formats(t.lang);
  const { links, report, ctas, preset } = useLoaderData<typeof loadResultsPage>();
  const result = useActionData<typeof actionResultsPage>();
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const busy = navigation.state !== "idle";
  const currency = report.currency;
  const kept = links.surface === "shopify" ? EMBEDDED_PARAMS.flatMap((k) => searchParams.getAll(k).map((v) => [k, v] as const)) : [];

  const [period, setPeriod] = useState(preset);
  const [from, setFrom] = useState(report.period.from);
  const [to, setTo] = useState(report.period.to);
  const [cta, setCta] = useState(report.ctaId ? String(report.ctaId) : "");
  useEffect(() => {
    setPeriod(preset);
    setFrom(report.period.from);
    setTo(report.period.to);
    setCta(report.ctaId ? String(report.ctaId) : "");
  }, [preset, report.period.from, report.period.to, report.ctaId]);

  const chosen = report.ctaId ? report.ctas[0] : null;
  const activeDays = report.daily.filter((d) => d.views || d.conversions || d.revenue || d.cartValue);
  const tests = report.ctas.filter((c) => c.abTest);
  const hrefForCta = (id: number) => {
    const p = new URLSearchParams(kept.map(([k, v]) => [k, v]));
    if (preset === "custom") {
      p.set("from", report.period.from);
      p.set("to", report.period.to);
    } else p.set("days", preset);
    p.set("cta", String(id));
    return `?${p}`;
  };
  const dailySeries =
    chosen && report.dailyByVariant.length > 1
      ? report.dailyByVariant.flatMap((v) => [
          { name: t("results.viewsOf", { letter: v.letter }), points: v.points.map((p) => ({ day: p.day, value: p.views })) },
          { name: t("results.conversionsOf", { letter: v.letter }), points: v.points.map((p) => ({ day: p.day, value: p.conversions })) },
        ])
      : [
          { name: t("results.views"), points: report.daily.map((p) => ({ day: p.day, value: p.views })) },
          { name: t("results.conversions"), points: report.daily.map((p) => ({ day: p.day, value: p.conversions })) },
        ];

  return (
    <Page
      title={t("results.title")}
      subtitle={`${chosen ? `${chosen.name} · ` : ""}${f.period(report.period.from, report.period.to)} (UTC)`}
      fullWidth
    >
      <BlockStack gap="400">
        <ActionBanner result={result} />
        <Card>
          <Form method="get" aria-label={t("results.choose")}>
            {kept.map(([k, v], i) => (
              <input key={`${k}-${i}`} type="hidden" name={k} value={v} />
            ))}
            <InlineStack gap="300" blockAlign="end" wrap>
              <div style={{ minWidth: 170 }}>
                <Select
                  label={t("results.period")}
                  name={period === "custom" ? undefined : "days"}
                  options={periodOptions(t)}
                  value={period}
                  onChange={setPeriod}
                />
              </div>
              {period === "custom" ? (
                <>
                  <TextField label={t("results.from")} name="from" type="date" value={from} onChange={setFrom} autoComplete="off" />
                  <TextField label={t("results.to")} name="to" type="date" value={to} onChange={setTo} autoComplete="off" />
                </>
              ) : null}
              <div style={{ minWidth: 220 }}>
                <Select
                  label={t("results.cta")}
                  name="cta"
                  options={[{ label: t("results.allCtas"), value: "" }, ...ctas.map((c) => ({ label: c.name, value: String(c.id) }))]}
                  value={cta}
                  onChange={setCta}
                />
              </div>
              <Button submit>{t("results.show")}</Button>
            </InlineStack>
          </Form>
        </Card>

        <InlineGrid columns={{ xs: 1, sm: 2, md: 3, lg: 5 }} gap="400">
          <Stat label={t("results.views")} value={f.count(report.totals.views)} help={t("results.viewsHelp")} />
          <Stat
            label={t("results.conversions")}
            value={f.count(report.totals.conversions)}
            help={t("results.conversionsHelp")}
          />
          <Stat label={t("results.conversionRate")} value={f.percent(report.totals.conversionRate)} />
          <Stat
            label={t("results.revenue")}
            value={f.money(report.totals.revenue, currency)}
            help={`${f.count(report.totals.orders)} ${report.totals.orders === 1 ? "order" : "orders"} after a conversion`}
          />
          <Stat
            label={t("results.addedToCart")}
            value={f.money(report.totals.cartValue, currency)}
            help={`${f.count(report.totals.addToCarts)} add to cart`}
          />
        </InlineGrid>
        {report.unattributedOrders > 0 ? (
          <Text as="p" tone="subdued">
            {f.count(report.unattributedOrders)} other {report.unattributedOrders === 1 ? "order" : "orders"} (
            {f.money(report.unattributedRevenue, currency)}) had no CTA conversion in the 30 days before.
          </Text>
        ) : null}
        {report.flaggedOrders > 0 ? (
          <Banner tone="warning" title={t("results.flaggedTitle")}>
            <p data-testid="flagged-orders">
              {f.count(report.flaggedOrders)} {report.flaggedOrders === 1 ? "order" : "orders"} (
              {f.money(report.flaggedRevenue, currency)}) above {f.money(report.outlierThreshold, currency)}, far more than
              this website's usual order, {report.flaggedOrders === 1 ? "is" : "are"} flagged and not counted in revenue. Order
              figures come from visitors' browsers, so a single forged one could otherwise swamp the total.
            </p>
          </Banner>
        ) : null}

        <SectionCard title={t("results.perDay")}>
          <DailyChartSlot
            series={dailySeries}
            label={t("results.chartLabel")}
          />
          {activeDays.length ? (
            <DataTable
              columnContentTypes={["text", "numeric", "numeric", "numeric", "numeric", "numeric"]}
              headings={[t("results.day"), t("results.views"), t("results.conversions"), t("results.conversionRate"), t("results.revenue"), t("results.addedToCart")]}
              rows={activeDays.map((d) => [
                f.day(d.day),
                f.count(d.views),
                f.count(d.conversions),
                f.percent(d.conversionRate),
                f.money(d.revenue, currency),
                f.money(d.cartValue, currency),
              ])}
              footerContent={activeDays.length < report.daily.length ? t("results.daysLeftOut") : undefined}
            />
          ) : (
            <Text as="p" tone="subdued">
              {t("results.noData")}
            </Text>
          )}
        </SectionCard>

        <Card padding="0">
          <Box padding="400">
            <BlockStack gap="100">
              <Text as="h2" variant="headingMd">
                {chosen ? t("results.variants") : "CTAs"}
              </Text>
              <Text as="p" tone="subdued">
                A view is a visitor who saw the CTA; a conversion, a visitor who submitted it, completed it or added to cart from it.
              </Text>
            </BlockStack>
          </Box>
          {chosen ? (
            <DataTable
              columnContentTypes={["text", "numeric", "numeric", "numeric", "numeric", "numeric", "numeric"]}
              headings={[t("results.variant"), t("results.traffic"), t("results.views"), t("results.conversions"), t("results.conversionRate"), t("results.revenue"), t("results.addedToCart")]}
              rows={chosen.variants.map((v) => [
                `${v.letter}${v.winner ? " (winner)" : ""}`,
                v.percentage !== null ? `${v.percentage}%` : "—",
                ...metricCells(v.metrics, currency, f),
              ])}
              totals={["", "", ...metricCells(chosen.metrics, currency, f)]}
              showTotalsInFooter
            />
          ) : report.ctas.length ? (
            <DataTable
              columnContentTypes={["text", "text", "numeric", "numeric", "numeric", "numeric", "numeric"]}
              headings={[t("results.cta"), t("results.variants"), t("results.views"), t("results.conversions"), t("results.conversionRate"), t("results.revenue"), t("results.addedToCart")]}
              rows={report.ctas.map((c) => [
                <Link key={c.id} url={hrefForCta(c.id)}>
                  {c.name}
                </Link>,
                c.variants
                  .filter((v) => v.id !== null)
                  .map((v) => v.letter)
                  .join(", "),
                ...metricCells(c.metrics, currency, f),
              ])}
              totals={["", "", ...metricCells(report.totals, currency, f)]}
              showTotalsInFooter
            />
          ) : (
            <Box padding="400" paddingBlockStart="0">
              <Text as="p" tone="subdued">
                {t("results.noCtas")}
              </Text>
            </Box>
          )}
          {chosen && chosen.variants.length > 1 ? (
            <Box padding="400">
              <RateChartSlot
                bars={chosen.variants.map((v) => ({ name: `Variant ${v.letter}`, rate: v.metrics.conversionRate }))}
                label={t("results.barLabel")}
              />
            </Box>
          ) : null}
        </Card>

        {tests.length ? (
          <BlockStack gap="400">
            <Text as="h2" variant="headingLg">
              A/B tests
            </Text>
            {tests.map((c) => (
              <AbTestCard key={c.id} cta={c} csrfToken={links.csrfToken} busy={busy} />
            ))}
          </BlockStack>
        ) : null}
      </BlockStack>
    </Page>
  );
}
