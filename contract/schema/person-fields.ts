/**
 * The contact fields of a person (PublicPerson), without zod, so the widget
 * can import them as values: identify calls, forms and quiz prefills tell
 * these apart from custom fields (which go to `extra`).
 */

/** Profile fields besides e-mail and phone. */
export const PROFILE_FIELDS = [
  "name",
  "last_name",
  "company_name",
  "company_title",
  "website",
  "city",
  "state",
  "country",
  "zip_code",
  "address",
] as const;

/** Every contact field: e-mail, phone and the profile fields. */
export const PERSON_FIELDS = ["email", "phone", ...PROFILE_FIELDS] as const;

export type PersonField = (typeof PERSON_FIELDS)[number];

/** Whether a key names a contact field rather than a custom one. */
export const isPersonField = (key: string): key is PersonField => (PERSON_FIELDS as readonly string[]).includes(key);
