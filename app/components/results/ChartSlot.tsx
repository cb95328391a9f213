/**
 * Where a chart goes: nothing on the server and before hydration (the
 * charts need the browser), then the polaris-viz chart, loaded on demand.
 * The numbers are always also in a table next to it, so the page says the
 * same thing without JavaScript, to screen readers, and while loading.
 */
import { Suspense, lazy, useEffect, useState, type ComponentProps } from "react";
import { SkeletonBodyText } from "@shopify/polaris";

const Charts = {
  DailyLineChart: lazy(() => import("./ResultsCharts.client").then((m) => ({ default: m.DailyLineChart }))),
  RateBarChart: lazy(() => import("./ResultsCharts.client").then((m) => ({ default: m.RateBarChart }))),
};

function useMounted(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}

function Placeholder({ height }: { height: number }) {
  return (
    <div style={{ height }} aria-hidden="true">
      <SkeletonBodyText lines={4} />
    </div>
  );
}

/** A daily line chart once in the browser. */
export function DailyChartSlot(props: ComponentProps<typeof Charts.DailyLineChart>) {
  const mounted = useMounted();
  if (!mounted) return <Placeholder height={280} />;
  return (
    <Suspense fallback={<Placeholder height={280} />}>
      <Charts.DailyLineChart {...props} />
    </Suspense>
  );
}

/** A conversion-rate bar chart once in the browser. */
export function RateChartSlot(props: ComponentProps<typeof Charts.RateBarChart>) {
  const mounted = useMounted();
  if (!mounted) return <Placeholder height={240} />;
  return (
    <Suspense fallback={<Placeholder height={240} />}>
      <Charts.RateBarChart {...props} />
    </Suspense>
  );
}
