/**
 * Data of the CTA preview: the website's public config (what the renderer
 * styles the CTA with) and the renderer bundle's address; and the
 * stand-alone preview page (/.../ctas/:ctaId/preview?iframe=true&variant=<id>).
 */
import { createHash } from "node:crypto";
import { prisma } from "#app/db.server";
import { publicOrigin } from "#app/server/origin.server";
import { widgetAsset } from "#app/server/widget-assets.server";
import { buildPublicConfig } from "#app/models/public-config.server";
import { LANGUAGES, widgetCatalogue } from "#contract/i18n";
import { loadCtaForEditor } from "#app/models/cta.server";
import { notFound, type AdminContext } from "./admin-context.server";
import { parseId } from "#app/server/id";
import { PREVIEW_HEADERS, previewHtml, previewTexts } from "#app/view/cta-preview";
import { adminLanguage, translator } from "#app/i18n";

/** The renderer's address, versioned by its content so an edited bundle is never served stale. */
export function rendererUrl(origin: string): string {
  const text = widgetAsset("beckon-renderer.js");
  const version = text ? createHash("sha256").update(text).digest("base64url").slice(0, 10) : "missing";
  return `${origin}/widget/beckon-renderer.js?v=${version}`;
}

/** What the editor's preview frame needs besides the document. */
export async function previewContext(ctx: AdminContext, request: Request) {
  const origin = publicOrigin(request);
  const config = await buildPublicConfig(prisma, ctx.websiteId, origin);
  if (!config) throw notFound();
  // A draft may switch its language before it is published: the admin's preview carries every catalogue.
  const texts = Object.fromEntries(LANGUAGES.map((l) => [l, widgetCatalogue(l)]));
  return { config: { ...config, texts }, rendererUrl: rendererUrl(origin) };
}

/** The stand-alone preview page of a stored CTA (unpublished ones and a published CTA's pending draft included; only for its website's owners). */
export async function loadCtaPreview(
  ctx: AdminContext,
  request: Request,
  rawCtaId: string | undefined,
  nonce?: string,
): Promise<Response> {
  const ctaId = parseId(rawCtaId);
  if (ctaId === null) throw notFound();
  // The owner previews what the editor opens: a published CTA's pending draft when it has one.
  const cta = (await loadCtaForEditor(prisma, ctx.websiteId, ctaId))?.cta;
  if (!cta) throw notFound();
  const { config, rendererUrl: url } = await previewContext(ctx, request);
  const params = new URL(request.url).searchParams;
  const variant = params.get("variant");
  const step = params.get("step");
  const lang = adminLanguage(request);
  const texts = previewTexts(translator(lang), lang);
  const html = previewHtml(
    { cta, config, variant: variant ?? null, step: step !== null && /^\d+$/.test(step) ? Number(step) : null },
    url,
    nonce,
    false,
    texts,
  );
  return new Response(html, { headers: PREVIEW_HEADERS });
}
