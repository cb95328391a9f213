/**
 * The results page of both admins: totals (each with its one-line
 * definition, app/models/results/conversions.ts), a daily chart, every CTA and variant
 * with views, unique viewers, clicks, leads, completions, conversions,
 * conversion rate, revenue and cart value, the A/B tests with their verdicts
 * and winner buttons, and a CSV download of the same figures. Every chart's
 * numbers are also in a table.
 */
import { useEffect, useState } from "react";
import { CodeResultsCard } from "#app/components/results/CodeResultsCard";
import { PrizeResultsCard } from "#app/components/results/PrizeResultsCard";
import { QuizOutcomeResultsCard } from "#app/components/results/QuizOutcomeResultsCard";
import { Form, useActionData, useLoaderData, useLocation, useNavigation, useSearchParams } from "@remix-run/react";
import {
  Banner,
  BlockStack,
  Box,
  Button,
  Card,
  Checkbox,
  DataTable,
  InlineGrid,
  InlineStack,
  Link,
  Page,
  Select,
  Text,
  TextField,
} from "@shopify/polaris";
import { SectionCard } from "#app/components/SectionCard";
import { DownloadButton } from "#app/components/ContactsTable";
import { ActionBanner } from "#app/components/editor/ActionBanner";
import { AbTestCard } from "#app/components/results/AbTestCard";
import { MIN_TOTAL_CONVERSIONS, MIN_VIEWS_PER_VARIANT } from "#app/models/results/ab-stats";
import { DailyChartSlot, RateChartSlot } from "#app/components/results/ChartSlot";
import { formats, type Formats } from "#app/components/results/format";
import type { Metrics } from "#app/models/results/conversions";
import type { actionResultsPage, loadResultsPage } from "./results.server";
import { EMBEDDED_PARAMS } from "./contacts";
import { useT } from "#app/i18n/useT";
import type { Translate } from "#app/i18n";

const periodOptions = (translate: Translate) => [
  { label: translate("results.last7"), value: "7" },
  { label: translate("results.last30"), value: "30" },
  { label: translate("results.last90"), value: "90" },
  { label: translate("results.custom"), value: "custom" },
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

function metricCells(metrics: Metrics, currency: string, formatters: Formats): string[] {
  return [
    formatters.count(metrics.views),
    formatters.count(metrics.viewers),
    formatters.count(metrics.clicks),
    formatters.count(metrics.leads),
    formatters.count(metrics.completions),
    formatters.count(metrics.conversions),
    formatters.percent(metrics.conversionRate),
    formatters.money(metrics.revenue, currency),
    formatters.money(metrics.cartValue, currency),
  ];
}

const metricHeadings = (translate: Translate) => [
  translate("results.views"),
  translate("results.uniqueViewers"),
  translate("results.clicks"),
  translate("results.leads"),
  translate("results.completions"),
  translate("results.conversions"),
  translate("results.conversionRate"),
  translate("results.revenue"),
  translate("results.addedToCart"),
];
/** The A/B card's minimum sample, as the verdict applies it. */
const AB_MINIMUM = { viewsPerVariant: MIN_VIEWS_PER_VARIANT, totalConversions: MIN_TOTAL_CONVERSIONS };

const METRIC_TYPES = Array.from({ length: 9 }, () => "numeric" as const);

/** The results page. */
export function ResultsPage() {
  const translate = useT();
  const formatters = formats(translate.lang);
  const { links, report, ctas, preset, includeArchived, codes, prizes, outcomes } =
    useLoaderData<typeof loadResultsPage>();
  const result = useActionData<typeof actionResultsPage>();
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const busy = navigation.state !== "idle";
  const currency = report.currency;
  const kept =
    links.surface === "shopify"
      ? EMBEDDED_PARAMS.flatMap((k) => searchParams.getAll(k).map((v) => [k, v] as const))
      : [];

  const [period, setPeriod] = useState(preset);
  const [from, setFrom] = useState(report.period.from);
  const [to, setTo] = useState(report.period.to);
  const [cta, setCta] = useState(report.ctaId ? String(report.ctaId) : "");
  const [archived, setArchived] = useState(includeArchived);
  useEffect(() => setArchived(includeArchived), [includeArchived]);
  useEffect(() => {
    setPeriod(preset);
    setFrom(report.period.from);
    setTo(report.period.to);
    setCta(report.ctaId ? String(report.ctaId) : "");
  }, [preset, report.period.from, report.period.to, report.ctaId]);

  const chosen = report.ctaId ? report.ctas[0] : null;
  const activeDays = report.daily.filter((d) => d.views || d.viewers || d.conversions || d.revenue || d.cartValue);
  const tests = report.ctas.filter((c) => c.abTest);
  /** The page's kept parameters and the period shown (a preset, or the custom days). */
  const periodParams = () => {
    const params = new URLSearchParams(kept.map(([k, v]) => [k, v]));
    if (preset === "custom") {
      params.set("from", report.period.from);
      params.set("to", report.period.to);
    } else params.set("days", preset);
    if (includeArchived) params.set("archived", "1");
    return params;
  };
  const hrefForCta = (id: number) => {
    const params = periodParams();
    params.set("cta", String(id));
    return `?${params}`;
  };
  const csvHref = (() => {
    const params = periodParams();
    if (report.ctaId) params.set("cta", String(report.ctaId));
    params.set("export", "csv");
    return `${location.pathname.replace(/\/$/, "")}/export?${params}`;
  })();
  const dailySeries =
    chosen && report.dailyByVariant.length > 1
      ? report.dailyByVariant.flatMap((variant) => [
          {
            name: translate("results.viewersOf", { letter: variant.letter }),
            points: variant.points.map((p) => ({ day: p.day, value: p.viewers })),
          },
          {
            name: translate("results.conversionsOf", { letter: variant.letter }),
            points: variant.points.map((p) => ({ day: p.day, value: p.conversions })),
          },
        ])
      : [
          {
            name: translate("results.uniqueViewers"),
            points: report.daily.map((p) => ({ day: p.day, value: p.viewers })),
          },
          {
            name: translate("results.conversions"),
            points: report.daily.map((p) => ({ day: p.day, value: p.conversions })),
          },
        ];

  return (
    <Page
      title={translate("results.title")}
      subtitle={`${chosen ? `${chosen.name} · ` : ""}${formatters.period(report.period.from, report.period.to)} (UTC)`}
      fullWidth
    >
      <BlockStack gap="400">
        <ActionBanner result={result} />
        <Card>
          <Form method="get" aria-label={translate("results.choose")}>
            {kept.map(([k, v], i) => (
              <input key={`${k}-${i}`} type="hidden" name={k} value={v} />
            ))}
            <InlineStack gap="300" blockAlign="end" wrap>
              <div style={{ minWidth: 170 }}>
                <Select
                  label={translate("results.period")}
                  name={period === "custom" ? undefined : "days"}
                  options={periodOptions(translate)}
                  value={period}
                  onChange={setPeriod}
                />
              </div>
              {period === "custom" ? (
                <>
                  <TextField
                    label={translate("results.from")}
                    name="from"
                    type="date"
                    value={from}
                    onChange={setFrom}
                    autoComplete="off"
                  />
                  <TextField
                    label={translate("results.to")}
                    name="to"
                    type="date"
                    value={to}
                    onChange={setTo}
                    autoComplete="off"
                  />
                </>
              ) : null}
              <div style={{ minWidth: 220 }}>
                <Select
                  label={translate("results.cta")}
                  name="cta"
                  options={[
                    { label: translate("results.allCtas"), value: "" },
                    ...ctas.map((c) => ({ label: c.name, value: String(c.id) })),
                  ]}
                  value={cta}
                  onChange={setCta}
                />
              </div>
              <Checkbox
                label={translate("results.includeArchived")}
                name="archived"
                value="1"
                checked={archived}
                onChange={setArchived}
              />
              <Button submit>{translate("results.show")}</Button>
            </InlineStack>
          </Form>
          <Box paddingBlockStart="300">
            <DownloadButton href={csvHref} label={translate("results.downloadCsv")} surface={links.surface} />
          </Box>
        </Card>

        <InlineGrid columns={{ xs: 1, sm: 2, md: 4 }} gap="400">
          <Stat
            label={translate("results.views")}
            value={formatters.count(report.totals.views)}
            help={translate("results.def.views")}
          />
          <Stat
            label={translate("results.uniqueViewers")}
            value={formatters.count(report.totals.viewers)}
            help={translate("results.def.viewers")}
          />
          <Stat
            label={translate("results.clicks")}
            value={formatters.count(report.totals.clicks)}
            help={translate("results.def.clicks")}
          />
          <Stat
            label={translate("results.leads")}
            value={formatters.count(report.totals.leads)}
            help={translate("results.def.leads")}
          />
          <Stat
            label={translate("results.completions")}
            value={formatters.count(report.totals.completions)}
            help={translate("results.def.completions")}
          />
          <Stat
            label={translate("results.conversionRate")}
            value={formatters.percent(report.totals.conversionRate)}
            help={`${translate("results.conversionsCount", { count: formatters.count(report.totals.conversions) })}. ${translate("results.def.conversions")} ${translate("results.def.conversionRate")}`}
          />
          <Stat
            label={translate("results.revenue")}
            value={formatters.money(report.totals.revenue, currency)}
            help={`${translate("results.ordersCount", { count: formatters.count(report.totals.orders) })}. ${translate("results.def.revenue")}`}
          />
          <Stat
            label={translate("results.addedToCart")}
            value={formatters.money(report.totals.cartValue, currency)}
            help={`${translate("results.addToCartsCount", { count: formatters.count(report.totals.addToCarts) })}. ${translate("results.def.cartValue")}`}
          />
        </InlineGrid>
        {report.estimated ? (
          <Text as="p" tone="subdued">
            {translate("results.estimated", { error: formatters.percent(report.uniqueError) })}
          </Text>
        ) : null}
        {report.archivedLeftOut > 0 ? (
          <Text as="p" tone="subdued">
            <span data-testid="archived-left-out">
              {translate("results.archivedLeftOut", { count: formatters.count(report.archivedLeftOut) })}
            </span>
          </Text>
        ) : null}
        {report.unattributedOrders > 0 ? (
          <Text as="p" tone="subdued">
            {translate("results.otherOrders", {
              count: formatters.count(report.unattributedOrders),
              amount: formatters.money(report.unattributedRevenue, currency),
            })}
          </Text>
        ) : null}
        {report.unverifiedOrders > 0 ? (
          <Text as="p" tone="subdued">
            <span data-testid="unverified-orders">
              {translate("results.unverifiedOrders", {
                count: formatters.count(report.unverifiedOrders),
                amount: formatters.money(report.unverifiedRevenue, currency),
              })}
            </span>
          </Text>
        ) : null}
        {report.purchaseSource === "browser" ? (
          <Text as="p" tone="subdued">
            <span data-testid="browser-purchases">{translate("results.browserPurchases")}</span>
          </Text>
        ) : null}
        {report.flaggedOrders > 0 ? (
          <Banner tone="warning" title={translate("results.flaggedTitle")}>
            <p data-testid="flagged-orders">
              {formatters.count(report.flaggedOrders)} {report.flaggedOrders === 1 ? "order" : "orders"} (
              {formatters.money(report.flaggedRevenue, currency)}) above{" "}
              {formatters.money(report.outlierThreshold, currency)}, far more than this website's usual order,{" "}
              {report.flaggedOrders === 1 ? "is" : "are"} flagged and not counted in revenue. Order figures come from
              visitors' browsers, so a single forged one could otherwise swamp the total.
            </p>
          </Banner>
        ) : null}

        <CodeResultsCard lines={codes} />
        <PrizeResultsCard lines={prizes} />
        <QuizOutcomeResultsCard lines={outcomes} />

        <SectionCard title={translate("results.perDay")}>
          <DailyChartSlot series={dailySeries} label={translate("results.chartLabel")} />
          {activeDays.length ? (
            <DataTable
              columnContentTypes={["text", "numeric", "numeric", "numeric", "numeric", "numeric", "numeric"]}
              headings={[
                translate("results.day"),
                translate("results.views"),
                translate("results.uniqueViewers"),
                translate("results.conversions"),
                translate("results.conversionRate"),
                translate("results.revenue"),
                translate("results.addedToCart"),
              ]}
              rows={activeDays.map((day) => [
                formatters.day(day.day),
                formatters.count(day.views),
                formatters.count(day.viewers),
                formatters.count(day.conversions),
                formatters.percent(day.conversionRate),
                formatters.money(day.revenue, currency),
                formatters.money(day.cartValue, currency),
              ])}
              footerContent={activeDays.length < report.daily.length ? translate("results.daysLeftOut") : undefined}
            />
          ) : (
            <Text as="p" tone="subdued">
              {translate("results.noData")}
            </Text>
          )}
        </SectionCard>

        <Card padding="0">
          <Box padding="400">
            <BlockStack gap="100">
              <Text as="h2" variant="headingMd">
                {chosen ? translate("results.variants") : "CTAs"}
              </Text>
              <Text as="p" tone="subdued">
                {translate("results.goalHelp")}
              </Text>
            </BlockStack>
          </Box>
          {chosen ? (
            <DataTable
              columnContentTypes={["text", "numeric", ...METRIC_TYPES]}
              headings={[translate("results.variant"), translate("results.traffic"), ...metricHeadings(translate)]}
              rows={chosen.variants.map((variant) => [
                `${variant.letter}${variant.winner ? " (winner)" : ""}`,
                variant.percentage !== null ? `${variant.percentage}%` : "—",
                ...metricCells(variant.metrics, currency, formatters),
              ])}
              totals={["", "", ...metricCells(chosen.metrics, currency, formatters)]}
              showTotalsInFooter
            />
          ) : report.ctas.length ? (
            <DataTable
              columnContentTypes={["text", "text", "text", ...METRIC_TYPES]}
              headings={[
                translate("results.cta"),
                translate("results.variants"),
                translate("results.goal"),
                ...metricHeadings(translate),
              ]}
              rows={report.ctas.map((ctaRow) => [
                <Link key={ctaRow.id} url={hrefForCta(ctaRow.id)}>
                  {ctaRow.name}
                </Link>,
                ctaRow.variants
                  .filter((v) => v.id !== null)
                  .map((v) => v.letter)
                  .join(", "),
                translate(`results.goal.${ctaRow.goal}`),
                ...metricCells(ctaRow.metrics, currency, formatters),
              ])}
              totals={["", "", "", ...metricCells(report.totals, currency, formatters)]}
              showTotalsInFooter
            />
          ) : (
            <Box padding="400" paddingBlockStart="0">
              <Text as="p" tone="subdued">
                {translate("results.noCtas")}
              </Text>
            </Box>
          )}
          {chosen && chosen.variants.length > 1 ? (
            <Box padding="400">
              <RateChartSlot
                bars={chosen.variants.map((v) => ({ name: `Variant ${v.letter}`, rate: v.metrics.conversionRate }))}
                label={translate("results.barLabel")}
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
              <AbTestCard key={c.id} cta={c} csrfToken={links.csrfToken} busy={busy} minimum={AB_MINIMUM} />
            ))}
          </BlockStack>
        ) : null}
      </BlockStack>
    </Page>
  );
}
