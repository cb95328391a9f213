/**
 * The integrations page: connect e-mail marketing tools, their lists, which
 * list or tag each CTA element sends leads to, and the syncs that failed.
 */
import { prisma } from "~/db.server";
import {
  CONNECTABLE_TYPES,
  addElementAction,
  addList,
  connectIntegration,
  ctaListSettings,
  disconnectIntegration,
  failedSyncs,
  listIntegrations,
  removeElementAction,
  removeList,
  retryAllFailed,
  retrySync,
  updateIntegration,
} from "~/models/integration-admin.server";
import { badForm, failureFrom, linksOf, parseId, readAdminForm, type ActionResult, type AdminContext } from "./admin-context.server";

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
        return ok("Connected. Add the lists you want to use, then choose them per CTA below.");
      }
      case "update": {
        const integrationId = id("integrationId");
        if (integrationId === null) return badForm("Choose an integration.");
        await updateIntegration(db, w, integrationId, {
          name: text(form, "name"),
          apiKey: text(form, "apiKey"),
          apiUrl: text(form, "apiUrl"),
        });
        return ok("Saved.");
      }
      case "disconnect": {
        const integrationId = id("integrationId");
        if (integrationId === null) return badForm("Choose an integration.");
        await disconnectIntegration(db, w, integrationId);
        return ok("Disconnected.");
      }
      case "add-list": {
        const integrationId = id("integrationId");
        if (integrationId === null) return badForm("Choose an integration.");
        await addList(db, w, integrationId, { listId: text(form, "listId"), name: text(form, "listName") });
        return ok("List added.");
      }
      case "remove-list": {
        const listRowId = id("listRowId");
        if (listRowId === null) return badForm("Choose a list.");
        await removeList(db, w, listRowId);
        return ok("List removed.");
      }
      case "add-action": {
        const ctaId = id("ctaId");
        const elementId = id("elementId");
        // "<integrationId>:<listId>" (a list) or "<integrationId>:" (tags only).
        const [integrationPart, ...listParts] = text(form, "target").split(":");
        const integrationId = parseId(integrationPart);
        if (ctaId === null || elementId === null) return badForm("Choose a CTA element.");
        if (integrationId === null) return badForm("Choose where to send the lead.");
        await addElementAction(db, w, ctaId, elementId, {
          actionType: text(form, "actionType"),
          integrationId,
          listId: listParts.join(":") || null,
          tag: text(form, "tag"),
        });
        return ok("Saved: new leads from this element follow it.");
      }
      case "remove-action": {
        const ctaId = id("ctaId");
        const actionId = id("actionId");
        if (ctaId === null || actionId === null) return badForm("Choose an action.");
        await removeElementAction(db, w, ctaId, actionId);
        return ok("Removed.");
      }
      case "retry-sync": {
        const jobId = id("jobId");
        if (jobId === null) return badForm("Choose a sync.");
        await retrySync(db, w, jobId);
        return ok("The sync is queued again.");
      }
      case "retry-all": {
        const integrationId = id("integrationId");
        if (integrationId === null) return badForm("Choose an integration.");
        const n = await retryAllFailed(db, w, integrationId);
        return ok(n === 1 ? "1 sync is queued again." : `${n} syncs are queued again.`);
      }
    }
  } catch (e) {
    return failureFrom(e);
  }
  return badForm("Unknown action.");
}
