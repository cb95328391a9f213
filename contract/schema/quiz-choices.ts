/**
 * Field types whose answers are options (a quiz's choices): the widget's
 * quiz engine and the builder's outcome table both read this list. No zod
 * here: the widget imports it.
 */
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
