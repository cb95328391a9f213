/**
 * The CTA editor's data: the whole CTA document (draft included), what its
 * pickers offer (the website's CTAs and campaigns), and the preview's
 * config. Saving posts the whole document as JSON (field "document");
 * validation errors come back per path ("variants.0.percentage") so the
 * editor marks the right control. Saving a published CTA stores a draft
 * (Cta.draft) that visitors do not see until it is published.
 */
import { sendingConfigured } from "#app/integrations/email/smtp-transport.server";
import { data, redirect } from "@remix-run/node";
import { prisma } from "#app/db.server";
import { createBroadcast, getBroadcast, listBroadcasts, updateBroadcast } from "#app/models/broadcast.server";
import { presetConditions, targetingPresetSchema } from "#app/view/targeting-presets";
import { listLeadDestinations } from "#app/models/lead-destinations.server";
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
} from "#app/models/cta.server";
import type { CtaDocument } from "#contract/schema/cta";
import { adminLanguage, translator, type Translate } from "#app/i18n";
import { adminPaths } from "#app/view/admin-links";
import { badForm, failureFrom, linksOf, notFound, readAdminForm, type AdminContext } from "./admin-context.server";
import { parseId } from "#app/server/id";
import { previewContext } from "./cta-preview.server";
import { shopConnection } from "#app/models/shop-connection.server";
import { localizeMessage } from "#app/i18n/validation-messages";
import { afterCodesSaved, codeStockOf, shopifyCodesAccess, uploadCodes } from "./cta-codes.server";

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
  const [ctas, broadcasts, preview, leadDestinations, shop, codeStock, shopifyCodes] = await Promise.all([
    listCtas(prisma, ctx.websiteId),
    listBroadcasts(prisma, ctx.websiteId),
    previewContext(ctx, request),
    listLeadDestinations(prisma, ctx.websiteId),
    shopConnection(prisma, ctx.websiteId),
    codeStockOf(ctx.websiteId, ctaId),
    shopifyCodesAccess(ctx.websiteId),
  ]);
  return {
    links: linksOf(ctx),
    cta: editing.cta,
    hasDraft: editing.hasDraft,
    ctas: ctas.map((c) => ({ id: c.id, name: c.name })),
    broadcasts: broadcasts.map((b) => ({ id: b.id, name: b.name })),
    // For the warning about other published CTAs in the same place (app/view/cta-conflicts.ts).
    placement: {
      ctas: ctas
        .filter((c) => c.status === "published" && c.id !== ctaId)
        .map((cta) => ({
          id: cta.id,
          name: cta.name,
          status: cta.status,
          cta_type: cta.cta_type,
          bar_position: cta.bar_position,
          broadcast_id: cta.broadcast_id,
          options: cta.options,
        })),
      broadcasts: broadcasts.map((broadcast) => ({
        ...broadcast,
        conditions: broadcast.conditions.map((condition) => ({
          condition_type: condition.condition_type,
          operator: condition.operator,
          url: condition.url,
          data: condition.data,
          count: condition.count,
          data_name: condition.data_name,
        })),
      })),
    },
    leadDestinations,
    mailSending: sendingConfigured(),
    preview,
    /** What is left of the CTA's unique discount codes; null when it hands out none. */
    codeStock,
    /** Whether codes can be made in the website's Shopify store (offered on store websites only). */
    shopifyCodes,
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
  // The confirmation speaks the owner's admin language.
  const translate = translator(adminLanguage(request));
  try {
    if (intent === "duplicate") {
      const copy = await duplicateCta(prisma, ctx.websiteId, ctaId);
      return redirect(adminPaths(ctx).cta(copy.id!));
    }
    if (intent === "archive") {
      await archiveCta(prisma, ctx.websiteId, ctaId);
      const cta = (await loadCtaDocument(prisma, ctx.websiteId, ctaId))!;
      return data<SaveSuccess>({ ok: true, message: translate("editMessage.archived"), cta, hasDraft: false });
    }
    if (intent === "discard") {
      const cta = await discardCtaDraft(prisma, ctx.websiteId, ctaId);
      return data<SaveSuccess>({ ok: true, message: translate("editMessage.discarded"), cta, hasDraft: false });
    }
    if (intent === "targeting") return await saveTargetingPreset(ctx, ctaId, form, translate);
    if (intent === "codes") return await uploadCodes(ctx, ctaId, form, translate);
    if (!["save", "publish", "draft"].includes(intent)) return badForm(translate("validation.unknownOperation"));

    const raw = form.get("document");
    if (typeof raw !== "string" || raw.length > MAX_CTA_DOCUMENT_CHARS * 2)
      return badForm(translate("validation.sendCta"));
    let doc: unknown;
    try {
      doc = JSON.parse(raw);
    } catch {
      return badForm(translate("validation.ctaNotJson"));
    }
    if (doc === null || typeof doc !== "object" || Array.isArray(doc))
      return badForm(translate("validation.ctaNotObject"));
    // The URL names the CTA; an id inside the document cannot point elsewhere.
    const input: Record<string, unknown> = { ...(doc as Record<string, unknown>), id: ctaId };
    if (intent === "draft") input.status = "draft";
    if (intent === "save") {
      const draft = await saveCtaDraft(prisma, ctx.websiteId, ctaId, input);
      if (draft) {
        const message = draft.hasDraft
          ? translate("editMessage.savedAsChanges")
          : translate("editMessage.savedSameAsPublished");
        await afterCodesSaved(ctx, draft.cta);
        return data<SaveSuccess>({ ok: true, message, cta: draft.cta, hasDraft: draft.hasDraft });
      }
    }
    let saved = await saveCtaDocument(prisma, ctx.websiteId, input, { replacesDraft: true });
    let message = translate("editMessage.saved");
    if (intent === "publish") {
      await publishCta(prisma, ctx.websiteId, ctaId);
      saved = (await loadCtaDocument(prisma, ctx.websiteId, ctaId))!;
      message = translate("editMessage.published");
    } else if (intent === "draft") {
      message = translate("editMessage.unpublished");
    }
    await afterCodesSaved(ctx, saved);
    return data<SaveSuccess>({ ok: true, message, cta: saved, hasDraft: false });
  } catch (e) {
    return failureFrom(e, translate);
  }
}

/** What saving a targeting preset answers: the campaign to pick for the CTA. */
export interface TargetingSuccess {
  ok: true;
  message: string;
  broadcastId: number;
}

/**
 * Saves the editor's targeting presets as a campaign, through the Campaigns
 * page's model and validators: the campaign the CTA already has from an
 * earlier preset (same name) is updated, otherwise one is created. The editor
 * then picks it for the CTA; saving or publishing the CTA applies it.
 */
async function saveTargetingPreset(ctx: AdminContext, ctaId: number, form: FormData, translate: Translate) {
  const raw = form.get("targeting");
  if (typeof raw !== "string" || raw.length > 10_000) return badForm(translate("validation.sendTargeting"));
  let input: unknown;
  try {
    input = JSON.parse(raw);
  } catch {
    return badForm(translate("validation.targetingNotJson"));
  }
  const parsed = targetingPresetSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = `targeting.${issue.path.join(".")}`;
    const message = localizeMessage(translate, issue.message);
    return data(
      { ok: false as const, message: `${field}: ${message}`, fieldErrors: { [field]: message } },
      { status: 422 },
    );
  }
  const cta = await loadCtaDocument(prisma, ctx.websiteId, ctaId);
  if (!cta) throw notFound();
  const name = `${cta.name.slice(0, 180)} – targeting`;
  const conditions = presetConditions(parsed.data);
  const current = parseId(String(form.get("broadcast_id") ?? ""));
  const existing = current !== null ? await getBroadcast(prisma, ctx.websiteId, current) : null;
  const saved =
    existing && existing.name === name
      ? await updateBroadcast(prisma, ctx.websiteId, existing.id, {
          name,
          timezone: existing.timezone,
          status: existing.status,
          conditions: conditions.map((c, i) => ({ ...c, id: existing.conditions[i]?.id })),
        })
      : await createBroadcast(prisma, ctx.websiteId, { name, conditions });
  return data<TargetingSuccess>({
    ok: true,
    message: translate(conditions.length === 1 ? "actionMessage.targetingSavedOne" : "actionMessage.targetingSaved", {
      name: saved.name,
      count: conditions.length,
    }),
    broadcastId: saved.id,
  });
}
