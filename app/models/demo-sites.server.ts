/** Finds the seeded demo websites the demo pages embed. */
import type { Db } from "../db.server";
import { DEMO_SHOP_DOMAIN } from "../../prisma/seed-data/demo-owners";

/** The website id behind a demo page: "sv" (the Swedish host site) or "store". */
export async function demoWebsiteId(db: Db, site: "sv" | "store"): Promise<number | null> {
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
