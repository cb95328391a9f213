/** Quiz navigation (SPEC 4): the first question, the next one in priority order, jumps and their fallbacks, and back. */
import { describe, expect, it } from "vitest";
import { answer, back, canGoBack, createQuiz, current, isComplete, next, peekNext } from "#widget/render/quiz";
import { optionsMock, when } from "./factories";
import { groupMock, quizFieldMock } from "#test/support/factories";
import { ab, at, go } from "./navigation-harness";

describe("start", () => {
  it("starts at the top-level question with the lowest position", () => {
    const s = createQuiz([
      quizFieldMock({ id: 1, position: 5 }),
      quizFieldMock({ id: 2, position: 2 }),
      quizFieldMock({ id: 3, position: 0, field_id: 1 }),
      quizFieldMock({ id: 4, position: 1, field_type: "hidden" }),
    ]);
    expect(at(s)).toBe(2);
    expect(canGoBack(s)).toBe(false);
  });

  it("keeps document order between equal positions", () => {
    expect(at(createQuiz([quizFieldMock({ id: 7, position: 1 }), quizFieldMock({ id: 3, position: 1 })]))).toBe(7);
  });

  it("is complete at once without questions", () => {
    const s = createQuiz([quizFieldMock({ id: 1, field_type: "hidden" })]);
    expect(isComplete(s)).toBe(true);
    expect(current(s)).toBeNull();
    expect(next(s)).toBe(s);
  });

  it("treats orphans and parent loops as top-level, resolves parent_slug", () => {
    const s = createQuiz([
      quizFieldMock({ id: 1, position: 3, field_id: 99 }),
      quizFieldMock({ id: 2, position: 1, field_id: 3 }),
      quizFieldMock({ id: 3, position: 2, field_id: 2 }),
      quizFieldMock({ id: 4, position: 0, slug: "child", parent_slug: "q1" }),
    ]);
    expect(s.def.root).toEqual({ 4: 1 });
    expect(at(s)).toBe(2);
  });

  it("gives unsaved fields negative ids", () => {
    const { id: _, ...noId } = quizFieldMock({ id: 1 });
    expect(at(createQuiz([noId]))).toBe(-1);
  });
});

describe("the next question, in SPEC 4 priority order", () => {
  const fields = [
    quizFieldMock({
      id: 1,
      field_options: optionsMock(["a", "b", "c"], { a: { jump_field_id: 3 } }),
      options: { "jump-field-id": 4 },
    }),
    quizFieldMock({ id: 2 }),
    quizFieldMock({ id: 3 }),
    quizFieldMock({ id: 4 }),
    quizFieldMock({ id: 5 }),
  ];
  const groups = [
    groupMock({ id: 10, field_id: 1, position: 1, conditions: [when("q1", "is", "b")], data: { "jump-field-id": 5 } }),
    groupMock({ id: 11, field_id: 1, position: 2, conditions: [when("q1", "is", "b")], data: { "jump-field-id": 2 } }),
  ];
  const cases: [string, string | undefined, number | null, string][] = [
    ["1: the first matching action group (by position)", "b", 5, "group"],
    ["2: the chosen option's jump", "a", 3, "option"],
    ["3: the question's own jump", "c", 4, "question"],
    ["3: the question's own jump without an answer", undefined, 4, "question"],
  ];
  it.each(cases)("%s", (_, value, to, rule) => {
    let s = createQuiz(fields, groups);
    if (value) s = answer(s, 1, value);
    expect(peekNext(s)).toEqual({ id: to, rule });
    expect(at(next(s))).toBe(to);
  });

  it("5: otherwise the next top-level question in order", () => {
    const s = createQuiz([
      quizFieldMock({ id: 1, position: 0 }),
      quizFieldMock({ id: 2, position: 2 }),
      quizFieldMock({ id: 3, position: 1 }),
    ]);
    expect(peekNext(s)).toEqual({ id: 3, rule: "order" });
    expect(at(next(next(s)))).toBe(2);
  });

  it("4: after a sub-question, the top-level question after its parent", () => {
    const s = createQuiz([
      quizFieldMock({ id: 1, position: 0, options: { "jump-field-id": 11 } }),
      quizFieldMock({ id: 2, position: 1 }),
      quizFieldMock({ id: 11, position: 0, field_id: 1 }),
      quizFieldMock({ id: 12, position: 1, field_id: 1 }),
    ]);
    const sub = next(s);
    expect(at(sub)).toBe(11);
    expect(peekNext(sub)).toEqual({ id: 2, rule: "parent" });
  });

  it("ignores the option jump of a multi-select question", () => {
    const f = quizFieldMock({
      id: 1,
      multi_select: true,
      field_options: optionsMock(["a"], { a: { jump_field_id: 3 } }),
    });
    expect(at(go(createQuiz([f, quizFieldMock({ id: 2 }), quizFieldMock({ id: 3 })]), ["a"]))).toBe(2);
  });

  it("skips inactive groups, groups of other fields and matching groups without a jump", () => {
    const gs = [
      groupMock({ id: 1, field_id: 1, status: false, data: { "jump-field-id": 3 } }),
      groupMock({ id: 2, field_id: 2, data: { "jump-field-id": 3 } }),
      groupMock({ id: 3, field_id: 1, data: { confirmation: "x" } }),
    ];
    const s = next(createQuiz([quizFieldMock({ id: 1 }), quizFieldMock({ id: 2 }), quizFieldMock({ id: 3 })], gs));
    expect(at(s)).toBe(2);
    expect(s.matched[1].map((i) => s.def.groups[i].id)).toEqual([3]);
  });

  it("a group without conditions always matches", () => {
    const gs = [groupMock({ id: 1, field_id: 1, data: { "jump-field-id": 3 } })];
    expect(
      at(next(createQuiz([quizFieldMock({ id: 1 }), quizFieldMock({ id: 2 }), quizFieldMock({ id: 3 })], gs))),
    ).toBe(3);
  });

  it("accepts jump ids written as strings", () => {
    expect(
      at(
        next(
          createQuiz([
            quizFieldMock({ id: 1, options: { "jump-field-id": "3" } }),
            quizFieldMock({ id: 2 }),
            quizFieldMock({ id: 3 }),
          ]),
        ),
      ),
    ).toBe(3);
  });
});

describe("complete_quiz and next_sub_question", () => {
  it.each([
    ["option", { field_options: optionsMock(["a"], { a: { jump_field_id: "complete_quiz" } }) }, []],
    ["question", { options: { "jump-field-id": "complete_quiz" } }, []],
    ["group", {}, [groupMock({ field_id: 1, data: { "jump-field-id": "complete_quiz" } })]],
  ] as const)("complete_quiz from the %s rule ends the quiz", (rule, extra, groups) => {
    const s = go(
      createQuiz([quizFieldMock({ id: 1, field_options: ab, ...extra }), quizFieldMock({ id: 2 })], [...groups]),
      "a",
    );
    expect(isComplete(s)).toBe(true);
    expect(current(s)).toBeNull();
    expect(s.path).toEqual([1]);
  });

  const family = [
    quizFieldMock({ id: 1, position: 0, options: { "jump-field-id": "next_sub_question" } }),
    quizFieldMock({ id: 2, position: 1 }),
    quizFieldMock({ id: 13, position: 3, field_id: 1, options: { "jump-field-id": "next_sub_question" } }),
    quizFieldMock({ id: 12, position: 2, field_id: 1, options: { "jump-field-id": "next_sub_question" } }),
    quizFieldMock({ id: 21, position: 0, field_id: 2 }),
  ];
  it("goes from a question to its first sub-question, then to the following ones, then on (rule 4)", () => {
    const s = createQuiz(family);
    const steps = [s];
    for (let i = 0; i < 4; i++) steps.push(next(steps[steps.length - 1]));
    expect(steps.map(at)).toEqual([1, 12, 13, 2, null]);
  });

  it("from a question without sub-questions, goes on in order", () => {
    const s = createQuiz([
      quizFieldMock({ id: 1, options: { "jump-field-id": "next_sub_question" } }),
      quizFieldMock({ id: 2 }),
    ]);
    expect(peekNext(s)).toEqual({ id: 2, rule: "order" });
  });
});

describe("targets that cannot be shown fall back to the order rules", () => {
  it("a deleted field id goes on in order, not to the lower-priority jump", () => {
    const f = quizFieldMock({
      id: 1,
      field_options: optionsMock(["a"], { a: { jump_field_id: 404 } }),
      options: { "jump-field-id": 3 },
    });
    const s = go(createQuiz([f, quizFieldMock({ id: 2 }), quizFieldMock({ id: 3 })]), "a");
    expect(at(s)).toBe(2);
  });

  it("a hidden field id goes on in order", () => {
    const s = createQuiz([
      quizFieldMock({ id: 1, options: { "jump-field-id": 3 } }),
      quizFieldMock({ id: 2 }),
      quizFieldMock({ id: 3, field_type: "hidden" }),
    ]);
    expect(at(next(s))).toBe(2);
  });

  it("a jump back to a question on the path skips to the next unvisited question", () => {
    const s = createQuiz([
      quizFieldMock({ id: 1, options: { "jump-field-id": 3 } }),
      quizFieldMock({ id: 2 }),
      quizFieldMock({ id: 3, options: { "jump-field-id": 1 } }),
      quizFieldMock({ id: 4 }),
    ]);
    const visited = [s, next(s), next(next(s)), next(next(next(s)))].map(at);
    expect(visited).toEqual([1, 3, 4, null]);
  });

  it("the order rule skips questions already visited and completes when none is left", () => {
    const s = createQuiz([
      quizFieldMock({ id: 1, options: { "jump-field-id": 3 } }),
      quizFieldMock({ id: 2, options: { "jump-field-id": 3 } }),
      quizFieldMock({ id: 3, options: { "jump-field-id": 2 } }),
    ]);
    const third = next(next(s));
    expect(at(third)).toBe(2);
    expect(peekNext(third)).toEqual({ id: null, rule: "end" });
    expect(next(third).path).toEqual([1, 3, 2]);
    expect(peekNext(next(s))).toEqual({ id: 2, rule: "question" });
  });

  it("completes with rule end when no question is left", () => {
    const s = createQuiz([quizFieldMock({ id: 1 })]);
    expect(peekNext(s)).toEqual({ id: null, rule: "end" });
    const done = next(s);
    expect(isComplete(done)).toBe(true);
    expect(next(done)).toBe(done);
  });
});

describe("back", () => {
  const fields = [
    quizFieldMock({ id: 1, field_options: ab }),
    quizFieldMock({ id: 2, field_options: ab }),
    quizFieldMock({ id: 3 }),
  ];
  it("restores the previous question and clears its answer and the one just left", () => {
    const two = go(createQuiz(fields), "a");
    const answered = answer(two, 2, "b");
    const s = back(answered);
    expect(at(s)).toBe(1);
    expect(s.answers).toEqual({});
    expect(s.path).toEqual([1]);
    expect(canGoBack(s)).toBe(false);
  });

  it("does nothing on the first question or after completion", () => {
    const s = createQuiz(fields);
    expect(back(s)).toBe(s);
    const done = next(next(next(s)));
    expect(isComplete(done)).toBe(true);
    expect(back(done)).toBe(done);
  });

  it("forgets the groups matched when the question was left", () => {
    const s = go(createQuiz(fields, [groupMock({ id: 9, field_id: 1 })]), "a");
    expect(s.matched[1]).toEqual([0]);
    expect(back(s).matched).toEqual({});
  });
});
