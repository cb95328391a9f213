/**
 * Quiz navigation (SPEC 4 "Quiz"): one question at a time, the next one chosen
 * by the priority rules, back through a history stack. Pure: every function
 * returns a new state and the UI renders `current(state)`.
 *
 * Sub-questions are fields whose field_id (or parent_slug) names another field;
 * deeper nesting counts as a sub-question of the top-level ancestor, and a
 * field whose parent is missing (or whose parents form a loop) is top-level.
 * Sub-questions are reached only by jumps (an id or next_sub_question).
 */
import { hasOwnKey } from "#contract/json-record";
import type { ActionGroup, Field } from "#contract/schema/cta";
import type { Condition } from "#contract/schema/condition";
import {
  advancesOnSelect,
  answerError,
  isAnswered,
  isOn,
  isSingleSelect,
  isSpinner,
  num,
  prefillValue,
  toggleChoice,
} from "./answers";
import { mergeValues } from "./results";
import { outcomeSetup } from "./outcomes";
import { scoreSetup } from "./scoring";
import type { Answer, JumpTarget, NextRule, QuizField, QuizOptions, QuizState } from "./types";

const byPosition = <T extends { position?: number }>(a: T, b: T) => (a.position ?? 0) - (b.position ?? 0);
const without = <T>(o: Readonly<Record<number, T>>, ...ids: number[]) => {
  const copy = { ...o };
  for (const id of ids) delete copy[id];
  return copy;
};
const last = <T>(a: readonly T[]) => a[a.length - 1];

// Hidden fields carry values, they are never shown.
const isQuestion = (f: QuizField) => f.field_type !== "hidden";
const fieldOf = (state: QuizState, id: number) => state.def.fields.find((f) => f.id === id);

/** A jump value as a target, or undefined when it is unset; anything unreadable is an id no field has (NaN). */
export function jumpTarget(v: unknown): JumpTarget | undefined {
  if (v == null || v === "") return undefined;
  return v === "complete_quiz" || v === "next_sub_question" ? v : (num(v) ?? NaN);
}

/** Builds a quiz from an element's fields and action groups; the first question is current. */
export function createQuiz(
  fields: readonly Field[],
  actionGroups: readonly ActionGroup[] = [],
  opts: QuizOptions = {},
): QuizState {
  // Array.prototype.sort is stable: equal positions keep document order.
  const all = fields.map((f, i): QuizField => ({ ...f, id: f.id ?? -(i + 1) })).sort(byPosition);
  const parentOf = (f: QuizField) =>
    all.find(
      (p) => p !== f && (f.field_id != null ? p.id === f.field_id : !!f.parent_slug && p.slug === f.parent_slug),
    );
  const root: Record<number, number> = {};
  for (const field of all) {
    const seen = new Set([field]);
    let top = field;
    for (let ancestor = parentOf(field); ancestor; ancestor = parentOf(ancestor)) {
      if (seen.has(ancestor)) {
        top = field;
        break;
      }
      seen.add(ancestor);
      top = ancestor;
    }
    if (top !== field) root[field.id] = top.id;
  }
  const person = opts.person ?? null;
  const urlParams = opts.urlParams ?? {};
  const hidden: Record<string, Answer> = {};
  for (const field of all) {
    if (field.field_type !== "hidden") continue;
    const value = prefillValue(field, person, urlParams) ?? field.value ?? undefined;
    if (isAnswered(value)) hidden[field.slug] = value;
  }
  const state: QuizState = {
    def: {
      fields: all,
      root,
      groups: actionGroups.filter((g) => g.status !== false && g.field_id != null).sort(byPosition),
      score: opts.score ?? scoreSetup(opts.options, opts.variant, person),
      outcomes: outcomeSetup(opts.options),
      hidden,
      person,
      urlParams,
      condition: opts.condition,
    },
    path: [],
    answers: {},
    invalid: {},
    matched: {},
    complete: false,
  };
  const first = all.find((f) => isQuestion(f) && root[f.id] === undefined);
  return first ? enter(state, first.id) : { ...state, complete: true };
}

// Entering a question forward prefills it; going back never does, so back leaves it empty.
function enter(state: QuizState, id: number): QuizState {
  const field = fieldOf(state, id)!;
  const value = prefillValue(field, state.def.person, state.def.urlParams);
  return {
    ...state,
    path: [...state.path, id],
    answers: value === undefined ? state.answers : { ...state.answers, [id]: value },
  };
}

/** The question shown now, or null once the quiz is complete. */
export function current(state: QuizState): QuizField | null {
  return state.complete ? null : (fieldOf(state, last(state.path)) ?? null);
}

/** True once the quiz has ended; the caller then sends the results. */
export const isComplete = (state: QuizState) => state.complete;

/** True when back has a question to return to. */
export const canGoBack = (state: QuizState) => !state.complete && state.path.length > 1;

/** Sets (or, with an empty value, clears) the current question's answer; answers to other questions are ignored. */
export function answer(
  state: QuizState,
  fieldId: number,
  value: Answer | null | undefined,
  inputInvalid = false,
): QuizState {
  if (current(state)?.id !== fieldId) return state;
  return {
    ...state,
    answers: isAnswered(value) ? { ...state.answers, [fieldId]: value } : without(state.answers, fieldId),
    invalid: inputInvalid ? { ...state.invalid, [fieldId]: true } : without(state.invalid, fieldId),
  };
}

/** Clicks an option of the current question: chooses it, or removes it when already chosen (multi-select-limit applies). */
export function select(state: QuizState, fieldId: number, optionValue: string): QuizState {
  const field = current(state);
  return field?.id === fieldId
    ? answer(state, fieldId, toggleChoice(field, state.answers[fieldId], optionValue))
    : state;
}

/**
 * What blocks the current question, or null. An optional question may be left
 * empty, but a value given must be valid (the spec only says required blocks;
 * sending a number above max would be worse).
 */
export function currentError(state: QuizState) {
  const field = current(state);
  if (!field) return null;
  const given = state.answers[field.id];
  const error = answerError(field, given, !!state.invalid[field.id]);
  return error && (field.required || isAnswered(given)) ? error : null;
}

/** True when next may leave the current question. */
export const canAdvance = (state: QuizState) => !!current(state) && !currentError(state);

/** The next button shows once answered (or for type empty), never for spinners or questions that advance on select. */
export function showNextButton(state: QuizState): boolean {
  const field = current(state);
  if (!field || isSpinner(field) || advancesOnSelect(field)) return false;
  return field.field_type === "empty" || isAnswered(state.answers[field.id]);
}

/** Back shows except on the first question, for spinners and with hide-back-button. */
export function showBackButton(state: QuizState): boolean {
  const field = current(state);
  return !!field && canGoBack(state) && !isSpinner(field) && !isOn(field.options?.["hide-back-button"]);
}

/** Answer-condition data: every question's slug (undefined while unanswered) and the merge values. */
export function conditionData(state: QuizState): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const field of state.def.fields) data[field.slug] = undefined;
  return { ...data, ...mergeValues(state) };
}

const text = (v: unknown) => String(v).trim().toLowerCase();

/**
 * One comparison of a data_field condition. A list answer matches when any
 * item does; texts compare trimmed and case-insensitively; greater and less
 * hold only when both sides are numeric (SPEC 5).
 */
export function compare(actual: unknown, comparison: string, expected: unknown): boolean {
  const values = actual == null || actual === "" ? [] : Array.isArray(actual) ? actual : [actual];
  const wanted = Array.isArray(expected) ? expected : [expected];
  const any = (test: (a: unknown, b: unknown) => boolean) => values.some((a) => wanted.some((b) => test(a, b)));
  const eq = (a: unknown, b: unknown) => {
    const [left, right] = [num(a), num(b)];
    return left !== undefined && right !== undefined ? left === right : text(a) === text(b);
  };
  const numeric = (test: (x: number, y: number) => boolean) => (a: unknown, b: unknown) => {
    const [left, right] = [num(a), num(b)];
    return left !== undefined && right !== undefined && test(left, right);
  };
  switch (comparison) {
    case "is":
      return any(eq);
    case "is_not":
      return !any(eq);
    case "contains":
      return any((a, b) => text(a).includes(text(b)));
    case "not_contains":
    case "does_not_contain":
      return !any((a, b) => text(a).includes(text(b)));
    case "greater":
      return any(numeric((x, y) => x > y));
    case "less":
      return any(numeric((x, y) => x < y));
    case "greater_or_equal":
      return any(numeric((x, y) => x >= y));
    case "less_or_equal":
      return any(numeric((x, y) => x <= y));
    case "is_empty":
    case "empty":
      return values.length === 0;
    case "is_not_empty":
    case "not_empty":
    case "exists":
      return values.length > 0;
    // An unknown comparison never matches, so it cannot cause a surprise jump.
    default:
      return false;
  }
}

/**
 * Evaluates conditions against answer data: data_field conditions whose
 * data_name is in `data` compare there; any other goes to `other` (no match
 * without it). Operators combine left to right, without precedence: each
 * condition's operator joins it to the result so far. No conditions match.
 */
export function conditionsMatch(
  conditions: readonly Condition[],
  data: Record<string, unknown>,
  other?: (c: Condition) => boolean,
): boolean {
  let result: boolean | null = null;
  for (const cond of [...conditions].sort(byPosition)) {
    const own = cond.condition_type === "data_field" && cond.data_name != null && hasOwnKey(data, cond.data_name);
    const condData = cond.data ?? {};
    const met = own
      ? compare(
          data[cond.data_name!],
          typeof condData.comparison == "string" ? condData.comparison : "is",
          condData.value,
        )
      : !!other?.(cond);
    result = result === null ? met : cond.operator === "or" ? result || met : result && met;
  }
  return result ?? true;
}

/** Indexes (into def.groups) of the current question's action groups whose conditions match now. */
function matchingGroups(state: QuizState, field: QuizField): number[] {
  const data = conditionData(state);
  return state.def.groups.flatMap((g, i) =>
    g.field_id === field.id && conditionsMatch(g.conditions ?? [], data, state.def.condition) ? [i] : [],
  );
}

/**
 * Where next goes from the current question, and by which rule (SPEC 4 order):
 * a matching action group's jump-field-id, the chosen option's jump (single
 * select), the question's own jump-field-id, then for sub-questions the
 * top-level question after their parent, otherwise the next top-level question.
 * id null means the quiz completes.
 *
 * The first rule that names a target decides. complete_quiz completes. A target
 * that cannot be shown (a deleted or hidden field, or one already on the path,
 * which would be a loop) falls back to the order rules, skipping the lower jump
 * rules: the visitor's answer did select that branch, so another branch's jump
 * would be the bigger surprise, and ending the quiz silently would lose answers.
 * Order rules and next_sub_question skip questions already on the path, so no
 * path visits a question twice and a quiz ends within as many nexts as it has questions.
 */
export function peekNext(state: QuizState): { id: number | null; rule: NextRule } {
  const field = current(state);
  return field ? resolveNext(state, field, matchingGroups(state, field)) : { id: null, rule: "end" };
}

function resolveNext(
  state: QuizState,
  field: QuizField,
  matched: readonly number[],
): { id: number | null; rule: NextRule } {
  const { def, path } = state;
  const open = (q: QuizField) => isQuestion(q) && !path.includes(q.id);
  const top = fieldOf(state, def.root[field.id] ?? field.id)!;
  const after = (q: QuizField) => def.fields.slice(def.fields.indexOf(q) + 1);
  const nextTop = after(top).find((q) => open(q) && def.root[q.id] === undefined);
  const fallback = {
    id: nextTop?.id ?? null,
    rule: (!nextTop ? "end" : top === field ? "order" : "parent") as NextRule,
  };

  const given = state.answers[field.id];
  const group = matched.map((i) => def.groups[i]).find((g) => jumpTarget(g.data?.["jump-field-id"]) !== undefined);
  const option =
    isSingleSelect(field) && typeof given == "string" ? field.field_options.find((o) => o.value === given) : undefined;
  const optionJump = jumpTarget(option?.jump_field_id);
  const [target, rule]: [JumpTarget | undefined, NextRule] = group
    ? [jumpTarget(group.data["jump-field-id"]), "group"]
    : optionJump !== undefined
      ? [optionJump, "option"]
      : [jumpTarget(field.options?.["jump-field-id"]), "question"];

  if (target === undefined) return fallback;
  if (target === "complete_quiz") return { id: null, rule };
  if (target === "next_sub_question") {
    // The following sub-question of the current parent (a top-level question is its own parent).
    const sub = (top === field ? def.fields : after(field)).find((q) => open(q) && def.root[q.id] === top.id);
    return sub ? { id: sub.id, rule } : fallback;
  }
  const targetField = fieldOf(state, target);
  return targetField && open(targetField) ? { id: targetField.id, rule } : fallback;
}

/** Leaves the current question when its answer allows: to the next question, or completes. */
export function next(state: QuizState): QuizState {
  const field = current(state);
  if (!field || !canAdvance(state)) return state;
  const matched = matchingGroups(state, field);
  const to = resolveNext(state, field, matched).id;
  const left = { ...state, matched: { ...state.matched, [field.id]: matched } };
  return to === null ? { ...left, complete: true } : enter(left, to);
}

/** Returns to the previous question and clears its answer (and the one just left). */
export function back(state: QuizState): QuizState {
  if (!canGoBack(state)) return state;
  const path = state.path.slice(0, -1);
  const ids = [last(state.path), last(path)];
  return {
    ...state,
    path,
    answers: without(state.answers, ...ids),
    invalid: without(state.invalid, ...ids),
    matched: without(state.matched, ...ids),
  };
}
