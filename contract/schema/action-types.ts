/**
 * The kinds of CTA actions, without zod, so the widget can import them as
 * values: the CTA schema (cta.ts) accepts these and "messenger"; the renderer
 * sorts a conversion's actions by them (widget/render/convert.ts).
 */

/** Actions on the local person (SPEC 4); the server applies the list ones to the contact too. */
export const PERSON_ACTION_TYPES = [
  "add_tag",
  "remove_tag",
  "update_field",
  "update_score",
  "add_score",
  "subtract_score",
  "subscribe_list",
  "unsubscribe_list",
  "add_list_tag",
  "remove_list_tag",
] as const;

/** Store actions (SPEC 4): cart changes and discount codes. */
export const STORE_ACTION_TYPES = ["add_to_cart", "remove_from_cart", "clear_cart", "apply_discount"] as const;

/** Whether an action type is one of a list. */
export const isActionType = (types: readonly string[], actionType: string): boolean => types.includes(actionType);
