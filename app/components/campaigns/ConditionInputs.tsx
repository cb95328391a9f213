/** The inputs of one condition, by its type (the columns and data keys the widget reads). */
import { Select, TextField } from "@shopify/polaris";
import type { Condition } from "~/lib/schema/condition";
import {
  CTA_STATE_CHOICES,
  DATA_COMPARISON_CHOICES,
  NUMBER_COMPARISON_CHOICES,
  numberOrText,
  PRESENCE_CHOICES,
  URL_MATCH_CHOICES,
  VISIT_SCOPE_CHOICES,
} from "./condition-fields";

export interface ConditionInputsProps {
  condition: Condition;
  onChange(next: Condition): void;
  /** "Condition 2": prefixes every (visually hidden) label. */
  label: string;
  /** Error of a column or data key of this condition ("url", "data.value"). */
  error(key: string): string | undefined;
  ctaOptions: { id: number; name: string }[];
}

type ColumnKey = "url" | "tag_id" | "keyword" | "data_name" | "area_id" | "country" | "condition_cta";

/** The type-specific inputs of a condition, side by side. */
export function ConditionInputs({ condition: c, onChange, label, error, ctaOptions }: ConditionInputsProps) {
  const data = c.data as Record<string, unknown>;
  const setData = (key: string, value: unknown) => {
    const next = { ...data, [key]: value };
    if (value === "" || value === undefined) delete next[key];
    onChange({ ...c, data: next });
  };
  const text = (key: ColumnKey, name: string, placeholder?: string) => (
    <TextField
      label={`${label}: ${name}`}
      labelHidden
      placeholder={placeholder ?? name}
      value={(c[key] as string | null) ?? ""}
      onChange={(v) => onChange({ ...c, [key]: v === "" ? null : v })}
      autoComplete="off"
      error={error(key)}
    />
  );
  const select = (name: string, options: { label: string; value: string }[], value: string, set: (v: string) => void) => (
    <Select label={`${label}: ${name}`} labelHidden options={options} value={value} onChange={set} />
  );
  const dataText = (key: string, name: string, numeric = false) => (
    <TextField
      label={`${label}: ${name}`}
      labelHidden
      placeholder={name}
      value={data[key] === undefined || data[key] === null ? "" : String(data[key])}
      onChange={(v) => setData(key, numeric ? (v === "" ? "" : numberOrText(v)) : v)}
      autoComplete="off"
      error={error(`data.${key}`)}
    />
  );
  const match = (choices = PRESENCE_CHOICES) => select("match", choices, String(data.match ?? choices[0].value), (v) => setData("match", v));
  const range = String(data.comparison ?? "") === "range";

  switch (c.condition_type) {
    case "url":
      return (
        <>
          {match(URL_MATCH_CHOICES)}
          {text("url", "Address or path", "/blog")}
        </>
      );
    case "host_path":
      return (
        <>
          {match()}
          {text("url", "Host and path", "example.com/blog")}
        </>
      );
    case "category":
    case "post_tag":
    case "post":
    case "page":
      return (
        <>
          {match()}
          {text("tag_id", "Slug or id (comma separated)", "news, blog")}
        </>
      );
    case "tag":
      return (
        <>
          {match([
            { label: "has", value: "" },
            { label: "does not have", value: "not" },
          ])}
          {text("tag_id", "Tag", "customer")}
        </>
      );
    case "keyword":
      return (
        <>
          {match([
            { label: "mentions", value: "" },
            { label: "does not mention", value: "not" },
          ])}
          {text("keyword", "Keywords (comma separated)", "pricing, demo")}
        </>
      );
    case "visits":
      return (
        <>
          {select("counting", VISIT_SCOPE_CHOICES, String(data.scope ?? "total"), (v) => setData("scope", v))}
          {select("comparison", NUMBER_COMPARISON_CHOICES, String(data.comparison ?? "greater"), (v) => setData("comparison", v))}
          <TextField
            label={`${label}: number`}
            labelHidden
            type="number"
            min={0}
            placeholder="Number"
            value={c.count === null || c.count === undefined ? "" : String(c.count)}
            onChange={(v) => onChange({ ...c, count: v === "" ? null : Number(v) })}
            autoComplete="off"
            error={error("count")}
          />
          {range ? dataText("value2", "up to", true) : null}
        </>
      );
    case "data_field": {
      const cmp = String(data.comparison ?? "equal");
      return (
        <>
          {text("data_name", "Field name", "company_size")}
          {select("comparison", DATA_COMPARISON_CHOICES, cmp, (v) => setData("comparison", v))}
          {cmp === "exists" || cmp === "not_exists" ? null : dataText("value", "Value", ["greater", "less", "range"].includes(cmp))}
          {range ? dataText("value2", "up to", true) : null}
        </>
      );
    }
    case "area":
      return (
        <>
          {match([
            { label: "is on the page", value: "" },
            { label: "is not on the page", value: "not" },
          ])}
          {text("area_id", "Area name", "footer")}
        </>
      );
    case "cta":
      return (
        <>
          {select("state", CTA_STATE_CHOICES, c.condition_cta ?? "viewed", (v) => onChange({ ...c, condition_cta: v }))}
          <Select
            label={`${label}: CTA`}
            labelHidden
            options={[{ label: "Choose a CTA", value: "" }, ...ctaOptions.map((o) => ({ label: o.name, value: String(o.id) }))]}
            value={c.cta_id ? String(c.cta_id) : ""}
            onChange={(v) => onChange({ ...c, cta_id: v === "" ? null : Number(v) })}
            error={error("cta_id")}
          />
        </>
      );
    case "country":
      return (
        <>
          {match()}
          {text("country", "Countries (ISO codes or names, comma separated)", "SE, NO")}
        </>
      );
    case "cart_value":
      return (
        <>
          {select("comparison", NUMBER_COMPARISON_CHOICES, String(data.comparison ?? "greater"), (v) => setData("comparison", v))}
          {dataText("value", "Amount", true)}
          {range ? dataText("value2", "up to", true) : null}
        </>
      );
    case "list":
      return (
        <>
          {match()}
          {dataText("list_id", "List id")}
        </>
      );
    default:
      return null;
  }
}
