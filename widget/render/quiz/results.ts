/**
 * What a quiz hands on: merge values and condition data for the next steps,
 * the Selection and Completion event data, and the contact payload sent on
 * completion (SPEC 7 "contacts create", quiz variant).
 */
import { emptyRecord } from "#contract/json-record";
import { OUTCOME_FIELD, TAGS_FIELD } from "#contract/schema/quiz-choices";
import { isEmailField, isPhoneField, normalizeEmail } from "#widget/render/form-logic";
import { answerTags, quizOutcome } from "./outcomes";
import { mostlyLetter, quizScore } from "./scoring";
import type { Answer, QuizField, QuizState } from "./types";

type ExtraValue = string | number | string[];

/** Answers as the contact API stores them: lists as strings (a two-handle range is ["250", "750"]). */
const extraValue = (v: Answer): ExtraValue => (Array.isArray(v) ? v.map(String) : v);

/**
 * Answers by slug: hidden fields first, then the questions on the path in order.
 * A null-prototype record: a slug such as "__proto__" is an answer like any
 * other, and "constructor" finds nothing when it was not answered.
 */
export function answersBySlug(state: QuizState): Record<string, Answer> {
  const out = Object.assign(emptyRecord<Answer>(), state.def.hidden);
  for (const id of state.path) {
    const field = state.def.fields.find((q) => q.id === id)!;
    if (state.answers[id] !== undefined) out[field.slug] = state.answers[id];
  }
  return out;
}

/**
 * Merge values and condition data: every answer by slug, "quiz.score", the
 * score field (when one is set), "quiz.mostly" (absent before any choice,
 * so merge tags show their fallback) and "quiz.outcome" (the outcome's title,
 * for a quiz with outcomes).
 */
export function mergeValues(state: QuizState): Record<string, Answer> {
  const score = quizScore(state);
  const out = answersBySlug(state);
  out["quiz.score"] = score;
  if (state.def.score.field) out[state.def.score.field] = score;
  const mostly = mostlyLetter(state);
  if (mostly) out["quiz.mostly"] = mostly;
  const outcome = quizOutcome(state);
  if (outcome) out["quiz.outcome"] = outcome.title;
  return out;
}

/** Ids of the action groups that matched on the path, in path order, each once. */
export function matchedGroupIds(state: QuizState): number[] {
  const ids = state.path.flatMap((id) => (state.matched[id] ?? []).map((i) => state.def.groups[i]?.id));
  return [...new Set(ids)].filter((id): id is number => typeof id == "number");
}

/** Data of the Selection event for one question (default: the current one): fields.extra plus the score. */
export function selectionEventData(state: QuizState, field?: QuizField | number) {
  const id = typeof field == "number" ? field : (field?.id ?? state.path[state.path.length - 1]);
  const quizField = state.def.fields.find((q) => q.id === id);
  const answer = state.answers[id];
  return {
    fields: { extra: quizField && answer !== undefined ? { [quizField.slug]: extraValue(answer) } : {} },
    score: quizScore(state),
  };
}

/** Data of the Completion event: every answer, the score, the mostly letter and the outcome's id (Results count it). */
export function completionEventData(state: QuizState) {
  const extra = emptyRecord<ExtraValue>();
  for (const [slug, answer] of Object.entries(answersBySlug(state))) extra[slug] = extraValue(answer);
  const outcome = quizOutcome(state);
  const data = { fields: { extra }, score: quizScore(state), mostly: mostlyLetter(state) };
  return outcome ? { ...data, outcome: outcome.id } : data;
}

/** Ids the completion payload needs; the renderer knows all but the visitor token (the loader adds it when absent). */
export interface QuizContext {
  cta_id: number;
  website_id: number;
  visitor_token?: string;
  variant_id?: number | null;
  step_id?: number | null;
  element_id?: number | null;
  broadcast_id?: number | null;
  /** Further matched groups (for example the element's own), sent after the quiz's. */
  action_groups?: number[];
}

/** The SPEC 7 contact payload on quiz completion. */
export interface QuizContactPayload {
  visitor_token?: string;
  contactable_type: "Cta";
  contactable_id: number;
  cta_id: number;
  website_id: number;
  variant_id: number | null;
  step_id: number | null;
  element_id: number | null;
  broadcast_id: number | null;
  extra: Record<string, ExtraValue>;
  email?: string;
  phone?: string;
  latest_score: number;
  action_groups: number[];
}

/**
 * The contact payload of a completed quiz: answers by slug in extra (the score
 * field, the outcome's title and the answers' tags too), e-mail and phone at
 * the top level when the quiz asked for them.
 */
export function completionPayload(state: QuizState, ctx: QuizContext): QuizContactPayload {
  const score = quizScore(state);
  const payload: QuizContactPayload = {
    contactable_type: "Cta",
    contactable_id: ctx.cta_id,
    cta_id: ctx.cta_id,
    website_id: ctx.website_id,
    variant_id: ctx.variant_id ?? null,
    step_id: ctx.step_id ?? null,
    element_id: ctx.element_id ?? null,
    broadcast_id: ctx.broadcast_id ?? null,
    extra: emptyRecord(),
    latest_score: score,
    action_groups: [...new Set([...matchedGroupIds(state), ...(ctx.action_groups ?? [])])],
  };
  if (ctx.visitor_token) payload.visitor_token = ctx.visitor_token;
  const bySlug = answersBySlug(state);
  for (const field of state.def.fields) {
    const answer = bySlug[field.slug];
    if (answer === undefined) continue;
    const text = typeof answer == "string" ? answer.trim() : "";
    if (isEmailField(field) && text) payload.email = normalizeEmail(text);
    else if (isPhoneField(field) && text) payload.phone = text;
    else payload.extra[field.slug] = extraValue(answer);
  }
  if (state.def.score.field) payload.extra[state.def.score.field] = score;
  const outcome = quizOutcome(state);
  if (outcome) payload.extra[OUTCOME_FIELD] = outcome.title;
  const tags = answerTags(state);
  if (tags.length) payload.extra[TAGS_FIELD] = tags;
  return payload;
}
