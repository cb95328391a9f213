/**
 * Plain-language summaries of targeting conditions and broadcasts for the
 * admin ("Shown to visitors whose page URL contains /blogg or whose page is in
 * category blogg, between 1 Dec 2026 and 31 Dec 2026 (Europe/Stockholm)").
 * Pure: no DOM, no database. The wording follows the widget's evaluator
 * (widget/core/conditions.ts): each condition's operator joins it to the one
 * before it and "and" binds tighter than "or".
 */
import type { AdminKey } from "../i18n/en";
import { textOr, translator, type Translate } from "../i18n";
import type { Condition } from "../../contract/schema/condition";
import type { Language } from "../../contract/i18n";

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
  /** The admin language's translator (English when absent): the words are the catalogue's "summary.*" texts. */
  t?: Translate;
}

const english = translator("en");

/** The locale of the summary's dates per admin language: day, month and year in that order, unambiguous in both. */
export const SUMMARY_LOCALES: Record<Language, string> = { en: "en-GB", sv: "sv-SE" };
const str = (v: unknown): string => (v === null || v === undefined ? "" : String(v)).trim();
const negated = (match: unknown): boolean => /^(is_)?not/.test(str(match).toLowerCase());

/** Words of one language. */
function wordsOf(t: Translate) {
  return {
    t,
    quoted: (v: unknown): string => (str(v) === "" ? t("summary.notSet") : str(v)),
  };
}
type Words = ReturnType<typeof wordsOf>;

function listText(w: Words, v: unknown): string {
  const parts = str(v)
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length <= 1) return w.quoted(v);
  return `${parts.slice(0, -1).join(", ")} ${w.t("summary.or")} ${parts[parts.length - 1]}`;
}

/** "more than 3", "between 2 and 5", "exactly 4". */
function comparisonText(w: Words, comparison: unknown, value: unknown, value2: unknown, fallback: string): string {
  const cmp = str(comparison) || fallback;
  return textOr(w.t, `summary.cmp.${cmp}`, `${cmp} ${w.quoted(value)}`, {
    value: w.quoted(value),
    value2: w.quoted(value2),
  });
}

/** One condition as a clause that follows "visitors" ("whose page URL contains /blogg"). */
export function describeCondition(c: ConditionLike, options: Pick<SummaryOptions, "ctaNames" | "t"> = {}): string {
  const w = wordsOf(options.t ?? english);
  const { t, quoted } = w;
  const d = (c.data ?? {}) as Record<string, unknown>;
  const not = negated(d.match);
  /** The condition's sentence, in its negated form when the match says "not". */
  const clause = (key: AdminKey, negatedKey: AdminKey, values: Record<string, string | number>) =>
    t(not ? negatedKey : key, values);
  switch (c.condition_type) {
    case "url": {
      // As the evaluator reads it: the match without its "not" prefix (contains when bare), negated by that prefix.
      const bare =
        str(d.match)
          .toLowerCase()
          .replace(/^(is_)?not_?/, "") || "contains";
      const match = `${not ? "not_" : ""}${bare}`;
      return t("summary.cond.url", { match: textOr(t, `summary.urlMatch.${match}`, match), value: quoted(c.url) });
    }
    case "host_path":
      return clause("summary.cond.hostPath", "summary.cond.hostPathNot", { value: quoted(c.url) });
    case "category":
      return clause("summary.cond.category", "summary.cond.categoryNot", { value: listText(w, c.tag_id) });
    case "post_tag":
      return clause("summary.cond.postTag", "summary.cond.postTagNot", { value: listText(w, c.tag_id) });
    case "post":
      return clause("summary.cond.post", "summary.cond.postNot", { value: listText(w, c.tag_id) });
    case "page":
      return clause("summary.cond.page", "summary.cond.pageNot", { value: listText(w, c.tag_id) });
    case "tag":
      return clause("summary.cond.tag", "summary.cond.tagNot", { value: listText(w, c.tag_id) });
    case "keyword":
      return clause("summary.cond.keyword", "summary.cond.keywordNot", { value: listText(w, c.keyword) });
    case "visits":
      return t("summary.cond.visits", {
        comparison: comparisonText(w, d.comparison, d.value ?? c.count, d.value2, "greater"),
        scope: textOr(t, `summary.visitScope.${str(d.scope)}`, t("summary.visitScope.total")),
      });
    case "data_field": {
      // The widget's page facts read as what they are, not as a field.
      if (c.data_name === "referrer" && str(d.comparison) === "contains")
        return t("summary.cond.referrer", { value: quoted(d.value) });
      const field = t("summary.cond.dataField", {
        name: quoted(c.data_name),
        comparison: comparisonText(w, d.comparison, d.value, d.value2, "equal"),
      });
      // A device class (mobile, tablet, desktop) reads as where the visitor is; any other value as a field.
      return c.data_name === "device" && str(d.comparison || "equal") === "equal"
        ? textOr(t, `summary.cond.device.${str(d.value)}`, field)
        : field;
    }
    case "area":
      return clause("summary.cond.area", "summary.cond.areaNot", { value: quoted(c.area_id) });
    case "cta": {
      const name = options.ctaNames?.[Number(c.cta_id)];
      return t("summary.cond.cta", {
        state: textOr(t, `summary.ctaState.${str(c.condition_cta)}`, t("summary.ctaState.viewed")),
        cta: name
          ? t("summary.cond.ctaNamed", { name })
          : t("summary.cond.ctaId", { id: c.cta_id ?? t("summary.notSet") }),
      });
    }
    case "country":
      return clause("summary.cond.country", "summary.cond.countryNot", { value: listText(w, c.country) });
    case "cart_value":
      return t("summary.cond.cartValue", {
        comparison: comparisonText(w, d.comparison, d.value ?? c.count, d.value2, "greater"),
      });
    case "list":
      return clause("summary.cond.list", "summary.cond.listNot", { value: quoted(d.list_id ?? c.tag_id) });
    default:
      return t("summary.cond.unknown", { type: String(c.condition_type) });
  }
}

/** Conditions joined the way the widget reads them: "A and B, or C". "" when there are none. */
export function describeConditions(
  conditions: ConditionLike[] | undefined,
  options: Pick<SummaryOptions, "ctaNames" | "t"> = {},
): string {
  const t = options.t ?? english;
  const list = [...(conditions ?? [])].sort((a, b) => (a.position ?? 0) - (b.position ?? 0));
  const groups: string[][] = [];
  list.forEach((c, i) => {
    if (i === 0 || c.operator === "or") groups.push([]);
    groups[groups.length - 1].push(describeCondition(c, options));
  });
  const anded = groups.map((g) => g.join(` ${t("summary.and")} `));
  // Commas mark where an "or" starts a new group once a group has an "and" in it.
  return anded.join(groups.some((g) => g.length > 1) ? `, ${t("summary.or")} ` : ` ${t("summary.or")} `);
}

/** "1 Dec 2026" in the broadcast's own time zone. */
export function formatDay(iso: string, zone: string, locale = "en-GB"): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return iso;
  try {
    return new Intl.DateTimeFormat(locale, { timeZone: zone, day: "numeric", month: "short", year: "numeric" }).format(
      at,
    );
  } catch {
    return iso.slice(0, 10);
  }
}

/** The whole broadcast in one or two sentences: who, when, and what they see. */
export function summarizeBroadcast(b: BroadcastLike, options: SummaryOptions = {}): string {
  const t = options.t ?? english;
  const who = describeConditions(b.conditions, options);
  const zone = b.timezone || "UTC";
  let text = who ? t("summary.shownTo", { who }) : t("summary.shownToAll");
  if (b.quick) {
    text += t("summary.quick");
  } else if (b.timeframe && b.range_start && b.range_end) {
    text += t("summary.between", {
      start: formatDay(b.range_start, zone, options.locale),
      end: formatDay(b.range_end, zone, options.locale),
      zone,
    });
  } else {
    text += t("summary.anyTime");
  }
  text += ".";
  const ids = options.ctaIds ?? [];
  if (ids.length === 0) {
    text += t("summary.noCta");
  } else {
    const names = ids.map((id) =>
      options.ctaNames?.[id]
        ? t("summary.quotedName", { name: options.ctaNames[id] })
        : t("summary.cond.ctaId", { id }),
    );
    const joined =
      names.length === 1 ? names[0] : `${names.slice(0, -1).join(", ")} ${t("summary.and")} ${names[names.length - 1]}`;
    text += t("summary.theySee", { names: joined });
  }
  if (b.status === false) text += t("summary.paused");
  return text;
}
