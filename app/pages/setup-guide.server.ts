/**
 * The setup guide, the Shopify admin's home: the steps from install to the
 * first lead, each checked off from the shop's real state (the app embed in
 * the published theme, the website's CTAs, its visitors and its leads), with
 * the link that does the next step.
 */
import { prisma } from "#app/db.server";
import {
  checkThemeEmbed,
  themeEditorEmbedUrl,
  type EmbedStatus,
} from "#app/integrations/shopify-admin/theme-embed.server";
import { serverEnv } from "#app/server/env.server";
import { getWebsite } from "#app/models/website.server";
import { linksOf, notFound, type AdminContext } from "./admin-context.server";
import { stepsDone } from "#app/view/setup-steps";

/** Loader of the setup guide. */
export async function loadSetupGuide(ctx: AdminContext) {
  const website = await getWebsite(prisma, ctx.websiteId);
  if (!website) throw notFound();
  const where = { websiteId: ctx.websiteId };
  const [embed, ctas, published, visitors, leads] = await Promise.all([
    ctx.graphql
      ? checkThemeEmbed(ctx.graphql)
      : Promise.resolve<EmbedStatus>({ state: "unknown", reason: "no Shopify session" }),
    prisma.cta.count({ where: { ...where, status: { not: "archived" } } }),
    prisma.cta.count({ where: { ...where, status: "published" } }),
    prisma.person.count({ where }),
    prisma.contactSubmission.count({ where }),
  ]);
  const apiKey = serverEnv().shopifyApiKey ?? "";
  return {
    links: linksOf(ctx),
    websiteName: website.name,
    embed,
    done: stepsDone({ embed: embed.state, ctas, published, visitors, leads }),
    /** The theme editor with the app embed selected, ready to turn on (Shopify's activation deep link). */
    themeEditorUrl: ctx.shop && apiKey ? themeEditorEmbedUrl(ctx.shop, apiKey) : null,
    storeUrl: ctx.shop ? `https://${ctx.shop}` : null,
  };
}
