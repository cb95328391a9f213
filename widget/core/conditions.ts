/**
 * The targeting condition evaluator (SPEC 3 Condition): pure, no DOM; the
 * runtime hands it a ConditionContext read from the page and the person.
 *
 * Combining: conditions come in position order. Each condition's operator
 * joins it to the one before it; "and" binds tighter than "or", so
 * `A and B or C` means `(A and B) or C`. An empty list passes.
 *
 * Negation: a `data.match` starting with "not" or "is_not" (not_contains,
 * is_not, not_equal ...), or "lacks", negates the types that test presence (url,
 * host_path, body classes, tag, keyword, area, country, list). A condition
 * whose value is unknown (no cart, no location) fails, negated or not.
 *
 * Per type (value columns in brackets):
 * - url [url]: the page address; data.match contains (default), exact,
 *   starts_with, or their not_ forms. Case-insensitive. A pattern starting
 *   with "/" is compared with the path (and query); otherwise with the
 *   address without protocol and "www.". exact ignores a trailing slash and
 *   allows `*` as a wildcard.
 * - host_path [url]: host + path starts with the value ("shop.se/blogg").
 * - category / post_tag / post / page [tag_id]: the body has the class
 *   category-{v} / tag-{v} / postid-{v} / page-id-{v}; a comma list matches any.
 * - tag [tag_id]: the person has the tag (person.data.tags, which actions
 *   change, and the tags of person.data.integrations).
 * - keyword [keyword]: found in the address, the referrer, or the page title
 *   and text; a comma list matches any.
 * - visits [count or data.value, data.value2]: data.scope page (views of this
 *   cleaned URL), session (pages viewed this session) or total (sessions,
 *   the default) compared by data.comparison greater (default), less, equal
 *   or range (inclusive).
 * - data_field [data_name, data.value, data.value2]: an answer in the CTA
 *   asking, else a fact of the page view ("device": mobile, tablet or
 *   desktop by the viewport's width; "referrer": the referring address),
 *   else a person field, custom field (person.extra), captured URL
 *   parameter, person.data entry, location or company datum, compared by
 *   data.comparison equal (default), not_equal, contains, not_contains,
 *   greater, less, range, exists, not_exists (equals, is, not_equals,
 *   is_not and empty are accepted as the same).
 * - area [area_id]: a marked page area (data-beckon-area) is on the page.
 * - cta [cta_id, condition_cta]: viewed, not_viewed, converted, not_converted.
 * - country [country]: ISO code or name (comma list) against the located
 *   country, the person's country and the storefront's country.
 * - cart_value [data.value or count, data.value2]: data.comparison greater
 *   (default), less, equal or range against the store cart value in units.
 * - list [data.list_id or tag_id]: the person is on that mailing list
 *   (person.data.integrations, from targeting sync and list actions).
 * Numeric comparisons (greater, less, range) hold only when both sides are
 * numeric (SPEC 5); equal compares numbers when both are numeric, else
 * case-insensitive text. An unknown condition type fails.
 *
 * Size: this file holds the page types every website uses (url, host_path,
 * body classes, area). The person, visit, cart and list types live in
 * conditions-more.ts, bundled in the extras chunk; the runtime installs
 * them (installTests) before it evaluates a condition of those types.
 */
import { emptyRecord } from "#contract/json-record";
import type { Condition } from "#contract/schema/condition";
import type { PublicPerson } from "#contract/schema/public-config";
import type { LocalData } from "./person-data";

export interface ConditionContext {
  /** The page address (location.href). */
  url: string;
  /** The page: body classes, marked areas, title and text, referrer. */
  doc: Pick<Document, "referrer" | "title" | "querySelectorAll"> & {
    body: { classList: { contains(c: string): boolean }; textContent: string | null } | null;
  };
  /** The person (the server's copy, browser-only data laid over person.data); null when unknown. */
  person: PublicPerson | null;
  /** Browser-only person data: visits, CTA interactions, URL parameters, location, cart, company. */
  local: LocalData;
  /** Answers given in the CTA that asks (action groups, conditional rows), by field slug. */
  values?: Record<string, unknown>;
  /** The storefront's country from the Shopify app embed, when known. */
  shopCountry?: string | null;
}

export type Cond = Pick<Condition, "condition_type"> & Partial<Condition>;
/** A condition type's test: `has` applies the condition's negation to a presence test. */
export type Tester = (c: Cond, ctx: ConditionContext, has: (ok: boolean) => boolean) => boolean;

/** The condition types decided here; the others need conditions-more.ts installed. */
export const CORE_TYPES = ["url", "host_path", "category", "post_tag", "post", "page", "area"];

/**
 * Whether conditions anywhere in a value (a CTA document's rows, action groups and steps; a list of
 * conditions) have a type beyond CORE_TYPES, which needs conditions-more.ts installed.
 */
export const needsMoreTests = (value: unknown): boolean =>
  !!value &&
  typeof value == "object" &&
  Object.entries(value).some(([key, inner]) =>
    key == "condition_type" ? !CORE_TYPES.includes(inner) : needsMoreTests(inner),
  );

export const low = (v: unknown): string => (v == null ? "" : String(v)).trim().toLowerCase();
/** A comma list, lower case. */
export const list = (value: unknown): string[] =>
  low(value)
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
const bare = (url: string): string =>
  low(url)
    .replace(/^[a-z]+:\/\//, "")
    .replace(/^www\./, "")
    .replace(/#.*/, "");
const noSlash = (u: string): string => u.replace(/\/(?=\?|$)/, "");
const pathOf = (url: string): string => {
  const address = bare(url);
  const slash = address.indexOf("/");
  return slash < 0 ? "/" : address.slice(slash);
};

/** Whether an address matches a url condition's pattern (match without its not_ prefix). */
export function urlMatches(href: string, pattern: string, match: string): boolean {
  const lowPattern = low(pattern);
  if (!lowPattern) return false;
  const subject = lowPattern[0] === "/" ? pathOf(href) : bare(href);
  const pat = lowPattern[0] === "/" ? lowPattern : bare(lowPattern);
  let decoded = subject;
  try {
    decoded = decodeURI(subject);
  } catch {
    /* keep it encoded */
  }
  if (match === "exact") {
    const re = new RegExp(
      "^" +
        noSlash(pat)
          .replace(/[.+?^${}()|[\]\\]/g, "\\$&")
          .replace(/\*/g, ".*") +
        "$",
    );
    return [subject, decoded].some((x) => re.test(noSlash(x)) || re.test(noSlash(x.replace(/\?.*/, ""))));
  }
  if (match === "starts_with") return subject.startsWith(pat) || decoded.startsWith(pat);
  return subject.includes(pat) || decoded.includes(pat) || low(href).includes(lowPattern);
}

const CLASS: Record<string, string> = { category: "category-", post_tag: "tag-", post: "postid-", page: "page-id-" };

/** Testers of the types outside CORE_TYPES, once installed; no prototype, so a type named "toString" is unknown and fails. */
const more = emptyRecord<Tester>();

/** Adds testers for more condition types (conditions-more.ts). */
export const installTests = (testers: Record<string, Tester>): void => void Object.assign(more, testers);

/** Evaluates one condition, ignoring its operator. */
export function test(cond: Cond, ctx: ConditionContext): boolean {
  const condData = (cond.data || {}) as Record<string, unknown>;
  const match = low(condData.match);
  const not = /^((is_)?not|lacks)/.test(match);
  const has = (ok: boolean) => ok !== not;
  const type = cond.condition_type;
  switch (type) {
    case "url":
      return has(urlMatches(ctx.url, cond.url ?? "", match.replace(/^(is_)?not_?/, "")));
    case "host_path":
      // Host and path: the address without protocol and www starts with it.
      return has(urlMatches(ctx.url, bare(cond.url ?? "").replace(/^\/+/, ""), "starts_with"));
    case "category":
    case "post_tag":
    case "post":
    case "page":
      return has(list(cond.tag_id).some((v) => !!ctx.doc.body?.classList.contains(CLASS[type] + v)));
    case "area":
      return has(
        Array.from(ctx.doc.querySelectorAll("[data-beckon-area]")).some(
          (el) => el.getAttribute("data-beckon-area") === cond.area_id,
        ),
      );
  }
  return !!more[type]?.(cond, ctx, has);
}

/** Whether a list of conditions passes (see the file comment for and/or). */
export function passes(conditions: readonly Cond[] | null | undefined, ctx: ConditionContext): boolean {
  let group = true;
  let first = true;
  for (const cond of conditions || []) {
    if (!first && cond.operator === "or") {
      if (group) return true;
      group = true;
    }
    first = false;
    group = group && test(cond, ctx);
  }
  return group;
}
