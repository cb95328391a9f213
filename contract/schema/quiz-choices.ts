/**
 * What the widget's quiz engine shares with the builder and the server: the
 * field types whose answers are options (a quiz's choices, the rows of the
 * builder's outcome table), and where a completed quiz puts its outcome and
 * tags in the lead's extra. No zod here: the widget imports it.
 */

/** The lead's extra key of the quiz outcome's title (the e-mail tool's property; Results count it). */
export const OUTCOME_FIELD = "quiz_outcome";
/** The lead's extra key of the tags the chosen answers put on the visitor. */
export const TAGS_FIELD = "quiz_tags";

export const CHOICE_FIELD_TYPES: readonly string[] = [
  "dropdown",
  "radio",
  "select",
  "checkbox",
  "image",
  "color",
  "emoji",
  "icon",
  "letter",
];
