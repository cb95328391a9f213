/** Quiz navigation (SPEC 4): answers and advancing, the back and next buttons, prefill, and answer conditions. */
import { describe, expect, it } from "vitest";
import {
  answer,
  back,
  canAdvance,
  compare,
  conditionsMatch,
  createQuiz,
  currentError,
  next,
  select,
  showBackButton,
  showNextButton,
} from "#widget/render/quiz";
import { conditionMock, optionsMock, personMock, scoreAction, when } from "./factories";
import { groupMock, quizFieldMock } from "#test/support/factories";
import { ab, at, go } from "./navigation-harness";

describe("answers and advancing", () => {
  it("ignores answers to another question than the current one", () => {
    const s = createQuiz([quizFieldMock({ id: 1 }), quizFieldMock({ id: 2 })]);
    expect(answer(s, 2, "a")).toBe(s);
    expect(select(s, 2, "a")).toBe(s);
  });

  it("an empty value clears the answer", () => {
    const s = answer(createQuiz([quizFieldMock({ id: 1, field_type: "text" })]), 1, "x");
    expect(answer(s, 1, "").answers).toEqual({});
    expect(answer(s, 1, []).answers).toEqual({});
  });

  it("required blocks advancing while unanswered or invalid", () => {
    const s = createQuiz([
      quizFieldMock({ id: 1, field_type: "number", required: true, options: { min: 1, max: 10 } }),
      quizFieldMock({ id: 2 }),
    ]);
    expect(currentError(s)).toBe("required");
    expect(next(s)).toBe(s);
    expect(currentError(answer(s, 1, 11))).toBe("max");
    expect(currentError(answer(s, 1, 0))).toBe("min");
    expect(currentError(answer(s, 1, 5, true))).toBe("invalid");
    expect(at(next(answer(s, 1, 5)))).toBe(2);
  });

  it("an optional question may stay empty, but a given value must be valid", () => {
    const s = createQuiz([
      quizFieldMock({ id: 1, field_type: "number", options: { max: 10 } }),
      quizFieldMock({ id: 2 }),
    ]);
    expect(canAdvance(s)).toBe(true);
    expect(canAdvance(answer(s, 1, 12))).toBe(false);
    expect(canAdvance(answer(s, 1, "", true))).toBe(true);
    expect(canAdvance(answer(s, 1, "abc", true))).toBe(false);
  });

  it("select toggles: a repeat click removes the answer", () => {
    const s = createQuiz([quizFieldMock({ id: 1, field_options: ab })]);
    expect(select(s, 1, "a").answers).toEqual({ 1: "a" });
    expect(select(select(s, 1, "a"), 1, "a").answers).toEqual({});
    expect(select(select(s, 1, "a"), 1, "b").answers).toEqual({ 1: "b" });
  });

  it("select honours multi-select-limit", () => {
    const f = quizFieldMock({
      id: 1,
      multi_select: true,
      field_options: optionsMock(["a", "b", "c"]),
      options: { "multi-select-limit": 2 },
    });
    let s = createQuiz([f]);
    for (const v of ["a", "b", "c"]) s = select(s, 1, v);
    expect(s.answers[1]).toEqual(["a", "b"]);
    expect(select(s, 1, "a").answers[1]).toEqual(["b"]);
  });
});

describe("buttons", () => {
  it("next shows once answered, or at once for type empty", () => {
    const s = createQuiz([quizFieldMock({ id: 1, field_options: ab }), quizFieldMock({ id: 2, field_type: "empty" })]);
    expect(showNextButton(s)).toBe(false);
    expect(showNextButton(select(s, 1, "a"))).toBe(true);
    expect(showNextButton(go(s, "a"))).toBe(true);
  });

  it("next is hidden for spinners and when selecting advances", () => {
    const spin = createQuiz([quizFieldMock({ id: 1, field_type: "empty", options: { "loading-spinner": true } })]);
    expect(showNextButton(spin)).toBe(false);
    const auto = createQuiz([quizFieldMock({ id: 1, field_options: ab, options: { "hide-next-button": true } })]);
    expect(showNextButton(select(auto, 1, "a"))).toBe(false);
  });

  it("back is hidden on the first question, for spinners and with hide-back-button", () => {
    const s = createQuiz([
      quizFieldMock({ id: 1 }),
      quizFieldMock({ id: 2 }),
      quizFieldMock({ id: 3, options: { "hide-back-button": "true" } }),
      quizFieldMock({ id: 4, field_type: "empty", options: { "loading-spinner": "true" } }),
    ]);
    const seen = [s, next(s), next(next(s)), next(next(next(s)))].map(showBackButton);
    expect(seen).toEqual([false, true, false, false]);
    expect(showBackButton(next(next(next(next(s)))))).toBe(false);
  });
});

describe("prefill", () => {
  const person = personMock({ email: "ann@example.com", extra: { colour: "b" } });
  const fields = [
    quizFieldMock({ id: 1, slug: "email", field_type: "text" }),
    quizFieldMock({ id: 2, slug: "colour", field_options: ab }),
    quizFieldMock({ id: 3, slug: "city", field_type: "hidden", url_params: true, parameter: "town" }),
    quizFieldMock({ id: 4, slug: "source", field_type: "hidden", value: "quiz" }),
  ];
  it("fills questions when they are entered, and hidden fields at the start", () => {
    const s = createQuiz(fields, [], { person, urlParams: { town: "Lund" } });
    expect(s.answers).toEqual({ 1: "ann@example.com" });
    expect(s.def.hidden).toEqual({ city: "Lund", source: "quiz" });
    const two = next(s);
    expect(two.answers[2]).toBe("b");
    expect(back(two).answers).toEqual({});
  });

  it("is off with prefill-fields false", () => {
    const s = createQuiz([{ ...fields[0], options: { "prefill-fields": false } }], [], { person });
    expect(s.answers).toEqual({});
  });
});

describe("answer conditions", () => {
  it.each([
    ["b", "is", "B", true],
    [["a", "b"], "is", "b", true],
    [["a", "b"], "is_not", "b", false],
    ["a", "is_not", "b", true],
    [undefined, "is_not", "b", true],
    ["hello world", "contains", "WORLD", true],
    ["hello", "not_contains", "x", true],
    ["10", "greater", "9", true],
    ["10", "greater", "abc", false],
    ["abc", "less", "b", false],
    [5, "less", "6", true],
    [5, "greater_or_equal", 5, true],
    [5, "less_or_equal", 4, false],
    ["10", "is", "10.0", true],
    [undefined, "is_empty", null, true],
    [[], "not_empty", null, false],
    ["x", "exists", null, true],
    ["a", "is", ["b", "a"], true],
    ["a", "whatever", "a", false],
  ] as const)("%j %s %j → %s", (actual, comparison, expected, result) => {
    expect(compare(actual, comparison, expected)).toBe(result);
  });

  const data = { q1: "a", q2: 3, "quiz.score": 7 };
  it("combines with and / or from left to right, in position order", () => {
    expect(conditionsMatch([when("q1", "is", "a"), when("q2", "is", 4, "and", 1)], data)).toBe(false);
    expect(conditionsMatch([when("q1", "is", "a"), when("q2", "is", 4, "or", 1)], data)).toBe(true);
    // (false or true) and false = false; with precedence it would be true.
    expect(
      conditionsMatch([when("q1", "is", "b"), when("q1", "is", "a", "or", 1), when("q2", "is", 1, "and", 2)], data),
    ).toBe(false);
    expect(conditionsMatch([when("q2", "is", 4, "or", 1), when("q1", "is", "a", "and", 0)], data)).toBe(true);
    expect(conditionsMatch([], data)).toBe(true);
  });

  it("sees the score and hands other conditions to the caller", () => {
    expect(conditionsMatch([when("quiz.score", "greater", 5)], data)).toBe(true);
    const country = conditionMock({ condition_type: "country", country: "SE" });
    expect(conditionsMatch([country], data)).toBe(false);
    expect(conditionsMatch([country], data, (c) => c.country === "SE")).toBe(true);
    expect(conditionsMatch([when("email", "is_empty")], data)).toBe(false);
  });

  it("a group can test an earlier answer and the score so far", () => {
    const fields = [
      quizFieldMock({ id: 1, field_options: optionsMock(["a", "b"], { a: { score: 10 } }) }),
      quizFieldMock({ id: 2 }),
      quizFieldMock({ id: 3 }),
      quizFieldMock({ id: 4 }),
    ];
    const groups = [
      groupMock({ id: 1, field_id: 1, actions: [scoreAction("add_score", 5)] }),
      groupMock({
        id: 2,
        field_id: 2,
        conditions: [when("q1", "is", "a"), when("quiz.score", "greater", 14, "and", 1)],
        data: { "jump-field-id": 4 },
      }),
    ];
    const s = next(go(createQuiz(fields, groups), "a"));
    expect(at(s)).toBe(4);
    expect(at(next(go(createQuiz(fields, groups), "b")))).toBe(3);
  });
});
