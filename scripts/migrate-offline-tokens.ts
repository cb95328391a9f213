/**
 * `npm run shopify:migrate-tokens`: moves every shop still on a
 * non-expiring offline token to an expiring one (Shopify refuses the old
 * tokens from 2027-01-01), for shops whose merchants do not open the app or
 * get no webhook before then. Safe beside running servers and to run again:
 * each shop is exchanged once (app/models/offline-token-migration.server.ts);
 * a refused one keeps its token and is tried again on a later run after its
 * back-off. Exits 1 when any shop failed.
 */
import { prisma } from "#app/db.server";
import { migrateRemainingOfflineTokens } from "#app/models/offline-token-migration.server";
import { offlineTokenExchange, shopifyEnabled, shopifyOffReason } from "#app/shopify.server";

async function main(): Promise<number> {
  if (!shopifyEnabled) {
    console.error(shopifyOffReason);
    return 2;
  }
  const tally = await migrateRemainingOfflineTokens(prisma, offlineTokenExchange());
  console.log(
    `Offline tokens: ${tally.migrated} migrated, ${tally.failed} failed (kept, tried again later), ${tally.busy} busy, ${tally.not_needed} already done`,
  );
  return tally.failed > 0 ? 1 : 0;
}

main()
  .then(async (code) => {
    await prisma.$disconnect();
    process.exit(code);
  })
  .catch((e) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  });
