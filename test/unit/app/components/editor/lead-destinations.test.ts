/**
 * The "Where leads go" card's document logic: a list is chosen when every
 * form, quiz and survey of the CTA subscribes to it; ticking adds one
 * subscribe_list action per collecting element (the same format the element's
 * actions editor and the seed write), unticking removes exactly those, and
 * an action without an integration counts as the built-in lists'.
 */
import { describe, expect, it } from "vitest";
import type { CtaDocument } from "#contract/schema/cta";
import { collectingElements, listState, setList } from "#app/components/editor/lead-destinations";

type El = CtaDocument["variants"][number]["steps"][number]["sections"][number]["columns"][number]["elements"][number];
const el = (element_type: El["element_type"], actions: El["actions"] = []): El => ({
  position: 0,
  element_type,
  options: {},
  fields: [],
  action_groups: [],
  actions,
});
const docOf = (...steps: El[][]): CtaDocument =>
  ({
    name: "T",
    cta_type: "overlay",
    overlay_type: "boxed",
    status: "draft",
    options: {},
    variants: [
      {
        variation: "A",
        percentage: 100,
        winner: false,
        options: {},
        steps: steps.map((elements, i) => ({
          position: i,
          options: {},
          action_groups: [],
          sections: [{ position: 0, options: {}, columns: [{ position: 0, options: {}, elements }] }],
        })),
      },
    ],
  }) as CtaDocument;

const LIST = { integrationId: 4, listId: "7" };
const BUILTIN = 4;

describe("lead destinations", () => {
  it("finds forms, quizzes and surveys in every step, and nothing else", () => {
    const doc = docOf([el("text"), el("form")], [el("quiz"), el("button"), el("survey")]);
    expect(collectingElements(doc).map((e) => e.element_type)).toEqual(["form", "quiz", "survey"]);
  });

  it("ticking subscribes every collecting element once; unticking removes only that list", () => {
    const other = { action_type: "add_tag" as const, tag_id: "vip", integration_id: null, data: {} };
    const doc = docOf([el("text"), el("form", [other])], [el("quiz")]);
    expect(listState(doc, LIST, BUILTIN)).toBe("none");
    const on = setList(doc, LIST, true, BUILTIN);
    expect(listState(on, LIST, BUILTIN)).toBe("all");
    const [form, quiz] = collectingElements(on);
    expect(form.actions).toEqual([
      other,
      { action_type: "subscribe_list", tag_id: null, integration_id: 4, data: { list_id: "7" } },
    ]);
    expect(quiz.actions).toHaveLength(1);
    expect(on.variants[0].steps[0].sections[0].columns[0].elements[0].actions).toEqual([]); // the text element is untouched
    expect(setList(on, LIST, true, BUILTIN)).toEqual(on); // idempotent
    const off = setList(on, LIST, false, BUILTIN);
    expect(collectingElements(off).map((e) => e.actions)).toEqual([[other], []]);
    expect(doc.variants[0].steps[0].sections[0].columns[0].elements[1].actions).toEqual([other]); // pure
  });

  it("reports a list only part of the elements subscribe to, and matches actions without an integration as built-in", () => {
    const legacy = { action_type: "subscribe_list" as const, tag_id: null, integration_id: null, data: { list_id: 7 } };
    const doc = docOf([el("form", [legacy])], [el("survey")]);
    expect(listState(doc, LIST, BUILTIN)).toBe("some");
    expect(listState(doc, LIST, null)).toBe("none");
    expect(listState(doc, { integrationId: 9, listId: "7" }, BUILTIN)).toBe("none");
    expect(listState(setList(doc, LIST, true, BUILTIN), LIST, BUILTIN)).toBe("all");
    expect(collectingElements(setList(doc, LIST, false, BUILTIN)).flatMap((e) => e.actions)).toEqual([]);
  });

  it("ignores unsubscribe actions and hostile list data", () => {
    const doc = docOf([
      el("form", [
        { action_type: "unsubscribe_list", tag_id: null, integration_id: 4, data: { list_id: "7" } },
        {
          action_type: "subscribe_list",
          tag_id: null,
          integration_id: 4,
          data: { list_id: { toString: "7" } as unknown as string },
        },
        { action_type: "subscribe_list", tag_id: null, integration_id: 4, data: {} },
      ]),
    ]);
    expect(listState(doc, LIST, BUILTIN)).toBe("none");
    expect(listState(docOf([el("text")]), LIST, BUILTIN)).toBe("none");
  });
});
