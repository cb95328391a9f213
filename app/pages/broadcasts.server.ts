/**
 * Campaigns list: the website's broadcasts with who sees what, and the
 * site-wide conditions every CTA must pass (SPEC section 3 Website config
 * "conditions"). Pausing, resuming and deleting happen here; editing on the
 * broadcast's own page.
 */
import { data } from "@remix-run/node";
import { prisma } from "#app/db.server";
import { listCtas } from "#app/models/cta.server";
import {
  deleteBroadcast,
  getBroadcast,
  listBroadcasts,
  listSiteConditions,
  saveSiteConditions,
  updateBroadcast,
} from "#app/models/broadcast.server";
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

/** The website's CTAs as pickers and summaries need them. */
export async function ctaChoices(websiteId: number) {
  const ctas = await listCtas(prisma, websiteId);
  return ctas.map((cta) => ({
    id: cta.id,
    name: cta.name,
    status: cta.status,
    cta_type: cta.cta_type,
    broadcast_id: cta.broadcast_id,
  }));
}

/** Loader of the campaigns list. */
export async function loadBroadcasts(ctx: AdminContext) {
  const [broadcasts, ctas, siteConditions] = await Promise.all([
    listBroadcasts(prisma, ctx.websiteId),
    ctaChoices(ctx.websiteId),
    listSiteConditions(prisma, ctx.websiteId),
  ]);
  return { links: linksOf(ctx), broadcasts, ctas, siteConditions };
}

/** Parses a JSON form field; undefined when it is missing or not JSON. */
export function jsonField(form: FormData, name: string): unknown {
  const raw = form.get(name);
  if (typeof raw !== "string") return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

/** Action of the campaigns list: site-wide conditions, pause/resume, delete. */
export async function actionBroadcasts(ctx: AdminContext, request: Request) {
  const translate = translator(adminLanguage(request));
  const form = await readAdminForm(ctx, request);
  const intent = String(form.get("intent") ?? "");
  try {
    if (intent === "site-conditions") {
      const conditions = jsonField(form, "conditions");
      if (!Array.isArray(conditions)) return badForm(translate("actionMessage.conditionsAsList"));
      await saveSiteConditions(prisma, ctx.websiteId, conditions);
      return data<ActionResult>({ ok: true, message: translate("actionMessage.siteConditionsSaved") });
    }
    const id = parseId(String(form.get("id") ?? ""));
    if (id === null) return badForm(translate("actionMessage.whichCampaign"));
    if (intent === "delete") {
      await deleteBroadcast(prisma, ctx.websiteId, id);
      return data<ActionResult>({ ok: true, message: translate("actionMessage.campaignDeleted") });
    }
    if (intent === "pause" || intent === "resume") {
      const broadcast = await getBroadcast(prisma, ctx.websiteId, id);
      if (!broadcast) throw notFound();
      const { id: _id, cta_ids: _ctas, ...rest } = broadcast;
      await updateBroadcast(prisma, ctx.websiteId, id, { ...rest, status: intent === "resume" });
      return data<ActionResult>({
        ok: true,
        message: translate(intent === "resume" ? "actionMessage.campaignOn" : "actionMessage.campaignPaused", {
          name: broadcast.name,
        }),
      });
    }
  } catch (e) {
    return failureFrom(e, translate);
  }
  return badForm(translate("validation.unknownOperation"));
}
