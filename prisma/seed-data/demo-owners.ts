/**
 * The demo's owner accounts: seed.ts creates them, and the demo's sign-in
 * page (`npm start`, BECKON_DEMO=1) offers them, so that a person trying
 * Beckon can sign in without looking the password up.
 */

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
