/**
 * One broadcast (campaign): name, on/off, quick or timed (time zone and date
 * range), its conditions and the CTAs it shows. "new" creates one. Attaching
 * a CTA sets that CTA's broadcast_id (a CTA belongs to one campaign at most),
 * in the same transaction as the broadcast itself.
 */
import { data, redirect } from "@remix-run/node";
import { prisma, type Prisma } from "#app/db.server";
import {
  BroadcastValidationError,
  createBroadcast,
  deleteBroadcast,
  getBroadcast,
  listBroadcasts,
  updateBroadcast,
  type BroadcastDocument,
} from "#app/models/broadcast.server";
import { loadCtaDocument, saveCtaDocument } from "#app/models/cta.server";
import { inTransaction, issueAt } from "#app/models/model-kit.server";
import { timeZoneNames } from "#app/components/campaigns/zoned-time";
import { adminPaths } from "#app/view/admin-links";
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
import { ctaChoices, jsonField } from "./broadcasts.server";
import { adminLanguage, translator } from "#app/i18n";

/** A broadcast as the editor starts a new one. */
export function emptyBroadcast(): Omit<BroadcastDocument, "id"> & { id: null } {
  return {
    id: null,
    name: "",
    status: true,
    quick: false,
    timezone: "UTC",
    timeframe: false,
    range_start: null,
    range_end: null,
    conditions: [],
    cta_ids: [],
  };
}

function targetId(raw: string | undefined): number | "new" {
  if (raw === "new") return "new";
  const id = parseId(raw);
  if (id === null) throw notFound();
  return id;
}

/** Loader of the broadcast page; :broadcastId "new" starts an empty one. */
export async function loadBroadcastEdit(ctx: AdminContext, request: Request, rawId: string | undefined) {
  const id = targetId(rawId);
  const broadcast = id === "new" ? emptyBroadcast() : await getBroadcast(prisma, ctx.websiteId, id);
  if (!broadcast) throw notFound();
  const saved = new URL(request.url).searchParams.get("saved") === "1";
  const [ctas, all] = await Promise.all([ctaChoices(ctx.websiteId), listBroadcasts(prisma, ctx.websiteId)]);
  const broadcastNames = Object.fromEntries(all.map((x) => [x.id, x.name]));
  return { links: linksOf(ctx), broadcast, ctas, broadcastNames, timezones: timeZoneNames(), saved };
}

/** Sets broadcast_id on the CTAs that should show this broadcast and clears it on those that no longer do. */
async function attachCtas(tx: Prisma.TransactionClient, websiteId: number, broadcastId: number, wanted: number[]) {
  const current = await getBroadcast(tx, websiteId, broadcastId);
  const before = new Set(current?.cta_ids ?? []);
  const after = new Set(wanted);
  const changes = [...new Set([...before, ...after])].filter((id) => before.has(id) !== after.has(id));
  for (const ctaId of changes) {
    const doc = await loadCtaDocument(tx, websiteId, ctaId);
    if (!doc) throw new BroadcastValidationError([issueAt(["cta_ids"], `No CTA ${ctaId} on this website`)]);
    await saveCtaDocument(tx, websiteId, { ...doc, broadcast_id: after.has(ctaId) ? broadcastId : null });
  }
}

/** Action of the broadcast page: save (create or update, with its CTAs) or delete. */
export async function actionBroadcastEdit(ctx: AdminContext, request: Request, rawId: string | undefined) {
  const translate = translator(adminLanguage(request));
  const id = targetId(rawId);
  const form = await readAdminForm(ctx, request);
  const intent = String(form.get("intent") ?? "save");
  const paths = adminPaths(ctx);
  try {
    if (intent === "delete") {
      if (id === "new") return badForm(translate("validation.campaignNotSaved"));
      await deleteBroadcast(prisma, ctx.websiteId, id);
      return redirect(paths.broadcasts);
    }
    if (intent !== "save") return badForm(translate("validation.unknownOperation"));
    const input = jsonField(form, "broadcast");
    if (input === null || typeof input !== "object" || Array.isArray(input))
      return badForm(translate("validation.sendCampaign"));
    const { cta_ids: rawCtaIds, id: _ignored, ...fields } = input as Record<string, unknown>;
    const ctaIds = Array.isArray(rawCtaIds) ? rawCtaIds : [];
    if (!ctaIds.every((x) => Number.isSafeInteger(x) && (x as number) > 0)) {
      throw new BroadcastValidationError([issueAt(["cta_ids"], "CTA ids must be positive whole numbers")]);
    }
    const saved = await inTransaction(prisma, async (tx) => {
      const broadcast =
        id === "new"
          ? await createBroadcast(tx, ctx.websiteId, fields)
          : await updateBroadcast(tx, ctx.websiteId, id, fields);
      await attachCtas(tx, ctx.websiteId, broadcast.id, ctaIds as number[]);
      return broadcast;
    });
    if (id === "new") return redirect(`${paths.broadcast(saved.id)}?saved=1`);
    return data<ActionResult>({ ok: true, message: translate("actionMessage.campaignSaved") });
  } catch (e) {
    return failureFrom(e, translate);
  }
}
