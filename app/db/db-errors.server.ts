/** Recognises database errors that callers handle specially. */

function codeOf(error: unknown): string | undefined {
  if (error && typeof error === "object") {
    const anyE = error as { code?: unknown; cause?: unknown; meta?: { code?: unknown } };
    if (typeof anyE.code === "string") return anyE.code;
    if (anyE.meta && typeof anyE.meta.code === "string") return anyE.meta.code;
  }
  return undefined;
}

/** A unique constraint was violated (Prisma P2002, or the drivers' own codes). */
export function isUniqueViolation(e: unknown): boolean {
  const code = codeOf(e);
  return code === "P2002" || code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE";
}

/** The database is locked or overloaded: the caller should answer 503 and ask for a retry. */
export function isDatabaseBusy(error: unknown): boolean {
  const code = codeOf(error);
  const message = error instanceof Error ? error.message : "";
  return (
    code === "SQLITE_BUSY" ||
    code === "P1008" ||
    code === "P2024" ||
    // The last: Prisma's maxWait ran out while the transaction waited for its turn (P2028).
    /database is locked|SQLITE_BUSY|too many clients|timed out fetching a new connection|unable to start a transaction in the given time/i.test(
      message,
    )
  );
}
