/**
 * The admin's Swedish catalogue: the keys of en.ts; a missing key falls back
 * to English. Each area file (sv/*.ts) is typed by its English twin, so a key
 * missing or left over in one area fails the typecheck there.
 */
import type { AdminTexts } from "./en";
import { shellSv } from "./sv/shell";
import { ctasSv } from "./sv/ctas";
import { editorSv } from "./sv/editor";
import { editorUiSv } from "./sv/editor-ui";
import { campaignsSv } from "./sv/campaigns";
import { contactsSv } from "./sv/contacts";
import { resultsSv } from "./sv/results";
import { integrationsSv } from "./sv/integrations";
import { settingsSv } from "./sv/settings";
import { validationSv } from "./sv/validation";
import { abTestSv } from "./sv/ab-test";
import { emailSv } from "./sv/email";
import { uniqueCodesSv } from "./sv/unique-codes";

export const sv: AdminTexts = {
  ...shellSv,
  ...ctasSv,
  ...editorSv,
  ...editorUiSv,
  ...campaignsSv,
  ...contactsSv,
  ...resultsSv,
  ...integrationsSv,
  ...settingsSv,
  ...validationSv,
  ...abTestSv,
  ...emailSv,
  ...uniqueCodesSv,
};
