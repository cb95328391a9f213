/**
 * A real SMTP server (the demo's, demo/mail/mailbox.ts) on 127.0.0.1 and a
 * free port for tests, with per-recipient faults, and the e-mail sender the
 * outbox uses pointed at it.
 */
import { startMailbox, type Mailbox, type SmtpRefusal } from "#demo/mail/mailbox";
import { createSmtpTransport } from "#app/integrations/email/smtp-transport.server";
import { emailSender } from "#app/models/email/email-delivery.server";

export interface TestMailbox extends Mailbox {
  /** Recipients the server refuses, and how. */
  refusals: Map<string, SmtpRefusal>;
}

/** Starts a mailbox whose refusals a test can set per address. */
export async function startTestMailbox(): Promise<TestMailbox> {
  const refusals = new Map<string, SmtpRefusal>();
  const mailbox = await startMailbox({ refuseRecipient: (address) => refusals.get(address.toLowerCase()) ?? null });
  return { ...mailbox, refusals };
}

export const TEST_MAIL_SECRET = "test-mail-link-secret-0123456789abcdef";
export const TEST_LINK_ORIGIN = "http://beckon.test";

/** The outbox's sendEmail for a mailbox (links to TEST_LINK_ORIGIN, signed with TEST_MAIL_SECRET). */
export function testEmailSender(mailbox: Mailbox, options: { perMinute?: number; now?: () => Date } = {}) {
  return emailSender({
    transport: createSmtpTransport(mailbox.url),
    secret: async () => TEST_MAIL_SECRET,
    linkOrigin: TEST_LINK_ORIGIN,
    perMinute: options.perMinute ?? 1000,
    now: options.now,
  });
}
