/**
 * A quiz with outcomes built as the builder builds it (newCtaDocument,
 * newElement("quiz"), newField, addQuizOutcome, setAnswerPoints,
 * setAnswerTags, withRules: the functions behind its buttons and table, no
 * JSON), validated by the shared schema, then walked by the widget's quiz
 * engine along every answer path: each path ends in the outcome an
 * independent count of the points (ties to the earlier outcome, rules first)
 * says, shows that outcome's result step, and hands the lead its outcome and
 * tags.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ctaDocumentSchema, type CtaDocument, type CtaElement, type Field } from "#contract/schema/cta";
import type { OutcomeRule } from "#contract/schema/quiz-outcomes";
import { newCtaDocument, newElement, newField, setIn } from "#app/components/editor/document";
import {
  addQuizOutcome,
  removeQuizOutcome,
  renameQuizOutcome,
  setAnswerPoints,
  setAnswerTags,
  withRules,
} from "#app/components/editor/quiz-outcome-edits";
import {
  completionPayload,
  createQuiz,
  current,
  mergeValues,
  next,
  quizOutcome,
  select,
  type QuizState,
} from "#widget/render/quiz";

const QUIZ_AT = ["steps", 0, "sections", 0, "columns", 0, "elements", 1] as const;
const TAGS = ["vip", "coffee", "tea", "gift"];

interface Plan {
  questions: number[];
  outcomes: number;
  points: number[][][];
  tags: string[][][];
  rules: { q: number; o: number; outcome: number }[] | null;
  store: boolean;
}

const planArb: fc.Arbitrary<Plan> = fc
  .record({
    questions: fc.array(fc.integer({ min: 2, max: 4 }), { minLength: 1, maxLength: 4 }),
    outcomes: fc.integer({ min: 1, max: 4 }),
    store: fc.boolean(),
  })
  .chain(({ questions, outcomes, store }) =>
    fc.record({
      questions: fc.constant(questions),
      outcomes: fc.constant(outcomes),
      store: fc.constant(store),
      // Many zeros and small numbers: ties are common, as in real quizzes.
      points: fc.tuple(
        ...questions.map((n) =>
          fc.array(
            fc.array(fc.oneof(fc.constant(0), fc.integer({ min: -3, max: 5 })), {
              minLength: outcomes,
              maxLength: outcomes,
            }),
            { minLength: n, maxLength: n },
          ),
        ),
      ),
      tags: fc.tuple(
        ...questions.map((n) => fc.array(fc.subarray(TAGS, { maxLength: 2 }), { minLength: n, maxLength: n })),
      ),
      rules: fc.option(
        fc.array(
          fc.record({
            q: fc.integer({ min: 0, max: questions.length - 1 }),
            o: fc.integer({ min: 0, max: 1 }),
            outcome: fc.integer({ min: 0, max: outcomes - 1 }),
          }),
          { maxLength: 3 },
        ),
      ),
    }),
  );

/** The CTA as the builder makes it from the plan. */
function build(plan: Plan): CtaDocument {
  let doc = newCtaDocument({ name: "Find your match", cta_type: "overlay", subtype: "boxed", template: "blank" });
  const quiz = newElement("quiz", 1);
  const slugs: string[] = [];
  quiz.fields = plan.questions.map((answers, qi): Field => {
    const field = newField(slugs, "radio", "question");
    slugs.push(field.slug);
    return {
      ...field,
      required: true,
      options: { label: `Question ${qi + 1}` },
      field_options: Array.from({ length: answers }, (_, oi) => ({ value: `q${qi}a${oi}`, label: `Answer ${oi + 1}` })),
    };
  });
  let variant = doc.variants[0];
  variant = setIn(
    variant,
    ["steps", 0, "sections", 0, "columns", 0, "elements"],
    [variant.steps[0].sections[0].columns[0].elements[0], quiz],
  );
  for (let o = 0; o < plan.outcomes; o++) {
    const title = `Outcome ${o + 1}`;
    variant = addQuizOutcome(
      variant,
      [...QUIZ_AT],
      { title, stepName: `Result: ${title}`, body: "We recommend", linkText: "Read more" },
      plan.store,
    ).variant;
  }
  let element = variant.steps[0].sections[0].columns[0].elements[1] as CtaElement;
  plan.points.forEach((byAnswer, qi) =>
    byAnswer.forEach((byOutcome, oi) =>
      byOutcome.forEach((p, o) => (element = setAnswerPoints(element, qi, oi, `o${o + 1}`, p))),
    ),
  );
  plan.tags.forEach((byAnswer, qi) =>
    byAnswer.forEach((tags, oi) => (element = setAnswerTags(element, qi, oi, tags.join(", ")))),
  );
  if (plan.rules) {
    const rules: OutcomeRule[] = plan.rules.map((r) => ({
      field: element.fields[r.q].slug,
      value: `q${r.q}a${r.o}`,
      outcome: `o${r.outcome + 1}`,
    }));
    element = withRules({ ...element, options: { ...element.options, "outcome-mode": "rules" } }, rules);
  }
  variant = setIn(variant, [...QUIZ_AT], element);
  doc = { ...doc, variants: [variant] };
  return doc;
}

/** Every way through the quiz: one chosen answer index per question. */
function paths(questions: number[]): number[][] {
  return questions.reduce<number[][]>(
    (all, n) => all.flatMap((p) => Array.from({ length: n }, (_, i) => [...p, i])),
    [[]],
  );
}

/** The expected outcome index of a path, counted apart from the engine. */
function expectedOutcome(plan: Plan, path: number[]): number {
  const rule = (plan.rules ?? []).find((r) => path[r.q] === r.o);
  if (rule) return rule.outcome;
  const totals = Array.from({ length: plan.outcomes }, (_, o) =>
    path.reduce((sum, oi, qi) => sum + plan.points[qi][oi][o], 0),
  );
  return totals.map((total, index) => ({ total, index })).sort((a, b) => b.total - a.total || a.index - b.index)[0]
    .index;
}

function walk(element: CtaElement, path: number[]): QuizState {
  let state = createQuiz(element.fields, element.action_groups, { options: element.options });
  for (const oi of path) {
    const question = current(state)!;
    state = next(select(state, question.id, question.field_options[oi].value));
  }
  return state;
}

describe("quiz outcomes built in the builder", () => {
  it("end in the right outcome, and its result step, for every answer path", () => {
    fc.assert(
      fc.property(planArb, (plan) => {
        const doc = build(plan);
        const parsed = ctaDocumentSchema.safeParse(doc);
        expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
        const variant = parsed.data!.variants[0];
        const element = variant.steps[0].sections[0].columns[0].elements[1];
        expect(variant.steps).toHaveLength(1 + plan.outcomes);
        for (const path of paths(plan.questions)) {
          const state = walk(element, path);
          expect(state.complete).toBe(true);
          const want = expectedOutcome(plan, path);
          const outcome = quizOutcome(state)!;
          expect(outcome.id).toBe(`o${want + 1}`);
          // The result step the widget goes to is the outcome's own, headed by its title (a merge tag, so a renamed outcome renames it).
          const step = variant.steps.find((s) => s.position === outcome.step)!;
          const items = step.sections[0].columns[0].elements;
          expect(items[0].options.html).toBe(`<h2>{{quiz.outcome|Outcome ${want + 1}}}</h2>`);
          expect(mergeValues(state)["quiz.outcome"]).toBe(`Outcome ${want + 1}`);
          expect(items[2].element_type).toBe(plan.store ? "products" : "button");
          const payload = completionPayload(state, { cta_id: 1, website_id: 1 });
          expect(payload.extra.quiz_outcome).toBe(`Outcome ${want + 1}`);
          const tags = [...new Set(path.flatMap((oi, qi) => plan.tags[qi][oi]))];
          expect(payload.extra.quiz_tags).toEqual(tags.length ? tags : undefined);
        }
      }),
      { numRuns: 150 },
    );
  });

  it("removing an outcome takes its points and rules away, and the document stays valid", () => {
    fc.assert(
      fc.property(
        planArb.filter((p) => p.outcomes > 1),
        (plan) => {
          const doc = build(plan);
          const element = doc.variants[0].steps[0].sections[0].columns[0].elements[1];
          const without = removeQuizOutcome(element, "o1");
          const after = setIn(doc, ["variants", 0, ...QUIZ_AT], without);
          expect(ctaDocumentSchema.safeParse(after).success).toBe(true);
          const left = JSON.stringify(without.fields) + JSON.stringify(without.options["outcome-rules"] ?? []);
          expect(left).not.toContain('"o1"');
        },
      ),
      { numRuns: 50 },
    );
  });

  it("renaming an outcome renames the step made for it, but not a step the owner named", () => {
    const plan: Plan = {
      questions: [2],
      outcomes: 2,
      points: [
        [
          [1, 0],
          [0, 1],
        ],
      ],
      tags: [[[], []]],
      rules: null,
      store: true,
    };
    const variant = build(plan).variants[0];
    const stepName = (title: string) => `Result: ${title}`;
    const renamed = renameQuizOutcome(variant, [...QUIZ_AT], "o1", "Brewer", stepName);
    expect(renamed.steps.map((s) => s.options.name)).toEqual([
      variant.steps[0].options.name,
      "Result: Brewer",
      "Result: Outcome 2",
    ]);
    const own = setIn(renamed, ["steps", 2, "options", "name"], "Gifts page");
    const again = renameQuizOutcome(own, [...QUIZ_AT], "o2", "Gift giver", stepName);
    expect(again.steps[2].options.name).toBe("Gifts page");
    expect(
      (again.steps[0].sections[0].columns[0].elements[1].options.outcomes as { title: string }[]).map((o) => o.title),
    ).toEqual(["Brewer", "Gift giver"]);
    // An unknown outcome changes nothing.
    expect(renameQuizOutcome(variant, [...QUIZ_AT], "nope", "X", stepName)).toBe(variant);
  });
});
