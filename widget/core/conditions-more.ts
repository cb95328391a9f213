/**
 * The condition types outside the loader's core (conditions.ts): tag,
 * keyword, visits, data_field, country, cart_value and list, with the value
 * comparison they share. Bundled in the extras chunk, which the runtime
 * loads and installs (installTests) before evaluating any of them. Pure.
 */
import { hasOwnKey, ownValue } from "#contract/json-record";
import { list, low, type ConditionContext, type Tester } from "./conditions";
import { interactions, visitCounts } from "./person-data";

const num = (v: unknown): number => (v === "" || v == null || typeof v == "boolean" ? NaN : +v);

// Spellings the renderer's own evaluator and older admin data use.
const ALIAS: Record<string, string> = {
  equals: "equal",
  is: "equal",
  not_equals: "not_equal",
  is_not: "not_equal",
  empty: "not_exists",
};

/**
 * Compares `value` with `target` (and `upper` for range) as data.comparison says:
 * greater, less, range (inclusive), equal, not_equal, contains,
 * not_contains, exists, not_exists. Numeric comparisons need both sides
 * numeric; a list value (a multi-select answer) matches when any item does.
 */
export function compare(cmp: string, value: unknown, target: unknown, upper?: unknown): boolean {
  cmp = ownValue(ALIAS, cmp) || cmp;
  if (Array.isArray(value)) {
    const pos = cmp.replace(/^not_/, "");
    if (!value.length) value = "";
    else return value.some((v) => compare(pos, v, target, upper)) === (pos === cmp);
  }
  const actual = num(value);
  const expected = num(target);
  const both = !isNaN(actual) && !isNaN(expected);
  switch (cmp) {
    case "greater":
      return both && actual > expected;
    case "less":
      return both && actual < expected;
    case "range":
      return both && actual >= expected && actual <= num(upper);
    case "contains":
      return value != null && low(value).includes(low(target));
    case "not_contains":
      return !low(value).includes(low(target));
    case "exists":
      return value != null && value !== "";
    case "not_exists":
      return value == null || value === "";
    case "not_equal":
      return !compare("equal", value, target);
    default:
      return both ? actual === expected : value != null && low(value) === low(target);
  }
}

const data = (c: Parameters<Tester>[0]) => (c.data || {}) as Record<string, unknown>;
const obj = (v: unknown): Record<string, any> => (v && typeof v == "object" ? (v as Record<string, any>) : {});
const pdata = (ctx: ConditionContext) => obj(ctx.person?.data);

/** The entries of a list ([ids]) or of a yes/no map ({ id: true }, the server's targeting facts). */
const held = (v: unknown): unknown[] =>
  Array.isArray(v) ? v : Object.keys(obj(v)).filter((k) => (v as Record<string, unknown>)[k] === true);

/** Entries of one kind (tags, lists) across the integrations in person.data, in either place (server: data.lists; actions: lists). */
const fromIntegrations = (ctx: ConditionContext, kind: string): string[] =>
  Object.values(obj(pdata(ctx).integrations))
    .map(obj)
    .flatMap((i) => [...held(i[kind]), ...held(obj(i.data)[kind])])
    .map(String);

/** The person's tags: person.data.tags and the integrations' tags. */
export const tagsOf = (ctx: ConditionContext): string[] =>
  [...(Array.isArray(pdata(ctx).tags) ? pdata(ctx).tags : []), ...fromIntegrations(ctx, "tags")].map(low);

/**
 * Facts of this page view a campaign names like fields: "device" is the
 * device class by the viewport's width (SPEC's host-site breakpoints: mobile
 * up to 767 px, tablet 768 to 1023, desktop from 1024) and "referrer" the
 * address the visitor came from. Undefined for any other name.
 */
function pageFact(ctx: ConditionContext, name: string): unknown {
  if (name == "referrer") return ctx.doc.referrer;
  if (name == "device") {
    const width = innerWidth;
    return width < 768 ? "mobile" : width < 1024 ? "tablet" : "desktop";
  }
}

/** A data field: the CTA's answers, then the page view's facts, the person, custom fields, URL parameters, person data, location, company. */
export function fieldOf(ctx: ConditionContext, name: string): unknown {
  // Own entries only: a name such as "constructor" is no field of any object.
  if (ctx.values && hasOwnKey(ctx.values, name)) return ctx.values[name];
  const fact = pageFact(ctx, name);
  if (fact !== undefined) return fact;
  const person = ctx.person;
  for (const src of [person, person?.extra, ctx.local.params, person?.data, ctx.local.location, ctx.local.company]) {
    const value = ownValue(obj(src), name);
    if (value != null && value !== "") return value;
  }
}

/** Codes and names of the visitor's country, lower case (empty when unknown). */
export const countryOf = (ctx: ConditionContext): string[] =>
  [ctx.local.location?.countryCode, ctx.local.location?.country, ctx.person?.country, ctx.shopCountry]
    .filter(Boolean)
    .map(low);

/** Testers by condition type, for installTests. */
export const moreTests: Record<string, Tester> = {
  // Past CTAs in this browser: few websites target on them, so the loader does without.
  cta: (c, ctx) => {
    const counts = interactions(ctx.local, Number(c.cta_id));
    const cc = low(c.condition_cta) || "viewed";
    return (cc.includes("convert") ? counts.conversions > 0 : counts.views > 0) !== cc.startsWith("not");
  },
  tag: (c, ctx, has) => has(list(c.tag_id).some((v) => tagsOf(ctx).includes(v))),
  keyword: (cond, ctx, has) => {
    const words = list(cond.keyword);
    let url = ctx.url;
    try {
      url = decodeURIComponent(url.replace(/\+/g, " "));
    } catch {
      /* keep it */
    }
    const where = low(url) + " " + low(ctx.doc.referrer);
    if (words.some((w) => where.includes(w))) return has(true);
    const text = low(ctx.doc.title + " " + (ctx.doc.body?.textContent || "").slice(0, 200000));
    return has(words.some((w) => text.includes(w)));
  },
  visits: (cond, ctx) => {
    const condData = data(cond);
    const counts = visitCounts(ctx.local.visits, ctx.url);
    return compare(
      String(condData.comparison || "greater"),
      ownValue(counts, String(condData.scope || "total")) ?? counts.total,
      condData.value ?? cond.count,
      condData.value2,
    );
  },
  data_field: (cond, ctx) => {
    const condData = data(cond);
    return compare(
      String(condData.comparison || "equal"),
      fieldOf(ctx, cond.data_name ?? ""),
      condData.value,
      condData.value2,
    );
  },
  country: (c, ctx, has) => countryOf(ctx).length > 0 && has(list(c.country).some((v) => countryOf(ctx).includes(v))),
  cart_value: (cond, ctx) => {
    const condData = data(cond);
    return (
      ctx.local.cart != null &&
      compare(
        String(condData.comparison || "greater"),
        ctx.local.cart.value,
        condData.value ?? cond.count,
        condData.value2,
      )
    );
  },
  list: (c, ctx, has) => has(fromIntegrations(ctx, "lists").includes(String(data(c).list_id ?? c.tag_id ?? ""))),
};
