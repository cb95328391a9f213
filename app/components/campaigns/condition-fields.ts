/**
 * What the conditions builder offers per condition type: its name in words
 * and the choices of its selects. The data keys and values are the ones the
 * widget's evaluator reads (widget/core/conditions.ts).
 */
import { CONDITION_TYPES, type Condition, type ConditionType } from "~/lib/schema/condition";

type Choice = { label: string; value: string };

export const CONDITION_TYPE_LABELS: Record<ConditionType, string> = {
  url: "Page URL",
  host_path: "Host and path",
  category: "Page category",
  post_tag: "Post tag",
  post: "Post id",
  page: "Page id",
  tag: "Visitor tag",
  keyword: "Keyword",
  visits: "Number of visits",
  data_field: "Visitor data field",
  area: "Page area",
  cta: "Another CTA",
  country: "Country",
  cart_value: "Cart value",
  list: "Mailing list",
};

export const CONDITION_TYPE_CHOICES: Choice[] = CONDITION_TYPES.map((t) => ({ label: CONDITION_TYPE_LABELS[t], value: t }));

export const URL_MATCH_CHOICES: Choice[] = [
  { label: "contains", value: "contains" },
  { label: "does not contain", value: "not_contains" },
  { label: "is exactly (* is a wildcard)", value: "exact" },
  { label: "is not", value: "not_exact" },
  { label: "starts with", value: "starts_with" },
  { label: "does not start with", value: "not_starts_with" },
];

/** is / is not, for the types that test presence (data.match "" or "not"). */
export const PRESENCE_CHOICES: Choice[] = [
  { label: "is", value: "" },
  { label: "is not", value: "not" },
];

export const VISIT_SCOPE_CHOICES: Choice[] = [
  { label: "Visits (sessions) in total", value: "total" },
  { label: "Pages viewed this session", value: "session" },
  { label: "Views of this page", value: "page" },
];

export const NUMBER_COMPARISON_CHOICES: Choice[] = [
  { label: "more than", value: "greater" },
  { label: "less than", value: "less" },
  { label: "exactly", value: "equal" },
  { label: "between", value: "range" },
];

export const DATA_COMPARISON_CHOICES: Choice[] = [
  { label: "is", value: "equal" },
  { label: "is not", value: "not_equal" },
  { label: "contains", value: "contains" },
  { label: "does not contain", value: "not_contains" },
  { label: "is more than", value: "greater" },
  { label: "is less than", value: "less" },
  { label: "is between", value: "range" },
  { label: "is set", value: "exists" },
  { label: "is not set", value: "not_exists" },
];

export const CTA_STATE_CHOICES: Choice[] = [
  { label: "has seen", value: "viewed" },
  { label: "has not seen", value: "not_viewed" },
  { label: "has converted on", value: "converted" },
  { label: "has not converted on", value: "not_converted" },
];

/** A condition switched to another type: the value columns and data of the old type are cleared. */
export function withConditionType(c: Condition, fresh: Condition): Condition {
  return { ...fresh, id: c.id, position: c.position, operator: c.operator };
}

/** A number typed into a text field: the number, or the text when it is not one (the evaluator then compares text). */
export function numberOrText(v: string): number | string {
  const t = v.trim().replace(",", ".");
  return t !== "" && Number.isFinite(Number(t)) ? Number(t) : v;
}
