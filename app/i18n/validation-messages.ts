/**
 * Validation messages in the owner's language. The models, the schemas and
 * the public API speak English (SPEC's error texts are English, and an API
 * client must get the same words whoever's browser asks). The admin shows the
 * same messages in the owner's language: each message is matched against the
 * English texts of the catalogue's `validation.*` keys, which are templates
 * with {placeholders} (gettext keys messages by their source text the same
 * way), and the matched values are filled into that key's text in the owner's
 * language. A message that no template matches is shown as it is, so a new
 * model message is never lost, only untranslated until the catalogue has it.
 */
import { en, type AdminKey } from "./en";
import type { Translate } from "./index";

interface Template {
  key: AdminKey;
  pattern: RegExp;
  names: string[];
}

const PLACEHOLDER = /\{(\w+)\}/g;

/** One template's pattern: its text literally, each {name} any non-empty run of characters. */
function compile(key: AdminKey, text: string): Template {
  const names: string[] = [];
  let source = "";
  let last = 0;
  for (const match of text.matchAll(PLACEHOLDER)) {
    source += escapeRegExp(text.slice(last, match.index)) + "(.+?)";
    names.push(match[1]);
    last = match.index! + match[0].length;
  }
  source += escapeRegExp(text.slice(last));
  return { key, pattern: new RegExp(`^${source}$`, "s"), names };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

let templates: Template[] | null = null;

/**
 * The templates, exact texts before those with placeholders and then fewer
 * placeholders first, so "Expected integer, received float" wins over
 * "Expected {expected}, received {received}".
 */
function allTemplates(): Template[] {
  templates ??= (Object.keys(en) as AdminKey[])
    .filter((key) => key.startsWith("validation."))
    .map((key) => compile(key, en[key]))
    .sort((a, b) => a.names.length - b.names.length);
  return templates;
}

/** Longest message matched: a model message is a sentence; anything longer is shown as it came. */
const MAX_MESSAGE_CHARS = 2_000;

/** The message in the language of `t`, or the message itself when no template matches it. */
export function localizeMessage(translate: Translate, message: string): string {
  if (message.length > MAX_MESSAGE_CHARS) return message;
  for (const template of allTemplates()) {
    const match = template.pattern.exec(message);
    if (!match) continue;
    const values: Record<string, string> = {};
    template.names.forEach((name, i) => {
      values[name] = match[i + 1];
    });
    return translate(template.key, values);
  }
  return message;
}

/** Every message of a field-error map in the language of `t`; the fields stay as they are. */
export function localizeFieldErrors(t: Translate, fieldErrors: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, message] of Object.entries(fieldErrors)) out[field] = localizeMessage(t, message);
  return out;
}
