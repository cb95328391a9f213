/**
 * The CTAs of a website: list, create (from a template, as a draft),
 * duplicate, publish, return to draft, and archive.
 */
import { data, redirect } from "@remix-run/node";
import { prisma } from "#app/db.server";
import { CTA_TYPES } from "#contract/schema/cta";
import {
  archiveCta,
  duplicateCta,
  listCtas,
  loadCtaDocument,
  publishCta,
  saveCtaDocument,
} from "#app/models/cta.server";
import { listBroadcasts } from "#app/models/broadcast.server";
import { newCtaDocument, type CtaTemplate, type CtaType } from "#app/components/editor/document";
import { findTemplate, templateCards, templateDocument } from "#app/templates";
import { adminPaths } from "#app/view/admin-links";
import { previewContext } from "./cta-preview.server";
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

/** The website's language, which decides the language of the templates' copy. */
async function websiteLanguage(websiteId: number): Promise<string> {
  const site = await prisma.website.findUnique({ where: { id: websiteId }, select: { language: true } });
  return site?.language ?? "en";
}

/** Loader of the CTAs list, with the template gallery and what its thumbnails render with. */
export async function loadCtas(ctx: AdminContext, request: Request) {
  const [ctas, broadcasts, language, preview] = await Promise.all([
    listCtas(prisma, ctx.websiteId),
    listBroadcasts(prisma, ctx.websiteId),
    websiteLanguage(ctx.websiteId),
    previewContext(ctx, request),
  ]);
  // Thumbnails show one template each: the site's CTAs, campaigns and other catalogues would only weigh down 30 frames.
  const config = {
    ...preview.config,
    ctas: [],
    broadcasts: [],
    texts: { [preview.config.language]: preview.config.texts[preview.config.language] },
  };
  return {
    links: linksOf(ctx),
    ctas,
    broadcastNames: Object.fromEntries(broadcasts.map((b) => [b.id, b.name])) as Record<number, string>,
    templates: templateCards(language),
    preview: { config, rendererUrl: preview.rendererUrl },
  };
}

/** Action of the CTAs list; create and duplicate go to the new CTA's editor. */
export async function actionCtas(ctx: AdminContext, request: Request) {
  const translate = translator(adminLanguage(request));
  const form = await readAdminForm(ctx, request);
  const intent = String(form.get("intent") ?? "");
  const paths = adminPaths(ctx);
  try {
    if (intent === "create" && findTemplate(String(form.get("template") ?? ""))) {
      // From the gallery: the template decides type, content and trigger; the owner only names it.
      const template = findTemplate(String(form.get("template")))!;
      const doc = templateDocument(template, await websiteLanguage(ctx.websiteId));
      const name = String(form.get("name") ?? "").trim();
      const saved = await saveCtaDocument(prisma, ctx.websiteId, { ...doc, name: name || doc.name, status: "draft" });
      return redirect(paths.cta(saved.id!));
    }
    if (intent === "create") {
      const ctaType = String(form.get("cta_type") ?? "");
      if (!(CTA_TYPES as readonly string[]).includes(ctaType)) {
        return data<ActionResult>(
          {
            ok: false,
            message: translate("actionMessage.chooseCtaType"),
            fieldErrors: { cta_type: translate("actionMessage.chooseCtaType") },
          },
          { status: 422 },
        );
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
