/**
 * Types of the quiz engine (SPEC 4 "Quiz", 5 "Quiz"). The engine is pure: the
 * state is an immutable value and every step returns a new one.
 */
import type { ActionGroup, Field } from "#contract/schema/cta";
import type { Condition } from "#contract/schema/condition";
import type { PublicPerson } from "#contract/schema/public-config";

/**
 * One answer: text or an option value (string), the chosen option values of a
 * multi-select (string[]), a number or a one-handle range (number), a
 * two-handle range ([low, high]).
 */
export type Answer = string | number | string[] | [number, number];

/** A field with a resolved id (new, unsaved fields get a negative one). */
export type QuizField = Field & { id: number };

/** Jump targets of option jumps, question jumps and action groups. */
export type JumpTarget = number | "complete_quiz" | "next_sub_question";

/** Why `next` went where it went: the SPEC 4 priority rule that applied, or "end". */
export type NextRule = "group" | "option" | "question" | "parent" | "order" | "end";

/** Where the score lives (variant.score_field / variant.score, or globally on the person). */
export interface ScoreSetup {
  scope: "global" | "variant";
  /** Custom field that receives the final score, if any. */
  field: string | null;
  /** The score before this quiz. */
  start: number;
}

export interface QuizOptions {
  /** The quiz element's options ("score-scope", "score-field" ...). */
  options?: Record<string, unknown>;
  /** The shown variant: its score and score_field are the per-variant score. */
  variant?: { score?: number | null; score_field?: string | null } | null;
  /** The known visitor, for prefill and the global score. */
  person?: PublicPerson | null;
  /** The page's URL parameters, for prefill. */
  urlParams?: Record<string, string | undefined>;
  /** Evaluates the conditions an answer map cannot (page, person, cart ...); without it they do not match. */
  condition?: (c: Condition) => boolean;
  /** Overrides the score setup read from options and variant. */
  score?: ScoreSetup;
}

/** A quiz outcome as the engine reads it (contract/schema/quiz-outcomes.ts). */
export interface ShownOutcome {
  id: string;
  title: string;
  /** Position of the step that shows the outcome; null: the quiz's own confirmation. */
  step: number | null;
}

/** The quiz's outcomes in order, and its rules (empty unless outcome-mode is "rules"). */
export interface OutcomeSetup {
  outcomes: readonly ShownOutcome[];
  rules: readonly { outcome: string; field: string; value: string }[];
}

/** What never changes while a quiz runs. */
export interface QuizDef {
  /** Every field with an id, in order (position, then document order). */
  fields: readonly QuizField[];
  /** Top-level ancestor of each sub-question by id; top-level questions are absent. */
  root: Readonly<Record<number, number>>;
  /** Action groups tied to a quiz field, active ones only, in position order. */
  groups: readonly ActionGroup[];
  score: ScoreSetup;
  outcomes: OutcomeSetup;
  /** Values of hidden fields by slug (prefill or the field's value). */
  hidden: Readonly<Record<string, Answer>>;
  person: PublicPerson | null;
  urlParams: Readonly<Record<string, string | undefined>>;
  condition?: (c: Condition) => boolean;
}

export interface QuizState {
  readonly def: QuizDef;
  /** Questions visited on the way here, the last one is the current question (or the last answered one once complete). */
  readonly path: readonly number[];
  /** Answers by field id; only questions on the path have one. */
  readonly answers: Readonly<Record<number, Answer>>;
  /** The UI's "input is invalid" flag (text and number inputs) by field id. */
  readonly invalid: Readonly<Record<number, boolean>>;
  /** By question id: the action groups (indexes into def.groups) that matched when it was left. */
  readonly matched: Readonly<Record<number, readonly number[]>>;
  readonly complete: boolean;
}

/** Why an answer cannot be accepted. */
export type AnswerError = "required" | "invalid" | "min" | "max" | "limit";

export interface RangeConfig {
  min: number;
  max: number;
  step: number;
  handles: 1 | 2;
  valueType: "integer" | "percentage" | "currency";
  /** Where the handles start: one value, or [25%, 75%] of the range for two handles. */
  initial: number | [number, number];
}
