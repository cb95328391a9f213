/**
 * GET /mail/magnet?t=…: a lead magnet's signed download link, from the
 * success step's button, the magnet e-mail or the confirmation page. A valid
 * link answers the file (or sends the browser on to the owner's https link);
 * an altered one is refused, and an expired one says how long links work and
 * how to get a fresh one, in the website's language.
 */
import { prisma } from "#app/db.server";
import type { Translate } from "#app/i18n";
import { escapeHtml } from "#app/server/html";
import { serverEnv } from "#app/server/env.server";
import type { MailLinkVerdict } from "#app/server/mail-link-token.server";
import { siteTranslator } from "#app/models/email/email-compose.server";
import { elementMagnet } from "#app/models/email/lead-magnet.server";
import { magnetFile } from "#app/models/email/lead-magnet-file.server";
import { LEAD_MAGNET_LINK_DAYS, type LeadMagnetAnswer } from "#contract/schema/lead-magnet";
import { page } from "./mail-page.server";

/** The origin links in answers and pages point to: BECKON_PUBLIC_URL, else the request's own. */
export const linkOriginOf = (request: Request): string =>
  (serverEnv().publicUrl ?? new URL(request.url).origin).replace(/\/+$/, "");

/** The download offer on a page: the magnet's link as a button-like link. */
export function magnetOffer(translate: Translate, magnet: LeadMagnetAnswer): string {
  return (
    `<p>${escapeHtml(translate("email.page.magnetReady"))}</p>` +
    `<p><a class="button" href="${escapeHtml(magnet.url)}">${escapeHtml(translate("email.magnet.button", { label: magnet.label }))}</a></p>`
  );
}

/** Answers a magnet link. */
export async function magnetResponse(
  request: Request,
  verdict: MailLinkVerdict,
  site: { language: string } | null,
  lang: string,
): Promise<Response> {
  const translate = siteTranslator(lang);
  const title = translate("email.page.magnetTitle");
  const say = (text: string, status: number) => page(lang, title, `<p>${escapeHtml(text)}</p>`, status);
  if (request.method !== "GET" && request.method !== "HEAD") return say(translate("email.page.invalid"), 405);
  if (!verdict.ok)
    return verdict.reason === "expired"
      ? say(translate("email.page.magnetExpired", { days: String(LEAD_MAGNET_LINK_DAYS) }), 410)
      : say(translate("email.page.invalid"), 400);
  if (!site) return say(translate("email.page.invalid"), 404);
  const { websiteId, listRowId: elementId } = verdict.claim;
  const magnet = await elementMagnet(prisma, websiteId, elementId);
  if (!magnet) return say(translate("email.page.magnetGone"), 404);
  if (magnet.kind === "link")
    return new Response(null, {
      status: 303,
      headers: { Location: magnet.url, "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" },
    });
  const file = await magnetFile(prisma, websiteId, magnet.file_id);
  if (!file) return say(translate("email.page.magnetGone"), 404);
  const ascii = file.name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return new Response(request.method === "HEAD" ? null : new Uint8Array(file.bytes), {
    status: 200,
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(file.size),
      "Content-Disposition": `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
      "Referrer-Policy": "no-referrer",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}
