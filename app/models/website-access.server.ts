/** Looks up the website a public request names; unknown ids are a 404 that names the field. */
import type { Db } from "#app/db.server";
import type { z } from "zod";
import { InputError } from "#app/server/input-error";
import { parseIdParam, readJson } from "#app/server/http.server";
import { asRecord } from "#contract/json-record";
import { plainSqlOf } from "#app/db/plain-sql.server";

export interface PublicWebsite {
  id: number;
  contactProcessing: boolean;
}

/**
 * The website or a 404 InputError. Every public request asks this first, so
 * it is plain SQL (plain-sql.server.ts): Prisma's findUnique cost about
 * 1.6 ms of CPU per request, most of an event batch's own cost.
 */
export async function requirePublicWebsite(db: Db, websiteId: number): Promise<PublicWebsite> {
  const postgres = (db as unknown as { _activeProvider?: string })._activeProvider === "postgresql";
  const [row] = postgres
    ? await plainSqlOf(db)<{ id: number; dataSettings: unknown }>(
        `SELECT "id", "dataSettings" FROM "Website" WHERE "id" = $1::integer`,
        [websiteId],
        "beckon_public_website",
      )
    : await db.$queryRawUnsafe<{ id: number | bigint; dataSettings: unknown }[]>(
        `SELECT "id", "dataSettings" FROM "Website" WHERE "id" = ?`,
        websiteId,
      );
  if (!row) throw new InputError("Unknown website", "website_id", 404);
  // contact-processing defaults to on (SPEC section 3 data settings).
  const contactProcessing = asRecord(jsonValue(row.dataSettings))["contact-processing"] !== false;
  return { id: Number(row.id), contactProcessing };
}

/** A JSON column as read by raw SQL: SQLite gives its text, pg the parsed value. */
function jsonValue(raw: unknown): unknown {
  if (typeof raw !== "string") return raw;
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

/**
 * A public endpoint's request to a website, read in the order every one of them needs: the id from the path, the
 * website known (404 before the body is read), then the JSON body by its schema within `maxBytes`.
 */
export async function readPublicWebsiteRequest<S extends z.ZodTypeAny>(
  db: Db,
  request: Request,
  websiteIdParam: string | undefined,
  schema: S,
  maxBytes: number,
): Promise<{ websiteId: number; website: PublicWebsite; body: z.infer<S> }> {
  const websiteId = parseIdParam(websiteIdParam, "website_id");
  const website = await requirePublicWebsite(db, websiteId);
  const body = await readJson(request, schema, maxBytes);
  return { websiteId, website, body };
}
