/**
 * The condition types outside the loader's core (conditions.ts): tag,
 * keyword, visits, data_field, country, cart_value and list, with the value
 * comparison they share. Bundled in the extras chunk, which the runtime
 * loads and installs (installTests) before evaluating any of them. Pure.
 */
import { hasOwnKey, ownValue } from "../../contract/json-record";
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
 * Compares `value` with `a` (and `b` for range) as data.comparison says:
 * greater, less, range (inclusive), equal, not_equal, contains,
 * not_contains, exists, not_exists. Numeric comparisons need both sides
 * numeric; a list value (a multi-select answer) matches when any item does.
 */
export function compare(cmp: string, value: unknown, a: unknown, b?: unknown): boolean {
  cmp = ownValue(ALIAS, cmp) || cmp;
  if (Array.isArray(value)) {
    const pos = cmp.replace(/^not_/, "");
    if (!value.length) value = "";
    else return value.some((v) => compare(pos, v, a, b)) === (pos === cmp);
  }
  const x = num(value);
  const y = num(a);
  const both = !isNaN(x) && !isNaN(y);
  switch (cmp) {
    case "greater":
      return both && x > y;
    case "less":
      return both && x < y;
    case "range":
      return both && x >= y && x <= num(b);
    case "contains":
      return value != null && low(value).includes(low(a));
    case "not_contains":
      return !low(value).includes(low(a));
    case "exists":
      return value != null && value !== "";
    case "not_exists":
      return value == null || value === "";
    case "not_equal":
      return !compare("equal", value, a);
    default:
      return both ? x === y : value != null && low(value) === low(a);
  }
}

const data = (c: Parameters<Tester>[0]) => (c.data || {}) as Record<string, unknown>;
const obj = (v: unknown): Record<string, any> => (v && typeof v == "object" ? (v as Record<string, any>) : {});
const pdata = (ctx: ConditionContext) => obj(ctx.person?.data);

/** The entries of a list ([ids]) or of a yes/no map ({ id: true }, the server's targeting facts). */
const held = (v: unknown): unknown[] =>
  Array.isArray(v) ? v : Object.keys(obj(v)).filter((k) => (v as Record<string, unknown>)[k] === true);

/** Entries of one kind (tags, lists) across the integrations in person.data, in either place (server: data.lists; actions: lists). */
const fromIntegrations = (ctx: ConditionContext, k: string): string[] =>
  Object.values(obj(pdata(ctx).integrations))
    .map(obj)
    .flatMap((i) => [...held(i[k]), ...held(obj(i.data)[k])])
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
    const w = innerWidth;
    return w < 768 ? "mobile" : w < 1024 ? "tablet" : "desktop";
  }
}

/** A data field: the CTA's answers, then the page view's facts, the person, custom fields, URL parameters, person data, location, company. */
export function fieldOf(ctx: ConditionContext, name: string): unknown {
  // Own entries only: a name such as "constructor" is no field of any object.
  if (ctx.values && hasOwnKey(ctx.values, name)) return ctx.values[name];
  const fact = pageFact(ctx, name);
  if (fact !== undefined) return fact;
  const p = ctx.person;
  for (const src of [p, p?.extra, ctx.local.params, p?.data, ctx.local.location, ctx.local.company]) {
    const v = ownValue(obj(src), name);
    if (v != null && v !== "") return v;
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
    const s = interactions(ctx.local, Number(c.cta_id));
    const cc = low(c.condition_cta) || "viewed";
    return (cc.includes("convert") ? s.conversions > 0 : s.views > 0) !== cc.startsWith("not");
  },
  tag: (c, ctx, has) => has(list(c.tag_id).some((v) => tagsOf(ctx).includes(v))),
  keyword: (c, ctx, has) => {
    const words = list(c.keyword);
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
  visits: (c, ctx) => {
    const d = data(c);
    const v = visitCounts(ctx.local.visits, ctx.url);
    return compare(
      String(d.comparison || "greater"),
      ownValue(v, String(d.scope || "total")) ?? v.total,
      d.value ?? c.count,
      d.value2,
    );
  },
  data_field: (c, ctx) => {
    const d = data(c);
    return compare(String(d.comparison || "equal"), fieldOf(ctx, c.data_name ?? ""), d.value, d.value2);
  },
  country: (c, ctx, has) => countryOf(ctx).length > 0 && has(list(c.country).some((v) => countryOf(ctx).includes(v))),
  cart_value: (c, ctx) => {
    const d = data(c);
    return (
      ctx.local.cart != null &&
      compare(String(d.comparison || "greater"), ctx.local.cart.value, d.value ?? c.count, d.value2)
    );
  },
  list: (c, ctx, has) => has(fromIntegrations(ctx, "lists").includes(String(data(c).list_id ?? c.tag_id ?? ""))),
};
