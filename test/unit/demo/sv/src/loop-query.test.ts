/** The loop filter's address: + for AND, ~ for OR, and a page parameter (SPEC 2). */
import { describe, expect, it } from "vitest";
import {
  buildLoopQuery,
  fromWidgetFilters,
  matchesFilters,
  parseLoopQuery,
  parseTermList,
  toggleTerm,
  toWidgetFilters,
} from "#demo/sv/src/loop-query";

const ID = "f00d123";

describe("building the query string", () => {
  it("joins AND terms with + and OR terms with ~", () => {
    expect(buildLoopQuery("", ID, { format: { terms: ["distans", "klassrum"], logicalJoin: "AND" } })).toBe(
      "?e-filter-f00d123-format=distans+klassrum",
    );
    expect(
      buildLoopQuery("", ID, { "kurs-kategori": { terms: ["ledarskap", "forhandling"], logicalJoin: "OR" } }),
    ).toBe("?e-filter-f00d123-kurs-kategori=ledarskap~forhandling");
  });

  it("adds the page parameter after page 1 only", () => {
    const f = { "kurs-kategori": { terms: ["ledarskap"], logicalJoin: "OR" as const } };
    expect(buildLoopQuery("", ID, f, 1)).toBe("?e-filter-f00d123-kurs-kategori=ledarskap");
    expect(buildLoopQuery("", ID, f, 2)).toBe("?e-filter-f00d123-kurs-kategori=ledarskap&e-page-f00d123=2");
    expect(buildLoopQuery("", ID, {}, 3)).toBe("?e-page-f00d123=3");
  });

  it("replaces this loop's parameters and keeps every other one", () => {
    const search =
      "?utm_source=nyhetsbrev&e-filter-f00d123-format=distans&e-page-f00d123=4&e-filter-beef001-format=klassrum&flagga";
    expect(buildLoopQuery(search, ID, { format: { terms: ["klassrum"], logicalJoin: "AND" } })).toBe(
      "?utm_source=nyhetsbrev&e-filter-beef001-format=klassrum&flagga&e-filter-f00d123-format=klassrum",
    );
  });

  it("leaves no parameters for no filters on page 1", () => {
    expect(buildLoopQuery("?e-filter-f00d123-format=distans&e-page-f00d123=2", ID, {})).toBe("");
    expect(buildLoopQuery("?e-filter-f00d123-format=distans", ID, { format: { terms: [], logicalJoin: "AND" } })).toBe(
      "",
    );
  });

  it("orders taxonomies as given and keeps several filters", () => {
    const q = buildLoopQuery(
      "",
      ID,
      {
        "kurs-kategori": { terms: ["forsaljning", "prospektering"], logicalJoin: "OR" },
        format: { terms: ["distans", "foretagsanpassad"], logicalJoin: "AND" },
      },
      2,
    );
    expect(q).toBe(
      "?e-filter-f00d123-kurs-kategori=forsaljning~prospektering&e-filter-f00d123-format=distans+foretagsanpassad&e-page-f00d123=2",
    );
  });
});

describe("reading the query string", () => {
  it("reads back what it builds", () => {
    const filters = {
      "kurs-kategori": { terms: ["forsaljning", "prospektering"], logicalJoin: "OR" as const },
      format: { terms: ["distans", "klassrum"], logicalJoin: "AND" as const },
    };
    expect(parseLoopQuery(buildLoopQuery("?x=1", ID, filters, 3), ID)).toEqual({ filters, page: 3 });
  });

  it("reads a + turned into a space (or %2B) as AND, and a lone term as AND", () => {
    expect(parseTermList("distans klassrum")).toEqual({ terms: ["distans", "klassrum"], logicalJoin: "AND" });
    expect(parseLoopQuery("?e-filter-f00d123-format=distans%2Bklassrum", ID).filters.format).toEqual({
      terms: ["distans", "klassrum"],
      logicalJoin: "AND",
    });
    expect(parseTermList("ledarskap")).toEqual({ terms: ["ledarskap"], logicalJoin: "AND" });
  });

  it("ignores other loops, bad pages and bad terms", () => {
    expect(parseLoopQuery("?e-filter-beef001-format=distans&e-page-beef001=2", ID)).toEqual({ filters: {}, page: 1 });
    expect(parseLoopQuery("?e-page-f00d123=0", ID).page).toBe(1);
    expect(parseLoopQuery("?e-page-f00d123=abc", ID).page).toBe(1);
    expect(parseLoopQuery("?e-page-f00d123=2.5", ID).page).toBe(1);
    expect(parseLoopQuery("?e-filter-f00d123-format=<script>~distans", ID).filters.format).toEqual({
      terms: ["distans"],
      logicalJoin: "OR",
    });
    expect(parseLoopQuery("?e-filter-f00d123-format=", ID).filters).toEqual({});
  });
});

describe("selection and matching", () => {
  it("toggles terms, several at once or one at a time", () => {
    const a = toggleTerm(undefined, "distans", "AND");
    expect(a).toEqual({ terms: ["distans"], logicalJoin: "AND" });
    const b = toggleTerm(a, "klassrum", "AND");
    expect(b.terms).toEqual(["distans", "klassrum"]);
    expect(toggleTerm(b, "distans", "AND").terms).toEqual(["klassrum"]);
    expect(toggleTerm(b, "foretagsanpassad", "AND", true).terms).toEqual(["foretagsanpassad"]);
  });

  it("matches AND as all terms and OR as any term, across taxonomies", () => {
    const course = { "kurs-kategori": ["forsaljning", "prospektering"], format: ["distans"] };
    expect(matchesFilters(course, {})).toBe(true);
    expect(
      matchesFilters(course, { "kurs-kategori": { terms: ["ledarskap", "prospektering"], logicalJoin: "OR" } }),
    ).toBe(true);
    expect(
      matchesFilters(course, { "kurs-kategori": { terms: ["ledarskap", "prospektering"], logicalJoin: "AND" } }),
    ).toBe(false);
    expect(matchesFilters(course, { format: { terms: ["distans", "klassrum"], logicalJoin: "AND" } })).toBe(false);
    expect(
      matchesFilters(course, {
        "kurs-kategori": { terms: ["forsaljning"], logicalJoin: "OR" },
        format: { terms: ["distans"], logicalJoin: "AND" },
      }),
    ).toBe(true);
  });

  it("converts to and from the refresh-loop body's widget_filters", () => {
    const filters = { format: { terms: ["distans"], logicalJoin: "AND" as const } };
    expect(toWidgetFilters(filters)).toEqual({ taxonomy: { format: { terms: ["distans"], logicalJoin: "AND" } } });
    expect(fromWidgetFilters(toWidgetFilters(filters))).toEqual(filters);
    expect(
      fromWidgetFilters({
        taxonomy: { format: { terms: ["distans", 5, "<x>"], logicalJoin: "OR" }, bad: "x", empty: { terms: [] } },
      }),
    ).toEqual({
      format: { terms: ["distans"], logicalJoin: "OR" },
    });
    expect(fromWidgetFilters(null)).toEqual({});
    expect(fromWidgetFilters({ taxonomy: [] })).toEqual({});
  });
});
