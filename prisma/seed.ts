/**
 * Demo data for a fresh database: website 1 is the Swedish sales-training site
 * of SPEC section 1 (Säljakademin, 17 CTAs), website 2 a demo Shopify store.
 * Every CTA goes through saveCtaDocument and every broadcast through
 * createBroadcast, so seeding also proves the document writers.
 */
import type { Db, Prisma } from "#app/db.server";
import { hashPassword } from "#app/server/password.server";
import { createBroadcast, saveSiteConditions } from "#app/models/broadcast.server";
import { saveCtaDocument } from "#app/models/cta.server";
import { createWebsite } from "#app/models/website.server";
import { inTransaction } from "#app/models/model-kit.server";
import {
  DEMO_SHOP_DOMAIN,
  DEMO_STORE_LISTS,
  DEMO_STORE_OWNER,
  demoStoreBroadcasts,
  demoStoreCtas,
  demoStoreSettings,
} from "./seed-data/demo-store";
import {
  SALJAKADEMIN_EMAIL_FROM,
  SALJAKADEMIN_LISTS,
  SALJAKADEMIN_OWNER,
  SALJAKADEMIN_SITE_CONDITIONS,
  saljakademinBroadcasts,
  saljakademinSettings,
} from "./seed-data/saljakademin";
import { ebookFiles, saljakademinCtas } from "./seed-data/saljakademin-ctas";

type Tx = Prisma.TransactionClient;

/** A standalone owner (profile + e-mail/password account) of one website. */
async function createOwner(
  tx: Tx,
  websiteId: number,
  owner: { name: string; email: string },
  passwordHash: string,
): Promise<void> {
  await tx.ownerProfile.create({
    data: {
      name: owner.name,
      account: { create: { email: owner.email, passwordHash } },
      websites: { create: { websiteId, role: "owner" } },
    },
  });
}

/** The built-in list integration with its lists; returns the integration id. */
async function createBuiltinLists(
  tx: Tx,
  websiteId: number,
  name: string,
  lists: readonly { listId: string; name: string; requireConfirmation?: boolean }[],
): Promise<number> {
  const integration = await tx.integration.create({
    data: {
      websiteId,
      integrationType: "builtin",
      name,
      actionTypes: { subscribe_list: {}, unsubscribe_list: {} },
      syncSettings: {},
      credentials: {},
    },
  });
  for (const list of lists) {
    await tx.mailingList.create({
      data: {
        websiteId,
        integrationId: integration.id,
        listId: list.listId,
        name: list.name,
        requireConfirmation: list.requireConfirmation ?? false,
      },
    });
  }
  return integration.id;
}

/** Creates each named broadcast; returns their ids by name. */
async function createBroadcasts<K extends string>(
  tx: Tx,
  websiteId: number,
  inputs: Record<K, unknown>,
): Promise<Record<K, number>> {
  const ids = {} as Record<K, number>;
  for (const key of Object.keys(inputs) as K[]) ids[key] = (await createBroadcast(tx, websiteId, inputs[key])).id;
  return ids;
}

async function seedSaljakademin(tx: Tx, passwordHash: string, now: Date): Promise<void> {
  const website = await createWebsite(tx, saljakademinSettings);
  await tx.website.update({ where: { id: website.id }, data: { emailFrom: SALJAKADEMIN_EMAIL_FROM } });
  await createOwner(tx, website.id, SALJAKADEMIN_OWNER, passwordHash);
  const integrationId = await createBuiltinLists(tx, website.id, "Säljakademins listor", SALJAKADEMIN_LISTS);
  await saveSiteConditions(tx, website.id, SALJAKADEMIN_SITE_CONDITIONS);
  const broadcasts = await createBroadcasts(tx, website.id, saljakademinBroadcasts(now));
  // The e-books the topic forms deliver (lead magnets).
  const files: Record<string, number> = {};
  for (const file of ebookFiles()) {
    const row = await tx.leadMagnetFile.create({
      data: {
        websiteId: website.id,
        name: file.name,
        contentType: "application/pdf",
        size: file.bytes.length,
        bytes: Uint8Array.from(file.bytes),
      },
    });
    files[file.slug] = row.id;
  }
  // In order: the newsletter footer must be CTA 1 on a fresh database.
  for (const cta of saljakademinCtas({ integrationId, broadcasts, now, ebookFiles: files }))
    await saveCtaDocument(tx, website.id, cta);
}

async function seedDemoStore(tx: Tx, passwordHash: string): Promise<void> {
  const website = await createWebsite(tx, demoStoreSettings, { shopDomain: DEMO_SHOP_DOMAIN });
  await createOwner(tx, website.id, DEMO_STORE_OWNER, passwordHash);
  const integrationId = await createBuiltinLists(tx, website.id, "Beckon lists", DEMO_STORE_LISTS);
  const broadcasts = await createBroadcasts(tx, website.id, demoStoreBroadcasts);
  for (const cta of demoStoreCtas({ integrationId, broadcasts })) await saveCtaDocument(tx, website.id, cta);
}

/** Seeds the demo websites into an empty database; returns whether it did. */
export async function seedIfEmpty(db: Db): Promise<boolean> {
  if ((await db.website.count()) > 0) return false;
  // scrypt is deliberately slow: hash before the transaction opens.
  const [swedishHash, demoHash] = await Promise.all([
    hashPassword(SALJAKADEMIN_OWNER.password),
    hashPassword(DEMO_STORE_OWNER.password),
  ]);
  const now = new Date();
  // One transaction: a failure halfway leaves an empty database that the
  // next start seeds again, not a half-seeded one that it skips.
  return inTransaction(db, async (tx) => {
    if ((await tx.website.count()) > 0) return false;
    await seedSaljakademin(tx, swedishHash, now);
    await seedDemoStore(tx, demoHash);
    return true;
  });
}
