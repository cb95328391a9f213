import { clampQuantity } from "#widget/store/pricing";

/** A whole-number quantity, at least 1 (SPEC 5). */
export function QuantityPicker(props: { value: number; label: string; onChange(q: number): void }) {
  return (
    <label className="bk-product-quantity">
      <span className="bk-sr">{props.label}</span>
      <input
        type="number"
        min={1}
        step={1}
        inputMode="numeric"
        value={props.value}
        onChange={(e) => props.onChange(clampQuantity((e.target as HTMLInputElement).value))}
      />
    </label>
  );
}
