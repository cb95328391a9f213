/** The setup guide's steps (the Shopify admin's home) and when each is done. Pure: the loader counts, this decides. */
import type { EmbedStatus } from "#app/integrations/shopify-admin/theme-embed.server";

/** The guide's steps, in the order a merchant takes them. */
export const SETUP_STEPS = ["embed", "cta", "publish", "visit", "lead"] as const;
export type SetupStep = (typeof SETUP_STEPS)[number];

/** Which steps are done, from the counts of what exists and the embed's state. */
export function stepsDone(state: {
  embed: EmbedStatus["state"];
  ctas: number;
  published: number;
  visitors: number;
  leads: number;
}): Record<SetupStep, boolean> {
  return {
    embed: state.embed === "on",
    cta: state.ctas > 0,
    publish: state.published > 0,
    visit: state.visitors > 0,
    lead: state.leads > 0,
  };
}
