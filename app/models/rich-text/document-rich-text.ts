/**
 * Where a CTA document holds owner rich text, the places the widget renders
 * through its HTML sanitizer (TextElement, TimerElement's end message, the
 * content items of carousel / collapse / tabs / conditional row, and a
 * confirmation message): one walk, so the server's sanitizer cannot miss a
 * place the widget draws as HTML. Pure and free of sanitize-html, so it can
 * be tested with any cleaning function.
 */
import type { ActionGroup, CtaDocument, CtaElement } from "#contract/schema/cta";

/** Element option keys whose value is rich text. */
export const RICH_TEXT_OPTION_KEYS = ["html", "end-message"] as const;

type Clean = (html: string) => string;

function cleanGroups(groups: ActionGroup[], clean: Clean): ActionGroup[] {
  return groups.map((g) =>
    typeof g.data.confirmation == "string"
      ? { ...g, data: { ...g.data, confirmation: clean(g.data.confirmation) } }
      : g,
  );
}

function cleanElement(el: CtaElement, clean: Clean): CtaElement {
  const options = { ...el.options };
  for (const key of RICH_TEXT_OPTION_KEYS)
    if (typeof options[key] == "string") options[key] = clean(options[key] as string);
  const items = el.content_toggle_items?.map((item) =>
    typeof item.html == "string" ? { ...item, html: clean(item.html) } : item,
  );
  return {
    ...el,
    options,
    action_groups: cleanGroups(el.action_groups, clean),
    ...(items ? { content_toggle_items: items } : {}),
  };
}

/** The document with every rich-text value passed through `clean`; everything else is left as it was. */
export function mapRichText(doc: CtaDocument, clean: Clean): CtaDocument {
  return {
    ...doc,
    variants: doc.variants.map((variant) => ({
      ...variant,
      steps: variant.steps.map((step) => ({
        ...step,
        action_groups: cleanGroups(step.action_groups, clean),
        sections: step.sections.map((section) => ({
          ...section,
          columns: section.columns.map((column) => ({
            ...column,
            elements: column.elements.map((el) => cleanElement(el, clean)),
          })),
        })),
      })),
    })),
  };
}
