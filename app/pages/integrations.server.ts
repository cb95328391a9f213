/**
 * The integrations page: connect e-mail marketing tools, their lists, which
 * list or tag each CTA element sends leads to, and the syncs that failed.
 */
import { prisma } from "#app/db.server";
import { addElementAction, ctaListSettings, removeElementAction } from "#app/models/cta-list-actions.server";
import {
  CONNECTABLE_TYPES,
  addList,
  connectIntegration,
  disconnectIntegration,
  listIntegrations,
  removeList,
  retryAllFailed,
  setListConfirmation,
  updateIntegration,
} from "#app/models/integration-admin.server";
import { failedSyncs, retrySync } from "#app/models/sync-failures.server";
import {
  customerSyncSetting,
  requestMissingCustomerScope,
  setCustomerSync,
} from "#app/models/shopify-customer-setting.server";
import {
  badForm,
  failureFrom,
  linksOf,
  readAdminForm,
  type ActionResult,
  type AdminContext,
} from "./admin-context.server";
import { parseId } from "#app/server/id";
import { adminLanguage, translator } from "#app/i18n";
import { sendingConfigured } from "#app/integrations/email/smtp-transport.server";

/** Loader of the integrations page. */
export async function loadIntegrations(ctx: AdminContext, _request: Request) {
  const [integrations, ctas, failed, customerSync] = await Promise.all([
    listIntegrations(prisma, ctx.websiteId),
    ctaListSettings(prisma, ctx.websiteId),
    failedSyncs(prisma, ctx.websiteId),
    customerSyncSetting(prisma, ctx.websiteId),
  ]);
  const website = await prisma.website.findUnique({ where: { id: ctx.websiteId }, select: { emailFrom: true } });
  // Whether the built-in lists can send at all: the page says so where a list would send.
  const mail = { smtp: sendingConfigured(), from: Boolean(website?.emailFrom) };
  return { links: linksOf(ctx), integrations, ctas, failed, connectable: CONNECTABLE_TYPES, mail, customerSync };
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

const ok = (message: string): ActionResult => ({ ok: true, message });

/** The page's actions, chosen by the form's intent. */
export async function actionIntegrations(ctx: AdminContext, request: Request) {
  const translate = translator(adminLanguage(request));
  const form = await readAdminForm(ctx, request);
  const intent = text(form, "intent");
  const id = (name: string) => parseId(text(form, name));
  const db = prisma;
  const websiteId = ctx.websiteId;
  if (intent === "shopify-customers") return actionCustomerSync(ctx, text(form, "enabled") === "1", translate);
  try {
    switch (intent) {
      case "connect": {
        await connectIntegration(db, websiteId, {
          type: text(form, "type"),
          name: text(form, "name"),
          apiKey: text(form, "apiKey"),
          apiUrl: text(form, "apiUrl"),
        });
        return ok(translate("actionMessage.integrationConnected"));
      }
      case "update": {
        const integrationId = id("integrationId");
        if (integrationId === null) return badForm(translate("validation.chooseIntegration"));
        await updateIntegration(db, websiteId, integrationId, {
          name: text(form, "name"),
          apiKey: text(form, "apiKey"),
          apiUrl: text(form, "apiUrl"),
        });
        return ok(translate("actionMessage.saved"));
      }
      case "disconnect": {
        const integrationId = id("integrationId");
        if (integrationId === null) return badForm(translate("validation.chooseIntegration"));
        await disconnectIntegration(db, websiteId, integrationId);
        return ok(translate("actionMessage.disconnected"));
      }
      case "add-list": {
        const integrationId = id("integrationId");
        if (integrationId === null) return badForm(translate("validation.chooseIntegration"));
        await addList(db, websiteId, integrationId, { listId: text(form, "listId"), name: text(form, "listName") });
        return ok(translate("actionMessage.listAdded"));
      }
      case "remove-list": {
        const listRowId = id("listRowId");
        if (listRowId === null) return badForm(translate("validation.chooseAList"));
        await removeList(db, websiteId, listRowId);
        return ok(translate("actionMessage.listRemoved"));
      }
      case "list-confirmation": {
        const listRowId = id("listRowId");
        if (listRowId === null) return badForm(translate("validation.chooseAList"));
        await setListConfirmation(db, websiteId, listRowId, text(form, "required") === "1");
        return ok(translate("actionMessage.saved"));
      }
      case "add-action": {
        const ctaId = id("ctaId");
        const elementId = id("elementId");
        // "<integrationId>:<listId>" (a list) or "<integrationId>:" (tags only).
        const [integrationPart, ...listParts] = text(form, "target").split(":");
        const integrationId = parseId(integrationPart);
        if (ctaId === null || elementId === null) return badForm(translate("validation.chooseCtaElement"));
        if (integrationId === null) return badForm(translate("validation.chooseLeadTarget"));
        await addElementAction(db, websiteId, ctaId, elementId, {
          actionType: text(form, "actionType"),
          integrationId,
          listId: listParts.join(":") || null,
          tag: text(form, "tag"),
        });
        return ok(translate("actionMessage.leadActionSaved"));
      }
      case "remove-action": {
        const ctaId = id("ctaId");
        const actionId = id("actionId");
        if (ctaId === null || actionId === null) return badForm(translate("validation.chooseAction"));
        await removeElementAction(db, websiteId, ctaId, actionId);
        return ok(translate("actionMessage.removed"));
      }
      case "retry-sync": {
        const jobId = id("jobId");
        if (jobId === null) return badForm(translate("validation.chooseASync"));
        await retrySync(db, websiteId, jobId);
        return ok(translate("actionMessage.syncQueued"));
      }
      case "retry-all": {
        const integrationId = id("integrationId");
        if (integrationId === null) return badForm(translate("validation.chooseIntegration"));
        const retried = await retryAllFailed(db, websiteId, integrationId);
        return ok(
          retried === 1
            ? translate("actionMessage.syncsQueuedOne")
            : translate("actionMessage.syncsQueued", { count: retried }),
        );
      }
    }
  } catch (e) {
    return failureFrom(e, translate);
  }
  return badForm(translate("validation.unknownAction"));
}

/**
 * Turns "Leads in Shopify Customers" on or off. Turning it on in the Shopify
 * admin without write_customers asks the merchant for it (the optional
 * scope of shopify.app.toml): the library throws its redirect to Shopify's
 * grant screen, which is not caught here; the setting is already saved, and
 * leads wait in the outbox until the grant (app/scopes_update) arrives.
 */
async function actionCustomerSync(ctx: AdminContext, enabled: boolean, translate: ReturnType<typeof translator>) {
  try {
    await setCustomerSync(prisma, ctx.websiteId, enabled);
  } catch (e) {
    return failureFrom(e, translate);
  }
  if (enabled && ctx.requestScopes) await requestMissingCustomerScope(prisma, ctx.websiteId, ctx.requestScopes);
  return ok(translate(enabled ? "integrations.customersSavedOn" : "integrations.customersSavedOff"));
}
