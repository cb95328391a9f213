/**
 * Human labels for stored answers. Forms, quizzes and surveys store answers
 * by field slug with the choice's value ("question_1": "b"); the owner wrote
 * a question ("Hur stort är ert säljteam?") and answer labels ("6–20
 * säljare"). This turns the former into the latter wherever the admin lists
 * answers. A submission names its element, so its slugs are exact; a
 * profile's answers (Person.extra) merge every CTA's, so a slug gets a label
 * only when all the website's fields of that slug agree on it.
 */
import type { Db } from "#app/db.server";
import { asRecord } from "#contract/json-record";

interface FieldLabels {
  question: string | null;
  choices: Map<string, string>;
}

/** Answer labels of one website: call label() per answer. */
export interface AnswerLabels {
  /** The question text and answer labels for an answer; null parts when nothing better than the raw key/value is known. */
  label(elementId: number | null, key: string, value: unknown): { question: string | null; answer: string | null };
}

function fieldLabels(row: { options: unknown; fieldOptions: unknown }): FieldLabels {
  const options = asRecord(row.options);
  const label =
    typeof options.label === "string" && options.label.trim()
      ? options.label.trim()
      : typeof options.question === "string" && options.question.trim()
        ? options.question.trim()
        : null;
  const choices = new Map<string, string>();
  for (const entry of Array.isArray(row.fieldOptions) ? row.fieldOptions : []) {
    const choice = asRecord(entry);
    const value = typeof choice.value === "string" || typeof choice.value === "number" ? String(choice.value) : null;
    if (value !== null && typeof choice.label === "string" && choice.label.trim())
      choices.set(value, choice.label.trim());
  }
  return { question: label, choices };
}

/** The answer's values as a list (a multiple choice is stored as an array or "a, b"). */
function values(value: unknown): string[] | null {
  if (Array.isArray(value))
    return value.every((v) => typeof v === "string" || typeof v === "number") ? value.map(String) : null;
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") return [String(value)];
  return null;
}

/** Loads the labels of every field of the website (a few hundred rows at most). */
export async function loadAnswerLabels(db: Db, websiteId: number): Promise<AnswerLabels> {
  const rows = await db.ctaField.findMany({
    where: { element: { column: { section: { step: { variant: { cta: { websiteId } } } } } } },
    select: { elementId: true, slug: true, options: true, fieldOptions: true },
  });
  const byElement = new Map<string, FieldLabels>();
  const bySlug = new Map<string, FieldLabels | "ambiguous">();
  for (const row of rows) {
    const labels = fieldLabels(row);
    byElement.set(`${row.elementId}:${row.slug}`, labels);
    const seen = bySlug.get(row.slug);
    const same = (a: FieldLabels, b: FieldLabels) =>
      a.question === b.question && JSON.stringify([...a.choices]) === JSON.stringify([...b.choices]);
    if (seen === undefined) bySlug.set(row.slug, labels);
    else if (seen !== "ambiguous" && !same(seen, labels)) bySlug.set(row.slug, "ambiguous");
  }
  return {
    label(elementId, key, value) {
      const exact = elementId !== null ? byElement.get(`${elementId}:${key}`) : undefined;
      const shared = bySlug.get(key);
      const field = exact ?? (shared && shared !== "ambiguous" ? shared : undefined);
      if (!field) return { question: null, answer: null };
      const list = values(value);
      const answer =
        list && field.choices.size && list.some((v) => field.choices.has(v))
          ? list.map((v) => field.choices.get(v) ?? v).join(", ")
          : null;
      return { question: field.question, answer };
    },
  };
}
