/**
 * The CTAs of a website: list, duplicate, publish, return to draft, and
 * archive; creating (from a template or from scratch) is cta-new.server.ts's.
 */
import { data, redirect } from "@remix-run/node";
import { prisma } from "#app/db.server";
import {
  archiveCta,
  duplicateCta,
  listCtas,
  loadCtaDocument,
  publishCta,
  saveCtaDocument,
} from "#app/models/cta.server";
import { listBroadcasts } from "#app/models/broadcast.server";
import { adminPaths } from "#app/view/admin-links";
import { createCtaFromForm } from "./cta-new.server";
import {
  badForm,
  failureFrom,
  linksOf,
  notFound,
  readAdminForm,
  type ActionResult,
  type AdminContext,
} from "./admin-context.server";
import { parseId } from "#app/server/id";
import { adminLanguage, translator } from "#app/i18n";

/** Loader of the CTAs list. */
export async function loadCtas(ctx: AdminContext) {
  const [ctas, broadcasts] = await Promise.all([
    listCtas(prisma, ctx.websiteId),
    listBroadcasts(prisma, ctx.websiteId),
  ]);
  return {
    links: linksOf(ctx),
    ctas,
    broadcastNames: Object.fromEntries(broadcasts.map((b) => [b.id, b.name])) as Record<number, string>,
  };
}

/** Action of the CTAs list; create and duplicate go to the new CTA's editor. */
export async function actionCtas(ctx: AdminContext, request: Request) {
  const translate = translator(adminLanguage(request));
  const form = await readAdminForm(ctx, request);
  const intent = String(form.get("intent") ?? "");
  const paths = adminPaths(ctx);
  try {
    // Creating lives with the "New CTA" page; forms posted here keep working.
    if (intent === "create") return await createCtaFromForm(ctx, form, translate);
    const id = parseId(String(form.get("id") ?? ""));
    if (id === null) return badForm(translate("actionMessage.whichCta"));
    if (intent === "duplicate") {
      const copy = await duplicateCta(prisma, ctx.websiteId, id);
      return redirect(paths.cta(copy.id!));
    }
    if (intent === "publish") {
      const cta = await publishCta(prisma, ctx.websiteId, id);
      return data<ActionResult>({ ok: true, message: translate("actionMessage.ctaPublished", { name: cta.name }) });
    }
    if (intent === "archive") {
      const cta = await archiveCta(prisma, ctx.websiteId, id);
      return data<ActionResult>({ ok: true, message: translate("actionMessage.ctaArchived", { name: cta.name }) });
    }
    if (intent === "draft") {
      const doc = await loadCtaDocument(prisma, ctx.websiteId, id);
      if (!doc) throw notFound();
      await saveCtaDocument(prisma, ctx.websiteId, { ...doc, status: "draft" });
      return data<ActionResult>({ ok: true, message: translate("actionMessage.ctaDraftAgain", { name: doc.name }) });
    }
  } catch (e) {
    return failureFrom(e, translate);
  }
  return badForm(translate("validation.unknownOperation"));
}
