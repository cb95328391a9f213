/**
 * POST /owner/logout: ends the owner's session. Same-origin and CSRF checked,
 * so another site cannot sign an owner out. A GET only goes back to /owner.
 */
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { requireCsrfToken, requireSameOrigin } from "#app/server/csrf.server";
import { destroyOwnerSession, findOwnerSession } from "#app/models/owner-session.server";

export function loader() {
  return redirect("/owner");
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST")
    return new Response("Use POST to sign out", { status: 405, headers: { Allow: "POST" } });
  requireSameOrigin(request);
  const owner = await findOwnerSession(request);
  if (owner) {
    const form = await request.formData().catch(() => new FormData());
    requireCsrfToken(form, owner.csrfToken);
  }
  return redirect("/owner/login", { headers: { "Set-Cookie": await destroyOwnerSession(request) } });
}
