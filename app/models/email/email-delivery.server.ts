/**
 * Delivers the outbox's send_email jobs (OutboxOptions.sendEmail): checks
 * that the address may still be mailed (not suppressed, the membership
 * still waiting for exactly this mail), holds the website to its sending
 * rate, renders the message with signed links, and hands it to SMTP.
 *
 * Delivery is at least once: the outbox marks a job done after the SMTP
 * server accepted it, so a crash in between (or a lease running out while
 * the server answers slowly) sends it again after the restart. Every try of
 * a job carries the same Message-ID, which lets mail systems that
 * de-duplicate drop the second copy; nothing else can be promised without
 * the SMTP server taking part in the transaction.
 */
import type { Db } from "#app/db.server";
import type { SyncJob } from "#app/generated/prisma-sqlite";
import { asRecord } from "#contract/json-record";
import { DeferredDelivery, ProviderError } from "#app/integrations/mailing/types";
import { cleanAddress, parseFromSetting } from "#app/integrations/email/mail-address";
import { HardBounce, smtpTransportFromEnv, type MailTransport } from "#app/integrations/email/smtp-transport.server";
import { serverEnv, type EnvSource } from "#app/server/env.server";
import { identityTokenSecret } from "#app/models/deployment.server";
import {
  CONFIRM_LINK_TTL_SECONDS,
  UNSUBSCRIBE_LINK_TTL_SECONDS,
  signMailLink,
  type MailLinkPurpose,
} from "#app/server/mail-link-token.server";
import { confirmationMail, messageIdFor } from "./email-compose.server";
import { isSuppressed, suppressAddress } from "./suppression.server";

export interface EmailSenderOptions {
  transport: MailTransport;
  /** The link-signing secret (identityTokenSecret: the session secret bound to this database). */
  secret: () => Promise<string>;
  /** The origin links in e-mails point to (BECKON_PUBLIC_URL, else the server's own address). */
  linkOrigin: string;
  /** E-mails one website may send per minute. */
  perMinute: number;
  now?: () => Date;
}

/** Where a link of a given purpose is answered. */
export const MAIL_LINK_PATHS: Record<MailLinkPurpose, string> = {
  confirm: "/mail/confirm",
  unsubscribe: "/mail/unsubscribe",
};

/** The outbox's e-mail delivery function. */
export function emailSender(options: EmailSenderOptions): (db: Db, job: SyncJob) => Promise<void> {
  const now = options.now ?? (() => new Date());
  return async (db, job) => {
    const payload = asRecord(job.payload);
    const to = cleanAddress(payload.email);
    const listRowId = typeof payload.list_row_id === "number" ? payload.list_row_id : NaN;
    if (payload.kind !== "confirm" || !to || !Number.isInteger(listRowId) || job.personId === null)
      throw new ProviderError("The e-mail job is malformed", false);
    const website = await db.website.findUnique({ where: { id: job.websiteId } });
    if (!website) throw new ProviderError("The website was removed", false);
    const from = parseFromSetting(website.emailFrom);
    if (!from) throw new ProviderError("The website has no valid From address (Settings, E-mail)", false);
    if (await isSuppressed(db, website.id, to))
      throw new ProviderError("Not sent: the address unsubscribed or bounced", false);
    const membership = await db.mailingListMembership.findUnique({
      where: { listId_personId: { listId: listRowId, personId: job.personId } },
      include: { person: { select: { name: true } } },
    });
    // The confirmation is for a pending member only: confirmed already, left, or removed, it has nothing to ask.
    if (!membership || membership.status !== "pending" || membership.unsubscribedAt) return;
    await holdToRate(db, job, options.perMinute, now());

    const secret = await options.secret();
    const seconds = Math.floor(now().getTime() / 1000);
    const link = (purpose: MailLinkPurpose, ttl: number) => {
      const token = signMailLink(
        { purpose, websiteId: website.id, personId: job.personId!, listRowId, expiresAt: seconds + ttl },
        secret,
      );
      return `${options.linkOrigin}${MAIL_LINK_PATHS[purpose]}?t=${encodeURIComponent(token)}`;
    };
    const mail = confirmationMail({
      site: website,
      from,
      to,
      name: membership.person.name,
      links: {
        confirm: link("confirm", CONFIRM_LINK_TTL_SECONDS),
        unsubscribe: link("unsubscribe", UNSUBSCRIBE_LINK_TTL_SECONDS),
      },
      messageId: messageIdFor(job.id, website.id, from),
    });
    try {
      await options.transport.send(mail);
    } catch (e) {
      if (e instanceof HardBounce) await suppressAddress(db, website.id, to, "bounced", e.message);
      throw e;
    }
  };
}

/**
 * Defers the job when the website sent its minute's worth already (counting
 * sends that finished in the last minute and the others in flight), so one
 * website's burst cannot get the shared SMTP account throttled for all.
 */
async function holdToRate(db: Db, job: SyncJob, perMinute: number, at: Date): Promise<void> {
  const since = new Date(at.getTime() - 60_000);
  const recent = await db.syncJob.count({
    where: {
      websiteId: job.websiteId,
      operation: "send_email",
      OR: [
        { status: "done", completedAt: { gt: since } },
        // Only earlier jobs in flight: two claimed together must not each wait for the other.
        { status: "running", id: { lt: job.id } },
      ],
    },
  });
  if (recent >= perMinute)
    throw new DeferredDelivery(`The website's sending rate (${perMinute} a minute) is used up`, 60_000 / perMinute);
}

/**
 * The server's e-mail delivery: SMTP_URL's transport, links to BECKON_PUBLIC_URL
 * (else the origin the server listens on), signed with this database's
 * secret. Undefined when SMTP_URL is unset: sending is off.
 */
export function emailSenderFromEnv(db: Db, listenOrigin: string, source?: EnvSource) {
  const transport = smtpTransportFromEnv(source);
  if (!transport) return undefined;
  const env = serverEnv(source);
  return emailSender({
    transport,
    secret: () => identityTokenSecret(db),
    linkOrigin: (env.publicUrl ?? listenOrigin).replace(/\/+$/, ""),
    perMinute: env.emailsPerMinute,
  });
}
