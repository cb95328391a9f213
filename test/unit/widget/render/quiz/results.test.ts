import { describe, expect, it } from "vitest";
import {
  answer,
  applyScoreActions,
  back,
  completionEventData,
  completionPayload,
  createQuiz,
  letterOf,
  matchedGroupIds,
  mergeValues,
  mostlyLetter,
  next,
  quizScore,
  scoreSetup,
  select,
  selectionEventData,
  type QuizState,
} from "#widget/render/quiz";
import { optionsMock, personMock, scoreAction, when } from "./factories";
import { groupMock, quizFieldMock } from "#test/support/factories";

const scored = optionsMock(["a", "b", "c"], { a: { score: 1 }, b: { score: 2 }, c: { score: 5 } });
const go = (s: QuizState, value: string | string[] | number | [number, number]) =>
  next(answer(s, s.path[s.path.length - 1], value));

describe("score setup", () => {
  it("is per variant by default: starts at variant.score, lands in variant.score_field", () => {
    expect(scoreSetup({}, { score: 3, score_field: "quiz_score" })).toEqual({
      scope: "variant",
      field: "quiz_score",
      start: 3,
    });
    expect(scoreSetup()).toEqual({ scope: "variant", field: null, start: 0 });
  });

  it("is global with score-scope global: starts at the person's score field", () => {
    const person = personMock({ extra: { score: "12", points: 4 } });
    expect(scoreSetup({ "score-scope": "global" }, { score: 3 }, person)).toEqual({
      scope: "global",
      field: "score",
      start: 12,
    });
    expect(scoreSetup({ "score-scope": "global", "score-field": "points" }, null, person)).toEqual({
      scope: "global",
      field: "points",
      start: 4,
    });
    expect(scoreSetup({ "score-scope": "global" }).start).toBe(0);
  });
});

describe("score", () => {
  it("applies update, add and subtract in order", () => {
    const actions = [
      scoreAction("add_score", 5),
      scoreAction("subtract_score", 2),
      scoreAction("update_score", 10),
      scoreAction("add_score", 1),
    ];
    expect(applyScoreActions(100, actions)).toBe(11);
    expect(applyScoreActions(1, [{ action_type: "add_score", data: { value: "4" } }])).toBe(5);
    expect(
      applyScoreActions(1, [
        { action_type: "add_score", data: { score: "x" } },
        { action_type: "add_tag", data: { score: 9 } },
      ]),
    ).toBe(1);
  });

  const fields = [
    quizFieldMock({ id: 1, field_options: scored }),
    quizFieldMock({ id: 2, field_type: "checkbox", field_options: scored }),
    quizFieldMock({ id: 3, field_type: "text" }),
  ];
  const groups = [
    groupMock({ id: 7, field_id: 1, conditions: [when("q1", "is", "c")], actions: [scoreAction("subtract_score", 1)] }),
    groupMock({ id: 8, field_id: 2, actions: [scoreAction("add_score", 10)] }),
  ];

  it("adds the scores of chosen options and the actions of matched groups", () => {
    const start = createQuiz(fields, groups, { variant: { score: 100 } });
    const one = go(start, "c");
    expect(quizScore(one)).toBe(104);
    const two = go(one, ["a", "b"]);
    expect(quizScore(two)).toBe(117);
    expect(quizScore(back(two))).toBe(104);
    expect(quizScore(back(back(two)))).toBe(100);
    expect(quizScore(go(start, "b"))).toBe(102);
  });

  it("an options score override wins over options and variant", () => {
    const s = createQuiz(fields, [], { variant: { score: 100 }, score: { scope: "global", field: "g", start: 1 } });
    expect(quizScore(select(s, 1, "a"))).toBe(2);
  });
});

describe("the mostly letter", () => {
  const q = (id: number, type: "radio" | "checkbox" = "radio") =>
    quizFieldMock({ id, field_type: type, field_options: optionsMock(["x", "y", "z"]) });

  it("maps A to the first option and counts every chosen option", () => {
    let s = createQuiz([q(1), q(2, "checkbox"), q(3)]);
    s = go(s, "y");
    s = go(s, ["x", "y"]);
    expect(mostlyLetter(s)).toBe("B");
  });

  it("breaks ties by the earliest letter", () => {
    const s = go(go(createQuiz([q(1), q(2)]), "z"), "y");
    expect(mostlyLetter(s)).toBe("B");
  });

  it("is null before any choice", () => {
    expect(mostlyLetter(createQuiz([q(1)]))).toBeNull();
  });

  it("letters run A..Z, then AA", () => {
    expect([0, 1, 25, 26, 27, 52].map(letterOf)).toEqual(["A", "B", "Z", "AA", "AB", "BA"]);
  });
});

describe("results", () => {
  const fields = [
    quizFieldMock({ id: 1, slug: "goal", field_options: scored }),
    quizFieldMock({ id: 2, slug: "budget", field_type: "range", options: { "range-handles": 2 } }),
    quizFieldMock({ id: 3, slug: "email", field_type: "text" }),
    quizFieldMock({ id: 4, slug: "phone", field_type: "text" }),
    quizFieldMock({ id: 5, slug: "skipped", field_type: "text" }),
    quizFieldMock({ id: 6, slug: "src", field_type: "hidden", value: "ad" }),
  ];
  const groups = [
    groupMock({ id: 40, field_id: 1 }),
    groupMock({ field_id: 2 }),
    groupMock({ id: 41, field_id: 3, conditions: [when("email", "contains", "@")] }),
  ];
  const run = () => {
    let s = createQuiz(fields, groups, { variant: { score_field: "quiz_score" } });
    s = go(s, "b");
    s = go(s, [250, 750]);
    s = go(s, " Ann@Example.com ");
    s = go(s, "+46 70 123 45 67");
    return next(s);
  };

  it("gives merge values by slug with the score and the mostly letter", () => {
    expect(mergeValues(run())).toEqual({
      src: "ad",
      goal: "b",
      budget: [250, 750],
      email: " Ann@Example.com ",
      phone: "+46 70 123 45 67",
      "quiz.score": 2,
      quiz_score: 2,
      "quiz.mostly": "B",
    });
    expect(mergeValues(createQuiz(fields))).toEqual({ src: "ad", "quiz.score": 0 });
  });

  it("builds the SPEC 7 contact payload of quiz completion", () => {
    const s = run();
    expect(s.complete).toBe(true);
    const ctx = {
      cta_id: 3,
      website_id: 2,
      visitor_token: "t".repeat(20),
      variant_id: 4,
      step_id: 5,
      element_id: 6,
      broadcast_id: 7,
      action_groups: [41, 99],
    };
    expect(completionPayload(s, ctx)).toEqual({
      visitor_token: "t".repeat(20),
      contactable_type: "Cta",
      contactable_id: 3,
      cta_id: 3,
      website_id: 2,
      variant_id: 4,
      step_id: 5,
      element_id: 6,
      broadcast_id: 7,
      extra: { goal: "b", budget: ["250", "750"], src: "ad", quiz_score: 2 },
      email: "ann@example.com",
      phone: "+46 70 123 45 67",
      latest_score: 2,
      action_groups: [40, 41, 99],
    });
  });

  it("leaves out what the quiz did not collect", () => {
    const s = next(select(createQuiz([fields[0]]), 1, "c"));
    expect(completionPayload(s, { cta_id: 1, website_id: 1 })).toEqual({
      contactable_type: "Cta",
      contactable_id: 1,
      cta_id: 1,
      website_id: 1,
      variant_id: null,
      step_id: null,
      element_id: null,
      broadcast_id: null,
      extra: { goal: "c" },
      latest_score: 5,
      action_groups: [],
    });
  });

  it("lists matched group ids once, in path order, without unsaved groups", () => {
    expect(matchedGroupIds(run())).toEqual([40, 41]);
  });

  it("gives Selection and Completion event data", () => {
    const s = createQuiz(fields, groups);
    const chosen = select(s, 1, "c");
    expect(selectionEventData(chosen)).toEqual({ fields: { extra: { goal: "c" } }, score: 5 });
    expect(selectionEventData(chosen, 2)).toEqual({ fields: { extra: {} }, score: 5 });
    const later = go(next(chosen), [1, 2]);
    expect(selectionEventData(later, later.def.fields[0])).toEqual({ fields: { extra: { goal: "c" } }, score: 5 });
    expect(completionEventData(run())).toEqual({
      fields: {
        extra: { src: "ad", goal: "b", budget: ["250", "750"], email: " Ann@Example.com ", phone: "+46 70 123 45 67" },
      },
      score: 2,
      mostly: "B",
    });
  });
});
