/**
 * "New CTA": the template gallery (with what its thumbnails render with) and
 * creating a draft, from a template or from scratch. The CTA list's action
 * creates through the same function, so forms posted to the list still work.
 */
import { data, redirect } from "@remix-run/node";
import { prisma } from "#app/db.server";
import { CTA_TYPES } from "#contract/schema/cta";
import { saveCtaDocument } from "#app/models/cta.server";
import { newCtaDocument, type CtaTemplate, type CtaType } from "#app/components/editor/document";
import { findTemplate, templateCards, templateDocument } from "#app/templates";
import { adminPaths } from "#app/view/admin-links";
import { previewContext } from "./cta-preview.server";
import {
  badForm,
  failureFrom,
  linksOf,
  readAdminForm,
  type ActionResult,
  type AdminContext,
} from "./admin-context.server";
import { adminLanguage, translator, type Translate } from "#app/i18n";
import type { Language } from "#contract/i18n";

/** The website's language, which decides the language of the templates' copy. */
export async function websiteLanguage(websiteId: number): Promise<string> {
  const site = await prisma.website.findUnique({ where: { id: websiteId }, select: { language: true } });
  return site?.language ?? "en";
}

/** Loader of the "New CTA" page: the template gallery and what its thumbnails render with. */
export async function loadNewCta(ctx: AdminContext, request: Request) {
  const [language, preview] = await Promise.all([websiteLanguage(ctx.websiteId), previewContext(ctx, request)]);
  // Thumbnails show one template each: the site's CTAs, campaigns and other catalogues would only weigh down 30 frames.
  const config = {
    ...preview.config,
    ctas: [],
    broadcasts: [],
    texts: { [preview.config.language]: preview.config.texts[preview.config.language] },
  };
  return {
    links: linksOf(ctx),
    templates: templateCards(language),
    preview: { config, rendererUrl: preview.rendererUrl },
  };
}

/**
 * Creates a draft from a posted form (intent=create): from a gallery template
 * (template=<id>, only a name asked) or from scratch (cta_type, subtype,
 * template=form|blank). Redirects to the new CTA's editor; a 422 names a missing type.
 */
export async function createCtaFromForm(ctx: AdminContext, form: FormData, translate: Translate) {
  const paths = adminPaths(ctx);
  const template = findTemplate(String(form.get("template") ?? ""));
  if (template) {
    // From the gallery: the template decides type, content and trigger; the owner only names it.
    const doc = templateDocument(template, await websiteLanguage(ctx.websiteId));
    const name = String(form.get("name") ?? "").trim();
    const saved = await saveCtaDocument(prisma, ctx.websiteId, { ...doc, name: name || doc.name, status: "draft" });
    return redirect(paths.cta(saved.id!));
  }
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
  const start: CtaTemplate = form.get("template") === "blank" ? "blank" : "form";
  // The admin's language is the owner's; the CTA's words are for the website's visitors (an unknown one reads English).
  const words = translator((await websiteLanguage(ctx.websiteId)) as Language);
  const doc = newCtaDocument({
    translate: words,
    name: String(form.get("name") ?? "").trim(),
    cta_type: ctaType as CtaType,
    subtype: String(form.get("subtype") ?? "") || null,
    template: start,
  });
  const saved = await saveCtaDocument(prisma, ctx.websiteId, doc);
  return redirect(paths.cta(saved.id!));
}

/** Action of the "New CTA" page: only intent=create. */
export async function actionNewCta(ctx: AdminContext, request: Request) {
  const translate = translator(adminLanguage(request));
  const form = await readAdminForm(ctx, request);
  if (String(form.get("intent") ?? "") !== "create") return badForm(translate("validation.unknownOperation"));
  try {
    return await createCtaFromForm(ctx, form, translate);
  } catch (e) {
    return failureFrom(e, translate);
  }
}
