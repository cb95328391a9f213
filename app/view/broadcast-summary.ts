/**
 * Plain-language summaries of targeting conditions and broadcasts for the
 * admin ("Shown to visitors whose page URL contains /blogg or whose page is in
 * category blogg, between 1 Dec 2026 and 31 Dec 2026 (Europe/Stockholm)").
 * Pure: no DOM, no database. The wording follows the widget's evaluator
 * (widget/core/conditions.ts): each condition's operator joins it to the one
 * before it and "and" binds tighter than "or".
 */
import type { AdminKey } from "#app/i18n/en";
import { textOr, translator, type Translate } from "#app/i18n";
import type { Condition } from "#contract/schema/condition";
import type { Language } from "#contract/i18n";

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
function wordsOf(translate: Translate) {
  return {
    t: translate,
    quoted: (v: unknown): string => (str(v) === "" ? translate("summary.notSet") : str(v)),
  };
}
type Words = ReturnType<typeof wordsOf>;

function listText(words: Words, value: unknown): string {
  const parts = str(value)
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length <= 1) return words.quoted(value);
  return `${parts.slice(0, -1).join(", ")} ${words.t("summary.or")} ${parts[parts.length - 1]}`;
}

/** "more than 3", "between 2 and 5", "exactly 4". */
function comparisonText(words: Words, comparison: unknown, value: unknown, value2: unknown, fallback: string): string {
  const cmp = str(comparison) || fallback;
  return textOr(words.t, `summary.cmp.${cmp}`, `${cmp} ${words.quoted(value)}`, {
    value: words.quoted(value),
    value2: words.quoted(value2),
  });
}

/** One condition as a clause that follows "visitors" ("whose page URL contains /blogg"). */
export function describeCondition(
  condition: ConditionLike,
  options: Pick<SummaryOptions, "ctaNames" | "t"> = {},
): string {
  const words = wordsOf(options.t ?? english);
  const { t: translate, quoted } = words;
  const data = (condition.data ?? {}) as Record<string, unknown>;
  const not = negated(data.match);
  /** The condition's sentence, in its negated form when the match says "not". */
  const clause = (key: AdminKey, negatedKey: AdminKey, values: Record<string, string | number>) =>
    translate(not ? negatedKey : key, values);
  switch (condition.condition_type) {
    case "url": {
      // As the evaluator reads it: the match without its "not" prefix (contains when bare), negated by that prefix.
      const bare =
        str(data.match)
          .toLowerCase()
          .replace(/^(is_)?not_?/, "") || "contains";
      const match = `${not ? "not_" : ""}${bare}`;
      return translate("summary.cond.url", {
        match: textOr(translate, `summary.urlMatch.${match}`, match),
        value: quoted(condition.url),
      });
    }
    case "host_path":
      return clause("summary.cond.hostPath", "summary.cond.hostPathNot", { value: quoted(condition.url) });
    case "category":
      return clause("summary.cond.category", "summary.cond.categoryNot", { value: listText(words, condition.tag_id) });
    case "post_tag":
      return clause("summary.cond.postTag", "summary.cond.postTagNot", { value: listText(words, condition.tag_id) });
    case "post":
      return clause("summary.cond.post", "summary.cond.postNot", { value: listText(words, condition.tag_id) });
    case "page":
      return clause("summary.cond.page", "summary.cond.pageNot", { value: listText(words, condition.tag_id) });
    case "tag":
      return clause("summary.cond.tag", "summary.cond.tagNot", { value: listText(words, condition.tag_id) });
    case "keyword":
      return clause("summary.cond.keyword", "summary.cond.keywordNot", { value: listText(words, condition.keyword) });
    case "visits":
      return translate("summary.cond.visits", {
        comparison: comparisonText(words, data.comparison, data.value ?? condition.count, data.value2, "greater"),
        scope: textOr(translate, `summary.visitScope.${str(data.scope)}`, translate("summary.visitScope.total")),
      });
    case "data_field": {
      // The widget's page facts read as what they are, not as a field.
      if (condition.data_name === "referrer" && str(data.comparison) === "contains")
        return translate("summary.cond.referrer", { value: quoted(data.value) });
      const field = translate("summary.cond.dataField", {
        name: quoted(condition.data_name),
        comparison: comparisonText(words, data.comparison, data.value, data.value2, "equal"),
      });
      // A device class (mobile, tablet, desktop) reads as where the visitor is; any other value as a field.
      return condition.data_name === "device" && str(data.comparison || "equal") === "equal"
        ? textOr(translate, `summary.cond.device.${str(data.value)}`, field)
        : field;
    }
    case "area":
      return clause("summary.cond.area", "summary.cond.areaNot", { value: quoted(condition.area_id) });
    case "cta": {
      const name = options.ctaNames?.[Number(condition.cta_id)];
      return translate("summary.cond.cta", {
        state: textOr(
          translate,
          `summary.ctaState.${str(condition.condition_cta)}`,
          translate("summary.ctaState.viewed"),
        ),
        cta: name
          ? translate("summary.cond.ctaNamed", { name })
          : translate("summary.cond.ctaId", { id: condition.cta_id ?? translate("summary.notSet") }),
      });
    }
    case "country":
      return clause("summary.cond.country", "summary.cond.countryNot", { value: listText(words, condition.country) });
    case "cart_value":
      return translate("summary.cond.cartValue", {
        comparison: comparisonText(words, data.comparison, data.value ?? condition.count, data.value2, "greater"),
      });
    case "list":
      return clause("summary.cond.list", "summary.cond.listNot", { value: quoted(data.list_id ?? condition.tag_id) });
    default:
      return translate("summary.cond.unknown", { type: String(condition.condition_type) });
  }
}

/** Conditions joined the way the widget reads them: "A and B, or C". "" when there are none. */
export function describeConditions(
  conditions: ConditionLike[] | undefined,
  options: Pick<SummaryOptions, "ctaNames" | "t"> = {},
): string {
  const translate = options.t ?? english;
  const list = [...(conditions ?? [])].sort((a, b) => (a.position ?? 0) - (b.position ?? 0));
  const groups: string[][] = [];
  list.forEach((c, i) => {
    if (i === 0 || c.operator === "or") groups.push([]);
    groups[groups.length - 1].push(describeCondition(c, options));
  });
  const anded = groups.map((g) => g.join(` ${translate("summary.and")} `));
  // Commas mark where an "or" starts a new group once a group has an "and" in it.
  return anded.join(
    groups.some((g) => g.length > 1) ? `, ${translate("summary.or")} ` : ` ${translate("summary.or")} `,
  );
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
export function summarizeBroadcast(broadcast: BroadcastLike, options: SummaryOptions = {}): string {
  const translate = options.t ?? english;
  const who = describeConditions(broadcast.conditions, options);
  const zone = broadcast.timezone || "UTC";
  let text = who ? translate("summary.shownTo", { who }) : translate("summary.shownToAll");
  if (broadcast.quick) {
    text += translate("summary.quick");
  } else if (broadcast.timeframe && broadcast.range_start && broadcast.range_end) {
    text += translate("summary.between", {
      start: formatDay(broadcast.range_start, zone, options.locale),
      end: formatDay(broadcast.range_end, zone, options.locale),
      zone,
    });
  } else {
    text += translate("summary.anyTime");
  }
  text += ".";
  const ids = options.ctaIds ?? [];
  if (ids.length === 0) {
    text += translate("summary.noCta");
  } else {
    const names = ids.map((id) =>
      options.ctaNames?.[id]
        ? translate("summary.quotedName", { name: options.ctaNames[id] })
        : translate("summary.cond.ctaId", { id }),
    );
    const joined =
      names.length === 1
        ? names[0]
        : `${names.slice(0, -1).join(", ")} ${translate("summary.and")} ${names[names.length - 1]}`;
    text += translate("summary.theySee", { names: joined });
  }
  if (broadcast.status === false) text += translate("summary.paused");
  return text;
}
