/**
 * The public pages behind the links of the built-in lists' e-mails:
 * /mail/confirm (double opt-in) and /mail/unsubscribe (RFC 8058 one-click).
 * A GET only shows what the link will do, with one button: mail scanners
 * and link previews open links, and must not confirm or unsubscribe anyone.
 * The POST does it: the button's, or a mailbox provider's one-click POST
 * (body List-Unsubscribe=One-Click), with no session and no CSRF token, the
 * signed link being the proof. Plain HTML in the website's language.
 */
import { prisma } from "#app/db.server";
import { escapeHtml } from "#app/server/html";
import { clientIp } from "#app/server/client-address.server";
import { verifyMailLink, type MailLinkPurpose } from "#app/server/mail-link-token.server";
import { identityTokenSecret } from "#app/models/deployment.server";
import { confirmMembership, mailLinkContext } from "#app/models/email/double-opt-in.server";
import { unsubscribeByLink } from "#app/models/email/one-click-unsubscribe.server";
import { siteTranslator } from "#app/models/email/email-compose.server";
import type { AdminKey } from "#app/i18n";

function page(lang: string, title: string, body: string, status = 200): Response {
  const html = `<!doctype html>
<html lang="${escapeHtml(lang)}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>
<style>body{margin:0;font:17px/1.5 system-ui,sans-serif;color:#1d2530;background:#f7f8fa}main{max-width:560px;margin:48px auto;padding:24px;background:#fff;border-radius:8px}button{font:inherit;padding:10px 18px;border:0;border-radius:6px;background:#0b5cad;color:#fff;cursor:pointer}</style>
</head>
<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body>
</html>
`;
  return new Response(html, {
    status,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "Referrer-Policy": "no-referrer",
      "Content-Security-Policy":
        "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    },
  });
}

const TITLES: Record<MailLinkPurpose, AdminKey> = {
  confirm: "email.page.confirmTitle",
  unsubscribe: "email.page.unsubscribeTitle",
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
  const site = verdict.ok ? await mailLinkContext(prisma, verdict.claim) : null;
  const lang = site?.language ?? "en";
  const translate = siteTranslator(lang);
  const title = translate(TITLES[purpose]);
  const say = (key: AdminKey, status = 200) => page(lang, title, `<p>${escapeHtml(translate(key))}</p>`, status);
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
      return say(outcome === "confirmed" ? "email.page.confirmed" : "email.page.alreadyConfirmed");
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
