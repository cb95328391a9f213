/**
 * Puts a live CTA on a test website in one step: saved as an owner's editor
 * saves it and published, so the widget is served it.
 */
import type { TestDatabase } from "./test-database";
import { publishCta, saveCtaDocument } from "#app/models/cta.server";
import type { CtaDocumentInput } from "#contract/schema/cta";

/** Saves `input` as a new CTA of the website and publishes it; resolves to its id. */
export async function publishNewCta(
  db: TestDatabase["db"],
  websiteId: number,
  input: CtaDocumentInput,
): Promise<number> {
  const doc = await saveCtaDocument(db, websiteId, input);
  await publishCta(db, websiteId, doc.id!);
  return doc.id!;
}
