import type { Product, ProductVariant } from "#widget/store/types";

/** Whether the product's variants name a value for every option (else the picker lists variants by title). */
const hasOptionValues = (p: Product) =>
  p.options.length > 0 &&
  p.variants.every((v) => p.options.every((o) => v.selected_options.some((s) => s.name === o.name)));

/** The option values (in the product's option order) a variant stands for. */
export function optionValuesOf(product: Product, variant: ProductVariant | undefined): string[] {
  return product.options.map(
    (o) => variant?.selected_options.find((s) => s.name === o.name)?.value ?? o.values[0] ?? "",
  );
}

/** The variant for a combination of option values, or undefined when the store has no such variant (SPEC 3 selected_options). */
export function variantForOptions(product: Product, values: readonly string[]): ProductVariant | undefined {
  return product.variants.find((v) =>
    product.options.every((o, i) => v.selected_options.find((s) => s.name === o.name)?.value === values[i]),
  );
}

/**
 * One select per product option (Size, Grind…); the chosen combination picks
 * the variant. A combination without a variant, or a sold-out one, stays
 * selectable: the card then shows Sold Out. Products whose variants carry no
 * option values get one select of variant titles.
 */
export function VariantPicker(props: {
  product: Product;
  variantId: string;
  values: string[];
  label: string;
  onChange(variantId: string, values: string[]): void;
}) {
  const { product } = props;
  if (product.is_variant || product.variants.length < 2) return null;
  if (!hasOptionValues(product)) {
    return (
      <label className="bk-product-variant">
        <span className="bk-sr">{props.label}</span>
        <select
          value={props.variantId}
          onChange={(event) => {
            const id = (event.target as HTMLSelectElement).value;
            props.onChange(
              id,
              optionValuesOf(
                product,
                product.variants.find((v) => v.id === id),
              ),
            );
          }}
        >
          {product.variants.map((variant) => (
            <option key={variant.id} value={variant.id}>
              {variant.title}
            </option>
          ))}
        </select>
      </label>
    );
  }
  const pick = (i: number, value: string) => {
    const values = product.options.map((_, j) => (j === i ? value : (props.values[j] ?? "")));
    props.onChange(variantForOptions(product, values)?.id ?? "", values);
  };
  return (
    <div className="bk-product-variant">
      {product.options.map((option, index) => (
        <label key={option.name} className="bk-product-option" data-option={option.name}>
          <span className="bk-sr">{option.name}</span>
          <select
            value={props.values[index] ?? ""}
            onChange={(e) => pick(index, (e.target as HTMLSelectElement).value)}
          >
            {option.values.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
        </label>
      ))}
    </div>
  );
}
