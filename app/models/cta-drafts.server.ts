/**
 * Drafts of published CTAs: saving a published CTA in the editor stores the
 * document in Cta.draft and leaves the rows (what the widget, the CTA files
 * and results read) alone until the owner publishes it.
 */
import type { CtaDocument } from "#contract/schema/cta";
import { loadCtaDocument } from "./cta-rows.server";
import { CtaValidationError, idsOf, parseCtaInput, referenceIssues, structureIssues } from "./cta-validation.server";
import { sameContent } from "./cta-write.server";
import { NotFoundError, inTransaction, nullableJson, toJson, type DbClient } from "./model-kit.server";

/** What the editor opens: the draft of a published CTA when it has one, else the stored CTA. */
export interface EditorCta {
  cta: CtaDocument;
  hasDraft: boolean;
}

/** A stored draft as a document, or null; one the schema no longer accepts is ignored rather than locking the editor. */
function draftOf(json: unknown, stored: CtaDocument): CtaDocument | null {
  if (json === null || json === undefined) return null;
  try {
    return { ...parseCtaInput(json), id: stored.id, status: stored.status, published_at: stored.published_at };
  } catch {
    return null;
  }
}

/** Loads a CTA for the editor: a published CTA's pending draft, or the stored rows. */
export async function loadCtaForEditor(db: DbClient, websiteId: number, ctaId: number): Promise<EditorCta | null> {
  const row = await db.cta.findFirst({ where: { id: ctaId, websiteId }, select: { status: true, draft: true } });
  if (!row) return null;
  const stored = (await loadCtaDocument(db, websiteId, ctaId))!;
  const draft = row.status === "published" ? draftOf(row.draft, stored) : null;
  return draft ? { cta: draft, hasDraft: true } : { cta: stored, hasDraft: false };
}

/**
 * Stores an edited document of a published CTA as its draft, validated as a
 * save would be; visitors keep the published rows. A document equal to the
 * published one drops the draft. Returns null when the CTA is not published
 * (its rows are then saved directly). Throws CtaValidationError or NotFoundError.
 */
export async function saveCtaDraft(
  db: DbClient,
  websiteId: number,
  ctaId: number,
  input: unknown,
): Promise<EditorCta | null> {
  const parsed = parseCtaInput(input);
  return inTransaction(db, async (tx) => {
    const before = await loadCtaDocument(tx, websiteId, ctaId);
    if (!before) throw new NotFoundError("CTA", ctaId);
    if (before.status !== "published") return null;
    const draft: CtaDocument = { ...parsed, id: ctaId, status: "published", published_at: before.published_at };
    const issues = [...structureIssues(draft, idsOf(before)), ...(await referenceIssues(tx, websiteId, draft))];
    if (issues.length) throw new CtaValidationError(issues);
    const unchanged = sameContent(before, draft);
    await tx.cta.update({ where: { id: ctaId }, data: { draft: unchanged ? nullableJson(tx, null) : toJson(draft) } });
    return unchanged ? { cta: before, hasDraft: false } : { cta: draft, hasDraft: true };
  });
}

/** Drops a CTA's pending draft; returns the stored (published) document. */
export async function discardCtaDraft(db: DbClient, websiteId: number, ctaId: number): Promise<CtaDocument> {
  const { count } = await db.cta.updateMany({
    where: { id: ctaId, websiteId },
    data: { draft: nullableJson(db, null) },
  });
  if (count === 0) throw new NotFoundError("CTA", ctaId);
  return (await loadCtaDocument(db, websiteId, ctaId))!;
}
