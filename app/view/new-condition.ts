/**
 * A new targeting condition with the defaults its inputs need. Shared by the
 * Campaigns page's condition builder and the editor's targeting presets, which
 * must write the very same conditions for the same choice.
 */
import type { Condition } from "#contract/schema/condition";

/** A condition of a type with the data its inputs need. */
export function newCondition(conditionType: Condition["condition_type"] = "url", position = 0): Condition {
  const data: Record<string, unknown> =
    conditionType === "url"
      ? { match: "contains" }
      : conditionType === "visits"
        ? { scope: "total", comparison: "greater" }
        : conditionType === "data_field"
          ? { comparison: "equal" }
          : conditionType === "cart_value"
            ? { comparison: "greater" }
            : {};
  return {
    position,
    condition_type: conditionType,
    operator: "and",
    url: null,
    tag_id: null,
    keyword: null,
    count: null,
    data_name: null,
    area_id: null,
    cta_id: null,
    condition_cta: conditionType === "cta" ? "viewed" : null,
    country: null,
    data,
  };
}
