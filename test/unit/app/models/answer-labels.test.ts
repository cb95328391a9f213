/**
 * Quiz and survey answers as the owner wrote them: the contact page lists
 * "Hur stort är ert säljteam?" → "6–20 säljare" instead of "question_1" →
 * "b". A submission's answers follow its own element exactly; a profile's
 * merged answers get labels only when every field of that slug agrees, and
 * unknown slugs, values and hostile stored values stay as stored. The
 * editor's choice and field names read the same way.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "#test/support/test-database";
import { seedIfEmpty } from "#prisma/seed";
import { loadAnswerLabels } from "#app/models/answer-labels.server";
import { contactDetail } from "#app/models/contact-admin.server";
import { choiceName, fieldTitle } from "#app/components/editor/FieldsEditor";

let t: TestDatabase;
let sv: number;
let quizA: number;
let quizB: number;

const sizeChoices = [
  { value: "a", label: "1–5 säljare" },
  { value: "b", label: "6–20 säljare" },
];

beforeAll(async () => {
  t = await createTestDatabase();
  await seedIfEmpty(t.db);
  sv = (await t.db.website.findFirstOrThrow({ where: { currency: "SEK" } })).id;
  // Two elements of the site's CTAs get quiz questions with the same slug but different wording.
  const elements = await t.db.ctaElement.findMany({
    where: { column: { section: { step: { variant: { cta: { websiteId: sv } } } } } },
    take: 2,
    orderBy: { id: "asc" },
  });
  [quizA, quizB] = elements.map((e) => e.id);
  await t.db.ctaField.create({
    data: {
      elementId: quizA,
      slug: "question_1",
      fieldType: "radio",
      position: 90,
      options: { label: "Hur stort är ert säljteam?" },
      fieldOptions: sizeChoices,
    },
  });
  await t.db.ctaField.create({
    data: {
      elementId: quizB,
      slug: "question_1",
      fieldType: "radio",
      position: 90,
      options: { label: "Hur många säljare har ni?" },
      fieldOptions: sizeChoices,
    },
  });
  await t.db.ctaField.create({
    data: {
      elementId: quizA,
      slug: "goal",
      fieldType: "checkbox",
      position: 91,
      options: { label: "Vad vill ni uppnå?" },
      fieldOptions: [
        { value: "leads", label: "Fler leads" },
        { value: "close", label: "Högre avslut" },
      ],
    },
  });
}, 60_000);

afterAll(async () => {
  await t?.drop();
});

describe("answer labels", () => {
  it("name a submission's answers by its own element's question and choice labels", async () => {
    const labels = await loadAnswerLabels(t.db, sv);
    expect(labels.label(quizA, "question_1", "b")).toEqual({
      question: "Hur stort är ert säljteam?",
      answer: "6–20 säljare",
    });
    expect(labels.label(quizB, "question_1", "a")).toEqual({
      question: "Hur många säljare har ni?",
      answer: "1–5 säljare",
    });
    expect(labels.label(quizA, "goal", ["leads", "close"])).toEqual({
      question: "Vad vill ni uppnå?",
      answer: "Fler leads, Högre avslut",
    });
  });

  it("label merged answers only when unambiguous, and leave unknown or hostile values as stored", async () => {
    const labels = await loadAnswerLabels(t.db, sv);
    expect(labels.label(null, "question_1", "b")).toEqual({ question: null, answer: null }); // two wordings: no guess
    expect(labels.label(null, "goal", "close")).toEqual({ question: "Vad vill ni uppnå?", answer: "Högre avslut" });
    expect(labels.label(quizA, "goal", "other")).toEqual({ question: "Vad vill ni uppnå?", answer: null });
    expect(labels.label(quizA, "goal", { toString: "x" })).toEqual({ question: "Vad vill ni uppnå?", answer: null });
    expect(labels.label(quizA, "goal", [{}, "leads"])).toEqual({ question: "Vad vill ni uppnå?", answer: null });
    expect(labels.label(quizA, "nope", "b")).toEqual({ question: null, answer: null });
    // Another website's fields never label this one's answers.
    const store = (await t.db.website.findFirstOrThrow({ where: { id: { not: sv } } })).id;
    expect((await loadAnswerLabels(t.db, store)).label(quizA, "goal", "leads")).toEqual({
      question: null,
      answer: null,
    });
  });

  it("the contact page lists answers by question and answer label, keeping the stored slug and value", async () => {
    const person = await t.db.person.create({
      data: {
        websiteId: sv,
        visitorToken: "labels-test-token-0001",
        personType: "Contact",
        email: "quiz@exempel.se",
        extra: { goal: ["leads"], question_1: "b" },
        data: {},
      },
    });
    await t.db.contactSubmission.create({
      data: {
        websiteId: sv,
        clientId: "labels-1",
        personId: person.id,
        elementId: quizB,
        payload: { question_1: "b", element_id: quizB },
      },
    });
    const c = (await contactDetail(t.db, sv, person.id))!;
    expect(c.answers).toContainEqual({
      key: "goal",
      value: "leads",
      question: "Vad vill ni uppnå?",
      answer: "Fler leads",
    });
    expect(c.answers).toContainEqual({ key: "question_1", value: "b", question: null, answer: null });
    expect(c.submissions[0].answers).toEqual([
      { key: "question_1", value: "b", question: "Hur många säljare har ni?", answer: "6–20 säljare" },
    ]);
  });

  it("the editor names fields and choices by what visitors read", () => {
    expect(fieldTitle({ slug: "question_1", options: { label: "Hur stort är ert säljteam?" } })).toBe(
      "Hur stort är ert säljteam?",
    );
    expect(fieldTitle({ slug: "question_1", options: { label: "  " } })).toBe("question_1");
    expect(choiceName({ value: "b", label: "6–20 säljare" }, 1)).toBe("Choice 2 “6–20 säljare”");
    expect(choiceName({ value: "b" }, 0)).toBe("Choice 1 “b”");
    expect(choiceName({ value: "" }, 2)).toBe("Choice 3");
  });
});
