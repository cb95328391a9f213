/**
 * Quiz outcomes (contract/schema/quiz-outcomes.ts): the points each outcome
 * collects from the answers on the path, the outcome they lead to, and the
 * tags the answers put on the visitor. The document was validated on save;
 * this reads it defensively without zod (the widget stays small), so a
 * malformed entry is skipped rather than trusted.
 */
import { chosenOptions } from "./answers";
import type { OutcomeSetup, QuizState, ShownOutcome } from "./types";

const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v == "object" && !Array.isArray(v);

/** The outcomes, mode and rules of a quiz element's options. */
export function outcomeSetup(options: Record<string, unknown> = {}): OutcomeSetup {
  const list = Array.isArray(options.outcomes) ? options.outcomes : [];
  const outcomes = list.flatMap((o): ShownOutcome[] =>
    isRecord(o) && typeof o.id == "string" && typeof o.title == "string"
      ? [{ id: o.id, title: o.title, step: typeof o.step == "number" ? o.step : null }]
      : [],
  );
  const rules = (Array.isArray(options["outcome-rules"]) ? options["outcome-rules"] : []).filter(
    (r): r is { outcome: string; field: string; value: string } =>
      isRecord(r) && typeof r.outcome == "string" && typeof r.field == "string" && typeof r.value == "string",
  );
  return { outcomes, rules: options["outcome-mode"] === "rules" ? rules : [] };
}

const fieldsOnPath = (state: QuizState) => state.path.flatMap((id) => state.def.fields.filter((f) => f.id === id));

/** Points of every outcome (by id, in the outcomes' order) from the answers on the path. */
export function outcomePoints(state: QuizState): Record<string, number> {
  const points: Record<string, number> = {};
  for (const outcome of state.def.outcomes.outcomes) points[outcome.id] = 0;
  for (const field of fieldsOnPath(state))
    for (const option of chosenOptions(field, state.answers[field.id]))
      for (const [id, given] of Object.entries(option.outcomes ?? {}))
        if (id in points && typeof given == "number" && Number.isFinite(given)) points[id] += given;
  return points;
}

/**
 * The outcome the answers lead to: with rules, the first rule whose answer is
 * on the path; otherwise (or when none matched) the most points, a tie going
 * to the earlier outcome. Null for a quiz without outcomes.
 */
export function quizOutcome(state: QuizState): ShownOutcome | null {
  const { outcomes, rules } = state.def.outcomes;
  const byId = (id: string) => outcomes.find((o) => o.id === id);
  for (const rule of rules) {
    const field = fieldsOnPath(state).find((f) => f.slug === rule.field);
    const chosen = field ? chosenOptions(field, state.answers[field.id]) : [];
    const outcome = byId(rule.outcome);
    if (outcome && chosen.some((o) => o.value === rule.value)) return outcome;
  }
  const points = outcomePoints(state);
  let best: ShownOutcome | null = null;
  for (const outcome of outcomes) if (!best || points[outcome.id] > points[best.id]) best = outcome;
  return best;
}

/** The tags of the chosen answers on the path, each once, in path order. */
export function answerTags(state: QuizState): string[] {
  const tags = fieldsOnPath(state).flatMap((field) =>
    chosenOptions(field, state.answers[field.id]).flatMap((o) => (Array.isArray(o.tags) ? o.tags : [])),
  );
  return [...new Set(tags.filter((t) => typeof t == "string" && t.trim()).map((t) => t.trim()))];
}
