import type { Field } from "#contract/schema/cta";
import { num, useState } from "#widget/render/kit";

export interface RangeProps {
  common: Record<string, unknown>;
  field: Field;
  initial?: string;
}

/** SPEC 5 range defaults: 0 to 1000 in steps of 1. */
export default function RangeInput({ common, field, initial }: RangeProps) {
  const options = field.options;
  const min = num(options, "min", 0);
  const max = num(options, "max", 1000);
  const [value, setValue] = useState(initial || String(Math.round((min + max) / 2)));
  return (
    <div className="bk-check">
      <input
        {...common}
        type="range"
        min={min}
        max={max}
        step={num(options, "increment", num(options, "step", 1))}
        value={value}
        onInput={(e) => setValue((e.target as HTMLInputElement).value)}
      />
      <output>{value}</output>
    </div>
  );
}
