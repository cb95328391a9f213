/**
 * What the conditions builder offers per condition type: its name and the
 * choices of its selects, as catalogue keys. The data keys and values are the ones the
 * widget's evaluator reads (widget/core/conditions.ts).
 */
import { CONDITION_TYPES, type Condition, type ConditionType } from "#contract/schema/condition";
import type { AdminKey } from "#app/i18n/en";
import type { Translate } from "#app/i18n";

/** A select choice whose label is a catalogue key: the component translates it. */
type Choice = { label: AdminKey; value: string };

/** Each condition type's name, as a catalogue key. */
export const CONDITION_TYPE_LABELS: Record<ConditionType, AdminKey> = {
  url: "editorUi.cond.url",
  host_path: "editorUi.cond.host_path",
  category: "editorUi.cond.category",
  post_tag: "editorUi.cond.post_tag",
  post: "editorUi.cond.post",
  page: "editorUi.cond.page",
  tag: "editorUi.cond.tag",
  keyword: "editorUi.keyword",
  visits: "editorUi.cond.visits",
  data_field: "editorUi.cond.data_field",
  area: "editor.pageArea",
  cta: "editorUi.cond.cta",
  country: "editorUi.cond.country",
  cart_value: "editor.cartValue",
  list: "editorUi.cond.list",
};

export const CONDITION_TYPE_CHOICES: Choice[] = CONDITION_TYPES.map((type) => ({
  label: CONDITION_TYPE_LABELS[type],
  value: type,
}));

export const URL_MATCH_CHOICES: Choice[] = [
  { label: "editorUi.cond.contains", value: "contains" },
  { label: "editorUi.cond.notContains", value: "not_contains" },
  { label: "editorUi.cond.exact", value: "exact" },
  { label: "editorUi.cond.isNot", value: "not_exact" },
  { label: "editorUi.cond.startsWith", value: "starts_with" },
  { label: "editorUi.cond.notStartsWith", value: "not_starts_with" },
];

/** is / is not, for the types that test presence (data.match "" or "not"). */
export const PRESENCE_CHOICES: Choice[] = [
  { label: "editorUi.cond.is", value: "" },
  { label: "editorUi.cond.isNot", value: "not" },
];

export const VISIT_SCOPE_CHOICES: Choice[] = [
  { label: "editorUi.cond.visitsTotal", value: "total" },
  { label: "editorUi.cond.visitsSession", value: "session" },
  { label: "editorUi.cond.visitsPage", value: "page" },
];

export const NUMBER_COMPARISON_CHOICES: Choice[] = [
  { label: "editor.more", value: "greater" },
  { label: "editor.less", value: "less" },
  { label: "editorUi.cond.exactly", value: "equal" },
  { label: "editor.between", value: "range" },
];

export const DATA_COMPARISON_CHOICES: Choice[] = [
  { label: "editorUi.cond.is", value: "equal" },
  { label: "editorUi.cond.isNot", value: "not_equal" },
  { label: "editorUi.cond.contains", value: "contains" },
  { label: "editorUi.cond.notContains", value: "not_contains" },
  { label: "editorUi.cond.isMore", value: "greater" },
  { label: "editorUi.cond.isLess", value: "less" },
  { label: "editorUi.cond.isBetween", value: "range" },
  { label: "editorUi.cond.isSet", value: "exists" },
  { label: "editorUi.cond.isNotSet", value: "not_exists" },
];

export const CTA_STATE_CHOICES: Choice[] = [
  { label: "editorUi.cond.seen", value: "viewed" },
  { label: "editorUi.cond.notSeen", value: "not_viewed" },
  { label: "editorUi.cond.converted", value: "converted" },
  { label: "editorUi.cond.notConverted", value: "not_converted" },
];

/** Choices with their labels in the admin language. */
export function translatedChoices(choices: Choice[], t: Translate): { label: string; value: string }[] {
  return choices.map((c) => ({ label: t(c.label), value: c.value }));
}

/** A condition switched to another type: the value columns and data of the old type are cleared. */
export function withConditionType(c: Condition, fresh: Condition): Condition {
  return { ...fresh, id: c.id, position: c.position, operator: c.operator };
}

/** A number typed into a text field: the number, or the text when it is not one (the evaluator then compares text). */
export function numberOrText(v: string): number | string {
  const normalized = v.trim().replace(",", ".");
  return normalized !== "" && Number.isFinite(Number(normalized)) ? Number(normalized) : v;
}
