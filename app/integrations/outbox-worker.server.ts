/**
 * Starts the outbox worker inside the server process (scripts/serve.ts), on
 * the application's own Prisma client. BECKON_OUTBOX_WORKER=0 turns it off,
 * for deployments that run delivery elsewhere or not at all;
 * BECKON_OUTBOX_INTERVAL_MS (idle poll, default 2000) and
 * BECKON_OUTBOX_BASE_DELAY_MS (first retry delay, default 30000) tune it.
 * The server hands in the e-mail delivery of the built-in lists (sendEmail)
 * when SMTP_URL is set, and the Shopify customer sync (shopifyCustomers).
 */
import { startOutboxWorker, type OutboxOptions } from "./outbox.server";
import { serverEnv, type EnvSource } from "#app/server/env.server";

/** Starts the worker unless disabled; resolves to its stop function. */
export async function startServerOutboxWorker(
  source?: EnvSource,
  extra: Pick<OutboxOptions, "sendEmail" | "shopifyCustomers"> = {},
): Promise<() => Promise<void>> {
  const env = serverEnv(source);
  if (!env.outboxWorker) return async () => {};
  // Imported here so the server build's client (kept on globalThis) is reused.
  const { prisma } = await import("#app/db.server");
  const baseDelayMs = env.outboxBaseDelayMs ?? undefined;
  const intervalMs = env.outboxIntervalMs ?? undefined;
  return startOutboxWorker(prisma, { baseDelayMs, intervalMs, ...extra });
}
