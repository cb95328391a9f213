/** GET /demo/mail: the e-mails the demo's local mail server received (scripts/start.ts runs it). */
import { mailPageHtml } from "#demo/mail/mail-page";
import { readMailbox } from "#demo/mail/mailbox";
import { htmlPage } from "#demo/sv/server/sv-request.server";
import { serverEnv } from "#app/server/env.server";

export function loader() {
  const dir = serverEnv().demoMailbox;
  return htmlPage(mailPageHtml(dir ? readMailbox(dir) : null));
}
