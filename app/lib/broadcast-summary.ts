/**
 * Plain-language summaries of targeting conditions and broadcasts for the
 * admin ("Shown to visitors whose page URL contains /blogg or whose page is in
 * category blogg, between 1 Dec 2026 and 31 Dec 2026 (Europe/Stockholm)").
 * Pure: no DOM, no database. The wording follows the widget's evaluator
 * (widget/core/conditions.ts): each condition's operator joins it to the one
 * before it and "and" binds tighter than "or".
 */
import type { Condition } from "./schema/condition";

/** A condition as the editor holds it (defaults not yet applied). */
export type ConditionLike = Pick<Condition, "condition_type"> & Partial<Omit<Condition, "condition_type">>;

/** A broadcast as the editor holds it. */
export interface BroadcastLike {
  status?: boolean;
  quick?: boolean;
  timezone?: string | null;
  timeframe?: boolean;
  range_start?: string | null;
  range_end?: string | null;
  conditions?: ConditionLike[];
}

export interface SummaryOptions {
  /** Names of the website's CTAs by id, for cta conditions and the "they see" part. */
  ctaNames?: Record<number, string>;
  /** The CTAs attached to the broadcast. */
  ctaIds?: number[];
  /** Locale of the dates ("en-GB" gives "1 Dec 2026"). */
  locale?: string;
}

const str = (v: unknown): string => (v === null || v === undefined ? "" : String(v)).trim();
const quoted = (v: unknown): string => (str(v) === "" ? "(not set)" : str(v));
const negated = (match: unknown): boolean => /^(is_)?not/.test(str(match).toLowerCase());

function listText(v: unknown): string {
  const parts = str(v)
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length <= 1) return quoted(v);
  return `${parts.slice(0, -1).join(", ")} or ${parts[parts.length - 1]}`;
}

const COMPARISON_WORDS: Record<string, string> = {
  greater: "more than",
  less: "less than",
  equal: "exactly",
  not_equal: "not",
  contains: "containing",
  not_contains: "not containing",
};

/** "more than 3", "between 2 and 5", "exactly 4". */
function comparisonText(comparison: unknown, value: unknown, value2: unknown, fallback: string): string {
  const cmp = str(comparison) || fallback;
  if (cmp === "range") return `between ${quoted(value)} and ${quoted(value2)}`;
  if (cmp === "exists") return "set";
  if (cmp === "not_exists") return "not set";
  return `${COMPARISON_WORDS[cmp] ?? cmp} ${quoted(value)}`;
}

const URL_MATCH: Record<string, string> = {
  contains: "contains",
  not_contains: "does not contain",
  exact: "is",
  not_exact: "is not",
  starts_with: "starts with",
  not_starts_with: "does not start with",
};

const CTA_STATE: Record<string, string> = {
  viewed: "have seen",
  not_viewed: "have not seen",
  converted: "have converted on",
  not_converted: "have not converted on",
};

const VISIT_SCOPE: Record<string, string> = {
  page: "views of this page",
  session: "pages viewed this session",
  total: "visits",
};

/** One condition as a clause that follows "visitors" ("whose page URL contains /blogg"). */
export function describeCondition(c: ConditionLike, options: Pick<SummaryOptions, "ctaNames"> = {}): string {
  const d = (c.data ?? {}) as Record<string, unknown>;
  const not = negated(d.match);
  const is = not ? "is not" : "is";
  switch (c.condition_type) {
    case "url": {
      const match = str(d.match).toLowerCase() || "contains";
      return `whose page URL ${URL_MATCH[match] ?? match} ${quoted(c.url)}`;
    }
    case "host_path":
      return `whose address ${not ? "does not start" : "starts"} with ${quoted(c.url)}`;
    case "category":
      return `whose page ${is} in category ${listText(c.tag_id)}`;
    case "post_tag":
      return `whose page ${not ? "does not have" : "has"} tag ${listText(c.tag_id)}`;
    case "post":
      return `who ${not ? "are not" : "are"} on post ${listText(c.tag_id)}`;
    case "page":
      return `who ${not ? "are not" : "are"} on page ${listText(c.tag_id)}`;
    case "tag":
      return `who ${not ? "do not have" : "have"} the tag ${listText(c.tag_id)}`;
    case "keyword":
      return `whose address, referrer or page ${not ? "does not mention" : "mentions"} ${listText(c.keyword)}`;
    case "visits": {
      const scope = VISIT_SCOPE[str(d.scope)] ?? VISIT_SCOPE.total;
      return `with ${comparisonText(d.comparison, d.value ?? c.count, d.value2, "greater")} ${scope}`;
    }
    case "data_field":
      return `whose ${quoted(c.data_name)} is ${comparisonText(d.comparison, d.value, d.value2, "equal")}`;
    case "area":
      return `on pages ${not ? "without" : "with"} the area ${quoted(c.area_id)}`;
    case "cta": {
      const state = CTA_STATE[str(c.condition_cta)] ?? CTA_STATE.viewed;
      const id = Number(c.cta_id);
      const name = options.ctaNames?.[id];
      return `who ${state} ${name ? `the CTA "${name}"` : `CTA ${c.cta_id ?? "(not set)"}`}`;
    }
    case "country":
      return `${not ? "outside" : "in"} ${listText(c.country)}`;
    case "cart_value":
      return `whose cart value is ${comparisonText(d.comparison, d.value ?? c.count, d.value2, "greater")}`;
    case "list":
      return `who ${not ? "are not" : "are"} on mailing list ${quoted(d.list_id ?? c.tag_id)}`;
    default:
      return `matching a ${String(c.condition_type)} condition`;
  }
}

/** Conditions joined the way the widget reads them: "A and B, or C". "" when there are none. */
export function describeConditions(conditions: ConditionLike[] | undefined, options: Pick<SummaryOptions, "ctaNames"> = {}): string {
  const list = [...(conditions ?? [])].sort((a, b) => (a.position ?? 0) - (b.position ?? 0));
  const groups: string[][] = [];
  list.forEach((c, i) => {
    if (i === 0 || c.operator === "or") groups.push([]);
    groups[groups.length - 1].push(describeCondition(c, options));
  });
  const anded = groups.map((g) => g.join(" and "));
  // Commas mark where an "or" starts a new group once a group has an "and" in it.
  return anded.join(groups.some((g) => g.length > 1) ? ", or " : " or ");
}

/** "1 Dec 2026" in the broadcast's own time zone. */
export function formatDay(iso: string, zone: string, locale = "en-GB"): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return iso;
  try {
    return new Intl.DateTimeFormat(locale, { timeZone: zone, day: "numeric", month: "short", year: "numeric" }).format(at);
  } catch {
    return iso.slice(0, 10);
  }
}

/** The whole broadcast in one or two sentences: who, when, and what they see. */
export function summarizeBroadcast(b: BroadcastLike, options: SummaryOptions = {}): string {
  const who = describeConditions(b.conditions, options);
  const zone = b.timezone || "UTC";
  let text = who ? `Shown to visitors ${who}` : "Shown to every visitor";
  if (b.quick) {
    text += ", as a quick campaign (checked before timed ones, with no date range)";
  } else if (b.timeframe && b.range_start && b.range_end) {
    text += `, between ${formatDay(b.range_start, zone, options.locale)} and ${formatDay(b.range_end, zone, options.locale)} (${zone})`;
  } else {
    text += ", at any time";
  }
  text += ".";
  const ids = options.ctaIds ?? [];
  if (ids.length === 0) {
    text += " No CTA is attached yet, so nobody sees anything.";
  } else {
    const names = ids.map((id) => (options.ctaNames?.[id] ? `"${options.ctaNames[id]}"` : `CTA ${id}`));
    text += ` They see ${names.length === 1 ? names[0] : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`}.`;
  }
  if (b.status === false) text += " The campaign is paused: nobody sees it until it is turned on.";
  return text;
}
