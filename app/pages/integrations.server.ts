/**
 * The integrations page: connect e-mail marketing tools, their lists, which
 * list or tag each CTA element sends leads to, and the syncs that failed.
 */
import { prisma } from "~/db.server";
import { addElementAction, ctaListSettings, removeElementAction } from "~/models/cta-list-actions.server";
import {
  CONNECTABLE_TYPES,
  addList,
  connectIntegration,
  disconnectIntegration,
  listIntegrations,
  removeList,
  retryAllFailed,
  updateIntegration,
} from "~/models/integration-admin.server";
import { failedSyncs, retrySync } from "~/models/sync-failures.server";
import {
  badForm,
  failureFrom,
  linksOf,
  readAdminForm,
  type ActionResult,
  type AdminContext,
} from "./admin-context.server";
import { parseId } from "../lib/id";
import { adminLanguage, translator } from "~/i18n";

/** Loader of the integrations page. */
export async function loadIntegrations(ctx: AdminContext, _request: Request) {
  const [integrations, ctas, failed] = await Promise.all([
    listIntegrations(prisma, ctx.websiteId),
    ctaListSettings(prisma, ctx.websiteId),
    failedSyncs(prisma, ctx.websiteId),
  ]);
  return { links: linksOf(ctx), integrations, ctas, failed, connectable: CONNECTABLE_TYPES };
}

const text = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === "string" ? v : "";
};

const ok = (message: string): ActionResult => ({ ok: true, message });

/** The page's actions, chosen by the form's intent. */
export async function actionIntegrations(ctx: AdminContext, request: Request) {
  const t = translator(adminLanguage(request));
  const form = await readAdminForm(ctx, request);
  const intent = text(form, "intent");
  const id = (name: string) => parseId(text(form, name));
  const db = prisma;
  const w = ctx.websiteId;
  try {
    switch (intent) {
      case "connect": {
        await connectIntegration(db, w, {
          type: text(form, "type"),
          name: text(form, "name"),
          apiKey: text(form, "apiKey"),
          apiUrl: text(form, "apiUrl"),
        });
        return ok(t("actionMessage.integrationConnected"));
      }
      case "update": {
        const integrationId = id("integrationId");
        if (integrationId === null) return badForm(t("validation.chooseIntegration"));
        await updateIntegration(db, w, integrationId, {
          name: text(form, "name"),
          apiKey: text(form, "apiKey"),
          apiUrl: text(form, "apiUrl"),
        });
        return ok(t("actionMessage.saved"));
      }
      case "disconnect": {
        const integrationId = id("integrationId");
        if (integrationId === null) return badForm(t("validation.chooseIntegration"));
        await disconnectIntegration(db, w, integrationId);
        return ok(t("actionMessage.disconnected"));
      }
      case "add-list": {
        const integrationId = id("integrationId");
        if (integrationId === null) return badForm(t("validation.chooseIntegration"));
        await addList(db, w, integrationId, { listId: text(form, "listId"), name: text(form, "listName") });
        return ok(t("actionMessage.listAdded"));
      }
      case "remove-list": {
        const listRowId = id("listRowId");
        if (listRowId === null) return badForm(t("validation.chooseAList"));
        await removeList(db, w, listRowId);
        return ok(t("actionMessage.listRemoved"));
      }
      case "add-action": {
        const ctaId = id("ctaId");
        const elementId = id("elementId");
        // "<integrationId>:<listId>" (a list) or "<integrationId>:" (tags only).
        const [integrationPart, ...listParts] = text(form, "target").split(":");
        const integrationId = parseId(integrationPart);
        if (ctaId === null || elementId === null) return badForm(t("validation.chooseCtaElement"));
        if (integrationId === null) return badForm(t("validation.chooseLeadTarget"));
        await addElementAction(db, w, ctaId, elementId, {
          actionType: text(form, "actionType"),
          integrationId,
          listId: listParts.join(":") || null,
          tag: text(form, "tag"),
        });
        return ok(t("actionMessage.leadActionSaved"));
      }
      case "remove-action": {
        const ctaId = id("ctaId");
        const actionId = id("actionId");
        if (ctaId === null || actionId === null) return badForm(t("validation.chooseAction"));
        await removeElementAction(db, w, ctaId, actionId);
        return ok(t("actionMessage.removed"));
      }
      case "retry-sync": {
        const jobId = id("jobId");
        if (jobId === null) return badForm(t("validation.chooseASync"));
        await retrySync(db, w, jobId);
        return ok(t("actionMessage.syncQueued"));
      }
      case "retry-all": {
        const integrationId = id("integrationId");
        if (integrationId === null) return badForm(t("validation.chooseIntegration"));
        const n = await retryAllFailed(db, w, integrationId);
        return ok(n === 1 ? t("actionMessage.syncsQueuedOne") : t("actionMessage.syncsQueued", { count: n }));
      }
    }
  } catch (e) {
    return failureFrom(e, t);
  }
  return badForm(t("validation.unknownAction"));
}
