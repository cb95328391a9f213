/**
 * A website's embed snippet for the install page and the demo's host pages.
 * The snippet's code belongs to the widget (widget/snippet.ts), so the app
 * does not import it: the widget build writes it as a template
 * (beckon-snippet.json beside the bundles), read here like the bundles
 * themselves, and contract/snippet-template.ts fills in the website.
 */
import { fillSnippet, type SnippetOptions, type SnippetTemplateFile } from "#contract/snippet-template";
import { widgetAsset } from "./widget-assets.server";

/** The template in the build's file, or null for a missing or malformed one. */
export function parseSnippetTemplate(file: string | null): string | null {
  if (!file) return null;
  try {
    const template: unknown = (JSON.parse(file) as Partial<SnippetTemplateFile> | null)?.template;
    return typeof template === "string" && template.length > 0 ? template : null;
  } catch {
    return null;
  }
}

/** The snippet that installs Beckon for one website, or null while the widget has not been built. */
export function installSnippet(options: SnippetOptions, file: string | null = widgetAsset("beckon-snippet.json")) {
  const template = parseSnippetTemplate(file);
  return template === null ? null : fillSnippet(template, options);
}
