/**
 * POST /owner/language: keeps the owner's admin language in a cookie and goes
 * back to the page the switch was on. Same-origin and CSRF checked like every
 * owner form; only a path inside /owner is a place to go back to.
 */
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { requireCsrfToken, requireSameOrigin } from "#app/server/csrf.server";
import { requireOwner } from "#app/models/owner-session.server";
import { ADMIN_LANGUAGE_COOKIE } from "#app/i18n";
import { isLanguage } from "#contract/i18n";

export function loader() {
  return redirect("/owner");
}

export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const owner = await requireOwner(request);
  const form = await request.formData();
  requireCsrfToken(form, owner.csrfToken);
  const lang = form.get("lang");
  if (!isLanguage(lang)) return new Response("Unknown language", { status: 400 });
  const back = String(form.get("back") ?? "");
  const to = /^\/owner(?:[/?#]|$)/.test(back) && !back.startsWith("//") ? back : "/owner";
  // A year: the owner's choice outlives sessions; Lax so the redirect back keeps it.
  return redirect(to, {
    headers: { "Set-Cookie": `${ADMIN_LANGUAGE_COOKIE}=${lang}; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly` },
  });
}
