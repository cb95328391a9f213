/**
 * The admin's English catalogue. Keys are grouped by page with a dot; texts
 * may hold {name} placeholders. Strings still written inline in the admin
 * move here one page at a time. The texts live in one file per area of the
 * admin (en/*.ts); each key belongs to exactly one area, by its prefix.
 */
import type { SameKeys } from "./same-keys";
import { shellEn } from "./en/shell";
import { ctasEn } from "./en/ctas";
import { editorEn } from "./en/editor";
import { editorUiEn } from "./en/editor-ui";
import { campaignsEn } from "./en/campaigns";
import { contactsEn } from "./en/contacts";
import { resultsEn } from "./en/results";
import { integrationsEn } from "./en/integrations";
import { settingsEn } from "./en/settings";
import { validationEn } from "./en/validation";
import { abTestEn } from "./en/ab-test";
import { emailEn } from "./en/email";
import { uniqueCodesEn } from "./en/unique-codes";

export const en = {
  ...shellEn,
  ...ctasEn,
  ...editorEn,
  ...editorUiEn,
  ...campaignsEn,
  ...contactsEn,
  ...resultsEn,
  ...integrationsEn,
  ...settingsEn,
  ...validationEn,
  ...abTestEn,
  ...emailEn,
  ...uniqueCodesEn,
} as const;

/** Keys of the admin's catalogue. */
export type AdminKey = keyof typeof en;
/** The shape every admin catalogue has. */
export type AdminTexts = SameKeys<typeof en>;
