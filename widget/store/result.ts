import type { Result, StoreError } from "./types";

/** A successful Result. */
export const ok = <T>(value: T): Result<T> => ({ ok: true, value });

/** A failed Result. */
export const fail = <T = never>(message: string, extra: Omit<StoreError, "message"> = {}): Result<T> => ({
  ok: false,
  error: { message, ...extra },
});

/** The message of anything thrown (network errors, aborted fetches). */
export function errorMessage(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
