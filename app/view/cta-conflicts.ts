/**
 * Which other published CTAs could show in the same place, on the same pages,
 * at the same time as the CTA being edited: two exit popups that both fire
 * when a visitor leaves, or two sticky bars at the top. The widget opens one
 * modal at a time (the higher priority first; the other waits until it is
 * closed) and stacks bars, so nothing breaks, but the waiting popup rarely
 * shows, two bars take twice the room, and the owner's results split.
 *
 * "Same place" is the CTA's placement kind (placementKind). "Same pages, same
 * time" compares targeting the way the widget evaluates it
 * (widget/core/targeting.ts runsUnder, widget/core/conditions.ts): a CTA runs
 * under any active broadcast that names it (broadcast_id or cta_ids), or on
 * every page when none names it. Two CTAs overlap unless every pair of their
 * broadcasts is provably apart: time frames that do not meet, or page URL
 * conditions that contradict each other. Anything this module cannot decide
 * (tags, visits, data fields, regex-like patterns) counts as overlapping:
 * a needless warning costs a glance, a missed one costs conversions.
 *
 * Pure and small: the editor runs it on every edit (lazy editor chunk), the
 * loader's data feeds it.
 */
import type { Condition } from "#contract/schema/condition";

/** The CTA fields placement and targeting depend on (a CTA document or a list item). */
export interface PlacedCta {
  id?: number;
  name: string;
  cta_type: string;
  overlay_type?: string | null;
  hook_type?: string | null;
  bar_position?: string | null;
  broadcast_id?: number | null;
  options: Record<string, unknown>;
}

/** A broadcast as the conflict check needs it (BroadcastDocument fits). */
export interface TargetingBroadcast {
  id: number;
  name: string;
  status: boolean;
  quick?: boolean;
  timeframe: boolean;
  /** ISO 8601 */
  range_start: string | null;
  range_end: string | null;
  conditions: Pick<Condition, "condition_type" | "operator" | "url" | "data" | "count" | "data_name">[];
  cta_ids: number[];
}

/** Why another CTA may show alongside this one. */
export interface CtaConflict {
  id: number;
  name: string;
  /** The shared placement, e.g. "overlay:exit", "bar:top". */
  kind: string;
  /** Broadcasts under which the other CTA runs where this one does (empty: it runs on every page). */
  broadcasts: string[];
}

const TRIGGERS = new Set(["delayed", "scroll", "exit", "click", "add-to-cart", "immediate"]);

/**
 * Where and when a CTA appears, as far as clashing goes: overlays and two-tap
 * popups by trigger (any two modals on the same trigger compete), bars by
 * edge, slide-in hooks by side. Inline CTAs and landing pages fill their own
 * places, and click-only CTAs open only when asked: null, they never clash.
 */
export function placementKind(cta: Pick<PlacedCta, "cta_type" | "bar_position" | "options">): string | null {
  const ctaOptions = cta.options ?? {};
  const raw = typeof ctaOptions.trigger === "string" ? ctaOptions.trigger : "delayed";
  const trigger = TRIGGERS.has(raw) ? raw : "delayed";
  switch (cta.cta_type) {
    case "overlay":
    case "two-tap":
      return trigger === "click" ? null : `modal:${trigger}`;
    case "bar":
      return trigger === "click" ? null : `bar:${cta.bar_position ?? "top"}`;
    case "hook":
      return trigger === "click" ? null : `hook:${ctaOptions["hook-position"] === "left" ? "left" : "right"}`;
    default:
      return null;
  }
}

/** A stand-in broadcast for a CTA that runs on every page: always on, no conditions. */
const EVERYWHERE: TargetingBroadcast = {
  id: 0,
  name: "",
  status: true,
  timeframe: false,
  range_start: null,
  range_end: null,
  conditions: [],
  cta_ids: [],
};

/**
 * The active broadcasts a CTA runs under (the widget's runsUnder): those that
 * name it; [EVERYWHERE] when none names it and it has no broadcast_id; []
 * when it can never run (its broadcasts are all off or gone).
 */
export function runsUnder(
  cta: Pick<PlacedCta, "id" | "broadcast_id">,
  broadcasts: readonly TargetingBroadcast[],
): TargetingBroadcast[] {
  const naming = broadcasts.filter(
    (b) => (cta.broadcast_id != null && b.id === cta.broadcast_id) || (cta.id != null && b.cta_ids.includes(cta.id)),
  );
  if (!naming.length) return cta.broadcast_id == null ? [EVERYWHERE] : [];
  return naming.filter((b) => b.status);
}

function timeOf(iso: string | null): number {
  const time = iso ? Date.parse(iso) : NaN;
  return Number.isNaN(time) ? NaN : time;
}

/** Whether two broadcasts' time frames can meet (an untimed or quick broadcast is always on). */
export function framesMeet(first: TargetingBroadcast, second: TargetingBroadcast): boolean {
  const frame = (broadcast: TargetingBroadcast): [number, number] => {
    if (!broadcast.timeframe || broadcast.quick) return [-Infinity, Infinity];
    const start = timeOf(broadcast.range_start);
    const end = timeOf(broadcast.range_end);
    return [Number.isNaN(start) ? -Infinity : start, Number.isNaN(end) ? Infinity : end];
  };
  const [as, ae] = frame(first);
  const [bs, be] = frame(second);
  return as < be && bs < ae;
}

type Cond = TargetingBroadcast["conditions"][number];

/** The widget's "and binds tighter than or": the condition list as or-ed groups of and-ed conditions. */
export function orGroups(conditions: readonly Cond[]): Cond[][] {
  const groups: Cond[][] = [[]];
  conditions.forEach((c, i) => {
    if (i > 0 && c.operator === "or") groups.push([]);
    groups[groups.length - 1].push(c);
  });
  return groups;
}

/** A url condition reduced to what can be compared: its pattern (lower case) and match. */
interface UrlRule {
  pattern: string;
  /** contains | exact | starts_with */
  match: string;
  negated: boolean;
}

function urlRule(condition: Cond): UrlRule | null {
  if (condition.condition_type !== "url" || typeof condition.url !== "string") return null;
  const pattern = condition.url.trim().toLowerCase();
  // Wildcards and encoded characters make the widget's matching too rich to reason about here.
  if (!pattern || /[*%]/.test(pattern)) return null;
  const raw = String((condition.data as Record<string, unknown> | undefined)?.match ?? "contains").toLowerCase();
  const negated = /^((is_)?not|lacks)/.test(raw);
  const match = raw.replace(/^(is_)?not_?/, "") || "contains";
  if (!["contains", "exact", "starts_with"].includes(match)) return null;
  return { pattern, match, negated };
}

/** Path patterns ("/blogg") and address patterns ("shop.se/blogg") are matched against different subjects: compare like with like. */
const sameSubject = (a: string, b: string) => a.startsWith("/") === b.startsWith("/");

/**
 * Whether two url rules can never both hold on one page. Only the certain
 * cases: a page that must contain (start with, be) P cannot lack N when P
 * includes N; two exact pages differ; two prefixes that diverge.
 */
function contradict(first: UrlRule, second: UrlRule): boolean {
  if (!sameSubject(first.pattern, second.pattern)) return false;
  const [pos, neg] = first.negated ? [second, first] : [first, second];
  // An exact match may drop a trailing slash inside the address, so only contains and starts_with certainly include their pattern.
  if (!pos.negated && neg.negated)
    return pos.match !== "exact" && neg.match === "contains" && pos.pattern.includes(neg.pattern);
  if (first.negated || second.negated) return false;
  // Exact matching also ignores the query string: "/a" and "/a?x=1" both match /a?x=1.
  if (first.match === "exact" && second.match === "exact")
    return (
      !/[?]/.test(first.pattern + second.pattern) &&
      first.pattern.replace(/\/$/, "") !== second.pattern.replace(/\/$/, "")
    );
  if (first.match === "starts_with" && second.match === "starts_with")
    return !first.pattern.startsWith(second.pattern) && !second.pattern.startsWith(first.pattern);
  return false;
}

/** Whether two and-groups of conditions provably never hold on the same page. */
export function groupsApart(a: readonly Cond[], b: readonly Cond[]): boolean {
  const rules = [...a, ...b].map(urlRule).filter((r): r is UrlRule => r !== null);
  return rules.some((r, i) => rules.slice(i + 1).some((s) => contradict(r, s)));
}

/** Whether two broadcasts could both be on for one visitor on one page. */
export function broadcastsMeet(a: TargetingBroadcast, b: TargetingBroadcast): boolean {
  if (!framesMeet(a, b)) return false;
  return orGroups(a.conditions).some((ga) => orGroups(b.conditions).some((gb) => !groupsApart(ga, gb)));
}

/**
 * The published CTAs among `others` that would compete with `cta`: the same
 * placement kind and targeting that may meet. `cta` itself (same id) is
 * skipped; its own status does not matter (a draft is checked before it is
 * published).
 */
export function findConflicts(
  cta: PlacedCta,
  others: readonly (PlacedCta & { id: number; status?: string })[],
  broadcasts: readonly TargetingBroadcast[],
): CtaConflict[] {
  const kind = placementKind(cta);
  if (!kind) return [];
  const mine = runsUnder(cta, broadcasts);
  if (!mine.length) return [];
  const found: CtaConflict[] = [];
  for (const other of others) {
    if (other.id === cta.id || (other.status && other.status !== "published") || placementKind(other) !== kind)
      continue;
    const theirs = runsUnder(other, broadcasts).filter((b) => mine.some((m) => broadcastsMeet(m, b)));
    if (theirs.length)
      found.push({
        id: other.id,
        name: other.name,
        kind,
        broadcasts: theirs.filter((b) => b !== EVERYWHERE).map((b) => b.name),
      });
  }
  return found;
}
