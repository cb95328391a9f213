/** The inputs of one condition, by its type (the columns and data keys the widget reads). */
import { Select, TextField } from "@shopify/polaris";
import type { Condition } from "../../../contract/schema/condition";
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
import { useT } from "~/i18n/useT";
import type { AdminKey } from "~/i18n/en";

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
  const t = useT();
  const data = c.data as Record<string, unknown>;
  const setData = (key: string, value: unknown) => {
    const next = { ...data, [key]: value };
    if (value === "" || value === undefined) delete next[key];
    onChange({ ...c, data: next });
  };
  const text = (key: ColumnKey, name: string, placeholder?: string) => (
    <TextField
      label={t("editorUi.labelled", { label, name })}
      labelHidden
      placeholder={placeholder ?? name}
      value={(c[key] as string | null) ?? ""}
      onChange={(v) => onChange({ ...c, [key]: v === "" ? null : v })}
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
      label={t("editorUi.labelled", { label, name })}
      labelHidden
      options={translatedChoices(options, t)}
      value={value}
      onChange={set}
    />
  );
  const dataText = (key: string, name: string, numeric = false) => (
    <TextField
      label={t("editorUi.labelled", { label, name })}
      labelHidden
      placeholder={name}
      value={data[key] === undefined || data[key] === null ? "" : String(data[key])}
      onChange={(v) => setData(key, numeric ? (v === "" ? "" : numberOrText(v)) : v)}
      autoComplete="off"
      error={error(`data.${key}`)}
    />
  );
  const match = (choices = PRESENCE_CHOICES) =>
    select(t("editorUi.cond.match"), choices, String(data.match ?? choices[0].value), (v) => setData("match", v));
  const range = String(data.comparison ?? "") === "range";

  switch (c.condition_type) {
    case "url":
      return (
        <>
          {match(URL_MATCH_CHOICES)}
          {text("url", t("editorUi.cond.addressOrPath"), t("editorUi.cond.addressPlaceholder"))}
        </>
      );
    case "host_path":
      return (
        <>
          {match()}
          {text("url", t("editorUi.cond.host_path"), t("editorUi.cond.hostPlaceholder"))}
        </>
      );
    case "category":
    case "post_tag":
    case "post":
    case "page":
      return (
        <>
          {match()}
          {text("tag_id", t("editorUi.cond.slugOrId"), t("editorUi.cond.slugPlaceholder"))}
        </>
      );
    case "tag":
      return (
        <>
          {match([
            { label: "editorUi.cond.has", value: "" },
            { label: "editorUi.cond.hasNot", value: "not" },
          ])}
          {text("tag_id", t("integrations.tag"), t("editorUi.cond.tagPlaceholder"))}
        </>
      );
    case "keyword":
      return (
        <>
          {match([
            { label: "editorUi.cond.mentions", value: "" },
            { label: "editorUi.cond.notMentions", value: "not" },
          ])}
          {text("keyword", t("editorUi.cond.keywords"), t("editorUi.cond.keywordsPlaceholder"))}
        </>
      );
    case "visits":
      return (
        <>
          {select(t("editorUi.cond.counting"), VISIT_SCOPE_CHOICES, String(data.scope ?? "total"), (v) =>
            setData("scope", v),
          )}
          {select(t("editorUi.cond.comparison"), NUMBER_COMPARISON_CHOICES, String(data.comparison ?? "greater"), (v) =>
            setData("comparison", v),
          )}
          <TextField
            label={t("editorUi.labelled", { label, name: t("editorUi.cond.number") })}
            labelHidden
            type="number"
            min={0}
            placeholder={t("editorUi.cond.numberPlaceholder")}
            value={c.count === null || c.count === undefined ? "" : String(c.count)}
            onChange={(v) => onChange({ ...c, count: v === "" ? null : Number(v) })}
            autoComplete="off"
            error={error("count")}
          />
          {range ? dataText("value2", t("editorUi.cond.upTo"), true) : null}
        </>
      );
    case "data_field": {
      const cmp = String(data.comparison ?? "equal");
      return (
        <>
          {text("data_name", t("editorUi.cond.fieldName"), "company_size")}
          {select(t("editorUi.cond.comparison"), DATA_COMPARISON_CHOICES, cmp, (v) => setData("comparison", v))}
          {cmp === "exists" || cmp === "not_exists"
            ? null
            : dataText("value", t("editorUi.value"), ["greater", "less", "range"].includes(cmp))}
          {range ? dataText("value2", t("editorUi.cond.upTo"), true) : null}
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
          {text("area_id", t("editorUi.cond.areaName"), t("editorUi.cond.areaPlaceholder"))}
        </>
      );
    case "cta":
      return (
        <>
          {select(t("editorUi.cond.state"), CTA_STATE_CHOICES, c.condition_cta ?? "viewed", (v) =>
            onChange({ ...c, condition_cta: v }),
          )}
          <Select
            label={t("editorUi.labelled", { label, name: t("ctas.singular") })}
            labelHidden
            options={[
              { label: t("editorUi.chooseCta"), value: "" },
              ...ctaOptions.map((o) => ({ label: o.name, value: String(o.id) })),
            ]}
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
          {text("country", t("editorUi.cond.countries"), "SE, NO")}
        </>
      );
    case "cart_value":
      return (
        <>
          {select(t("editorUi.cond.comparison"), NUMBER_COMPARISON_CHOICES, String(data.comparison ?? "greater"), (v) =>
            setData("comparison", v),
          )}
          {dataText("value", t("editorUi.cond.amount"), true)}
          {range ? dataText("value2", t("editorUi.cond.upTo"), true) : null}
        </>
      );
    case "list":
      return (
        <>
          {match()}
          {dataText("list_id", t("editorUi.cond.listId"))}
        </>
      );
    default:
      return null;
  }
}
