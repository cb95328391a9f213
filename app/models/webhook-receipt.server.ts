/**
 * Destructive webhooks run once per delivery. Shopify retries a delivery
 * with the same X-Shopify-Webhook-Id, and a captured delivery can be sent
 * again later, when the data it deletes may have come back (the customer
 * signed up again, the shop reinstalled). A receipt (shop + webhook id) is
 * written in the same transaction as the work: a delivery whose receipt
 * exists does nothing, and work that fails leaves no receipt, so Shopify's
 * retry does it. The id is covered by no signature, so it is only trusted
 * within the shop the signed body names.
 */
import type { Db, Prisma } from "#app/db.server";
import { isUniqueViolation } from "#app/db/db-errors.server";
import type { BoundWebhook } from "#app/server/webhook-binding.server";
import { logger } from "#app/server/logger.server";
import { inTransaction } from "./model-kit.server";

/** One delivery of a webhook, bound to its shop (lib/webhook-binding.server.ts). */
export interface WebhookDelivery {
  shop: string;
  webhookId: string;
  topic: string;
}

/** What running a delivery did: nothing (seen before), or the work's result. */
export type WebhookRun<T> = { replay: true } | { replay: false; result: T };

async function receiptExists(db: Db | Prisma.TransactionClient, delivery: WebhookDelivery): Promise<boolean> {
  const row = await db.webhookReceipt.findUnique({
    where: { shop_webhookId: { shop: delivery.shop, webhookId: delivery.webhookId } },
    select: { id: true },
  });
  return row !== null;
}

/**
 * Runs work for a delivery unless the shop already has a receipt for its
 * id; the receipt and the work commit together or not at all.
 */
export async function oncePerWebhook<T>(
  db: Db,
  delivery: WebhookDelivery,
  work: (tx: Prisma.TransactionClient) => Promise<T>,
): Promise<WebhookRun<T>> {
  try {
    return await inTransaction(db, async (tx): Promise<WebhookRun<T>> => {
      // Looked up first rather than caught: on PostgreSQL a unique violation
      // aborts the surrounding transaction.
      if (await receiptExists(tx, delivery)) return { replay: true };
      // Written before the work: a concurrent delivery of the same id waits
      // on this key until the commit, then fails its insert (below).
      await tx.webhookReceipt.create({
        data: { shop: delivery.shop, webhookId: delivery.webhookId, topic: delivery.topic },
      });
      return { replay: false, result: await work(tx) };
    });
  } catch (e) {
    // The same delivery, committed by a concurrent request between our look and our insert.
    if (isUniqueViolation(e) && (await receiptExists(db, delivery))) return { replay: true };
    throw e;
  }
}

/**
 * A destructive webhook route's answer: a bound webhook's work runs once
 * (oncePerWebhook) and is logged with its summary (counts, never personal
 * data), or noted as a replay; either way Shopify gets its 200. A refusal
 * from the binding is answered as it is.
 */
export async function answerWebhookOnce<T>(
  db: Db,
  webhook: BoundWebhook | Response,
  work: (tx: Prisma.TransactionClient, webhook: BoundWebhook) => Promise<T>,
  summary: (result: T) => string,
): Promise<Response> {
  if (webhook instanceof Response) return webhook;
  const run = await oncePerWebhook(db, webhook, (tx) => work(tx, webhook));
  const line = run.replay ? "already processed, nothing changed" : summary(run.result);
  logger("webhooks").info(`${webhook.topic} ${webhook.webhookId} for ${webhook.shop}: ${line}`);
  return new Response(null, { status: 200 });
}
