/**
 * Targeting presets of the CTA editor: common choices ("New visitors",
 * "utm_source = newsletter", "page URL contains /blogg") turned into the very
 * conditions the Campaigns page's builder writes for the same choice
 * (newCondition and the builder's inputs: visits count/scope/comparison,
 * data_field data_name/comparison/value, url/match), saved as a campaign
 * through the same model and validators. No second format: the widget's
 * evaluator (widget/core/conditions*.ts) reads them as any campaign's.
 */
import { z } from "zod";
import type { Condition } from "#contract/schema/condition";
import { newCondition } from "./new-condition";

export const VISITOR_PRESETS = ["all", "new", "returning"] as const;
/** Device classes the widget tells apart by the viewport's width (its "device" page fact). */
export const DEVICE_PRESETS = ["all", "mobile", "tablet", "desktop"] as const;

/** What the presets card sends (field-named errors come from this schema). */
export const targetingPresetSchema = z.object({
  visitor: z.enum(VISITOR_PRESETS).default("all"),
  utm_source: z
    .string()
    .trim()
    .max(200)
    .regex(/^[^\u0000-\u001f]*$/, { message: "No control characters" })
    .default(""),
  page_url: z
    .string()
    .trim()
    .max(2000)
    .regex(/^[^\u0000-\u001f]*$/, { message: "No control characters" })
    .default(""),
  device: z.enum(DEVICE_PRESETS).default("all"),
  referrer: z
    .string()
    .trim()
    .max(500)
    .regex(/^[^\u0000-\u001f]*$/, { message: "No control characters" })
    .default(""),
});
export type TargetingPreset = z.infer<typeof targetingPresetSchema>;

/** Everyone: no preset chosen. */
export const NO_PRESET: TargetingPreset = { visitor: "all", utm_source: "", page_url: "", device: "all", referrer: "" };

const isDevice = (v: unknown): v is Exclude<(typeof DEVICE_PRESETS)[number], "all"> =>
  v !== "all" && (DEVICE_PRESETS as readonly unknown[]).includes(v);

/**
 * The conditions for a preset, in the Campaigns page's format. New visitors:
 * fewer than 2 visits (sessions) in total, i.e. this is the first; returning:
 * more than 1. utm_source: the captured URL parameter equals the value.
 * Device and referrer: the widget's page facts of those names (the device
 * class by the viewport's width; the referring address contains the text).
 */
export function presetConditions(preset: TargetingPreset): Condition[] {
  const out: Condition[] = [];
  const add = (c: Condition) => out.push({ ...c, position: out.length });
  if (preset.visitor !== "all") {
    const condition = newCondition("visits", 0);
    add({
      ...condition,
      count: preset.visitor === "new" ? 2 : 1,
      data: { ...condition.data, comparison: preset.visitor === "new" ? "less" : "greater" },
    });
  }
  if (preset.utm_source) {
    const condition = newCondition("data_field", 0);
    add({ ...condition, data_name: "utm_source", data: { ...condition.data, value: preset.utm_source } });
  }
  if (preset.page_url) add({ ...newCondition("url", 0), url: preset.page_url });
  if (preset.device !== "all") {
    const condition = newCondition("data_field", 0);
    add({ ...condition, data_name: "device", data: { ...condition.data, value: preset.device } });
  }
  if (preset.referrer) {
    const condition = newCondition("data_field", 0);
    add({
      ...condition,
      data_name: "referrer",
      data: { ...condition.data, comparison: "contains", value: preset.referrer },
    });
  }
  return out;
}

/** The preset a campaign's conditions express, or null when they are more than the presets can say. */
export function presetOf(
  conditions: readonly Pick<Condition, "condition_type" | "operator" | "url" | "data" | "count" | "data_name">[],
): TargetingPreset | null {
  const preset: TargetingPreset = { ...NO_PRESET };
  for (const condition of conditions) {
    const data = condition.data as Record<string, unknown>;
    if (condition.operator === "or") return null;
    if (
      condition.condition_type === "visits" &&
      data.scope === "total" &&
      data.value2 == null &&
      preset.visitor === "all"
    ) {
      if (data.comparison === "less" && condition.count === 2) preset.visitor = "new";
      else if (data.comparison === "greater" && condition.count === 1) preset.visitor = "returning";
      else return null;
    } else if (
      condition.condition_type === "data_field" &&
      condition.data_name === "utm_source" &&
      data.comparison === "equal" &&
      typeof data.value === "string" &&
      !preset.utm_source
    ) {
      preset.utm_source = data.value;
    } else if (condition.condition_type === "url" && data.match === "contains" && condition.url && !preset.page_url) {
      preset.page_url = condition.url;
    } else if (
      condition.condition_type === "data_field" &&
      condition.data_name === "device" &&
      data.comparison === "equal" &&
      isDevice(data.value) &&
      preset.device === "all"
    ) {
      preset.device = data.value;
    } else if (
      condition.condition_type === "data_field" &&
      condition.data_name === "referrer" &&
      data.comparison === "contains" &&
      typeof data.value === "string" &&
      data.value &&
      !preset.referrer
    ) {
      preset.referrer = data.value;
    } else return null;
  }
  return preset;
}
