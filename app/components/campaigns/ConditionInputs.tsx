/** The inputs of one condition, by its type (the columns and data keys the widget reads). */
import { Select, TextField } from "@shopify/polaris";
import type { Condition } from "#contract/schema/condition";
import {
  CTA_STATE_CHOICES,
  DATA_COMPARISON_CHOICES,
  NUMBER_COMPARISON_CHOICES,
  numberOrText,
  PRESENCE_CHOICES,
  translatedChoices,
  URL_MATCH_CHOICES,
  VISIT_SCOPE_CHOICES,
} from "./condition-fields";
import { useT } from "#app/i18n/useT";
import type { AdminKey } from "#app/i18n/en";

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
export function ConditionInputs({ condition: condition, onChange, label, error, ctaOptions }: ConditionInputsProps) {
  const translate = useT();
  const data = condition.data as Record<string, unknown>;
  const setData = (key: string, value: unknown) => {
    const next = { ...data, [key]: value };
    if (value === "" || value === undefined) delete next[key];
    onChange({ ...condition, data: next });
  };
  const text = (key: ColumnKey, name: string, placeholder?: string) => (
    <TextField
      label={translate("editorUi.labelled", { label, name })}
      labelHidden
      placeholder={placeholder ?? name}
      value={(condition[key] as string | null) ?? ""}
      onChange={(v) => onChange({ ...condition, [key]: v === "" ? null : v })}
      autoComplete="off"
      error={error(key)}
    />
  );
  const select = (
    name: string,
    options: { label: AdminKey; value: string }[],
    value: string,
    set: (v: string) => void,
  ) => (
    <Select
      label={translate("editorUi.labelled", { label, name })}
      labelHidden
      options={translatedChoices(options, translate)}
      value={value}
      onChange={set}
    />
  );
  const dataText = (key: string, name: string, numeric = false) => (
    <TextField
      label={translate("editorUi.labelled", { label, name })}
      labelHidden
      placeholder={name}
      value={data[key] === undefined || data[key] === null ? "" : String(data[key])}
      onChange={(v) => setData(key, numeric ? (v === "" ? "" : numberOrText(v)) : v)}
      autoComplete="off"
      error={error(`data.${key}`)}
    />
  );
  const match = (choices = PRESENCE_CHOICES) =>
    select(translate("editorUi.cond.match"), choices, String(data.match ?? choices[0].value), (v) =>
      setData("match", v),
    );
  const range = String(data.comparison ?? "") === "range";

  switch (condition.condition_type) {
    case "url":
      return (
        <>
          {match(URL_MATCH_CHOICES)}
          {text("url", translate("editorUi.cond.addressOrPath"), translate("editorUi.cond.addressPlaceholder"))}
        </>
      );
    case "host_path":
      return (
        <>
          {match()}
          {text("url", translate("editorUi.cond.host_path"), translate("editorUi.cond.hostPlaceholder"))}
        </>
      );
    case "category":
    case "post_tag":
    case "post":
    case "page":
      return (
        <>
          {match()}
          {text("tag_id", translate("editorUi.cond.slugOrId"), translate("editorUi.cond.slugPlaceholder"))}
        </>
      );
    case "tag":
      return (
        <>
          {match([
            { label: "editorUi.cond.has", value: "" },
            { label: "editorUi.cond.hasNot", value: "not" },
          ])}
          {text("tag_id", translate("integrations.tag"), translate("editorUi.cond.tagPlaceholder"))}
        </>
      );
    case "keyword":
      return (
        <>
          {match([
            { label: "editorUi.cond.mentions", value: "" },
            { label: "editorUi.cond.notMentions", value: "not" },
          ])}
          {text("keyword", translate("editorUi.cond.keywords"), translate("editorUi.cond.keywordsPlaceholder"))}
        </>
      );
    case "visits":
      return (
        <>
          {select(translate("editorUi.cond.counting"), VISIT_SCOPE_CHOICES, String(data.scope ?? "total"), (v) =>
            setData("scope", v),
          )}
          {select(
            translate("editorUi.cond.comparison"),
            NUMBER_COMPARISON_CHOICES,
            String(data.comparison ?? "greater"),
            (v) => setData("comparison", v),
          )}
          <TextField
            label={translate("editorUi.labelled", { label, name: translate("editorUi.cond.number") })}
            labelHidden
            type="number"
            min={0}
            placeholder={translate("editorUi.cond.numberPlaceholder")}
            value={condition.count === null || condition.count === undefined ? "" : String(condition.count)}
            onChange={(v) => onChange({ ...condition, count: v === "" ? null : Number(v) })}
            autoComplete="off"
            error={error("count")}
          />
          {range ? dataText("value2", translate("editorUi.cond.upTo"), true) : null}
        </>
      );
    case "data_field": {
      const cmp = String(data.comparison ?? "equal");
      return (
        <>
          {text("data_name", translate("editorUi.cond.fieldName"), "company_size")}
          {select(translate("editorUi.cond.comparison"), DATA_COMPARISON_CHOICES, cmp, (v) => setData("comparison", v))}
          {cmp === "exists" || cmp === "not_exists"
            ? null
            : dataText("value", translate("editorUi.value"), ["greater", "less", "range"].includes(cmp))}
          {range ? dataText("value2", translate("editorUi.cond.upTo"), true) : null}
        </>
      );
    }
    case "area":
      return (
        <>
          {match([
            { label: "editorUi.cond.onPage", value: "" },
            { label: "editorUi.cond.notOnPage", value: "not" },
          ])}
          {text("area_id", translate("editorUi.cond.areaName"), translate("editorUi.cond.areaPlaceholder"))}
        </>
      );
    case "cta":
      return (
        <>
          {select(translate("editorUi.cond.state"), CTA_STATE_CHOICES, condition.condition_cta ?? "viewed", (v) =>
            onChange({ ...condition, condition_cta: v }),
          )}
          <Select
            label={translate("editorUi.labelled", { label, name: translate("ctas.singular") })}
            labelHidden
            options={[
              { label: translate("editorUi.chooseCta"), value: "" },
              ...ctaOptions.map((o) => ({ label: o.name, value: String(o.id) })),
            ]}
            value={condition.cta_id ? String(condition.cta_id) : ""}
            onChange={(v) => onChange({ ...condition, cta_id: v === "" ? null : Number(v) })}
            error={error("cta_id")}
          />
        </>
      );
    case "country":
      return (
        <>
          {match()}
          {text("country", translate("editorUi.cond.countries"), "SE, NO")}
        </>
      );
    case "cart_value":
      return (
        <>
          {select(
            translate("editorUi.cond.comparison"),
            NUMBER_COMPARISON_CHOICES,
            String(data.comparison ?? "greater"),
            (v) => setData("comparison", v),
          )}
          {dataText("value", translate("editorUi.cond.amount"), true)}
          {range ? dataText("value2", translate("editorUi.cond.upTo"), true) : null}
        </>
      );
    case "list":
      return (
        <>
          {match()}
          {dataText("list_id", translate("editorUi.cond.listId"))}
        </>
      );
    default:
      return null;
  }
}
