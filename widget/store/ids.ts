/**
 * Shopify ids come in two spellings: numbers in the Ajax API and global ids
 * ("gid://shopify/ProductVariant/4610…") in the Storefront API. Products keep
 * the spelling of the API that produced them; adapters convert at the edge.
 */

/** The numeric tail of a Shopify id ("gid://shopify/Product/81?x=1" → "81"); other ids unchanged. */
export function numericId(id: string | number): string {
  const text = String(id);
  const match = /\/(\d+)(?:\?.*)?$/.exec(text);
  return match ? match[1] : text;
}

/** A global id of the given type; ids that already are gids are returned as they are. */
export function toGid(type: string, id: string | number): string {
  const text = String(id);
  return text.startsWith("gid://") ? text : `gid://shopify/${type}/${text}`;
}
