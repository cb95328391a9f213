/**
 * CTAs: a CTA is edited as one document (contract/schema/cta.ts) and stored as
 * rows, so that events can point at a variant, step or element and results
 * can be grouped by them. Everything is scoped by website: an id that is not
 * this CTA's own is refused, never followed. The work is split by job:
 *   cta-rows        rows → document (loadCtaDocument)
 *   cta-validation  what a document must be (schema, ids, references)
 *   cta-write       document → rows (saveCtaDocument)
 *   cta-drafts      drafts of published CTAs
 *   cta-copy        copies (duplicateCta)
 * and this module, the one the rest of the app imports, adds status changes
 * and lists.
 */
import type { Prisma } from "#app/db.server";
import type { Cta as CtaRow } from "#app/generated/prisma-sqlite";
import type { CtaDocument } from "#contract/schema/cta";
import type { PublicCtaSummary } from "#contract/schema/public-config";
import { byPosition, ctaHeaderOf } from "./cta-rows.server";
import { NotFoundError, nullableJson, type DbClient } from "./model-kit.server";
import { sitesChanged } from "./site-publication.server";

export { NotFoundError } from "./model-kit.server";
export { loadCtaDocument } from "./cta-rows.server";
export { CtaValidationError, MAX_CTA_DOCUMENT_CHARS } from "./cta-validation.server";
export { saveCtaDocument, type SaveOptions } from "./cta-write.server";
export { discardCtaDraft, loadCtaForEditor, saveCtaDraft, type EditorCta } from "./cta-drafts.server";
export { duplicateCta } from "./cta-copy.server";

/** A CTA in the admin's list: the header the widget's summary has (ctaHeaderOf), with its status and last change. */
export interface CtaListItem extends Omit<PublicCtaSummary, "variants" | "cta"> {
  status: CtaDocument["status"];
  /** ISO 8601 */
  updated_at: string;
}

function listItemOf(row: CtaRow): CtaListItem {
  return { ...ctaHeaderOf(row), updated_at: row.updatedAt.toISOString() };
}

async function setStatus(
  db: DbClient,
  websiteId: number,
  ctaId: number,
  data: Prisma.CtaUpdateManyMutationInput,
): Promise<CtaListItem> {
  const { count } = await db.cta.updateMany({ where: { id: ctaId, websiteId }, data });
  if (count === 0) throw new NotFoundError("CTA", ctaId);
  await sitesChanged(db);
  return listItemOf(await db.cta.findUniqueOrThrow({ where: { id: ctaId } }));
}

/** Publishes a CTA; published_at = now, so browsers drop their cached copies. */
export function publishCta(db: DbClient, websiteId: number, ctaId: number): Promise<CtaListItem> {
  return setStatus(db, websiteId, ctaId, { status: "published", publishedAt: new Date() });
}

/** Archives a CTA: the widget stops receiving it; its rows and results stay, unpublished edits of it are dropped. */
export function archiveCta(db: DbClient, websiteId: number, ctaId: number): Promise<CtaListItem> {
  return setStatus(db, websiteId, ctaId, { status: "archived", draft: nullableJson(db, null) });
}

/** A website's CTAs, oldest first; optionally only those with one status. */
export async function listCtas(
  db: DbClient,
  websiteId: number,
  filter: { status?: CtaDocument["status"] } = {},
): Promise<CtaListItem[]> {
  const rows = await db.cta.findMany({
    where: { websiteId, ...(filter.status ? { status: filter.status } : {}) },
    orderBy: { id: "asc" },
  });
  return rows.map(listItemOf);
}

/** What the widget needs to decide whether and when to show each published CTA. */
export async function listPublishedCtaSummaries(db: DbClient, websiteId: number): Promise<PublicCtaSummary[]> {
  const rows = await db.cta.findMany({
    where: { websiteId, status: "published" },
    orderBy: { id: "asc" },
    include: { variants: { orderBy: byPosition, select: { id: true, variation: true, percentage: true } } },
  });
  return rows.map((row) => {
    // Every summary here is published: the widget is not told the status.
    const { status: _published, ...header } = ctaHeaderOf(row);
    return { ...header, variants: row.variants };
  });
}
