import { describe, expect, it } from "vitest";
import { ctaDocumentSchema, type CtaDocumentInput } from "#contract/schema/cta";
import { MAX_OUTCOMES, outcomesOf } from "#contract/schema/quiz-outcomes";
import { localizeMessage } from "#app/i18n/validation-messages";
import { translator } from "#app/i18n/index";

const question = (options: Record<string, unknown>[] = [{ value: "a" }, { value: "b" }]) => ({
  slug: "taste",
  field_type: "radio",
  field_options: options,
});

/** A two-step quiz CTA: the quiz on step 0, a result step at position 1. */
const quizCta = (options: Record<string, unknown>, fieldOptions?: Record<string, unknown>[]): CtaDocumentInput => ({
  name: "Quiz",
  cta_type: "overlay",
  overlay_type: "boxed",
  variants: [
    {
      variation: "A",
      percentage: 100,
      steps: [
        {
          position: 0,
          sections: [
            { columns: [{ elements: [{ element_type: "quiz", options, fields: [question(fieldOptions)] as never }] }] },
          ],
        },
        {
          position: 1,
          sections: [{ columns: [{ elements: [{ element_type: "text", options: { html: "<p>x</p>" } }] }] }],
        },
      ],
    },
  ],
});

const issues = (options: Record<string, unknown>, fieldOptions?: Record<string, unknown>[]) => {
  const result = ctaDocumentSchema.safeParse(quizCta(options, fieldOptions));
  return result.success ? [] : result.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
};

const AT = "variants.0.steps.0.sections.0.columns.0.elements.0";
const two = [
  { id: "o1", title: "Light roast", step: 1 },
  { id: "o2", title: "Dark roast" },
];

describe("quiz outcomes in the CTA document", () => {
  it("accepts outcomes, points, tags and rules that fit together, and keeps them", () => {
    const options = {
      outcomes: two,
      "outcome-mode": "rules",
      "outcome-rules": [{ field: "taste", value: "b", outcome: "o2" }],
    };
    const fieldOptions = [
      { value: "a", outcomes: { o1: 3 }, tags: ["mild"] },
      { value: "b", outcomes: { o2: 2, o1: -1 } },
    ];
    const parsed = ctaDocumentSchema.parse(quizCta(options, fieldOptions));
    const el = parsed.variants[0].steps[0].sections[0].columns[0].elements[0];
    expect(outcomesOf(el)).toEqual(two);
    expect(el.fields[0].field_options[0]).toMatchObject({ outcomes: { o1: 3 }, tags: ["mild"] });
  });

  it("says what is wrong with each broken part, at its path", () => {
    expect(issues({ outcomes: [...two, { id: "o1", title: "Again" }] })).toContainEqual({
      path: `${AT}.options.outcomes.2.id`,
      message: 'Outcome id "o1" appears twice',
    });
    expect(issues({ outcomes: [{ id: "o1", title: "  ", step: 1 }] })).toContainEqual({
      path: `${AT}.options.outcomes.0.title`,
      message: "Give the outcome a title",
    });
    expect(issues({ outcomes: [{ id: "o1", title: "Far", step: 7 }] })).toContainEqual({
      path: `${AT}.options.outcomes.0.step`,
      message: "Step 8 does not exist: pick another result step",
    });
    expect(issues({ outcomes: two, "outcome-mode": "random" })).toContainEqual({
      path: `${AT}.options.outcome-mode`,
      message: "The outcome mode is one of highest, rules",
    });
    expect(issues({ outcomes: two, "outcome-rules": [{ field: "nope", value: "a", outcome: "o9" }] })).toEqual(
      expect.arrayContaining([
        { path: `${AT}.options.outcome-rules.0.outcome`, message: 'Outcome "o9" does not exist' },
        { path: `${AT}.options.outcome-rules.0.field`, message: 'Question "nope" does not exist' },
      ]),
    );
    expect(
      issues({ outcomes: two, "outcome-rules": [{ field: "taste", value: "zzz", outcome: "o1" }] }),
    ).toContainEqual({
      path: `${AT}.options.outcome-rules.0.value`,
      message: '"zzz" is not an answer of question "taste"',
    });
    expect(issues({ outcomes: two }, [{ value: "a", outcomes: { o3: 1 } }])).toContainEqual({
      path: `${AT}.fields.0.field_options.0.outcomes.o3`,
      message: 'Outcome "o3" does not exist',
    });
  });

  it("refuses malformed, oversized and hostile input with a clear message", () => {
    const many = Array.from({ length: MAX_OUTCOMES + 1 }, (_, i) => ({ id: `o${i}`, title: `O${i}` }));
    expect(issues({ outcomes: many }).map((i) => i.message)).toContain(`A quiz has at most ${MAX_OUTCOMES} outcomes`);
    expect(issues({ outcomes: "o1,o2" }).map((i) => i.message)).toContain("Outcomes are a list");
    expect(issues({ outcomes: [{ id: "<script>", title: "x" }] }).map((i) => i.message)).toContain(
      "An outcome id is 1 to 40 letters, digits, - or _",
    );
    expect(issues({ outcomes: [{ id: "o1", title: "x".repeat(101) }] }).map((i) => i.message)).toContain(
      "An outcome title is at most 100 characters",
    );
    expect(issues({ outcomes: [{ id: "o1", title: "x", extra: 1 }] }).length).toBeGreaterThan(0);
    const bad = (option: Record<string, unknown>) => issues({ outcomes: two }, [option]).map((i) => i.message);
    expect(bad({ value: "a", outcomes: { o1: 1.5 } })).toContain("Points are a whole number");
    expect(bad({ value: "a", outcomes: { o1: 10_000 } })).toContain("Points are at most 1000");
    expect(bad({ value: "a", outcomes: { o1: "3" } })).toContain("Points are a whole number");
    expect(bad({ value: "a", outcomes: { "__proto__ x": 1 } })).toContain("Points go to an outcome id");
    expect(bad({ value: "a", tags: ["x".repeat(51)] })).toContain("A tag is at most 50 characters");
    expect(bad({ value: "a", tags: Array.from({ length: 11 }, (_, i) => `t${i}`) })).toContain(
      "An answer adds at most 10 tags",
    );
    expect(issues({ outcomes: two, "outcome-rules": [{ field: "taste" }] }).map((i) => i.path)).toContain(
      `${AT}.options.outcome-rules.0.value`,
    );
  });

  it("shows every outcome message in Swedish", () => {
    const sv = translator("sv");
    const messages = [
      ...issues({ outcomes: [...two, { id: "o1", title: " ", step: 9 }], "outcome-mode": "x" }),
      ...issues({ outcomes: two, "outcome-rules": [{ field: "nope", value: "a", outcome: "o9" }] }),
      ...issues({ outcomes: two }, [{ value: "a", outcomes: { o3: 1.5 }, tags: [""] }]),
    ].map((i) => i.message);
    expect(messages.length).toBeGreaterThan(6);
    for (const message of messages) expect(localizeMessage(sv, message), message).not.toBe(message);
  });
});
