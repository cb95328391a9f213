/**
 * The demo's mail page (/demo/mail): the e-mails the demo's mail server
 * received, newest first, as text with their links clickable, and the
 * unsubscribe headers a mailbox provider would act on. Text only: an
 * e-mail's HTML is never put into the page.
 */
import { esc } from "#demo/sv/server/html";
import type { StoredMail } from "./mailbox";

/** Escapes the text and turns each http(s) address in it into a link. */
export function linkedText(text: string): string {
  const parts = text.split(/(https?:\/\/[^\s<>"']+)/g);
  return parts.map((part, i) => (i % 2 === 1 ? `<a href="${esc(part)}">${esc(part)}</a>` : esc(part))).join("");
}

function mailHtml(mail: StoredMail): string {
  const unsubscribe = mail.headers["list-unsubscribe"];
  const oneClick = mail.headers["list-unsubscribe-post"];
  return `<article class="mail" data-mail-id="${esc(mail.id)}">
  <h2>${esc(mail.subject)}</h2>
  <dl>
    <dt>Från</dt><dd>${esc(mail.from)}</dd>
    <dt>Till</dt><dd class="mail-to">${esc(mail.to)}</dd>
    <dt>Mottaget</dt><dd>${esc(mail.receivedAt)}</dd>
    ${unsubscribe ? `<dt>List-Unsubscribe</dt><dd>${esc(unsubscribe)}</dd>` : ""}
    ${oneClick ? `<dt>List-Unsubscribe-Post</dt><dd>${esc(oneClick)}</dd>` : ""}
  </dl>
  <pre>${linkedText(mail.text)}</pre>
</article>`;
}

/** The whole page; `mails` null when the demo's mail server is not running (SMTP_URL names a real one). */
export function mailPageHtml(mails: StoredMail[] | null): string {
  const body =
    mails === null
      ? "<p>Demons e-postserver körs inte: SMTP_URL pekar på en riktig server, så e-posten hamnar där.</p>"
      : mails.length
        ? mails.map(mailHtml).join("\n")
        : '<p>Inga mejl än. Prenumerera på nyhetsbrevet på <a href="/demo/sv">/demo/sv</a>, så hamnar bekräftelsen här.</p>';
  return `<!doctype html>
<html lang="sv">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="robots" content="noindex">
  <title>Demons inkorg – Beckon</title>
  <style>
    body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1d2530;background:#f7f8fa}
    main{max-width:860px;margin:0 auto;padding:24px}
    .mail{background:#fff;border-radius:8px;padding:16px 20px;margin:16px 0;box-shadow:0 1px 3px rgba(0,0,0,.08)}
    dl{display:grid;grid-template-columns:max-content 1fr;gap:2px 12px;font-size:14px;color:#3b4654}
    dd{margin:0;word-break:break-all}
    pre{white-space:pre-wrap;font:inherit}
  </style>
</head>
<body>
  <main>
    <h1>Demons inkorg</h1>
    <p>E-post som Beckon skickat i demon, tagen emot av en lokal SMTP-server. <a href="/demo/mail">Uppdatera</a> · <a href="/demo/sv">Till Säljakademin</a></p>
    ${body}
  </main>
</body>
</html>
`;
}
