/**
 * The draft the builder's end-to-end files edit: one CTA made from a
 * gallery template on the seeded Swedish site, opened in the editor by the
 * demo owner, with the uncaught errors of every page that edits it kept for
 * the tests to check. Live bindings, as in e2e-stack.ts.
 */
import type { BrowserContext, Page } from "playwright-core";
import { openEditorAsOwner, saveTemplateDraft } from "./admin-page";
import { server, svId, tdb, withE2eStack } from "./e2e-stack";

/** The draft's id, set before the server starts. */
export let ctaId: number;
/** Uncaught errors of the pages ownerPage() opened, and of any the test adds. */
export const pageErrors: string[] = [];

/** Registers the stack (withE2eStack) with the draft made from `template`, saved under `template.name`. */
export function withTemplateDraft(template: { id: string; name: string }): void {
  withE2eStack({
    beforeServer: async () => {
      ctaId = await saveTemplateDraft(tdb.db, svId, template);
    },
  });
}

/** A new page of `context` on the draft's editor, signed in. */
export function ownerPage(context: BrowserContext): Promise<Page> {
  return openEditorAsOwner(context, server.origin, { websiteId: svId, ctaId, errors: pageErrors });
}
