/**
 * The CTAs of a website: list, create (from a template, as a draft),
 * duplicate, publish, return to draft, and archive.
 */
import { data, redirect } from "@remix-run/node";
import { prisma } from "~/db.server";
import { CTA_TYPES } from "~/lib/schema/cta";
import { archiveCta, duplicateCta, listCtas, loadCtaDocument, publishCta, saveCtaDocument } from "~/models/cta.server";
import { listBroadcasts } from "~/models/broadcast.server";
import { newCtaDocument, type CtaTemplate, type CtaType } from "~/components/editor/document";
import { adminPaths } from "./admin-links";
import { badForm, failureFrom, linksOf, notFound, parseId, readAdminForm, type ActionResult, type AdminContext } from "./admin-context.server";

/** Loader of the CTAs list. */
export async function loadCtas(ctx: AdminContext) {
  const [ctas, broadcasts] = await Promise.all([listCtas(prisma, ctx.websiteId), listBroadcasts(prisma, ctx.websiteId)]);
  return {
    links: linksOf(ctx),
    ctas,
    broadcastNames: Object.fromEntries(broadcasts.map((b) => [b.id, b.name])) as Record<number, string>,
  };
}

/** Action of the CTAs list; create and duplicate go to the new CTA's editor. */
export async function actionCtas(ctx: AdminContext, request: Request) {
  const form = await readAdminForm(ctx, request);
  const intent = String(form.get("intent") ?? "");
  const paths = adminPaths(ctx);
  try {
    if (intent === "create") {
      const ctaType = String(form.get("cta_type") ?? "");
      if (!(CTA_TYPES as readonly string[]).includes(ctaType)) {
        return data<ActionResult>({ ok: false, message: "Choose a CTA type", fieldErrors: { cta_type: "Choose a CTA type" } }, { status: 422 });
      }
      const template: CtaTemplate = form.get("template") === "blank" ? "blank" : "form";
      const doc = newCtaDocument({
        name: String(form.get("name") ?? "").trim(),
        cta_type: ctaType as CtaType,
        subtype: String(form.get("subtype") ?? "") || null,
        template,
      });
      const saved = await saveCtaDocument(prisma, ctx.websiteId, doc);
      return redirect(paths.cta(saved.id!));
    }
    const id = parseId(String(form.get("id") ?? ""));
    if (id === null) return badForm("Which CTA? The form has no id.");
    if (intent === "duplicate") {
      const copy = await duplicateCta(prisma, ctx.websiteId, id);
      return redirect(paths.cta(copy.id!));
    }
    if (intent === "publish") {
      const cta = await publishCta(prisma, ctx.websiteId, id);
      return data<ActionResult>({ ok: true, message: `"${cta.name}" is published.` });
    }
    if (intent === "archive") {
      const cta = await archiveCta(prisma, ctx.websiteId, id);
      return data<ActionResult>({ ok: true, message: `"${cta.name}" is archived: visitors no longer see it. Its results stay.` });
    }
    if (intent === "draft") {
      const doc = await loadCtaDocument(prisma, ctx.websiteId, id);
      if (!doc) throw notFound();
      await saveCtaDocument(prisma, ctx.websiteId, { ...doc, status: "draft" });
      return data<ActionResult>({ ok: true, message: `"${doc.name}" is a draft again: visitors no longer see it.` });
    }
  } catch (e) {
    return failureFrom(e);
  }
  return badForm("Unknown operation");
}
