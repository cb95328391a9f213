/**
 * Quiz score and the "mostly" letter (SPEC 3 Variant score / score_field,
 * SPEC 4 "Quiz" and score actions).
 */
import type { CtaAction } from "#contract/schema/cta";
import type { PublicPerson } from "#contract/schema/public-config";
import { chosenOptions, num } from "./answers";
import type { QuizState, ScoreSetup } from "./types";

/**
 * Where the score lives. "variant" (the default): it starts at variant.score
 * and lands in variant.score_field. "global" (options["score-scope"]): it
 * starts at the person's own value of the score field (options["score-field"],
 * default "score"), so scores add up across CTAs.
 */
export function scoreSetup(
  options: Record<string, unknown> = {},
  variant?: { score?: number | null; score_field?: string | null } | null,
  person?: PublicPerson | null,
): ScoreSetup {
  if (options["score-scope"] === "global") {
    const field =
      typeof options["score-field"] == "string" && options["score-field"] ? options["score-field"] : "score";
    return { scope: "global", field, start: num(person?.extra?.[field]) ?? 0 };
  }
  return { scope: "variant", field: variant?.score_field || null, start: variant?.score ?? 0 };
}

/** Applies update_score (set), add_score and subtract_score actions in order; the amount is data.score (or data.value). */
export function applyScoreActions(score: number, actions: readonly CtaAction[] = []): number {
  for (const action of actions) {
    const value = num(action.data?.score ?? action.data?.value);
    if (value === undefined) continue;
    if (action.action_type === "update_score") score = value;
    else if (action.action_type === "add_score") score += value;
    else if (action.action_type === "subtract_score") score -= value;
  }
  return score;
}

const fieldOf = (state: QuizState, id: number) => state.def.fields.find((f) => f.id === id)!;

/**
 * The score so far: the start, then for each question on the path in order the
 * scores of its chosen options, then the score actions of the groups that
 * matched when it was left.
 */
export function quizScore(state: QuizState): number {
  let score = state.def.score.start;
  for (const id of state.path) {
    for (const option of chosenOptions(fieldOf(state, id), state.answers[id])) score += option.score ?? 0;
    for (const groupIndex of state.matched[id] ?? [])
      score = applyScoreActions(score, state.def.groups[groupIndex]?.actions);
  }
  return score;
}

/** The letter of an option index: 0 → A, 25 → Z, 26 → AA. */
export const letterOf = (i: number): string =>
  (i >= 26 ? letterOf(Math.floor(i / 26) - 1) : "") + String.fromCharCode(65 + (i % 26));

/**
 * The "mostly" result: the letter of the option position chosen most often
 * (A = the first option of a question). A tie goes to the earliest letter, so
 * the result never depends on the order of answering. Null before any choice.
 */
export function mostlyLetter(state: QuizState): string | null {
  const counts: number[] = [];
  for (const id of state.path) {
    const field = fieldOf(state, id);
    for (const option of chosenOptions(field, state.answers[id])) {
      const position = field.field_options.indexOf(option);
      counts[position] = (counts[position] ?? 0) + 1;
    }
  }
  let best = -1;
  counts.forEach((c, i) => {
    if (best < 0 || c > counts[best]) best = i;
  });
  return best < 0 ? null : letterOf(best);
}
