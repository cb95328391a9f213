/** Polaris text fields and selects that keep their own value, for plain posted forms. */
import { useState } from "react";
import { Select, TextField, type SelectProps, type TextFieldProps } from "@shopify/polaris";

/** A TextField that holds its value itself; posted under `name`. */
export function FormTextField(
  props: Omit<TextFieldProps, "value" | "onChange" | "autoComplete"> & { initial?: string; autoComplete?: string },
) {
  const { initial = "", autoComplete = "off", ...rest } = props;
  const [value, setValue] = useState(initial);
  return <TextField {...rest} autoComplete={autoComplete} value={value} onChange={setValue} />;
}

/** A Select that holds its value itself; posted under `name`. */
export function FormSelect(
  props: Omit<SelectProps, "value" | "onChange"> & { initial?: string; onValue?: (value: string) => void },
) {
  const { initial, onValue, ...rest } = props;
  const first = rest.options?.[0];
  const [value, setValue] = useState(
    initial ?? (typeof first === "string" ? first : first && "value" in first ? first.value : ""),
  );
  return (
    <Select
      {...rest}
      value={value}
      onChange={(v) => {
        setValue(v);
        onValue?.(v);
      }}
    />
  );
}
