/**
 * What the CTA editor's "Where leads go" card offers: the website's mailing
 * tools with their lists, and the opt-in rule each applies when a lead is
 * subscribed, as the sync code really behaves (integrations/mailing/*):
 * built-in lists add the contact at once (never without marketing consent);
 * Mailchimp sends a confirmation e-mail first when double opt-in is on in
 * the integration's settings; Klaviyo follows the list's own opt-in setting
 * in Klaviyo; ActiveCampaign adds an active subscriber at once. Keys and
 * credentials never leave this module.
 */
import { syncSettingsSchema } from "#contract/schema/integrations";
import { CONNECTABLE_TYPES, INTEGRATION_LABELS } from "./integration-admin.server";
import type { DbClient } from "./model-kit.server";

/** How a subscribe reaches the list: at once, after a confirmation e-mail, or as the tool's list decides. */
export type OptInRule = "immediate" | "double" | "tool_list_setting";

export interface LeadDestination {
  integrationId: number;
  type: string;
  /** The tool's name (Klaviyo, Beckon lists ...). */
  label: string;
  /** The owner's name for this connection. */
  name: string;
  /** Synced through the outbox to an outside tool (a failure shows on the integrations page). */
  external: boolean;
  optIn: OptInRule;
  /** requireConfirmation: a built-in list's double opt-in (its confirmation e-mail keeps a "confirm" promise). */
  lists: { listId: string; name: string; requireConfirmation?: boolean }[];
}

function optInOf(type: string, syncSettings: unknown): OptInRule {
  if (type === "mailchimp") {
    const parsed = syncSettingsSchema.safeParse(syncSettings ?? {});
    return parsed.success && parsed.data.double_opt_in ? "double" : "immediate";
  }
  return type === "klaviyo" ? "tool_list_setting" : "immediate";
}

/** The website's mailing tools and their lists, built-in first. */
export async function listLeadDestinations(db: DbClient, websiteId: number): Promise<LeadDestination[]> {
  const rows = await db.integration.findMany({
    where: { websiteId, integrationType: { in: [...CONNECTABLE_TYPES] } },
    orderBy: { id: "asc" },
    select: {
      id: true,
      integrationType: true,
      name: true,
      syncSettings: true,
      mailingLists: { orderBy: { id: "asc" }, select: { listId: true, name: true, requireConfirmation: true } },
    },
  });
  return rows
    .map((integration) => ({
      integrationId: integration.id,
      type: integration.integrationType,
      label: INTEGRATION_LABELS[integration.integrationType] ?? integration.integrationType,
      name: integration.name,
      external: integration.integrationType !== "builtin",
      optIn: optInOf(integration.integrationType, integration.syncSettings),
      lists: integration.mailingLists,
    }))
    .sort((a, b) => Number(a.external) - Number(b.external));
}
