/**
 * Quiz outcomes: what a quiz concludes from its answers. A quiz element
 * lists its outcomes in options.outcomes; each answer (field option) adds
 * points to outcomes (field_options[].outcomes, by outcome id) and may tag
 * the visitor (field_options[].tags). The outcome is the one with the most
 * points (a tie goes to the earlier outcome), or, with outcome-mode "rules",
 * the first rule whose answer was given (the points decide when none was).
 * An outcome names its result step (a step position of the same variant):
 * that step shows the outcome's text and products.
 *
 * This module is the one definition for the editor, the server and the
 * widget's quiz engine (widget/render/quiz/outcomes.ts), which reads the
 * same shapes without zod.
 */
import { z } from "zod";
import type { CtaElement } from "./cta";

/** The option keys of a quiz element that hold its outcomes. */
export const OUTCOME_KEYS = ["outcomes", "outcome-mode", "outcome-rules"] as const;

export const OUTCOME_MODES = ["highest", "rules"] as const;
export type OutcomeMode = (typeof OUTCOME_MODES)[number];

export const MAX_OUTCOMES = 12;
export const MAX_OUTCOME_RULES = 50;
export const MAX_OUTCOME_TITLE = 100;
/** Points one answer gives one outcome, either way. */
export const MAX_OUTCOME_POINTS = 1000;
export const MAX_ANSWER_TAGS = 10;
export const MAX_TAG_LENGTH = 50;

const OUTCOME_ID = /^[A-Za-z0-9_-]{1,40}$/;

export const outcomeSchema = z
  .object({
    /** Stable within the element: answers point at it, so renaming an outcome keeps its points. */
    id: z.string().regex(OUTCOME_ID, { message: "An outcome id is 1 to 40 letters, digits, - or _" }),
    title: z
      .string()
      .trim()
      .min(1, { message: "Give the outcome a title" })
      .max(MAX_OUTCOME_TITLE, { message: `An outcome title is at most ${MAX_OUTCOME_TITLE} characters` }),
    /** Position of the step that shows this outcome; absent: the quiz's own confirmation. */
    step: z.number().int().min(0).max(1000).nullish(),
  })
  .strict();
export type QuizOutcome = z.infer<typeof outcomeSchema>;

export const outcomeRuleSchema = z
  .object({
    outcome: z.string().regex(OUTCOME_ID, { message: "Pick the outcome this rule leads to" }),
    /** The question (its slug) and the answer (an option value) that lead to the outcome. */
    field: z.string().min(1, { message: "Pick a question" }).max(100),
    value: z.string().min(1, { message: "Pick an answer" }).max(500),
  })
  .strict();
export type OutcomeRule = z.infer<typeof outcomeRuleSchema>;

/** An answer's points by outcome id; whole numbers, at most MAX_OUTCOME_POINTS either way. */
export const answerPointsSchema = z
  .record(
    z.string().regex(OUTCOME_ID, { message: "Points go to an outcome id" }),
    z
      .number({ message: "Points are a whole number" })
      .int({ message: "Points are a whole number" })
      .min(-MAX_OUTCOME_POINTS, { message: `Points are at least -${MAX_OUTCOME_POINTS}` })
      .max(MAX_OUTCOME_POINTS, { message: `Points are at most ${MAX_OUTCOME_POINTS}` }),
  )
  .refine((points) => Object.keys(points).length <= MAX_OUTCOMES, {
    message: `An answer gives points to at most ${MAX_OUTCOMES} outcomes`,
  });

/** Tags an answer puts on the visitor (their targeting tags, and the lead's quiz_tags). */
export const answerTagsSchema = z
  .array(
    z
      .string()
      .trim()
      .min(1, { message: "A tag is not empty" })
      .max(MAX_TAG_LENGTH, { message: `A tag is at most ${MAX_TAG_LENGTH} characters` }),
  )
  .max(MAX_ANSWER_TAGS, { message: `An answer adds at most ${MAX_ANSWER_TAGS} tags` });

const issue = (path: (string | number)[], message: string): z.ZodIssue => ({
  code: z.ZodIssueCode.custom,
  path,
  message,
});

/** The outcomes of a quiz element whose options hold valid ones; [] otherwise. */
export function outcomesOf(element: Pick<CtaElement, "options">): QuizOutcome[] {
  const parsed = z
    .array(outcomeSchema)
    .max(MAX_OUTCOMES)
    .safeParse(element.options.outcomes ?? []);
  return parsed.success ? parsed.data : [];
}

/**
 * The outcome problems of one element, paths relative to the element:
 * the outcome list, the mode and rules, and every answer's points pointing at
 * an outcome the quiz has. `steps` are the positions of the variant's steps,
 * which an outcome's result step must be one of.
 */
export function quizOutcomeIssues(
  element: Pick<CtaElement, "element_type" | "options" | "fields">,
  steps: readonly number[],
): z.ZodIssue[] {
  if (element.element_type !== "quiz") return [];
  const options = element.options;
  const issues: z.ZodIssue[] = [];
  const list = z
    .array(outcomeSchema, { invalid_type_error: "Outcomes are a list" })
    .max(MAX_OUTCOMES, { message: `A quiz has at most ${MAX_OUTCOMES} outcomes` })
    .safeParse(options.outcomes ?? []);
  if (!list.success) for (const i of list.error.issues) issues.push({ ...i, path: ["options", "outcomes", ...i.path] });
  const outcomes = list.success ? list.data : [];
  const ids = new Set<string>();
  outcomes.forEach((o, i) => {
    if (ids.has(o.id)) issues.push(issue(["options", "outcomes", i, "id"], `Outcome id "${o.id}" appears twice`));
    ids.add(o.id);
    if (o.step != null && !steps.includes(o.step))
      issues.push(
        issue(["options", "outcomes", i, "step"], `Step ${o.step + 1} does not exist: pick another result step`),
      );
  });
  if (options["outcome-mode"] !== undefined && !OUTCOME_MODES.includes(options["outcome-mode"] as OutcomeMode))
    issues.push(issue(["options", "outcome-mode"], `The outcome mode is one of ${OUTCOME_MODES.join(", ")}`));
  const rules = z
    .array(outcomeRuleSchema, { invalid_type_error: "Outcome rules are a list" })
    .max(MAX_OUTCOME_RULES, { message: `A quiz has at most ${MAX_OUTCOME_RULES} outcome rules` })
    .safeParse(options["outcome-rules"] ?? []);
  if (!rules.success)
    for (const i of rules.error.issues) issues.push({ ...i, path: ["options", "outcome-rules", ...i.path] });
  else
    rules.data.forEach((rule, i) => {
      const at = ["options", "outcome-rules", i];
      if (list.success && !ids.has(rule.outcome))
        issues.push(issue([...at, "outcome"], `Outcome "${rule.outcome}" does not exist`));
      const field = element.fields.find((f) => f.slug === rule.field);
      if (!field) issues.push(issue([...at, "field"], `Question "${rule.field}" does not exist`));
      else if (!field.field_options.some((o) => o.value === rule.value))
        issues.push(issue([...at, "value"], `"${rule.value}" is not an answer of question "${rule.field}"`));
    });
  element.fields.forEach((field, fi) =>
    field.field_options.forEach((option, oi) => {
      const at = ["fields", fi, "field_options", oi];
      for (const id of Object.keys(option.outcomes ?? {}))
        if (list.success && !ids.has(id)) issues.push(issue([...at, "outcomes", id], `Outcome "${id}" does not exist`));
    }),
  );
  return issues;
}
