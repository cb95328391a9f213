import type { WidgetTexts } from "#contract/i18n/en";
import { subscriptionText } from "#widget/store/pricing";
import type { Product } from "#widget/store/types";

/**
 * The product's selling plans, with the one-time choice first unless the
 * product requires a plan. The value "" is the one-time purchase.
 */
export function SubscriptionPicker(props: {
  product: Product;
  value: string;
  oneTimeText?: string;
  t: Pick<WidgetTexts, "oneTime" | "purchaseOption">;
  onChange(planId: string): void;
}) {
  const plans = props.product.subscriptions.flatMap((s) => s.sellingPlans);
  if (!plans.length) return null;
  return (
    <label className="bk-product-subscription">
      <span className="bk-sr">{props.t.purchaseOption}</span>
      <select value={props.value} onChange={(e) => props.onChange((e.target as HTMLSelectElement).value)}>
        {!props.product.requires_selling_plan && (
          <option value="">{subscriptionText(props.oneTimeText, props.t)}</option>
        )}
        {plans.map((plan) => (
          <option key={plan.id} value={plan.id}>
            {plan.name}
          </option>
        ))}
      </select>
    </label>
  );
}
