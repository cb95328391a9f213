/** A website's From address for the e-mails its built-in lists send (Website.emailFrom). */
import type { Db } from "#app/db.server";
import { parseFromSetting } from "#app/integrations/email/mail-address";
import { InputError } from "#app/server/input-error";

/** Saves the From address ("Name <address>" or an address); blank turns sending off for the website. */
export async function setWebsiteEmailFrom(db: Db, websiteId: number, raw: string): Promise<string | null> {
  const trimmed = raw.trim();
  let value: string | null = null;
  if (trimmed) {
    const mailbox = parseFromSetting(trimmed);
    if (!mailbox) throw new InputError("Enter one address, e.g. Säljakademin <info@saljakademin.se>", "email_from");
    // Stored in a canonical form, so what the header gets is exactly what was checked.
    value = mailbox.name ? `${mailbox.name.replace(/"/g, "")} <${mailbox.address}>` : mailbox.address;
  }
  await db.website.update({ where: { id: websiteId }, data: { emailFrom: value } });
  return value;
}
