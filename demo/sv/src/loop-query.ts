/**
 * The loop filter's address (SPEC 2): filters live in the query string as
 * `e-filter-{loopId}-{taxonomy}=term1+term2` (+ joins terms with AND) or
 * `=term1~term2` (~ joins them with OR), and the page as `e-page-{loopId}=2`.
 * The same parsing serves the browser and the server that renders the loop,
 * so a reload shows what the filter showed. Pure.
 */

export type LogicalJoin = "AND" | "OR";

export interface TaxonomyFilter {
  terms: string[];
  logicalJoin: LogicalJoin;
}

/** Filters per taxonomy, e.g. { "kurs-kategori": { terms: ["ledarskap"], logicalJoin: "OR" } }. */
export type LoopFilters = Record<string, TaxonomyFilter>;

/** The body the page builder sends to refresh-loop as widget_filters. */
export interface WidgetFilters {
  taxonomy: Record<string, { terms: string[]; logicalJoin: LogicalJoin }>;
}

export const SEPARATORS: Record<LogicalJoin, string> = { AND: "+", OR: "~" };

const SLUG = /^[\p{Ll}\p{N}][\p{Ll}\p{N}_-]*$/u;

const filterPrefix = (loopId: string) => `e-filter-${loopId}-`;
const pageParam = (loopId: string) => `e-page-${loopId}`;

function splitQuery(search: string): [string, string][] {
  const query = search.startsWith("?") ? search.slice(1) : search;
  if (!query) return [];
  return query
    .split("&")
    .filter(Boolean)
    .map((part) => {
      const eq = part.indexOf("=");
      const raw = eq < 0 ? [part, ""] : [part.slice(0, eq), part.slice(eq + 1)];
      // "+" stays literal here: it is the AND separator, not a space.
      const dec = (text: string) => {
        try {
          return decodeURIComponent(text);
        } catch {
          return text;
        }
      };
      return [dec(raw[0]), dec(raw[1])] as [string, string];
    });
}

/** Reads one filter value: "a~b" is OR, "a+b" (or "a b", where something turned + into a space) is AND. */
export function parseTermList(value: string): TaxonomyFilter {
  const or = value.includes("~");
  const terms = value
    .split(or ? "~" : /[+ ]/)
    .map((t) => t.trim().toLowerCase())
    .filter((t) => SLUG.test(t));
  return { terms: [...new Set(terms)], logicalJoin: or ? "OR" : "AND" };
}

/** The filters and page of one loop in a query string. */
export function parseLoopQuery(search: string, loopId: string): { filters: LoopFilters; page: number } {
  const filters: LoopFilters = {};
  let page = 1;
  for (const [key, value] of splitQuery(search)) {
    if (key.startsWith(filterPrefix(loopId))) {
      const taxonomy = key.slice(filterPrefix(loopId).length);
      const filter = parseTermList(value);
      if (taxonomy && filter.terms.length) filters[taxonomy] = filter;
    } else if (key === pageParam(loopId)) {
      const pageNumber = Number(value);
      if (Number.isInteger(pageNumber) && pageNumber >= 1 && pageNumber <= 10_000) page = pageNumber;
    }
  }
  return { filters, page };
}

/**
 * A query string with this loop's filters and page replaced, keeping every
 * other parameter as it was. Page 1 and empty filters leave no parameter.
 * Returns "" or a string starting with "?".
 */
export function buildLoopQuery(search: string, loopId: string, filters: LoopFilters, page = 1): string {
  const keep = splitQuery(search)
    .filter(([k]) => !k.startsWith(filterPrefix(loopId)) && k !== pageParam(loopId))
    .map(([k, v]) => (v === "" ? encodeURIComponent(k) : `${encodeURIComponent(k)}=${encodeURIComponent(v)}`));
  const own = Object.entries(filters)
    .filter(([, f]) => f.terms.length > 0)
    .map(
      ([taxonomy, f]) =>
        `${filterPrefix(loopId)}${encodeURIComponent(taxonomy)}=${f.terms.map(encodeURIComponent).join(SEPARATORS[f.logicalJoin])}`,
    );
  if (page > 1) own.push(`${pageParam(loopId)}=${page}`);
  const all = [...keep, ...own];
  return all.length ? `?${all.join("&")}` : "";
}

/** The refresh-loop body's widget_filters for these filters. */
export function toWidgetFilters(filters: LoopFilters): WidgetFilters {
  const taxonomy: WidgetFilters["taxonomy"] = {};
  for (const [tax, filter] of Object.entries(filters))
    if (filter.terms.length) taxonomy[tax] = { terms: [...filter.terms], logicalJoin: filter.logicalJoin };
  return { taxonomy };
}

/** Reads widget_filters from a refresh-loop body, dropping anything malformed. */
export function fromWidgetFilters(value: unknown): LoopFilters {
  const filters: LoopFilters = {};
  const taxonomy = value && typeof value === "object" ? (value as { taxonomy?: unknown }).taxonomy : undefined;
  if (!taxonomy || typeof taxonomy !== "object") return filters;
  for (const [tax, filter] of Object.entries(taxonomy as Record<string, unknown>)) {
    if (!filter || typeof filter !== "object") continue;
    const { terms, logicalJoin } = filter as { terms?: unknown; logicalJoin?: unknown };
    if (!Array.isArray(terms)) continue;
    const clean = terms.filter((t): t is string => typeof t === "string" && SLUG.test(t));
    if (clean.length) filters[tax] = { terms: [...new Set(clean)], logicalJoin: logicalJoin === "OR" ? "OR" : "AND" };
  }
  return filters;
}

/** Toggles a term in a filter: OR filters (and AND filters) allow several terms; `single` replaces the selection. */
export function toggleTerm(
  filter: TaxonomyFilter | undefined,
  term: string,
  logicalJoin: LogicalJoin,
  single = false,
): TaxonomyFilter {
  const terms = filter?.terms ?? [];
  if (terms.includes(term)) return { terms: terms.filter((t) => t !== term), logicalJoin };
  return { terms: single ? [term] : [...terms, term], logicalJoin };
}

/** Whether an item's terms match every taxonomy filter (AND: all terms; OR: any term). */
export function matchesFilters(itemTerms: Record<string, string[]>, filters: LoopFilters): boolean {
  return Object.entries(filters).every(([tax, f]) => {
    const have = itemTerms[tax] ?? [];
    return f.logicalJoin === "AND" ? f.terms.every((t) => have.includes(t)) : f.terms.some((t) => have.includes(t));
  });
}
