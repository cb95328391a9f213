/** Helpers shared by the quiz navigation-*.test.ts files: an a/b option set, the current question's id, and answer-then-next. */
import { answer, current, next, type QuizState } from "#widget/render/quiz";
import { optionsMock } from "./factories";

/** Two options, "a" and "b". */
export const ab = optionsMock(["a", "b"]);
/** The id of the question on screen, or null when none is. */
export const at = (s: QuizState) => current(s)?.id ?? null;
/** Answers the current question with `value` and presses next. */
export const go = (s: QuizState, value?: string | string[] | number) =>
  next(value === undefined ? s : answer(s, at(s)!, value));
