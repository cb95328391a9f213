/**
 * Property tests over generated quizzes: random fields, sub-questions (with
 * missing parents and parent loops), option and question jumps (ids,
 * complete_quiz, next_sub_question, deleted ids, garbage), conditional action
 * groups, and random walks of answers, selections, nexts and backs.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ActionGroup, Field, FieldType } from "#contract/schema/cta";
import type { Condition } from "#contract/schema/condition";
import {
  answer,
  back,
  canAdvance,
  createQuiz,
  current,
  isComplete,
  isMultiSelect,
  next,
  peekNext,
  rangeConfig,
  select,
  type Answer,
  type QuizField,
  type QuizState,
} from "#widget/render/quiz";
import { oracleNext } from "./oracle";

const MAX_FIELDS = 9;
const TYPES: FieldType[] = [
  "radio",
  "dropdown",
  "image",
  "letter",
  "checkbox",
  "text",
  "number",
  "paragraph",
  "range",
  "empty",
  "hidden",
];
const VALUES = ["a", "b", "c", "d"];

interface Quiz {
  fields: Field[];
  groups: ActionGroup[];
}

const targetArb = (ids: number[]) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constant(null) },
    { weight: 4, arbitrary: fc.constantFrom(...ids) },
    { weight: 1, arbitrary: fc.constantFrom("complete_quiz", "next_sub_question") },
    { weight: 1, arbitrary: fc.constantFrom<unknown>(404, "7", "abc", "") },
  );

const conditionArb = (slugs: string[]): fc.Arbitrary<Condition> =>
  fc.record({
    position: fc.integer({ min: 0, max: 3 }),
    condition_type: fc.constantFrom<Condition["condition_type"]>("data_field", "data_field", "data_field", "country"),
    operator: fc.constantFrom<"and" | "or">("and", "or"),
    data_name: fc.constantFrom(...slugs, "unknown_name"),
    data: fc.record({
      comparison: fc.constantFrom("is", "is_not", "contains", "greater", "less", "is_empty"),
      value: fc.constantFrom<unknown>("a", "b", "C", "1", 3, "hello"),
    }),
  });

const quizArb: fc.Arbitrary<Quiz> = fc.integer({ min: 1, max: MAX_FIELDS }).chain((n) => {
  const ids = Array.from({ length: n }, (_, i) => i + 1);
  const slugs = ids.map((id) => `q${id}`);
  const fieldArb = (id: number) =>
    fc
      .record({
        position: fc.integer({ min: 0, max: 5 }),
        parent: fc.oneof(
          { weight: 3, arbitrary: fc.constant(null) },
          { weight: 3, arbitrary: fc.constantFrom(...ids) },
          { weight: 1, arbitrary: fc.constant(99) },
        ),
        type: fc.constantFrom(...TYPES),
        multi: fc.boolean(),
        required: fc.boolean(),
        jump: targetArb(ids),
        value: fc.constantFrom(null, "a"),
        options: fc.array(fc.record({ jump: targetArb(ids), score: fc.integer({ min: -3, max: 3 }) }), {
          maxLength: 4,
        }),
      })
      .map(
        (r): Field => ({
          id,
          slug: `q${id}`,
          field_type: r.type,
          position: r.position,
          field_id: r.parent,
          required: r.required,
          multi_select: r.multi,
          url_params: false,
          value: r.type === "hidden" ? r.value : null,
          options: r.jump === null ? {} : { "jump-field-id": r.jump },
          field_options: r.options.map((o, i) => ({
            value: VALUES[i],
            score: o.score,
            jump_field_id: o.jump as Field["field_options"][number]["jump_field_id"],
          })),
        }),
      );
  const groupArb = fc
    .record({
      id: fc.integer({ min: 1, max: 1000 }),
      field_id: fc.constantFrom(...ids, 99),
      status: fc.integer({ min: 0, max: 4 }).map((n) => n > 0),
      position: fc.integer({ min: 0, max: 3 }),
      conditions: fc.array(conditionArb(slugs), { maxLength: 2 }),
      jump: targetArb(ids),
    })
    .map(
      (g): ActionGroup => ({
        id: g.id,
        field_id: g.field_id,
        status: g.status,
        position: g.position,
        conditions: g.conditions,
        actions: [{ action_type: "add_score", data: { score: 1 } }],
        data: g.jump === null ? {} : { "jump-field-id": g.jump as never },
      }),
    );
  return fc.record({ fields: fc.tuple(...ids.map(fieldArb)), groups: fc.array(groupArb, { maxLength: 8 }) });
});

type Step =
  | { kind: "answer" | "select" | "advance"; pick: number; invalid: boolean }
  | { kind: "next" }
  | { kind: "back" };
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("answer" as const),
      pick: fc.nat(20),
      invalid: fc.integer({ min: 0, max: 5 }).map((n) => n === 0),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant("select" as const), pick: fc.nat(5), invalid: fc.constant(false) }),
  },
  { weight: 3, arbitrary: fc.constant({ kind: "next" as const }) },
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constant("advance" as const), pick: fc.nat(5), invalid: fc.constant(false) }),
  },
  { weight: 2, arbitrary: fc.constant({ kind: "back" as const }) },
);

/** Some value for a question, valid or not, chosen by `pick`. */
function someAnswer(f: QuizField, pick: number): Answer | undefined {
  const pools: Record<string, Answer[]> = {
    choice: [...f.field_options.map((o) => o.value), "zz", ""],
    multi: [["a"], ["b"], ["a", "b"], ["c", "d"], [], ["zz"]],
    text: ["a", "B", "hello", "", "1"],
    number: [1, 3, "7", "x", -2, ""],
    range: [0, 500, 1000, 1001, [1, 2]],
  };
  const kind = isMultiSelect(f)
    ? "multi"
    : f.field_options.length || ["radio", "dropdown", "image", "letter"].includes(f.field_type)
      ? "choice"
      : f.field_type === "paragraph"
        ? "text"
        : f.field_type;
  const pool = pools[kind];
  return pool ? pool[pick % pool.length] : undefined;
}

/** A value the question accepts, chosen by `pick`. */
function validAnswer(f: QuizField, pick = 0): Answer | undefined {
  if (f.field_type === "empty") return undefined;
  if (f.field_type === "number") return [1, 3, "7"][pick % 3];
  if (f.field_type === "range") return rangeConfig(f).initial;
  if (f.field_type === "text" || f.field_type === "paragraph") return ["a", "hello", "3"][pick % 3];
  const option = f.field_options.length ? f.field_options[pick % f.field_options.length].value : "a";
  return isMultiSelect(f) ? [option] : option;
}

const at = (s: QuizState) => current(s)?.id ?? null;
const questionCount = (q: Quiz) => q.fields.filter((f) => f.field_type !== "hidden").length;

function checkInvariants(s: QuizState) {
  expect(new Set(s.path).size).toBe(s.path.length);
  for (const id of Object.keys(s.answers)) expect(s.path).toContain(Number(id));
  if (isComplete(s)) expect(current(s)).toBeNull();
  else expect(current(s)?.field_type).not.toBe("hidden");
}

const rulesSeen = new Map<string, number>();

/** Runs the steps, checking every transition against the oracle; returns the final state. */
function walk(q: Quiz, steps: Step[]): QuizState {
  let s = createQuiz(q.fields, q.groups);
  checkInvariants(s);
  for (const step of steps) {
    const before = s;
    const f = current(before);
    if (step.kind === "answer" && f) s = answer(s, f.id, someAnswer(f, step.pick), step.invalid);
    else if (step.kind === "select" && f) s = select(s, f.id, VALUES[step.pick % VALUES.length]);
    else if (step.kind === "next" || step.kind === "advance") {
      if (step.kind === "advance" && f) s = answer(s, f.id, validAnswer(f, step.pick));
      const ready = s;
      s = next(ready);
      if (!f || !canAdvance(ready)) expect(s).toBe(ready);
      else {
        const expected = oracleNext(q.fields, q.groups, [...ready.path], ready.answers);
        expect(peekNext(ready)).toEqual(expected);
        rulesSeen.set(expected.rule, (rulesSeen.get(expected.rule) ?? 0) + 1);
        expect(at(s)).toBe(expected.id);
        expect(isComplete(s)).toBe(expected.id === null);
        expect(s.path).toEqual(expected.id === null ? ready.path : [...ready.path, expected.id]);
        // Earlier answers are kept as they were.
        for (const id of ready.path) expect(s.answers[id]).toEqual(ready.answers[id]);
      }
    } else if (step.kind === "back") {
      s = back(before);
      if (isComplete(before) || before.path.length < 2) expect(s).toBe(before);
      else {
        const previous = before.path[before.path.length - 2];
        expect(at(s)).toBe(previous);
        expect(s.answers[previous]).toBeUndefined();
        expect(s.path).toEqual(before.path.slice(0, -1));
        for (const id of s.path.slice(0, -1)) expect(s.answers[id]).toEqual(before.answers[id]);
      }
    }
    checkInvariants(s);
  }
  return s;
}

describe("quiz navigation properties", () => {
  it("follows the SPEC 4 priority order (oracle), back restores and clears, no question twice on a path", () => {
    fc.assert(
      fc.property(quizArb, fc.array(stepArb, { maxLength: 40 }), (q, steps) => {
        walk(q, steps);
      }),
      { numRuns: 1500 },
    );
    // The generated quizzes exercise every rule, not only the order.
    for (const rule of ["group", "option", "question", "parent", "order", "end"])
      expect(rulesSeen.get(rule) ?? 0).toBeGreaterThan(30);
  });

  it("always terminates: from any state, answering validly completes within as many nexts as there are questions", () => {
    fc.assert(
      fc.property(quizArb, fc.array(stepArb, { maxLength: 30 }), (q, steps) => {
        let s = walk(q, steps);
        let nexts = 0;
        while (!isComplete(s)) {
          const f = current(s)!;
          if (!canAdvance(s)) s = answer(s, f.id, validAnswer(f));
          expect(canAdvance(s)).toBe(true);
          s = next(s);
          nexts++;
          expect(nexts).toBeLessThanOrEqual(questionCount(q));
        }
        expect(s.path.length).toBeLessThanOrEqual(questionCount(q));
      }),
      { numRuns: 1000 },
    );
  });

  it("pressing back all the way returns to the first question with no answers", () => {
    fc.assert(
      fc.property(quizArb, fc.array(stepArb, { maxLength: 30 }), (q, steps) => {
        let s = walk(q, steps);
        if (isComplete(s) || s.path.length < 2) return;
        const first = s.path[0];
        while (s.path.length > 1) s = back(s);
        expect(at(s)).toBe(first);
        expect(s.answers).toEqual({});
        expect(s.matched).toEqual({});
      }),
      { numRuns: 500 },
    );
  });

  it("is pure: the state before a step is never changed", () => {
    fc.assert(
      fc.property(quizArb, fc.array(stepArb, { maxLength: 20 }), (q, steps) => {
        const s = createQuiz(q.fields, q.groups);
        const snapshot = JSON.stringify({ path: s.path, answers: s.answers, matched: s.matched, invalid: s.invalid });
        const f = current(s);
        if (f) {
          walk(q, steps);
          next(answer(s, f.id, validAnswer(f)));
          back(next(answer(s, f.id, validAnswer(f))));
        }
        expect(JSON.stringify({ path: s.path, answers: s.answers, matched: s.matched, invalid: s.invalid })).toBe(
          snapshot,
        );
      }),
      { numRuns: 200 },
    );
  });
});
