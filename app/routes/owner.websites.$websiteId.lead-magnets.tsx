/**
 * /owner/websites/:websiteId/lead-magnets: the CTA editor's upload of a lead
 * magnet's file (POST multipart, field "file", with the CSRF token like every
 * owner post). Answers { file: { id, name } } for the form's "lead-magnet"
 * option, or { error: { field, message } }.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { prisma } from "#app/db.server";
import { ownerAdminContext, readAdminForm } from "#app/pages/admin-context.server";
import { saveMagnetFile } from "#app/models/email/lead-magnet-file.server";
import { InputError } from "#app/server/input-error";

export async function loader() {
  return new Response("Use POST", { status: 405, headers: { Allow: "POST" } });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await ownerAdminContext(request, params);
  const form = await readAdminForm(ctx, request);
  const file = form.get("file");
  const fail = (error: InputError) =>
    Response.json({ error: { field: error.field, message: error.message } }, { status: error.status });
  if (!(file instanceof File)) return fail(new InputError("Choose a file to upload", "file"));
  try {
    const saved = await saveMagnetFile(prisma, ctx.websiteId, {
      name: file.name,
      type: file.type,
      bytes: new Uint8Array(await file.arrayBuffer()),
    });
    return Response.json({ file: saved }, { status: 201 });
  } catch (error) {
    if (error instanceof InputError) return fail(error);
    throw error;
  }
}
