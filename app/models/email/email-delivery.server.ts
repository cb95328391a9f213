/**
 * Delivers the outbox's send_email jobs (OutboxOptions.sendEmail): a double
 * opt-in confirmation or a lead magnet. Checks that the address may still be
 * mailed (not suppressed; for a confirmation, the membership still waiting
 * for exactly this mail), holds the website to its sending
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
import { CONFIRM_LINK_TTL_SECONDS, UNSUBSCRIBE_LINK_TTL_SECONDS } from "#app/server/mail-link-token.server";
import { mailLinkUrl } from "./mail-link-url.server";
import type { OutgoingMail } from "#app/integrations/email/smtp-transport.server";
import type { MailLinkPurpose } from "#app/server/mail-link-token.server";
import { confirmationMail, magnetMail, messageIdFor, siteTranslator } from "./email-compose.server";
import { LEAD_MAGNET_LINK_TTL_SECONDS, elementMagnet, magnetLabel } from "./lead-magnet.server";
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

/** The outbox's e-mail delivery function. */
export function emailSender(options: EmailSenderOptions): (db: Db, job: SyncJob) => Promise<void> {
  const now = options.now ?? (() => new Date());
  return async (db, job) => {
    const payload = asRecord(job.payload);
    const to = cleanAddress(payload.email);
    const rowId = payload.kind === "magnet" ? payload.element_id : payload.list_row_id;
    const personId = job.personId;
    if (
      (payload.kind !== "confirm" && payload.kind !== "magnet") ||
      !to ||
      typeof rowId !== "number" ||
      !Number.isInteger(rowId) ||
      personId === null
    )
      throw new ProviderError("The e-mail job is malformed", false);
    const website = await db.website.findUnique({ where: { id: job.websiteId } });
    if (!website) throw new ProviderError("The website was removed", false);
    const from = parseFromSetting(website.emailFrom);
    if (!from) throw new ProviderError("The website has no valid From address (Settings, E-mail)", false);
    if (await isSuppressed(db, website.id, to))
      throw new ProviderError("Not sent: the address unsubscribed or bounced", false);
    const person = await db.person.findUnique({ where: { id: personId }, select: { name: true } });
    if (!person) return;

    const secret = await options.secret();
    const link = (purpose: MailLinkPurpose, listRowId: number, ttlSeconds: number) =>
      mailLinkUrl(
        options.linkOrigin,
        { purpose, websiteId: website.id, personId, listRowId },
        {
          secret,
          ttlSeconds,
          now: now(),
        },
      );
    const common = { site: website, from, to, name: person.name, messageId: messageIdFor(job.id, website.id, from) };
    let mail: OutgoingMail;
    if (payload.kind === "confirm") {
      const membership = await db.mailingListMembership.findUnique({
        where: { listId_personId: { listId: rowId, personId } },
      });
      // The confirmation is for a pending member only: confirmed already, left, or removed, it has nothing to ask.
      if (!membership || membership.status !== "pending" || membership.unsubscribedAt) return;
      await holdToRate(db, job, options.perMinute, now());
      mail = confirmationMail({
        ...common,
        links: {
          confirm: link("confirm", rowId, CONFIRM_LINK_TTL_SECONDS),
          unsubscribe: link("unsubscribe", rowId, UNSUBSCRIBE_LINK_TTL_SECONDS),
        },
      });
    } else {
      const magnet = await elementMagnet(db, website.id, rowId);
      // The owner took the magnet away since: there is nothing left to deliver.
      if (!magnet) return;
      await holdToRate(db, job, options.perMinute, now());
      mail = magnetMail({
        ...common,
        label: magnetLabel(magnet, siteTranslator(website.language)),
        links: {
          download: link("magnet", rowId, LEAD_MAGNET_LINK_TTL_SECONDS),
          unsubscribe: link("unsubscribe", 0, UNSUBSCRIBE_LINK_TTL_SECONDS),
        },
      });
    }
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
