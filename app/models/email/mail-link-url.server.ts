/** The address of one signed mail link: where each purpose is answered, with its token. */
import { signMailLink, type MailLinkClaim, type MailLinkPurpose } from "#app/server/mail-link-token.server";

/** Where a link of a given purpose is answered. */
export const MAIL_LINK_PATHS: Record<MailLinkPurpose, string> = {
  confirm: "/mail/confirm",
  unsubscribe: "/mail/unsubscribe",
  magnet: "/mail/magnet",
};

/** The link for a claim, valid ttlSeconds from now, under origin (no trailing slash). */
export function mailLinkUrl(
  origin: string,
  claim: Omit<MailLinkClaim, "expiresAt">,
  options: { secret: string; ttlSeconds: number; now: Date },
): string {
  const expiresAt = Math.floor(options.now.getTime() / 1000) + options.ttlSeconds;
  const token = signMailLink({ ...claim, expiresAt }, options.secret);
  return `${origin}${MAIL_LINK_PATHS[claim.purpose]}?t=${encodeURIComponent(token)}`;
}
