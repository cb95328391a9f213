import { beforeAll, describe, expect, it, vi } from "vitest";
import type { Condition } from "#contract/schema/condition";
import {
  CORE_TYPES,
  installTests,
  needsMoreTests,
  passes,
  test,
  urlMatches,
  type ConditionContext,
} from "#widget/core/conditions";
import { compare, countryOf, fieldOf, moreTests, tagsOf } from "#widget/core/conditions-more";
import { recordVisit } from "#widget/core/person-data";
import { personMock } from "./helpers";

type Over = Partial<Condition> & Pick<Condition, "condition_type">;
const cond = (over: Over): Condition => ({ position: 0, operator: "and", data: {}, ...over }) as Condition;

/** A page without a DOM: body classes, marked areas, title, text and referrer. */
export function fakeDoc(
  classes: string[] = ["single", "postid-42", "category-blogg", "tag-forhandling", "page-id-12"],
  areas = ["footer"],
): ConditionContext["doc"] {
  return {
    referrer: "https://www.google.com/search?q=säljteknik",
    title: "Förhandlingstips",
    body: {
      classList: { contains: (c: string) => classes.includes(c) },
      textContent: "Så förhandlar du fram bättre affärer",
    },
    querySelectorAll: (() => areas.map((a) => ({ getAttribute: () => a }))) as never,
  };
}

function ctx(over: Partial<ConditionContext> = {}): ConditionContext {
  return {
    url: "https://www.saljakademin.se/blogg/forhandling-tips?utm_source=news",
    doc: fakeDoc(),
    person: personMock({
      country: "SE",
      email: "anna@exempel.se",
      extra: { roll: "Säljchef", antal: "12" },
      data: { tags: ["Kund"], score: 40 },
    }),
    local: {},
    ...over,
  };
}

const run = (over: Over, c: Partial<ConditionContext> = {}) => test(cond(over), ctx(c));

describe("condition evaluator", () => {
  beforeAll(() => installTests(moreTests));

  describe("url", () => {
    it("contains (the default), case-insensitively, in the path or the whole address", () => {
      expect(run({ condition_type: "url", url: "/blogg" })).toBe(true);
      expect(run({ condition_type: "url", url: "/BLOGG", data: { match: "contains" } })).toBe(true);
      expect(run({ condition_type: "url", url: "utm_source=news" })).toBe(true);
      expect(run({ condition_type: "url", url: "/kassan" })).toBe(false);
    });
    it("not_contains negates", () => {
      expect(run({ condition_type: "url", url: "/kassan", data: { match: "not_contains" } })).toBe(true);
      expect(run({ condition_type: "url", url: "/blogg", data: { match: "not_contains" } })).toBe(false);
    });
    it("exact ignores protocol, www, query and a trailing slash, and allows * wildcards", () => {
      expect(
        run({
          condition_type: "url",
          url: "https://saljakademin.se/blogg/forhandling-tips/",
          data: { match: "exact" },
        }),
      ).toBe(true);
      expect(run({ condition_type: "url", url: "/blogg/forhandling-tips", data: { match: "exact" } })).toBe(true);
      expect(run({ condition_type: "url", url: "/blogg", data: { match: "exact" } })).toBe(false);
      expect(run({ condition_type: "url", url: "/blogg/*", data: { match: "exact" } })).toBe(true);
      expect(urlMatches("https://x.se/", "/", "exact")).toBe(true);
      expect(urlMatches("https://x.se/a.b", "/a*b", "exact")).toBe(true);
      expect(urlMatches("https://x.se/axb", "/a.b", "exact")).toBe(false);
    });
    it("starts_with compares the path for a /pattern and the address otherwise", () => {
      expect(run({ condition_type: "url", url: "/blogg/", data: { match: "starts_with" } })).toBe(true);
      expect(run({ condition_type: "url", url: "saljakademin.se/blogg", data: { match: "starts_with" } })).toBe(true);
      expect(run({ condition_type: "url", url: "/forhandling", data: { match: "starts_with" } })).toBe(false);
    });
    it("not_exact and not_starts_with negate their match (the admin offers them)", () => {
      expect(run({ condition_type: "url", url: "/blogg/forhandling-tips", data: { match: "not_exact" } })).toBe(false);
      expect(run({ condition_type: "url", url: "/blogg", data: { match: "not_exact" } })).toBe(true);
      expect(run({ condition_type: "url", url: "/blogg", data: { match: "not_starts_with" } })).toBe(false);
      expect(run({ condition_type: "url", url: "/kurser", data: { match: "not_starts_with" } })).toBe(true);
    });
    it("matches percent-encoded Swedish paths against what the owner typed", () => {
      expect(urlMatches("https://x.se/utbildningar/f%C3%B6rhandling", "/utbildningar/förhandling", "exact")).toBe(true);
    });
    it("an empty pattern never matches", () => expect(run({ condition_type: "url", url: "" })).toBe(false));
  });

  it("host_path: host and path prefix, without protocol or www", () => {
    expect(run({ condition_type: "host_path", url: "saljakademin.se/blogg" })).toBe(true);
    expect(run({ condition_type: "host_path", url: "https://www.saljakademin.se/blogg/forhandling" })).toBe(true);
    expect(run({ condition_type: "host_path", url: "annan.se/blogg" })).toBe(false);
    expect(run({ condition_type: "host_path", url: "saljakademin.se/kurser", data: { match: "is_not" } })).toBe(true);
  });

  describe("body classes", () => {
    it.each([
      ["category", "blogg", true],
      ["category", "nyheter", false],
      ["post_tag", "forhandling", true],
      ["post", "42", true],
      ["post", "43", false],
      ["page", "12", true],
    ] as const)("%s %s → %s", (type, value, expected) => {
      expect(run({ condition_type: type, tag_id: value })).toBe(expected);
    });
    it("accepts a comma list and negation", () => {
      expect(run({ condition_type: "category", tag_id: "nyheter, blogg" })).toBe(true);
      expect(run({ condition_type: "category", tag_id: "blogg", data: { match: "is_not" } })).toBe(false);
    });
  });

  it("area: a marked page area on the page", () => {
    expect(run({ condition_type: "area", area_id: "footer" })).toBe(true);
    expect(run({ condition_type: "area", area_id: "sidebar" })).toBe(false);
    expect(run({ condition_type: "area", area_id: "sidebar", data: { match: "not" } })).toBe(true);
  });

  it("cta: viewed, not_viewed, converted, not_converted from the local counts", () => {
    const local = { ctas: { "7": { View: 2, Submission: 1 }, "8": { View: 1 } } };
    const c = (id: number, how: string) => run({ condition_type: "cta", cta_id: id, condition_cta: how }, { local });
    expect(c(7, "viewed")).toBe(true);
    expect(c(7, "converted")).toBe(true);
    expect(c(8, "converted")).toBe(false);
    expect(c(8, "not_converted")).toBe(true);
    expect(c(9, "not_viewed")).toBe(true);
    expect(c(9, "viewed")).toBe(false);
  });

  it("tag: person tags and integration tags, or their absence", () => {
    const person = personMock({
      data: { tags: ["Kund"], integrations: { builtin: { data: { tags: ["webinar"] } }, "3": { tags: ["vip"] } } },
    });
    expect(tagsOf(ctx({ person })).sort()).toEqual(["kund", "vip", "webinar"]);
    expect(run({ condition_type: "tag", tag_id: "kund" }, { person })).toBe(true);
    expect(run({ condition_type: "tag", tag_id: "VIP" }, { person })).toBe(true);
    expect(run({ condition_type: "tag", tag_id: "partner" }, { person })).toBe(false);
    expect(run({ condition_type: "tag", tag_id: "partner", data: { match: "lacks" } }, { person })).toBe(true);
  });

  it("keyword: in the address, the referrer or the page text", () => {
    expect(run({ condition_type: "keyword", keyword: "forhandling-tips" })).toBe(true);
    expect(run({ condition_type: "keyword", keyword: "säljteknik" })).toBe(true);
    expect(run({ condition_type: "keyword", keyword: "bättre affärer" })).toBe(true);
    expect(run({ condition_type: "keyword", keyword: "förhandlingstips" })).toBe(true);
    expect(run({ condition_type: "keyword", keyword: "prospektering, ledarskap" })).toBe(false);
    expect(run({ condition_type: "keyword", keyword: "prospektering", data: { match: "not_contains" } })).toBe(true);
  });

  it("visits: page, session and total counts with each comparison", () => {
    let visits = recordVisit(undefined, "https://www.saljakademin.se/blogg/forhandling-tips", "s1", 1);
    visits = recordVisit(visits, "https://saljakademin.se/", "s1", 2);
    visits = recordVisit(visits, "https://saljakademin.se/blogg/forhandling-tips?x=1", "s2", 3);
    const local = { visits };
    const v = (data: Record<string, unknown>, count?: number) =>
      run({ condition_type: "visits", count, data }, { local });
    expect(v({ scope: "page", comparison: "equal" }, 2)).toBe(true);
    expect(v({ scope: "session", comparison: "equal" }, 1)).toBe(true);
    expect(v({ scope: "total" }, 1)).toBe(true); // 2 sessions > 1
    expect(v({}, 2)).toBe(false);
    expect(v({ comparison: "less", value: 3 })).toBe(true);
    expect(v({ scope: "page", comparison: "range", value: 1, value2: 2 })).toBe(true);
    expect(v({ scope: "page", comparison: "range", value: 3, value2: 9 })).toBe(false);
  });

  it("data_field: answers first, then person fields, custom fields, parameters, data, location and company", () => {
    const c = ctx({
      values: { antal: "5" },
      local: { params: { utm_source: "news" }, location: { city: "Malmö" }, company: { industry: "SaaS" } },
    });
    expect(fieldOf(c, "antal")).toBe("5");
    expect(fieldOf(c, "email")).toBe("anna@exempel.se");
    expect(fieldOf(c, "roll")).toBe("Säljchef");
    expect(fieldOf(c, "utm_source")).toBe("news");
    expect(fieldOf(c, "score")).toBe(40);
    expect(fieldOf(c, "city")).toBe("Malmö");
    expect(fieldOf(c, "industry")).toBe("SaaS");
    expect(fieldOf(c, "nothing")).toBeUndefined();
    const f = (data: Record<string, unknown>, name: string) =>
      test(cond({ condition_type: "data_field", data_name: name, data }), c);
    expect(f({ value: "säljchef" }, "roll")).toBe(true);
    expect(f({ comparison: "not_equal", value: "vd" }, "roll")).toBe(true);
    expect(f({ comparison: "contains", value: "chef" }, "roll")).toBe(true);
    expect(f({ comparison: "greater", value: 4 }, "antal")).toBe(true);
    expect(f({ comparison: "less", value: 4 }, "antal")).toBe(false);
    expect(f({ comparison: "exists" }, "email")).toBe(true);
    expect(f({ comparison: "not_exists" }, "phone")).toBe(true);
    // SPEC 5: numeric comparisons only when both values are numeric.
    expect(f({ comparison: "greater", value: 1 }, "roll")).toBe(false);
    expect(f({ comparison: "less", value: 1 }, "roll")).toBe(false);
  });

  it("data_field: device (by the viewport's width, SPEC's breakpoints) and referrer are facts of the page view", () => {
    const c = ctx({
      doc: { ...fakeDoc(), referrer: "https://www.google.se/search?q=saljkurs" },
      person: personMock({ extra: { device: "tv" } }),
    });
    const f = (name: string, data: Record<string, unknown>) =>
      test(cond({ condition_type: "data_field", data_name: name, data }), c);
    try {
      for (const [width, device] of [
        [390, "mobile"],
        [767, "mobile"],
        [768, "tablet"],
        [1023, "tablet"],
        [1024, "desktop"],
        [1920, "desktop"],
      ] as const) {
        vi.stubGlobal("innerWidth", width);
        expect(fieldOf(c, "device"), String(width)).toBe(device);
        expect(f("device", { value: device })).toBe(true);
      }
      expect(f("device", { value: "mobile" })).toBe(false);
      // The page view's fact wins over a custom answer of the same name.
      expect(fieldOf(c, "device")).toBe("desktop");
    } finally {
      vi.unstubAllGlobals();
    }
    expect(f("referrer", { comparison: "contains", value: "GOOGLE." })).toBe(true);
    expect(f("referrer", { comparison: "contains", value: "facebook" })).toBe(false);
    const direct = ctx({ doc: { ...fakeDoc(), referrer: "" } });
    expect(
      test(
        cond({
          condition_type: "data_field",
          data_name: "referrer",
          data: { comparison: "contains", value: "google" },
        }),
        direct,
      ),
    ).toBe(false);
    // A hostile name is no fact: it falls through to the person as before.
    expect(fieldOf(c, "constructor")).toBeUndefined();
  });

  it("country: located, person or storefront country, by code or name", () => {
    expect(countryOf(ctx({ local: { location: { countryCode: "NO", country: "Norway" } } }))).toEqual([
      "no",
      "norway",
      "se",
    ]);
    expect(run({ condition_type: "country", country: "SE" })).toBe(true);
    expect(run({ condition_type: "country", country: "NO, DK" })).toBe(false);
    expect(
      run(
        { condition_type: "country", country: "norway" },
        { local: { location: { countryCode: "NO", country: "Norway" } } },
      ),
    ).toBe(true);
    expect(run({ condition_type: "country", country: "SE", data: { match: "is_not" } })).toBe(false);
    // Unknown country: fails whether negated or not.
    const nowhere = { person: personMock(), local: {} };
    expect(run({ condition_type: "country", country: "SE" }, nowhere)).toBe(false);
    expect(run({ condition_type: "country", country: "SE", data: { match: "is_not" } }, nowhere)).toBe(false);
    expect(run({ condition_type: "country", country: "US" }, { ...nowhere, shopCountry: "US" })).toBe(true);
  });

  it("cart_value: greater (default), less, equal and range against the cart in units; unknown fails", () => {
    const local = { cart: { value: 520, at: 0 } };
    const c = (data: Record<string, unknown>) => run({ condition_type: "cart_value", data }, { local });
    expect(c({ value: 500 })).toBe(true);
    expect(c({ comparison: "less", value: 500 })).toBe(false);
    expect(c({ comparison: "equal", value: "520" })).toBe(true);
    expect(c({ comparison: "range", value: 500, value2: 600 })).toBe(true);
    expect(c({ comparison: "range", value: 530, value2: 600 })).toBe(false);
    expect(run({ condition_type: "cart_value", data: { value: 0 } })).toBe(false);
  });

  it("list: membership from the integrations, or not", () => {
    const person = personMock({
      data: { integrations: { builtin: { data: { lists: ["1", "13"] } }, "5": { lists: ["2"] } } },
    });
    expect(run({ condition_type: "list", data: { list_id: 13 } }, { person })).toBe(true);
    expect(run({ condition_type: "list", tag_id: "2" }, { person })).toBe(true);
    expect(run({ condition_type: "list", data: { list_id: "7" } }, { person })).toBe(false);
    expect(run({ condition_type: "list", data: { list_id: "7", match: "is_not" } }, { person })).toBe(true);
  });

  it("list and tag: the server's yes/no facts count only where they say yes", () => {
    const person = personMock({
      data: {
        integrations: {
          klaviyo: { facts: 2, data: { lists: { "13": true, "7": false }, tags: { vip: true, churned: false } } },
        },
      },
    });
    expect(run({ condition_type: "list", data: { list_id: "13" } }, { person })).toBe(true);
    expect(run({ condition_type: "list", data: { list_id: "7" } }, { person })).toBe(false);
    expect(run({ condition_type: "list", data: { list_id: "7", match: "is_not" } }, { person })).toBe(true);
    expect(run({ condition_type: "tag", tag_id: "VIP" }, { person })).toBe(true);
    expect(run({ condition_type: "tag", tag_id: "churned" }, { person })).toBe(false);
  });

  it("an unknown type fails", () => {
    expect(run({ condition_type: "weather" as Condition["condition_type"] })).toBe(false);
  });

  it("types beyond the core fail until their testers are installed", async () => {
    const { vi } = await import("vitest");
    vi.resetModules();
    const fresh = await import("#widget/core/conditions");
    expect(fresh.test(cond({ condition_type: "tag", tag_id: "kund" }), ctx())).toBe(false);
    expect(fresh.test(cond({ condition_type: "url", url: "/blogg" }), ctx())).toBe(true);
    expect(CORE_TYPES).not.toContain("data_field");
  });
});

describe("and / or", () => {
  const yes = cond({ condition_type: "url", url: "/blogg" });
  const no = cond({ condition_type: "url", url: "/kassan" });
  const or = (c: Condition) => ({ ...c, operator: "or" as const });

  it("an empty list passes", () => expect(passes([], ctx())).toBe(true));
  it("and needs all", () => {
    expect(passes([yes, yes], ctx())).toBe(true);
    expect(passes([yes, no], ctx())).toBe(false);
  });
  it("or needs one", () => {
    expect(passes([no, or(yes)], ctx())).toBe(true);
    expect(passes([no, or(no)], ctx())).toBe(false);
  });
  it("and binds tighter than or: A and B or C = (A and B) or C", () => {
    expect(passes([yes, no, or(yes)], ctx())).toBe(true);
    expect(passes([no, yes, or(no)], ctx())).toBe(false);
    expect(passes([no, or(yes), no], ctx())).toBe(false); // A or (B and C)
    expect(passes([yes, or(no), no], ctx())).toBe(true);
  });
  it("the seeded blog broadcast: category blogg OR url contains /blogg", () => {
    const blog = [
      cond({ condition_type: "category", tag_id: "blogg" }),
      cond({ condition_type: "url", operator: "or", url: "/blogg", data: { match: "contains" } }),
    ];
    expect(passes(blog, ctx({ doc: fakeDoc([]), url: "https://x.se/blogg/a" }))).toBe(true);
    expect(passes(blog, ctx({ doc: fakeDoc(["category-blogg"]), url: "https://x.se/a" }))).toBe(true);
    expect(passes(blog, ctx({ doc: fakeDoc([]), url: "https://x.se/kurser" }))).toBe(false);
  });
});

describe("compare", () => {
  it("accepts the renderer's spellings", () => {
    expect(compare("equals", "a", "A")).toBe(true);
    expect(compare("is", 3, "3")).toBe(true);
    expect(compare("not_equals", "a", "b")).toBe(true);
    expect(compare("is_not", "a", "a")).toBe(false);
    expect(compare("empty", "", null)).toBe(true);
  });
  it("a list value holds when any item does, negations when none does", () => {
    expect(compare("equal", ["röd", "blå"], "blå")).toBe(true);
    expect(compare("not_equal", ["röd", "blå"], "blå")).toBe(false);
    expect(compare("not_contains", ["röd"], "grön")).toBe(true);
    expect(compare("exists", [], null)).toBe(false);
  });
  it("booleans and blanks are not numbers", () => {
    expect(compare("greater", true, 0)).toBe(false);
    expect(compare("greater", "", -1)).toBe(false);
    expect(compare("equal", null, null)).toBe(false);
  });
});

describe("needsMoreTests", () => {
  it("finds a type beyond the page types anywhere in a document or a list", () => {
    expect(needsMoreTests([cond({ condition_type: "url" }), cond({ condition_type: "area" })])).toBe(false);
    expect(needsMoreTests([cond({ condition_type: "url" }), cond({ condition_type: "country" })])).toBe(true);
    const row = (type: Condition["condition_type"]) => ({
      id: 1,
      elements: [{ id: 2, conditions: [cond({ condition_type: type })] }],
    });
    expect(needsMoreTests({ variants: [{ steps: [{ rows: [row("page")] }] }] })).toBe(false);
    expect(needsMoreTests({ variants: [{ steps: [{ rows: [row("visits")] }] }] })).toBe(true);
    // A text that mentions a condition type is no condition.
    expect(needsMoreTests({ text: '"condition_type":"country"', data: null })).toBe(false);
    expect(needsMoreTests(null)).toBe(false);
  });
});
