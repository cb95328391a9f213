/**
 * The model kit: what every model shares, whatever its rows. Running inside
 * a caller's transaction, the not-found and validation errors that routes
 * turn into 404 and 422 answers, and Json column helpers that work on both
 * databases. A Json column read as an object is contract/json-record.ts's
 * asRecord, the one copy the widget uses too.
 */
import type { z } from "zod";
import type { Db } from "#app/db.server";
import { Prisma, dbNull } from "#app/db.server";
import { InputError } from "#app/server/input-error";

/** A client or an open transaction: models join the caller's transaction when given one. */
export type DbClient = Db | Prisma.TransactionClient;

/** What runs once a transaction that inTransaction opened has committed (site-publication.server.ts's step). */
type AfterCommit = () => Promise<void>;
const commitHooks = new WeakMap<Prisma.TransactionClient, AfterCommit[]>();

/**
 * Runs fn in one transaction, or inside the caller's when db already is a
 * transaction. What fn's writes asked to run after the commit (afterCommit)
 * runs once the outermost transaction has committed, before this resolves;
 * nothing of it runs when the transaction rolls back.
 */
export async function inTransaction<T>(db: DbClient, fn: (tx: Prisma.TransactionClient) => Promise<T>): Promise<T> {
  if (!("$transaction" in db)) return fn(db);
  const hooks: AfterCommit[] = [];
  // A CTA save is a few hundred small statements; the default 5 s limit is
  // too tight for a busy PostgreSQL pool or a cold SQLite file.
  const result = await db.$transaction(
    (tx) => {
      commitHooks.set(tx, hooks);
      return fn(tx);
    },
    { maxWait: 10_000, timeout: 60_000 },
  );
  for (const hook of hooks) await hook();
  return result;
}

/**
 * Runs hook once db's writes are committed: at once for the client (each
 * write commits by itself), after the commit of the transaction
 * inTransaction opened, once per transaction however often it is asked.
 * A transaction opened some other way cannot be waited for; the hook then
 * runs at once, as for the client.
 */
export async function afterCommit(db: DbClient, hook: AfterCommit): Promise<void> {
  const pending = "$transaction" in db ? undefined : commitHooks.get(db);
  if (!pending) return hook();
  if (!pending.includes(hook)) pending.push(hook);
}

/** Something the caller named does not exist on this website (404; never says whether it exists elsewhere). */
export class NotFoundError extends InputError {
  constructor(
    readonly what: string,
    readonly id: number | string,
  ) {
    super(`No ${what} ${id} on this website`, null, 404);
    this.name = "NotFoundError";
  }
}

/** Input failed validation; carries every issue so an editor can mark each field (422). */
export class ModelValidationError extends InputError {
  constructor(readonly issues: z.ZodIssue[]) {
    const first = issues[0];
    const field = first && first.path.length ? first.path.join(".") : null;
    super(first ? first.message : "Invalid input", field, 422);
    this.name = "ModelValidationError";
  }

  /** The first message per field path ("variants.0.percentage" → message); "" is the whole document. */
  fieldErrors(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const issue of this.issues) {
      const key = issue.path.join(".");
      if (!(key in out)) out[key] = issue.message;
    }
    return out;
  }
}

/** A custom validation issue at a path, for rules zod cannot see (ownership of ids). */
export function issueAt(path: (string | number)[], message: string): z.ZodIssue {
  return { code: "custom", path, message };
}

/** Issues for strings (values or keys) holding a NUL character, which PostgreSQL text and jsonb refuse. */
export function nulIssues(value: unknown, path: (string | number)[] = []): z.ZodIssue[] {
  if (typeof value === "string")
    return value.includes("\u0000") ? [issueAt(path, "Must not contain a NUL character")] : [];
  if (Array.isArray(value)) return value.flatMap((v, i) => nulIssues(v, [...path, i]));
  if (value !== null && typeof value === "object") {
    return Object.entries(value).flatMap(([k, v]) => [...nulIssues(k, [...path, k]), ...nulIssues(v, [...path, k])]);
  }
  return [];
}

/** A plain JSON copy for a Json column: drops undefined keys and functions, turns dates into strings. */
export function toJson(value: unknown): Prisma.InputJsonValue {
  return JSON.parse(JSON.stringify(value ?? {})) as Prisma.InputJsonValue;
}

// dbNull lives beside the client in db.server.ts; re-exported for the models.
export { dbNull };

/** A nullable Json column's value: the JSON copy, or SQL NULL. */
export function nullableJson(db: DbClient, value: unknown): Prisma.InputJsonValue | typeof Prisma.DbNull {
  return value === null || value === undefined ? dbNull(db) : toJson(value);
}
