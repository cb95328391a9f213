/**
 * The files of lead magnets, kept in the database (LeadMagnetFile) so a
 * backup of the database is a backup of the magnets, on SQLite and
 * PostgreSQL alike. An upload is taken only when its declared type, its
 * size and its first bytes agree: a renamed executable is not a PDF.
 */
import type { Db } from "#app/db.server";
import { InputError } from "#app/server/input-error";
import { LEAD_MAGNET_FILE_TYPES, MAX_LEAD_MAGNET_BYTES, type LeadMagnetFileType } from "#contract/schema/lead-magnet";

const startsWith = (bytes: Uint8Array, ascii: string, at = 0) =>
  bytes.length >= at + ascii.length && [...ascii].every((c, i) => bytes[at + i] === c.charCodeAt(0));

/**
 * What the bytes are, by their magic numbers: "%PDF-"; a ZIP's local file
 * header "PK\x03\x04"; an EPUB is a ZIP whose first entry, stored
 * uncompressed, is "mimetype" holding "application/epub+zip" (EPUB OCF 3.3, 4.3).
 */
export function sniffMagnetType(bytes: Uint8Array): LeadMagnetFileType | null {
  if (startsWith(bytes, "%PDF-")) return "application/pdf";
  if (!startsWith(bytes, "PK\x03\x04")) return null;
  return startsWith(bytes, "mimetype", 30) && startsWith(bytes, "application/epub+zip", 38)
    ? "application/epub+zip"
    : "application/zip";
}

/** A file name safe in a Content-Disposition header and on any disk. */
export function safeFileName(raw: string, type: LeadMagnetFileType): string {
  const extension = { "application/pdf": ".pdf", "application/epub+zip": ".epub", "application/zip": ".zip" }[type];
  const base = raw
    .normalize("NFC")
    .replace(/\.[A-Za-z0-9]{1,5}$/, "")
    .replace(/[^\p{L}\p{N} ._-]+/gu, "-")
    .replace(/\s+/g, " ")
    // No leading dots: not a hidden file, not a way up a directory.
    .replace(/^[\s.-]+/, "")
    .trim()
    .slice(0, 100);
  return (base || "download") + extension;
}

/** Stores an uploaded magnet file of a website; returns its id and name for the form's "lead-magnet" option. */
export async function saveMagnetFile(
  db: Db,
  websiteId: number,
  upload: { name: string; type: string; bytes: Uint8Array },
): Promise<{ id: number; name: string }> {
  if (upload.bytes.length === 0) throw new InputError("The file is empty", "file");
  if (upload.bytes.length > MAX_LEAD_MAGNET_BYTES)
    throw new InputError(`The file is larger than ${MAX_LEAD_MAGNET_BYTES / 1024 / 1024} MB`, "file");
  const declared = upload.type.split(";")[0].trim().toLowerCase();
  const generic = declared === "" || declared === "application/octet-stream";
  const sniffed = sniffMagnetType(upload.bytes);
  if (!sniffed || (!generic && !(LEAD_MAGNET_FILE_TYPES as readonly string[]).includes(declared)))
    throw new InputError("Upload a PDF, EPUB or ZIP file", "file");
  // Browsers label EPUB files application/zip at times: an EPUB is a ZIP, and the bytes decide.
  if (!generic && declared !== sniffed && !(declared === "application/zip" && sniffed === "application/epub+zip"))
    throw new InputError("The file's content is not what its type says", "file");
  const name = safeFileName(upload.name, sniffed);
  const row = await db.leadMagnetFile.create({
    data: { websiteId, name, contentType: sniffed, size: upload.bytes.length, bytes: Buffer.from(upload.bytes) },
    select: { id: true, name: true },
  });
  return row;
}

/** A website's magnet file, or null (none, or another website's). */
export function magnetFile(db: Db, websiteId: number, fileId: number) {
  return db.leadMagnetFile.findFirst({ where: { id: fileId, websiteId } });
}
