/**
 * The e-mails the built-in lists send, as text and HTML in the website's
 * language: what bulk-sender rules require of each (RFC 8058 one-click
 * unsubscribe headers, a footer naming the sender and the reason) is built
 * in here, so no message can leave without it.
 */
import { translator, type Translate } from "#app/i18n";
import { isLanguage } from "#contract/i18n";
import { escapeHtml } from "#app/server/html";
import { domainOf, headerText, type Mailbox } from "#app/integrations/email/mail-address";
import type { OutgoingMail } from "#app/integrations/email/smtp-transport.server";
import { LEAD_MAGNET_LINK_DAYS } from "#contract/schema/lead-magnet";

export interface MailSite {
  id: number;
  name: string;
  domain: string | null;
  language: string;
}

export interface MailLinks {
  confirm: string;
  unsubscribe: string;
}

/** The translator of a website's language (English for one the catalogues lack). */
export const siteTranslator = (language: string): Translate => translator(isLanguage(language) ? language : "en");

function siteHost(site: MailSite): string {
  try {
    return site.domain ? new URL(site.domain).host : headerText(site.name);
  } catch {
    return headerText(site.domain ?? site.name);
  }
}

function footer(translate: Translate, site: MailSite, from: Mailbox, unsubscribe: string) {
  const reason = translate("email.footer.reason", {
    site: headerText(site.name),
    from: from.address,
    domain: siteHost(site),
  });
  return {
    text: `--\n${reason}\n${translate("email.footer.unsubscribe", { url: unsubscribe })}`,
    html:
      `<hr><p style="color:#666;font-size:12px">${escapeHtml(reason)}<br>` +
      `<a href="${escapeHtml(unsubscribe)}">${escapeHtml(translate("email.footer.unsubscribeLink"))}</a></p>`,
  };
}

/** The headers every message carries: one-click unsubscribe (RFC 8058, RFC 2369). */
function listHeaders(unsubscribe: string): Record<string, string> {
  return { "List-Unsubscribe": `<${unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

/** The Message-ID of an outbox job's e-mail: the same on every try, so a resend is recognisably one message. */
export const messageIdFor = (jobId: number, websiteId: number, from: Mailbox): string =>
  `<beckon.${websiteId}.${jobId}@${domainOf(from.address)}>`;

/** The double opt-in e-mail. */
export function confirmationMail(input: {
  site: MailSite;
  from: Mailbox;
  to: string;
  name: string | null;
  links: MailLinks;
  messageId: string;
}): OutgoingMail {
  const translate = siteTranslator(input.site.language);
  const site = headerText(input.site.name);
  const name = headerText(input.name, 80);
  const greeting = name ? translate("email.confirm.greeting", { name }) : translate("email.confirm.greetingNoName");
  const body = translate("email.confirm.body", { site });
  const button = translate("email.confirm.button");
  const ignore = translate("email.confirm.ignore");
  const foot = footer(translate, input.site, input.from, input.links.unsubscribe);
  return {
    from: input.from,
    to: input.to,
    subject: headerText(translate("email.confirm.subject", { site })),
    text: `${greeting}\n\n${body}\n\n${button}: ${input.links.confirm}\n\n${ignore}\n\n${foot.text}\n`,
    html:
      `<!doctype html><html lang="${escapeHtml(input.site.language)}"><body>` +
      `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(body)}</p>` +
      `<p><a href="${escapeHtml(input.links.confirm)}">${escapeHtml(button)}</a></p>` +
      `<p>${escapeHtml(ignore)}</p>${foot.html}</body></html>`,
    messageId: input.messageId,
    headers: listHeaders(input.links.unsubscribe),
  };
}

/** The lead magnet e-mail: the signed, expiring download link of what the form promised. */
export function magnetMail(input: {
  site: MailSite;
  from: Mailbox;
  to: string;
  name: string | null;
  /** What is delivered, in the owner's words (e.g. the e-book's title). */
  label: string;
  links: { download: string; unsubscribe: string };
  messageId: string;
}): OutgoingMail {
  const translate = siteTranslator(input.site.language);
  const site = headerText(input.site.name);
  const label = headerText(input.label, 120);
  const name = headerText(input.name, 80);
  const greeting = name ? translate("email.confirm.greeting", { name }) : translate("email.confirm.greetingNoName");
  const body = translate("email.magnet.body", { site, label });
  const button = translate("email.magnet.button", { label });
  const expiry = translate("email.magnet.expiry", { days: String(LEAD_MAGNET_LINK_DAYS) });
  const foot = footer(translate, input.site, input.from, input.links.unsubscribe);
  return {
    from: input.from,
    to: input.to,
    subject: headerText(translate("email.magnet.subject", { site, label })),
    text: `${greeting}\n\n${body}\n\n${button}: ${input.links.download}\n\n${expiry}\n\n${foot.text}\n`,
    html:
      `<!doctype html><html lang="${escapeHtml(input.site.language)}"><body>` +
      `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(body)}</p>` +
      `<p><a href="${escapeHtml(input.links.download)}">${escapeHtml(button)}</a></p>` +
      `<p>${escapeHtml(expiry)}</p>${foot.html}</body></html>`,
    messageId: input.messageId,
    headers: listHeaders(input.links.unsubscribe),
  };
}
