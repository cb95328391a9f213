/**
 * One contact's page: profile, answers, consents, submissions, events,
 * lists, sync status and orders; its JSON data export (access requests);
 * deleting it with all its data (erasure requests); retrying a failed sync.
 */
import { redirect } from "@remix-run/node";
import { prisma } from "#app/db.server";
import { contactDetail } from "#app/models/contact-admin.server";
import { deleteContact, personDataExport } from "#app/models/person-data.server";
import { retrySync } from "#app/models/sync-failures.server";
import { getWebsite } from "#app/models/website.server";
import { csvFileName } from "#app/view/csv";
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
import { leadPaths } from "./lead-paths";
import { adminLanguage, translator } from "#app/i18n";

/** Loader of a contact's page. */
export async function loadContactDetail(ctx: AdminContext, _request: Request, rawId: string | undefined) {
  const id = parseId(rawId);
  if (id === null) throw notFound();
  const [contact, website] = await Promise.all([
    contactDetail(prisma, ctx.websiteId, id),
    getWebsite(prisma, ctx.websiteId),
  ]);
  if (!contact || !website) throw notFound();
  return { links: linksOf(ctx), contact, currency: website.currency };
}

/** Actions of a contact's page: intent=delete, intent=retry-sync (jobId). */
export async function actionContactDetail(ctx: AdminContext, request: Request, rawId: string | undefined) {
  const translate = translator(adminLanguage(request));
  const id = parseId(rawId);
  if (id === null) throw notFound();
  const form = await readAdminForm(ctx, request);
  const intent = String(form.get("intent") ?? "");
  try {
    if (intent === "delete") {
      if (form.get("confirm") !== "yes") return badForm(translate("actionMessage.confirmDelete"));
      const deleted = await deleteContact(prisma, ctx.websiteId, id);
      if (!deleted) throw notFound();
      throw redirect(`${leadPaths(ctx).contacts}?deleted=1`);
    }
    if (intent === "retry-sync") {
      const jobId = parseId(String(form.get("jobId") ?? ""));
      if (jobId === null) return badForm(translate("actionMessage.chooseSync"));
      await retrySync(prisma, ctx.websiteId, jobId, id);
      return { ok: true, message: translate("actionMessage.syncQueued") } satisfies ActionResult;
    }
  } catch (e) {
    if (e instanceof Response) throw e;
    return failureFrom(e, translate);
  }
  return badForm(translate("validation.unknownAction"));
}

/** Everything stored about the contact as a JSON download (answers an access request). */
export async function loadContactExport(
  ctx: AdminContext,
  _request: Request,
  rawId: string | undefined,
): Promise<Response> {
  const id = parseId(rawId);
  if (id === null) throw notFound();
  const data = await personDataExport(prisma, ctx.websiteId, id);
  if (!data) throw notFound();
  const name = csvFileName(`contact-${id}`, new Date().toISOString().slice(0, 10)).replace(/\.csv$/, ".json");
  return new Response(JSON.stringify(data, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
