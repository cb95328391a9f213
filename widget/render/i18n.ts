/**
 * Beckon's own texts for one CTA (DESIGN "Words are data"). The catalogues
 * themselves live in contract/i18n and reach the browser inside the config:
 * only the website's language and the languages CTAs override it with, so
 * the renderer carries no words of its own. Owner-written texts never come
 * from here.
 */
import { hasOwnKey } from "#contract/json-record";
import type { CtaDocument } from "#contract/schema/cta";
import type { PublicWebsiteConfig } from "#contract/schema/public-config";
import type { WidgetTexts } from "#contract/i18n/en";

export type Lang = string;

/** A catalogue and the language it is in. */
export type Labels = WidgetTexts & { lang: Lang };

/** The texts of a CTA: its `language` option when the config carries that catalogue, else the website's language, else any catalogue the config has. */
export function labelsFor(
  config: Pick<PublicWebsiteConfig, "language" | "texts">,
  cta?: Pick<CtaDocument, "options">,
): Labels {
  const texts = config.texts ?? {};
  const want = cta?.options?.language;
  const has = (lang: unknown): lang is string => typeof lang == "string" && hasOwnKey(texts, lang);
  const lang = has(want) ? want : has(config.language) ? config.language : Object.keys(texts)[0];
  return { ...texts[lang], lang };
}

/** Fills {name} placeholders. */
export const fill = (s: string, values: Record<string, string | number>) =>
  s.replace(/\{(\w+)\}/g, (m, k) => (k in values ? String(values[k]) : m));
