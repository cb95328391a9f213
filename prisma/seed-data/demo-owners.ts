/**
 * The demo's owner accounts and shop: seed.ts creates them, and the demo's
 * sign-in page (`npm start`, BECKON_DEMO=1) offers them, so that a person
 * trying Beckon can sign in without looking the password up. Their password
 * is published (here and in the README), so a production server refuses to
 * run on a database that holds them (app/models/demo-guard.server.ts).
 */

/** The demo Shopify store's myshopify domain (website 2 of the demo). */
export const DEMO_SHOP_DOMAIN = "beckon-demo.myshopify.com";

/** The owner of Säljakademin, the Swedish sales-training site (/demo/sv). */
export const SALJAKADEMIN_OWNER = {
  name: "Karin Lindqvist",
  email: "agare@saljakademin.se",
  password: "beckon-demo-2026",
} as const;

/** The owner of the demo Shopify store (/demo/store). */
export const DEMO_STORE_OWNER = {
  name: "Demo Merchant",
  email: "owner@beckon-demo.test",
  password: "beckon-demo-2026",
} as const;

/** Each demo owner with the name and address of the demo site it manages, in the order the sign-in page lists them. */
export const DEMO_OWNERS = [
  { owner: SALJAKADEMIN_OWNER, site: "Säljakademin", path: "/demo/sv" },
  { owner: DEMO_STORE_OWNER, site: "Beckon Demo Store", path: "/demo/store" },
] as const;

/** Every password the demo publishes: refused for sign-in and new accounts outside the demo. */
export const DEMO_PASSWORDS: readonly string[] = [...new Set(DEMO_OWNERS.map(({ owner }) => owner.password))];
