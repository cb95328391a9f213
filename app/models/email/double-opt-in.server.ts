/**
 * Double opt-in on built-in lists: a subscription to a list that requires
 * confirmation makes the membership pending and queues one confirmation
 * e-mail through the outbox (in the submission's transaction); the signed
 * link of that e-mail confirms it once, keeping when and from which
 * address as evidence of the consent.
 */
import { queueConfirmedOptIn } from "#app/models/shopify-customer-sync.server";
import type { Db } from "#app/db.server";
import type { MailingList, Prisma } from "#app/generated/prisma-sqlite";
import { enqueueSyncJob } from "#app/integrations/outbox.server";
import { cleanAddress } from "#app/integrations/email/mail-address";
import type { MailLinkClaim } from "#app/server/mail-link-token.server";

type Tx = Prisma.TransactionClient;

/** SyncJob.payload of an e-mail job. */
export interface EmailJobPayload {
  kind: "confirm";
  list_row_id: number;
  email: string;
}

export interface ConfirmationRequest {
  websiteId: number;
  list: MailingList;
  personId: number;
  email: string | null | undefined;
  /** Per submission: a resent submission queues no second e-mail. */
  idempotencyKey: string;
  now: Date;
}

/**
 * Makes the membership pending and queues its confirmation e-mail. A member
 * who already confirmed (and has not left) stays as they are and gets no mail.
 */
export async function requestConfirmation(tx: Tx, request: ConfirmationRequest): Promise<string> {
  const email = cleanAddress(request.email);
  const key = { listId_personId: { listId: request.list.id, personId: request.personId } };
  const existing = await tx.mailingListMembership.findUnique({ where: key });
  if (existing?.status === "confirmed" && existing.unsubscribedAt === null)
    return `already confirmed on ${request.list.listId}`;
  await tx.mailingListMembership.upsert({
    where: key,
    create: { listId: request.list.id, personId: request.personId, subscribedAt: request.now, status: "pending" },
    update: {
      status: "pending",
      unsubscribedAt: null,
      subscribedAt: request.now,
      confirmedAt: null,
      confirmedIp: null,
    },
  });
  if (!email) return `pending on ${request.list.listId}: no address to confirm`;
  const payload: EmailJobPayload = { kind: "confirm", list_row_id: request.list.id, email };
  await enqueueSyncJob(tx, {
    websiteId: request.websiteId,
    integrationId: request.list.integrationId,
    personId: request.personId,
    operation: "send_email",
    payload: payload as never,
    idempotencyKey: `${request.idempotencyKey}:confirm:${request.list.id}`,
    now: request.now,
  });
  return `pending on ${request.list.listId}: confirmation queued`;
}

export type ConfirmOutcome = "confirmed" | "already" | "gone";

/**
 * Confirms the membership a verified confirm link names. Only the first
 * click changes anything: later ones (or a link of an unsubscribed member)
 * keep the evidence of the first.
 */
export async function confirmMembership(
  db: Db,
  claim: MailLinkClaim,
  evidence: { ip: string | null; now?: Date },
): Promise<ConfirmOutcome> {
  const membership = await db.mailingListMembership.findUnique({
    where: { listId_personId: { listId: claim.listRowId, personId: claim.personId } },
    include: { list: { select: { websiteId: true } } },
  });
  if (!membership || membership.list.websiteId !== claim.websiteId || membership.unsubscribedAt) return "gone";
  // Conditional on pending: two clicks racing confirm once.
  const updated = await db.mailingListMembership.updateMany({
    where: { listId: claim.listRowId, personId: claim.personId, status: "pending", unsubscribedAt: null },
    data: {
      status: "confirmed",
      confirmedAt: evidence.now ?? new Date(),
      confirmedIp: evidence.ip?.slice(0, 64) ?? null,
    },
  });
  if (updated.count !== 1) return "already";
  // The consent is now a confirmed opt-in: a Shopify customer made from this lead says so too.
  await queueConfirmedOptIn(db, claim.websiteId, claim.personId, claim.listRowId);
  return "confirmed";
}

/** What a confirm or unsubscribe page shows about its link: the website and the address. */
export async function mailLinkContext(db: Db, claim: MailLinkClaim) {
  const person = await db.person.findUnique({
    where: { id: claim.personId },
    select: { websiteId: true, email: true, web: { select: { name: true, language: true } } },
  });
  if (!person || person.websiteId !== claim.websiteId) return null;
  return { email: person.email ?? "", site: person.web.name, language: person.web.language };
}
