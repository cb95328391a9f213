/** Targeting conditions (SPEC section 3 Condition) shared by broadcasts, action groups and site-wide rules. */
import { z } from "zod";
import { idSchema, positionSchema, text } from "./common";

export const CONDITION_TYPES = [
  "url", // page URL matches (data.match: contains | not_contains | exact | starts_with | regex-free wildcard)
  "host_path", // host + path prefix
  "category", // body class category-{slug}
  "post_tag", // body class tag-{slug}
  "post", // body class postid-{id}
  "page", // body class page-id-{id}
  "tag", // the person has / lacks a tag
  "keyword", // page text or referrer keyword
  "visits", // visit counts (data.scope: page | session | total, data.comparison)
  "data_field", // a person field or custom answer (data_name, data.comparison, data.value)
  "area", // a marked page area exists (area_id)
  "cta", // interaction with another CTA (condition_cta: viewed | not_viewed | converted | not_converted)
  "country", // visitor country (country, data.match: is | is_not)
  "cart_value", // store cart value (data.comparison: greater | less | range)
  "list", // membership of a mailing list (data.list_id)
] as const;
export type ConditionType = (typeof CONDITION_TYPES)[number];

export const conditionSchema = z.object({
  id: idSchema.optional(),
  position: positionSchema,
  condition_type: z.enum(CONDITION_TYPES),
  operator: z.enum(["and", "or"]).default("and"),
  url: text(2000).nullish(),
  tag_id: text(200).nullish(),
  keyword: text(500).nullish(),
  count: z.number().int().min(0).max(1_000_000).nullish(),
  data_name: text(200).nullish(),
  area_id: text(200).nullish(),
  cta_id: idSchema.nullish(),
  condition_cta: text(50).nullish(),
  country: text(100).nullish(),
  data: z.record(z.string().max(100), z.unknown()).default({}),
});
export type Condition = z.infer<typeof conditionSchema>;
