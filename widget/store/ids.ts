/**
 * Shopify ids come in two spellings: numbers in the Ajax API and global ids
 * ("gid://shopify/ProductVariant/4610…") in the Storefront API. Products keep
 * the spelling of the API that produced them; adapters convert at the edge.
 */

/** The numeric tail of a Shopify id ("gid://shopify/Product/81?x=1" → "81"); other ids unchanged. */
export function numericId(id: string | number): string {
  const s = String(id);
  const m = /\/(\d+)(?:\?.*)?$/.exec(s);
  return m ? m[1] : s;
}

/** A global id of the given type; ids that already are gids are returned as they are. */
export function toGid(type: string, id: string | number): string {
  const s = String(id);
  return s.startsWith("gid://") ? s : `gid://shopify/${type}/${s}`;
}
