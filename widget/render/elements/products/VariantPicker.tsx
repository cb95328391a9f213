import type { Product } from "../../../store/types";

/** Picks one of a product's variants; sold-out ones stay listed (SPEC 8: they show Sold Out). */
export function VariantPicker(props: { product: Product; value: string; label: string; onChange(id: string): void }) {
  const { product } = props;
  if (product.is_variant || product.variants.length < 2) return null;
  return (
    <label className="bk-product-variant">
      <span className="bk-sr">{props.label}</span>
      <select value={props.value} onChange={(e) => props.onChange((e.target as HTMLSelectElement).value)}>
        {product.variants.map((v) => (
          <option key={v.id} value={v.id}>
            {v.title}
          </option>
        ))}
      </select>
    </label>
  );
}
