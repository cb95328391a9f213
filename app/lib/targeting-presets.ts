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
import type { Condition } from "../../contract/schema/condition";
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
export function presetConditions(p: TargetingPreset): Condition[] {
  const out: Condition[] = [];
  const add = (c: Condition) => out.push({ ...c, position: out.length });
  if (p.visitor !== "all") {
    const c = newCondition("visits", 0);
    add({
      ...c,
      count: p.visitor === "new" ? 2 : 1,
      data: { ...c.data, comparison: p.visitor === "new" ? "less" : "greater" },
    });
  }
  if (p.utm_source) {
    const c = newCondition("data_field", 0);
    add({ ...c, data_name: "utm_source", data: { ...c.data, value: p.utm_source } });
  }
  if (p.page_url) add({ ...newCondition("url", 0), url: p.page_url });
  if (p.device !== "all") {
    const c = newCondition("data_field", 0);
    add({ ...c, data_name: "device", data: { ...c.data, value: p.device } });
  }
  if (p.referrer) {
    const c = newCondition("data_field", 0);
    add({ ...c, data_name: "referrer", data: { ...c.data, comparison: "contains", value: p.referrer } });
  }
  return out;
}

/** The preset a campaign's conditions express, or null when they are more than the presets can say. */
export function presetOf(
  conditions: readonly Pick<Condition, "condition_type" | "operator" | "url" | "data" | "count" | "data_name">[],
): TargetingPreset | null {
  const p: TargetingPreset = { ...NO_PRESET };
  for (const c of conditions) {
    const d = c.data as Record<string, unknown>;
    if (c.operator === "or") return null;
    if (c.condition_type === "visits" && d.scope === "total" && d.value2 == null && p.visitor === "all") {
      if (d.comparison === "less" && c.count === 2) p.visitor = "new";
      else if (d.comparison === "greater" && c.count === 1) p.visitor = "returning";
      else return null;
    } else if (
      c.condition_type === "data_field" &&
      c.data_name === "utm_source" &&
      d.comparison === "equal" &&
      typeof d.value === "string" &&
      !p.utm_source
    ) {
      p.utm_source = d.value;
    } else if (c.condition_type === "url" && d.match === "contains" && c.url && !p.page_url) {
      p.page_url = c.url;
    } else if (
      c.condition_type === "data_field" &&
      c.data_name === "device" &&
      d.comparison === "equal" &&
      isDevice(d.value) &&
      p.device === "all"
    ) {
      p.device = d.value;
    } else if (
      c.condition_type === "data_field" &&
      c.data_name === "referrer" &&
      d.comparison === "contains" &&
      typeof d.value === "string" &&
      d.value &&
      !p.referrer
    ) {
      p.referrer = d.value;
    } else return null;
  }
  return p;
}
