/**
 * A real SMTP server (the demo's, demo/mail/mailbox.ts) on 127.0.0.1 and a
 * free port for tests, with per-recipient faults, and the e-mail sender the
 * outbox uses pointed at it.
 */
import { startMailbox, type Mailbox, type SmtpRefusal } from "#demo/mail/mailbox";
import { createSmtpTransport } from "#app/integrations/email/smtp-transport.server";
import { emailSender } from "#app/models/email/email-delivery.server";
import { runOutboxOnce, type OutboxOptions } from "#app/integrations/outbox.server";
import type { Db } from "#app/db.server";
import { createTestDatabase, type TestDatabase } from "#test/support/test-database";

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

/** What the outbox's e-mail tests share: a test database, a real SMTP mailbox and the outbox options that send to it. */
export interface EmailWorld {
  tdb: TestDatabase;
  db: Db;
  mailbox: TestMailbox;
  options: OutboxOptions;
}

/** Opens an e-mail world (in a beforeAll); `now` drives the sender's rate limit and the outbox from a test clock. */
export async function openEmailWorld(now?: () => Date): Promise<EmailWorld> {
  const tdb = await createTestDatabase();
  const mailbox = await startTestMailbox();
  const options: OutboxOptions = { random: () => 0.5, sendEmail: testEmailSender(mailbox, { now }) };
  if (now) options.now = now;
  return { tdb, db: tdb.db, mailbox, options };
}

/** Closes what openEmailWorld opened (in an afterAll; a failed open leaves nothing to close). */
export async function closeEmailWorld(world: EmailWorld | undefined) {
  await world?.mailbox.close();
  await world?.tdb.drop();
}

/** Runs the outbox until it claims nothing (at most ten rounds: a job that keeps coming back fails its test). */
export async function drainOutbox(world: EmailWorld) {
  for (let i = 0; i < 10; i++) if ((await runOutboxOnce(world.db, world.options)).claimed === 0) return;
}

/** The messages the mailbox received for one address. */
export const mailsTo = (mailbox: Mailbox, email: string) =>
  mailbox.messages().filter((m) => m.envelopeTo.includes(email));
