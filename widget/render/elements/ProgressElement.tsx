import { formatMoney } from "#widget/store/pricing";
import type { ElementProps } from "#widget/render/context";
import { mergeTags, num, str, useEffect, useState } from "#widget/render/kit";
import { storeOf } from "#widget/render/store-outcome";

/** SPEC 9: the cart threshold defaults to 50 (element, then variant option, then website setting). */
export const DEFAULT_CART_THRESHOLD = 50;
/** Client events after which the cart is read again. */
const CART_EVENTS = ["cfAddToCart", "cfAddToCartShopify", "cart:updated", "cart:refresh"];

const CSS = `.bk-progress-track{height:12px;border-radius:6px;background:rgba(0,0,0,.12);overflow:hidden}
.bk-progress-bar{height:100%;background:var(--bk-primary);transition:width .3s}
.bk-progress-text{margin:0 0 6px;font-size:.9em}
.bk-bar .bk-progress{min-width:240px}`;

/** Cart progress in % of the threshold, capped at 100 (SPEC 9). */
export const cartPercent = (value: number, threshold: number) =>
  threshold > 0 ? Math.min(100, Math.max(0, (value / threshold) * 100)) : 100;

/**
 * A progress bar (SPEC 4): dynamic shows the step position out of the total;
 * cart shows the cart value against the threshold.
 */
export default function ProgressElement({ element, ctx }: ElementProps) {
  const options = element.options;
  const cart = str(options, "progress-type") === "cart";
  const [value, setValue] = useState<number | null>(null);
  const threshold = num(
    options,
    "cart-value-threshold",
    num(
      ctx.variant.options,
      "cart-value-threshold",
      num(ctx.config.data_settings, "cart-value-threshold", DEFAULT_CART_THRESHOLD),
    ),
  );
  useEffect(() => {
    if (!cart) return;
    const adapter = storeOf(ctx.runtime.store);
    const read = () => void adapter?.getCart().then((r) => r.ok && setValue(r.value.value));
    read();
    CART_EVENTS.forEach((n) => document.addEventListener(n, read));
    return () => CART_EVENTS.forEach((n) => document.removeEventListener(n, read));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- mount-only: the progress type and the store adapter are fixed for a mounted CTA; cart changes arrive as events
  }, []);
  const money = (v: number) => formatMoney(Math.round(v * 100), ctx.config.currency_character);
  let percent: number;
  let text: string;
  if (cart) {
    const current = value ?? 0;
    percent = cartPercent(current, threshold);
    const done = percent >= 100;
    text = mergeTags(
      (done && str(options, "progress-complete-text")) || str(options, "progress-text") || "{{percentage}}%",
      {
        remaining: money(Math.max(0, threshold - current)),
        value: money(current),
        threshold: money(threshold),
        percentage: Math.round(percent),
      },
      ctx.person,
    );
  } else {
    const total = ctx.steps.length || 1;
    const position = ctx.stepIndex + 1;
    percent = Math.min(100, (position / total) * 100);
    text = mergeTags(
      str(options, "progress-text") || "{{position}}/{{total}}",
      { position, total, percentage: Math.round(percent) },
      ctx.person,
    );
  }
  text = ctx.merge(text);
  return (
    <div className="bk-el bk-progress">
      <style>{CSS}</style>
      <p className="bk-progress-text" aria-hidden="true">
        {text}
      </p>
      <div
        className="bk-progress-track"
        role="progressbar"
        aria-label={ctx.labels.progress}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(percent)}
        aria-valuetext={text}
      >
        <div className="bk-progress-bar" style={{ width: percent + "%" }} />
      </div>
    </div>
  );
}
