/**
 * The key a merchant pastes into the theme's "Beckon inline CTA" block to
 * name a CTA: its id and its name as a slug ("42-summer-sale"). Theme app
 * block settings cannot list an app's data (their types are Shopify's own
 * resources and plain values), so the block takes this text and its Liquid
 * reads the id before the first dash; the name is there so the theme editor
 * shows which CTA the block holds. Renaming the CTA leaves old keys working.
 */

/** At most this many characters of the name go into the key. */
const MAX_SLUG = 40;

/** "Sommarrea – 20 %" → "sommarrea-20": ASCII letters and digits, dashes between. */
export function nameSlug(name: string): string {
  return String(name ?? "")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, MAX_SLUG * 2)
    .replace(/^-+/, "")
    .slice(0, MAX_SLUG)
    .replace(/-+$/, "");
}

/** The CTA's block key: "42-summer-sale", or "42" for a name with no letters or digits. */
export function ctaBlockKey(cta: { id: number; name: string }): string {
  if (!Number.isSafeInteger(cta.id) || cta.id < 1) throw new Error("a block key needs a saved CTA's id");
  const slug = nameSlug(cta.name);
  return slug ? `${cta.id}-${slug}` : String(cta.id);
}
