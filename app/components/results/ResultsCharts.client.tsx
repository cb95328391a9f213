/**
 * The results page's charts, drawn with @shopify/polaris-viz. Browser only:
 * polaris-viz measures its container and reads `navigator` while rendering,
 * so it cannot render on the server (ChartSlot loads this module after
 * hydration).
 *
 * The charts are for sighted users (with hover tooltips); assistive
 * technology gets the same numbers from the data table next to each chart.
 * polaris-viz 16 marks each data point role="image" (not an ARIA role) and
 * makes every point a tab stop, which axe-core reports as critical; so the
 * chart is hidden from assistive technology and its points are taken out of
 * the tab order, instead of announcing a broken table twice.
 */
import { useEffect, useRef, type ReactNode } from "react";
import { BarChart, LineChart, PolarisVizProvider } from "@shopify/polaris-viz";
import type { DataSeries } from "@shopify/polaris-viz-core";
import { formats } from "./format";
import { useT } from "#app/i18n/useT";

export interface DailySeries {
  name: string;
  points: { day: string; value: number }[];
}

function toSeries(series: DailySeries[]): DataSeries[] {
  return series.map((s) => ({ name: s.name, data: s.points.map((p) => ({ key: p.day, value: p.value })) }));
}

/** Keeps a chart out of the accessibility tree and the tab order, as it re-renders. */
function VisualOnly({ height, label, children }: { height: number; label: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const quiet = () => {
      // Points, legend buttons and links: usable with the mouse, never a tab stop.
      root
        .querySelectorAll<
          HTMLElement | SVGElement
        >('[tabindex]:not([tabindex="-1"]), a[href], button, input, select, textarea')
        .forEach((el) => el.getAttribute("tabindex") !== "-1" && el.setAttribute("tabindex", "-1"));
    };
    quiet();
    const observer = new MutationObserver(quiet);
    observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ["tabindex"] });
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={ref} style={{ height }} aria-hidden="true" data-chart={label}>
      {children}
    </div>
  );
}

/** Views and conversions (or any daily counts) per day. */
export function DailyLineChart({ series, label }: { series: DailySeries[]; label: string }) {
  const formatters = formats(useT().lang);
  return (
    <PolarisVizProvider>
      <VisualOnly height={280} label={label}>
        <LineChart
          data={toSeries(series)}
          theme="Light"
          isAnimated={false}
          xAxisOptions={{ labelFormatter: (v) => formatters.day(String(v)) }}
        />
      </VisualOnly>
    </PolarisVizProvider>
  );
}

/** Conversion rate per variant (or per CTA). */
export function RateBarChart({ bars, label }: { bars: { name: string; rate: number | null }[]; label: string }) {
  const translate = useT();
  const formatters = formats(translate.lang);
  return (
    <PolarisVizProvider>
      <VisualOnly height={240} label={label}>
        <BarChart
          data={[
            { name: translate("results.conversionRate"), data: bars.map((b) => ({ key: b.name, value: b.rate ?? 0 })) },
          ]}
          theme="Light"
          isAnimated={false}
          yAxisOptions={{ labelFormatter: (v) => formatters.percent(Number(v), 0) }}
          showLegend={false}
        />
      </VisualOnly>
    </PolarisVizProvider>
  );
}
