/**
 * A lead magnet: what a form's success step delivers (a file the owner
 * uploaded, or an https link the owner gave), stored in the form element's
 * "lead-magnet" option. One schema for the editor, the server and the widget;
 * the widget never reads this option (it gets a signed link in the answer to
 * the submission, LeadMagnetAnswer), so the renderer carries none of it.
 */
import { z } from "zod";

/** Files the owner may upload: the formats e-books and bundles come in. */
export const LEAD_MAGNET_FILE_TYPES = ["application/pdf", "application/epub+zip", "application/zip"] as const;
export type LeadMagnetFileType = (typeof LEAD_MAGNET_FILE_TYPES)[number];
/** Largest upload: an illustrated e-book fits, under the server's 4 MB request cap; a video does not belong in a database row. */
export const MAX_LEAD_MAGNET_BYTES = 3 * 1024 * 1024;
/** How long a download link works: long enough to come back to the mail, too short to share for ever. */
export const LEAD_MAGNET_LINK_DAYS = 7;

const httpsUrl = z
  .string()
  .trim()
  .max(2000)
  .url()
  .refine((v) => /^https:\/\/[^/]/i.test(v), { message: "Give an https:// address" });

export const leadMagnetSchema = z.discriminatedUnion("kind", [
  z
    .object({
      kind: z.literal("file"),
      /** LeadMagnetFile.id of this website. */
      file_id: z
        .number()
        .int()
        .positive()
        .max(2 ** 31 - 1),
      /** The uploaded file's name, shown in the editor. */
      file_name: z.string().max(200).optional(),
      label: z.string().trim().max(120).optional(),
    })
    .strict(),
  z.object({ kind: z.literal("link"), url: httpsUrl, label: z.string().trim().max(120).optional() }).strict(),
]);
export type LeadMagnet = z.infer<typeof leadMagnetSchema>;

/** The problem with a "lead-magnet" option value, or null when it is a valid magnet. */
export function leadMagnetProblem(value: unknown): string | null {
  const parsed = leadMagnetSchema.safeParse(value);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0];
  return `"lead-magnet" ${issue.path.length ? `${issue.path.join(".")}: ` : ""}${issue.message}`;
}

/** What the answer to a submission carries for the success step's download button. */
export interface LeadMagnetAnswer {
  url: string;
  label: string;
}
