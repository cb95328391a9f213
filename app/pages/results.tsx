/**
 * The results page of both admins: totals (each with its one-line
 * definition, app/lib/conversions.ts), a daily chart, every CTA and variant
 * with views, unique viewers, clicks, leads, completions, conversions,
 * conversion rate, revenue and cart value, the A/B tests with their verdicts
 * and winner buttons, and a CSV download of the same figures. Every chart's
 * numbers are also in a table.
 */
import { useEffect, useState } from "react";
import { Form, useActionData, useLoaderData, useLocation, useNavigation, useSearchParams } from "@remix-run/react";
import {
  Banner,
  BlockStack,
  Box,
  Button,
  Card,
  DataTable,
  InlineGrid,
  InlineStack,
  Link,
  Page,
  Select,
  Text,
  TextField,
} from "@shopify/polaris";
import { SectionCard } from "~/components/SectionCard";
import { DownloadButton } from "~/components/ContactsTable";
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
    f.count(m.viewers),
    f.count(m.clicks),
    f.count(m.leads),
    f.count(m.completions),
    f.count(m.conversions),
    f.percent(m.conversionRate),
    f.money(m.revenue, currency),
    f.money(m.cartValue, currency),
  ];
}

const metricHeadings = (t: Translate) => [
  t("results.views"),
  t("results.uniqueViewers"),
  t("results.clicks"),
  t("results.leads"),
  t("results.completions"),
  t("results.conversions"),
  t("results.conversionRate"),
  t("results.revenue"),
  t("results.addedToCart"),
];
const METRIC_TYPES = Array.from({ length: 9 }, () => "numeric" as const);

/** The results page. */
export function ResultsPage() {
  const t = useT();
  const f = formats(t.lang);
  const { links, report, ctas, preset } = useLoaderData<typeof loadResultsPage>();
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
    const p = new URLSearchParams(kept.map(([k, v]) => [k, v]));
    if (preset === "custom") {
      p.set("from", report.period.from);
      p.set("to", report.period.to);
    } else p.set("days", preset);
    return p;
  };
  const hrefForCta = (id: number) => {
    const p = periodParams();
    p.set("cta", String(id));
    return `?${p}`;
  };
  const csvHref = (() => {
    const p = periodParams();
    if (report.ctaId) p.set("cta", String(report.ctaId));
    p.set("export", "csv");
    return `${location.pathname.replace(/\/$/, "")}/export?${p}`;
  })();
  const dailySeries =
    chosen && report.dailyByVariant.length > 1
      ? report.dailyByVariant.flatMap((v) => [
          {
            name: t("results.viewersOf", { letter: v.letter }),
            points: v.points.map((p) => ({ day: p.day, value: p.viewers })),
          },
          {
            name: t("results.conversionsOf", { letter: v.letter }),
            points: v.points.map((p) => ({ day: p.day, value: p.conversions })),
          },
        ])
      : [
          { name: t("results.uniqueViewers"), points: report.daily.map((p) => ({ day: p.day, value: p.viewers })) },
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
                  <TextField
                    label={t("results.from")}
                    name="from"
                    type="date"
                    value={from}
                    onChange={setFrom}
                    autoComplete="off"
                  />
                  <TextField
                    label={t("results.to")}
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
                  label={t("results.cta")}
                  name="cta"
                  options={[
                    { label: t("results.allCtas"), value: "" },
                    ...ctas.map((c) => ({ label: c.name, value: String(c.id) })),
                  ]}
                  value={cta}
                  onChange={setCta}
                />
              </div>
              <Button submit>{t("results.show")}</Button>
            </InlineStack>
          </Form>
          <Box paddingBlockStart="300">
            <DownloadButton href={csvHref} label={t("results.downloadCsv")} surface={links.surface} />
          </Box>
        </Card>

        <InlineGrid columns={{ xs: 1, sm: 2, md: 4 }} gap="400">
          <Stat label={t("results.views")} value={f.count(report.totals.views)} help={t("results.def.views")} />
          <Stat
            label={t("results.uniqueViewers")}
            value={f.count(report.totals.viewers)}
            help={t("results.def.viewers")}
          />
          <Stat label={t("results.clicks")} value={f.count(report.totals.clicks)} help={t("results.def.clicks")} />
          <Stat label={t("results.leads")} value={f.count(report.totals.leads)} help={t("results.def.leads")} />
          <Stat
            label={t("results.completions")}
            value={f.count(report.totals.completions)}
            help={t("results.def.completions")}
          />
          <Stat
            label={t("results.conversionRate")}
            value={f.percent(report.totals.conversionRate)}
            help={`${t("results.conversionsCount", { count: f.count(report.totals.conversions) })}. ${t("results.def.conversions")} ${t("results.def.conversionRate")}`}
          />
          <Stat
            label={t("results.revenue")}
            value={f.money(report.totals.revenue, currency)}
            help={`${t("results.ordersCount", { count: f.count(report.totals.orders) })}. ${t("results.def.revenue")}`}
          />
          <Stat
            label={t("results.addedToCart")}
            value={f.money(report.totals.cartValue, currency)}
            help={`${t("results.addToCartsCount", { count: f.count(report.totals.addToCarts) })}. ${t("results.def.cartValue")}`}
          />
        </InlineGrid>
        {report.estimated ? (
          <Text as="p" tone="subdued">
            {t("results.estimated", { error: f.percent(report.uniqueError) })}
          </Text>
        ) : null}
        {report.unattributedOrders > 0 ? (
          <Text as="p" tone="subdued">
            {t("results.otherOrders", {
              count: f.count(report.unattributedOrders),
              amount: f.money(report.unattributedRevenue, currency),
            })}
          </Text>
        ) : null}
        {report.flaggedOrders > 0 ? (
          <Banner tone="warning" title={t("results.flaggedTitle")}>
            <p data-testid="flagged-orders">
              {f.count(report.flaggedOrders)} {report.flaggedOrders === 1 ? "order" : "orders"} (
              {f.money(report.flaggedRevenue, currency)}) above {f.money(report.outlierThreshold, currency)}, far more
              than this website's usual order, {report.flaggedOrders === 1 ? "is" : "are"} flagged and not counted in
              revenue. Order figures come from visitors' browsers, so a single forged one could otherwise swamp the
              total.
            </p>
          </Banner>
        ) : null}

        <SectionCard title={t("results.perDay")}>
          <DailyChartSlot series={dailySeries} label={t("results.chartLabel")} />
          {activeDays.length ? (
            <DataTable
              columnContentTypes={["text", "numeric", "numeric", "numeric", "numeric", "numeric", "numeric"]}
              headings={[
                t("results.day"),
                t("results.views"),
                t("results.uniqueViewers"),
                t("results.conversions"),
                t("results.conversionRate"),
                t("results.revenue"),
                t("results.addedToCart"),
              ]}
              rows={activeDays.map((d) => [
                f.day(d.day),
                f.count(d.views),
                f.count(d.viewers),
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
                {t("results.goalHelp")}
              </Text>
            </BlockStack>
          </Box>
          {chosen ? (
            <DataTable
              columnContentTypes={["text", "numeric", ...METRIC_TYPES]}
              headings={[t("results.variant"), t("results.traffic"), ...metricHeadings(t)]}
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
              columnContentTypes={["text", "text", "text", ...METRIC_TYPES]}
              headings={[t("results.cta"), t("results.variants"), t("results.goal"), ...metricHeadings(t)]}
              rows={report.ctas.map((c) => [
                <Link key={c.id} url={hrefForCta(c.id)}>
                  {c.name}
                </Link>,
                c.variants
                  .filter((v) => v.id !== null)
                  .map((v) => v.letter)
                  .join(", "),
                t(`results.goal.${c.goal}`),
                ...metricCells(c.metrics, currency, f),
              ])}
              totals={["", "", "", ...metricCells(report.totals, currency, f)]}
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
