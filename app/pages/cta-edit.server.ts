/**
 * The CTA editor's data: the whole CTA document (draft included), what its
 * pickers offer (the website's CTAs and campaigns), and the preview's
 * config. Saving posts the whole document as JSON (field "document");
 * validation errors come back per path ("variants.0.percentage") so the
 * editor marks the right control. Saving a published CTA stores a draft
 * (Cta.draft) that visitors do not see until it is published.
 */
import { data, redirect } from "@remix-run/node";
import { prisma } from "~/db.server";
import { listBroadcasts } from "~/models/broadcast.server";
import {
  archiveCta,
  discardCtaDraft,
  duplicateCta,
  listCtas,
  loadCtaDocument,
  loadCtaForEditor,
  MAX_CTA_DOCUMENT_CHARS,
  publishCta,
  saveCtaDocument,
  saveCtaDraft,
} from "~/models/cta.server";
import type { CtaDocument } from "~/lib/schema/cta";
import { adminPaths } from "./admin-links";
import { badForm, failureFrom, linksOf, notFound, parseId, readAdminForm, type AdminContext } from "./admin-context.server";
import { previewContext } from "./cta-preview.server";
import { shopConnection } from "~/models/shop-connection.server";

function ctaIdOf(raw: string | undefined): number {
  const id = parseId(raw);
  if (id === null) throw notFound();
  return id;
}

/** Loader of the CTA editor (deep link of the widget's test panel: /owner/websites/:websiteId/ctas/:ctaId). */
export async function loadCtaEdit(ctx: AdminContext, request: Request, rawCtaId: string | undefined) {
  const ctaId = ctaIdOf(rawCtaId);
  const editing = await loadCtaForEditor(prisma, ctx.websiteId, ctaId);
  if (!editing) throw notFound();
  const [ctas, broadcasts, preview, shop] = await Promise.all([
    listCtas(prisma, ctx.websiteId),
    listBroadcasts(prisma, ctx.websiteId),
    previewContext(ctx, request),
    shopConnection(prisma, ctx.websiteId),
  ]);
  return {
    links: linksOf(ctx),
    cta: editing.cta,
    hasDraft: editing.hasDraft,
    ctas: ctas.map((c) => ({ id: c.id, name: c.name })),
    broadcasts: broadcasts.map((b) => ({ id: b.id, name: b.name })),
    preview,
    /** The standalone admin of a store website searches the store's products (Shopify's admin has the resource picker). */
    productSearch: ctx.surface === "owner" && shop.state !== "not_store",
  };
}

/** What a successful save answers: the stored document, with the ids new nodes got. */
export interface SaveSuccess {
  ok: true;
  message: string;
  cta: CtaDocument;
  /** cta is a draft of a published CTA: visitors still see the published version. */
  hasDraft: boolean;
}

/**
 * Action of the CTA editor: save (a published CTA's edits become its draft),
 * publish (saves first, applying any draft), unpublish, discard (drops the
 * draft), archive, duplicate.
 */
export async function actionCtaEdit(ctx: AdminContext, request: Request, rawCtaId: string | undefined) {
  const ctaId = ctaIdOf(rawCtaId);
  const form = await readAdminForm(ctx, request);
  const intent = String(form.get("intent") ?? "save");
  try {
    if (intent === "duplicate") {
      const copy = await duplicateCta(prisma, ctx.websiteId, ctaId);
      return redirect(adminPaths(ctx).cta(copy.id!));
    }
    if (intent === "archive") {
      await archiveCta(prisma, ctx.websiteId, ctaId);
      const cta = (await loadCtaDocument(prisma, ctx.websiteId, ctaId))!;
      return data<SaveSuccess>({ ok: true, message: "Archived: visitors no longer see this CTA. Its results stay.", cta, hasDraft: false });
    }
    if (intent === "discard") {
      const cta = await discardCtaDraft(prisma, ctx.websiteId, ctaId);
      return data<SaveSuccess>({ ok: true, message: "Changes discarded: this is the version visitors see.", cta, hasDraft: false });
    }
    if (!["save", "publish", "draft"].includes(intent)) return badForm("Unknown operation");

    const raw = form.get("document");
    if (typeof raw !== "string" || raw.length > MAX_CTA_DOCUMENT_CHARS * 2) return badForm("Send the CTA as a JSON document (field document)");
    let doc: unknown;
    try {
      doc = JSON.parse(raw);
    } catch {
      return badForm("The CTA document is not valid JSON");
    }
    if (doc === null || typeof doc !== "object" || Array.isArray(doc)) return badForm("The CTA document must be a JSON object");
    // The URL names the CTA; an id inside the document cannot point elsewhere.
    const input: Record<string, unknown> = { ...(doc as Record<string, unknown>), id: ctaId };
    if (intent === "draft") input.status = "draft";
    if (intent === "save") {
      const draft = await saveCtaDraft(prisma, ctx.websiteId, ctaId, input);
      if (draft) {
        const message = draft.hasDraft
          ? "Saved as unpublished changes: visitors still see the published version until you publish."
          : "Saved: nothing differs from the published version.";
        return data<SaveSuccess>({ ok: true, message, cta: draft.cta, hasDraft: draft.hasDraft });
      }
    }
    let saved = await saveCtaDocument(prisma, ctx.websiteId, input, { replacesDraft: true });
    let message = "Saved.";
    if (intent === "publish") {
      await publishCta(prisma, ctx.websiteId, ctaId);
      saved = (await loadCtaDocument(prisma, ctx.websiteId, ctaId))!;
      message = "Published: visitors see this version from their next page view.";
    } else if (intent === "draft") {
      message = "Saved as a draft: visitors no longer see this CTA.";
    }
    return data<SaveSuccess>({ ok: true, message, cta: saved, hasDraft: false });
  } catch (e) {
    return failureFrom(e);
  }
}
