/**
 * POST /webhooks/customers/data_request (mandatory privacy webhook): a
 * customer asked the shop for their data. Beckon assembles everything it
 * holds about them (people with the customer's e-mail or phone, with their
 * submissions, events, orders, lists and syncs) and logs only the counts:
 * keeping the report would be one more copy of the data. The merchant
 * answers the customer from the admin, where searching the e-mail finds the
 * contact and its page downloads the same data as JSON.
 * HMAC-verified (401 otherwise). Replays assemble the same report again and
 * change nothing, so no record of processed webhook ids is needed.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { prisma } from "~/db.server";
import { authenticate } from "~/shopify.server";
import { customerDataReport, isTopic } from "~/models/privacy.server";

export async function action({ request }: ActionFunctionArgs) {
  const { shop, topic, payload, webhookId } = await authenticate.webhook(request);
  if (!isTopic(topic, "customers/data_request")) return new Response("This address handles customers/data_request only", { status: 400 });
  const report = await customerDataReport(prisma, shop, payload);
  const events = report.people.reduce((n, p) => n + (Array.isArray(p.events) ? p.events.length : 0), 0);
  console.info(
    `[beckon] customers/data_request ${webhookId} for ${shop}: ${report.people.length} people, ${events} events found; the merchant can download them from the contact's page`
  );
  return new Response(null, { status: 200 });
}

/** Webhooks are POSTed; anything else is 405. */
export const loader = () => new Response("Shopify webhooks are POSTed", { status: 405, headers: { Allow: "POST" } });
