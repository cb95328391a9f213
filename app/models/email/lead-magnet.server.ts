/**
 * Lead magnets: the file or link a form's success step delivers. A
 * submission of a form with a magnet gets it twice: at once, as a signed
 * download link in the answer to the submission (the success step's
 * button), and by e-mail through the outbox. The e-mail waits while the
 * person has a membership pending double opt-in (an unconfirmed address is
 * sent nothing but its confirmation): confirming releases it.
 *
 * Only the built-in lists send these e-mails: a website mailing through an
 * outside tool sends its magnets with that tool, and still gets the button.
 */
import type { Db } from "#app/db.server";
import type { Prisma } from "#app/generated/prisma-sqlite";
import type { Translate } from "#app/i18n";
import { enqueueSyncJob } from "#app/integrations/outbox.server";
import { cleanAddress } from "#app/integrations/email/mail-address";
import { asRecord } from "#contract/json-record";
import {
  LEAD_MAGNET_LINK_DAYS,
  leadMagnetSchema,
  type LeadMagnet,
  type LeadMagnetAnswer,
} from "#contract/schema/lead-magnet";
import type { MailLinkClaim } from "#app/server/mail-link-token.server";
import { mailLinkUrl } from "./mail-link-url.server";
import { siteTranslator } from "./email-compose.server";

type Tx = Prisma.TransactionClient;

export const LEAD_MAGNET_LINK_TTL_SECONDS = LEAD_MAGNET_LINK_DAYS * 24 * 3600;

/** SyncJob.payload of a lead magnet e-mail. */
export interface MagnetJobPayload {
  kind: "magnet";
  element_id: number;
  email: string;
}

/** The magnet of a form element of this website, or null (none, another website's, or an invalid option). */
export async function elementMagnet(db: Db | Tx, websiteId: number, elementId: number): Promise<LeadMagnet | null> {
  if (!Number.isInteger(elementId) || elementId <= 0) return null;
  const element = await db.ctaElement.findFirst({
    where: { id: elementId, column: { section: { step: { variant: { cta: { websiteId } } } } } },
    select: { options: true },
  });
  const parsed = leadMagnetSchema.safeParse(asRecord(element?.options)["lead-magnet"]);
  return parsed.success ? parsed.data : null;
}

/** What the download is called: the owner's label, else the file's name, else a generic word. */
export function magnetLabel(magnet: LeadMagnet, translate: Translate): string {
  if (magnet.label) return magnet.label;
  if (magnet.kind === "file" && magnet.file_name) return magnet.file_name;
  return translate("email.magnet.defaultLabel");
}

async function queueMagnetMail(
  tx: Tx,
  input: { websiteId: number; personId: number; elementId: number; email: string; key: string; now: Date },
): Promise<boolean> {
  const integration = await tx.integration.findFirst({
    where: { websiteId: input.websiteId, integrationType: "builtin" },
    select: { id: true },
  });
  if (!integration) return false;
  const payload: MagnetJobPayload = { kind: "magnet", element_id: input.elementId, email: input.email };
  const { created } = await enqueueSyncJob(tx, {
    websiteId: input.websiteId,
    integrationId: integration.id,
    personId: input.personId,
    operation: "send_email",
    payload: payload as never,
    idempotencyKey: input.key,
    now: input.now,
  });
  return created;
}

/**
 * After a submission's list actions (same transaction): queues the magnet
 * e-mail, or, while a membership of the person waits for its confirmation,
 * leaves the magnet with that membership for the confirmation to release.
 */
export async function queueLeadMagnet(
  tx: Tx,
  input: {
    websiteId: number;
    personId: number;
    email: string | null;
    elementId: number | null | undefined;
    clientId: string;
    now?: Date;
  },
): Promise<"queued" | "awaiting confirmation" | null> {
  const email = cleanAddress(input.email);
  if (!email || !input.elementId || !(await elementMagnet(tx, input.websiteId, input.elementId))) return null;
  const pending = await tx.mailingListMembership.updateMany({
    where: { personId: input.personId, status: "pending", unsubscribedAt: null, list: { websiteId: input.websiteId } },
    data: { magnetElementId: input.elementId },
  });
  if (pending.count) return "awaiting confirmation";
  const queued = await queueMagnetMail(tx, {
    websiteId: input.websiteId,
    personId: input.personId,
    elementId: input.elementId,
    email,
    key: `contact:${input.clientId}:magnet`,
    now: input.now ?? new Date(),
  });
  return queued ? "queued" : null;
}

/**
 * After a confirm link confirmed a membership: queues the magnet that waited
 * for it (once per membership and magnet); returns the form element whose
 * magnet the confirmation page offers, or null.
 */
export async function releaseMagnetOnConfirm(db: Db, claim: MailLinkClaim, now = new Date()): Promise<number | null> {
  const membership = await db.mailingListMembership.findUnique({
    where: { listId_personId: { listId: claim.listRowId, personId: claim.personId } },
    select: { magnetElementId: true, status: true, person: { select: { email: true, websiteId: true } } },
  });
  const elementId = membership?.magnetElementId ?? null;
  const email = cleanAddress(membership?.person.email);
  if (!elementId || membership?.status !== "confirmed" || membership.person.websiteId !== claim.websiteId || !email)
    return null;
  // The pending memberships of this person all held the magnet: any one confirmation delivers it, once.
  await db.$transaction((tx) =>
    queueMagnetMail(tx, {
      websiteId: claim.websiteId,
      personId: claim.personId,
      elementId,
      email,
      key: `person:${claim.personId}:magnet:${elementId}:confirmed`,
      now,
    }),
  );
  return elementId;
}

/** The success step's download button: a signed link for this person, or null when the form has no magnet. */
export async function magnetAnswer(
  db: Db,
  input: {
    websiteId: number;
    personId: number;
    elementId: number | null | undefined;
    origin: string;
    secret: string;
    now?: Date;
  },
): Promise<LeadMagnetAnswer | null> {
  if (!input.elementId) return null;
  const magnet = await elementMagnet(db, input.websiteId, input.elementId);
  if (!magnet) return null;
  const url = mailLinkUrl(
    input.origin,
    { purpose: "magnet", websiteId: input.websiteId, personId: input.personId, listRowId: input.elementId },
    { secret: input.secret, ttlSeconds: LEAD_MAGNET_LINK_TTL_SECONDS, now: input.now ?? new Date() },
  );
  const site = await db.website.findUnique({ where: { id: input.websiteId }, select: { language: true } });
  return { url, label: magnetLabel(magnet, siteTranslator(site?.language ?? "en")) };
}
