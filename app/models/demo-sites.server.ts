/**
 * Finds the seeded demo websites the demo pages embed, and tells the demo
 * host sites what Beckon tells any host site (demo/host.ts): the install
 * page's origin, website id and snippet, and the public config's CTAs. The
 * demo's own code never reads the database.
 */
import { prisma, type Db } from "#app/db.server";
import { DEMO_SHOP_DOMAIN } from "#prisma/seed-data/demo-owners";
import type { BeckonForHost, DemoSite } from "#demo/host";
import { installSnippet } from "#app/server/install-snippet.server";
import { publicOrigin } from "#app/server/origin.server";
import { buildPublicConfig } from "./public-config.server";

/** What a demo page embeds while the widget has not been built (its snippet is a build output). */
const SNIPPET_NOT_BUILT = "<!-- Beckon: the widget has not been built (npm run build:widget) -->";

/** The website id behind a demo page: "sv" (the Swedish host site) or "store". */
export async function demoWebsiteId(db: Db, site: DemoSite): Promise<number | null> {
  const row =
    site === "store"
      ? await db.website.findUnique({ where: { shopDomain: DEMO_SHOP_DOMAIN }, select: { id: true } })
      : await db.website.findFirst({
          where: { defaultCountry: "SE", shopDomain: null },
          orderBy: { id: "asc" },
          select: { id: true },
        });
  return row?.id ?? null;
}

/** Beckon as the demo host sites see it, from a database. */
export function beckonForDemoOn(db: Db): BeckonForHost {
  return {
    async site(site, request) {
      const websiteId = await demoWebsiteId(db, site);
      if (!websiteId) return null;
      const origin = publicOrigin(request);
      return { origin, websiteId, snippet: installSnippet({ origin, websiteId }) ?? SNIPPET_NOT_BUILT };
    },
    async publishedCtas({ websiteId, origin }) {
      return (await buildPublicConfig(db, websiteId, origin))?.ctas ?? [];
    },
  };
}

/** Beckon as the demo host sites see it, from this server's database (what the demo.* routes hand them). */
export const beckonForDemo = beckonForDemoOn(prisma);
