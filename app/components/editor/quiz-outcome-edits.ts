/**
 * The builder's edits of quiz outcomes (contract/schema/quiz-outcomes.ts):
 * adding an outcome with its result step, points and tags per answer, the
 * result step and the rules. Pure, like immutable-edits.ts, so a quiz built
 * with them is checked by tests exactly as the builder makes it.
 */
import type { CtaElement, CtaStep, CtaVariant, Field } from "#contract/schema/cta";
import { MAX_OUTCOMES, outcomesOf, type OutcomeRule, type QuizOutcome } from "#contract/schema/quiz-outcomes";
import { getIn, renumber, setIn, type Path } from "./immutable-edits";
import { CHOICE_FIELD_TYPES } from "#contract/schema/quiz-choices";
import { escapeHtml } from "#app/server/html";
import { newElement, newSection } from "./document";

/** Whether a question's answers are options (the rows of the points table). */
export const hasChoices = (field: Pick<Field, "field_type">) => CHOICE_FIELD_TYPES.includes(field.field_type);

/** What a new outcome's result step says, in the admin's language. */
export interface ResultStepTexts {
  title: string;
  stepName: string;
  body: string;
  /** A store's result step shows products; another website's a link button with this text. */
  linkText: string;
}

/** The id a new outcome gets: o1, o2 … the first one the quiz does not use. */
export function nextOutcomeId(outcomes: readonly Pick<QuizOutcome, "id">[]): string {
  let number = outcomes.length + 1;
  while (outcomes.some((o) => o.id === `o${number}`)) number++;
  return `o${number}`;
}

const outcomeList = (element: CtaElement): QuizOutcome[] =>
  Array.isArray(element.options.outcomes) ? (element.options.outcomes as QuizOutcome[]) : outcomesOf(element);

const withOutcomes = (element: CtaElement, outcomes: QuizOutcome[]): CtaElement => ({
  ...element,
  options: { ...element.options, outcomes },
});

/** The result step of a new outcome: its title, a line of text, and products (on a store) or a link. */
export function resultStep(position: number, texts: ResultStepTexts, store: boolean): CtaStep {
  // The outcome's title as the visitor's result, so renaming the outcome renames the heading; the
  // fallback (what the editor's preview shows) is the title it was added with.
  const fallback = escapeHtml(texts.title.replace(/[{}|]/g, ""));
  const heading = { ...newElement("text", 0), options: { html: `<h2>{{quiz.outcome|${fallback}}}</h2>` } };
  const body = { ...newElement("text", 1), options: { html: `<p>${escapeHtml(texts.body)}</p>` } };
  const more = store
    ? { ...newElement("products", 2), product_recommendations: [{ source: "manual", handles: [] }] }
    : { ...newElement("button", 2), options: { "button-text": texts.linkText, url: "/" } };
  return {
    position,
    options: { name: texts.stepName },
    sections: [newSection(0, [heading, body, more])],
    action_groups: [],
  };
}

/**
 * Adds an outcome to the quiz at `at` (a path inside the variant) and a
 * result step for it at the end of the variant. Unchanged when the quiz
 * already has MAX_OUTCOMES.
 */
export function addQuizOutcome(
  variant: CtaVariant,
  at: Path,
  texts: ResultStepTexts,
  store: boolean,
): { variant: CtaVariant; id: string | null } {
  const element = getIn(variant, at) as CtaElement;
  const outcomes = outcomeList(element);
  if (outcomes.length >= MAX_OUTCOMES) return { variant, id: null };
  const id = nextOutcomeId(outcomes);
  const position = variant.steps.length;
  const withStep = { ...variant, steps: renumber([...variant.steps, resultStep(position, texts, store)]) };
  const outcome: QuizOutcome = { id, title: texts.title, step: position };
  return { variant: setIn(withStep, at, withOutcomes(element, [...outcomes, outcome])), id };
}

/** Removes an outcome, its points on every answer and its rules (its result step stays: the owner may reuse it). */
export function removeQuizOutcome(element: CtaElement, id: string): CtaElement {
  const rules = ruleList(element).filter((r) => r.outcome !== id);
  const options: Record<string, unknown> = {
    ...element.options,
    outcomes: outcomeList(element).filter((o) => o.id !== id),
  };
  if (rules.length) options["outcome-rules"] = rules;
  else delete options["outcome-rules"];
  return {
    ...element,
    options,
    fields: element.fields.map((f) => ({
      ...f,
      field_options: f.field_options.map((o) => {
        if (!o.outcomes || !(id in o.outcomes)) return o;
        const { [id]: _gone, ...rest } = o.outcomes;
        return { ...o, outcomes: rest };
      }),
    })),
  };
}

/** Changes an outcome's title or result step. */
export function updateQuizOutcome(
  element: CtaElement,
  id: string,
  change: Partial<Omit<QuizOutcome, "id">>,
): CtaElement {
  return withOutcomes(
    element,
    outcomeList(element).map((o) => (o.id === id ? { ...o, ...change } : o)),
  );
}

/**
 * Renames the outcome of the quiz at `at`; its result step's name follows
 * while it is still the name the step was made with (`stepName` of the old
 * title), so an owner's own step name is kept.
 */
export function renameQuizOutcome(
  variant: CtaVariant,
  at: Path,
  id: string,
  title: string,
  stepName: (title: string) => string,
): CtaVariant {
  const element = getIn(variant, at) as CtaElement;
  const outcome = outcomeList(element).find((o) => o.id === id);
  if (!outcome) return variant;
  const renamed = setIn(variant, at, updateQuizOutcome(element, id, { title }));
  return {
    ...renamed,
    steps: renamed.steps.map((step) =>
      step.position === outcome.step && step.options.name === stepName(outcome.title)
        ? { ...step, options: { ...step.options, name: stepName(title) } }
        : step,
    ),
  };
}

/** Sets the points one answer gives one outcome; 0 or undefined removes them. */
export function setAnswerPoints(
  element: CtaElement,
  fieldIndex: number,
  optionIndex: number,
  outcomeId: string,
  points: number | undefined,
): CtaElement {
  return updateOption(element, fieldIndex, optionIndex, (option) => {
    const outcomes = { ...(option.outcomes ?? {}) };
    if (points === undefined || points === 0 || !Number.isFinite(points)) delete outcomes[outcomeId];
    else outcomes[outcomeId] = Math.trunc(points);
    const { outcomes: _old, ...rest } = option;
    return Object.keys(outcomes).length ? { ...rest, outcomes } : rest;
  });
}

/** Sets the tags an answer puts on the visitor, from the owner's comma-separated text. */
export function setAnswerTags(element: CtaElement, fieldIndex: number, optionIndex: number, text: string): CtaElement {
  const tags = [
    ...new Set(
      text
        .split(",")
        .map((t) => t.trim())
        .filter(Boolean),
    ),
  ];
  return updateOption(element, fieldIndex, optionIndex, (option) => {
    const { tags: _old, ...rest } = option;
    return tags.length ? { ...rest, tags } : rest;
  });
}

function updateOption(
  element: CtaElement,
  fieldIndex: number,
  optionIndex: number,
  fn: (o: Field["field_options"][number]) => Field["field_options"][number],
): CtaElement {
  return {
    ...element,
    fields: element.fields.map((f, fi) =>
      fi !== fieldIndex ? f : { ...f, field_options: f.field_options.map((o, oi) => (oi === optionIndex ? fn(o) : o)) },
    ),
  };
}

/** The quiz's rules as stored (empty when there are none). */
export const ruleList = (element: CtaElement): OutcomeRule[] =>
  Array.isArray(element.options["outcome-rules"]) ? (element.options["outcome-rules"] as OutcomeRule[]) : [];

/** Replaces the quiz's rules (none: the key goes). */
export function withRules(element: CtaElement, rules: OutcomeRule[]): CtaElement {
  const options: Record<string, unknown> = { ...element.options };
  if (rules.length) options["outcome-rules"] = rules;
  else delete options["outcome-rules"];
  return { ...element, options };
}
