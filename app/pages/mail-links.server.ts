/**
 * The public pages behind the links of the built-in lists' e-mails:
 * /mail/confirm (double opt-in), /mail/unsubscribe (RFC 8058 one-click) and
 * /mail/magnet (a lead magnet's download, magnet-download.server.ts).
 * A GET only shows what the link will do, with one button: mail scanners
 * and link previews open links, and must not confirm or unsubscribe anyone.
 * The POST does it: the button's, or a mailbox provider's one-click POST
 * (body List-Unsubscribe=One-Click), with no session and no CSRF token, the
 * signed link being the proof. Plain HTML in the website's language.
 */
import { prisma } from "#app/db.server";
import { escapeHtml } from "#app/server/html";
import { page } from "./mail-page.server";
import { clientIp } from "#app/server/client-address.server";
import { verifyMailLink, type MailLinkPurpose } from "#app/server/mail-link-token.server";
import { identityTokenSecret } from "#app/models/deployment.server";
import { confirmMembership, mailLinkContext } from "#app/models/email/double-opt-in.server";
import { unsubscribeByLink } from "#app/models/email/one-click-unsubscribe.server";
import { siteTranslator } from "#app/models/email/email-compose.server";
import type { AdminKey } from "#app/i18n";
import { magnetAnswer, releaseMagnetOnConfirm } from "#app/models/email/lead-magnet.server";
import { linkOriginOf, magnetOffer, magnetResponse } from "./magnet-download.server";

const TITLES: Record<MailLinkPurpose, AdminKey> = {
  confirm: "email.page.confirmTitle",
  unsubscribe: "email.page.unsubscribeTitle",
  magnet: "email.page.magnetTitle",
};

/** Answers GET (the confirm page) and POST (the change) of one kind of mail link. */
export async function mailLinkResponse(
  request: Request,
  context: unknown,
  purpose: MailLinkPurpose,
): Promise<Response> {
  const url = new URL(request.url);
  const token = url.searchParams.get("t");
  const verdict = verifyMailLink(token, purpose, { secret: await identityTokenSecret(prisma) });
  // An expired link still names its website: its page speaks the website's language.
  const site = verdict.ok || verdict.reason === "expired" ? await mailLinkContext(prisma, verdict.claim) : null;
  // A link that names no website (altered, cut short) is answered in the browser's language.
  const lang = site?.language ?? (/^sv\b/i.test(request.headers.get("Accept-Language") ?? "") ? "sv" : "en");
  const translate = siteTranslator(lang);
  const title = translate(TITLES[purpose]);
  const say = (key: AdminKey, status = 200) => page(lang, title, `<p>${escapeHtml(translate(key))}</p>`, status);
  if (purpose === "magnet") return magnetResponse(request, verdict, site, lang);
  if (!verdict.ok)
    return say(
      verdict.reason === "expired" ? "email.page.expired" : "email.page.invalid",
      verdict.reason === "expired" ? 410 : 400,
    );
  if (!site) return say("email.page.invalid", 404);

  if (request.method === "POST") {
    if (purpose === "confirm") {
      const outcome = await confirmMembership(prisma, verdict.claim, { ip: clientIp(request, context) });
      if (outcome === "gone") return say("email.page.invalid", 404);
      const done = escapeHtml(
        translate(outcome === "confirmed" ? "email.page.confirmed" : "email.page.alreadyConfirmed"),
      );
      // The magnet that waited for this confirmation: on its way by e-mail, and offered here at once.
      const elementId = await releaseMagnetOnConfirm(prisma, verdict.claim);
      const secret = await identityTokenSecret(prisma);
      const magnet = elementId
        ? await magnetAnswer(prisma, {
            websiteId: verdict.claim.websiteId,
            personId: verdict.claim.personId,
            elementId,
            origin: linkOriginOf(request),
            secret,
          })
        : null;
      return page(lang, title, `<p>${done}</p>${magnet ? magnetOffer(translate, magnet) : ""}`);
    }
    const outcome = await unsubscribeByLink(prisma, verdict.claim);
    return outcome === "gone" ? say("email.page.invalid", 404) : say("email.page.unsubscribed");
  }
  if (request.method !== "GET" && request.method !== "HEAD") return say("email.page.invalid", 405);
  const values = { email: site.email, site: site.site };
  const text =
    purpose === "confirm"
      ? translate("email.page.confirmText", values)
      : translate("email.page.unsubscribeText", values);
  const button = translate(purpose === "confirm" ? "email.page.confirmButton" : "email.page.unsubscribeButton");
  // The form posts to this very address (token included), with the body a one-click client would send.
  const field = purpose === "unsubscribe" ? `<input type="hidden" name="List-Unsubscribe" value="One-Click">` : "";
  return page(
    lang,
    title,
    `<p>${escapeHtml(text)}</p><form method="post" action="${escapeHtml(url.pathname + url.search)}">${field}<button type="submit">${escapeHtml(button)}</button></form>`,
  );
}
