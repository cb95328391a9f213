/** Looks up the website a public request names; unknown ids are a 404 that names the field. */
import type { Db } from "../db.server";
import { InputError } from "../lib/errors";
import { asRecord } from "./person.server";

export interface PublicWebsite {
  id: number;
  contactProcessing: boolean;
}

/** The website or a 404 InputError. */
export async function requirePublicWebsite(db: Db, websiteId: number): Promise<PublicWebsite> {
  const row = await db.website.findUnique({ where: { id: websiteId }, select: { id: true, dataSettings: true } });
  if (!row) throw new InputError("Unknown website", "website_id", 404);
  // contact-processing defaults to on (SPEC section 3 data settings).
  const contactProcessing = asRecord(row.dataSettings)["contact-processing"] !== false;
  return { id: row.id, contactProcessing };
}
