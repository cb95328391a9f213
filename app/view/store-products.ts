/**
 * Products as the CTA editor shows and picks them, whichever way they were
 * found: the standalone admin's product search (Admin GraphQL through our
 * server) or App Bridge's resource picker inside Shopify. A cart, checkout
 * or product confirmation stores the variants' numeric ids in
 * "selected-product-variant-ids" (the widget's Ajax cart takes them as they
 * are and the Storefront cart turns them into global ids), and what the
 * editor shows of each (title, image, price) in "selected-products-summary",
 * so the editor never shows bare ids.
 */
import type { ActionGroupData } from "#contract/schema/cta";

export interface ProductVariantHit {
  /** Global id, gid://shopify/ProductVariant/… */
  id: string;
  title: string;
  price: string;
  available: boolean;
  image: string | null;
}

export interface ProductHit {
  id: string;
  title: string;
  handle: string;
  image: string | null;
  imageAlt: string | null;
  priceMin: string;
  priceMax: string;
  currency: string;
  variantsCount: number;
  variants: ProductVariantHit[];
}

export interface ProductSearchPage {
  products: ProductHit[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}

/** What the editor shows for one selected variant. */
export interface SelectedVariant {
  /** Numeric variant id, as stored in selected-product-variant-ids. */
  id: string;
  /** Numeric product id (the resource picker reopens with it ticked); null for ids typed before. */
  productId: string | null;
  productTitle: string;
  variantTitle: string | null;
  image: string | null;
  price: string | null;
}

/** Shopify's default title of a product's only variant: not worth showing. */
const DEFAULT_VARIANT_TITLE = "Default Title";

/** The numeric tail of a Shopify global id ("gid://shopify/ProductVariant/42" → "42"); other ids unchanged. */
export function numericShopifyId(id: string | number): string {
  const text = String(id);
  const match = /^gid:\/\/shopify\/[A-Za-z]+\/(\d+)(?:\?.*)?$/.exec(text);
  return match ? match[1] : text;
}

/** A selected variant from a search hit. */
export function selectedFromHit(product: ProductHit, variant: ProductVariantHit): SelectedVariant {
  return {
    id: numericShopifyId(variant.id),
    productId: numericShopifyId(product.id),
    productTitle: product.title,
    variantTitle: variant.title && variant.title !== DEFAULT_VARIANT_TITLE ? variant.title : null,
    image: variant.image ?? product.image,
    price: variant.price ? `${variant.price} ${product.currency}`.trim() : null,
  };
}

/** Price range in words: "12.00 SEK" or "12.00–18.00 SEK". */
export function priceRange(p: Pick<ProductHit, "priceMin" | "priceMax" | "currency">): string {
  return p.priceMin === p.priceMax ? `${p.priceMin} ${p.currency}` : `${p.priceMin}–${p.priceMax} ${p.currency}`;
}

/**
 * What the editor shows for the group's variants: the stored summary where
 * it has the id, a bare entry for ids typed or imported before (so nothing
 * is hidden).
 */
export function selectedVariantsOf(data: ActionGroupData): SelectedVariant[] {
  const summary = new Map((data["selected-products-summary"] ?? []).map((s) => [String(s.id), s]));
  return (data["selected-product-variant-ids"] ?? []).map((raw) => {
    const id = numericShopifyId(raw);
    const summarized = summary.get(id);
    return {
      id,
      productId: summarized?.productId ?? null,
      productTitle: summarized?.productTitle ?? "",
      variantTitle: summarized?.variantTitle ?? null,
      image: summarized?.image ?? null,
      price: summarized?.price ?? null,
    };
  });
}

/**
 * The group's data with these variants selected: ids, their summary, and
 * quantities kept for variants that stay (new ones default to 1 in the widget).
 */
export function withSelectedVariants(data: ActionGroupData, selected: SelectedVariant[]): ActionGroupData {
  const unique = [...new Map(selected.map((s) => [s.id, s])).values()].slice(0, 50);
  const next: Record<string, unknown> = { ...data };
  if (unique.length === 0) {
    delete next["selected-product-variant-ids"];
    delete next["selected-products-summary"];
  } else {
    next["selected-product-variant-ids"] = unique.map((s) => s.id);
    next["selected-products-summary"] = unique.map((item) => ({
      id: item.id,
      productId: item.productId,
      productTitle: item.productTitle.slice(0, 255),
      variantTitle: item.variantTitle?.slice(0, 255) ?? null,
      image: item.image && /^https:\/\//.test(item.image) ? item.image.slice(0, 2000) : null,
      price: item.price?.slice(0, 40) ?? null,
    }));
  }
  const quantities = data["selected-products-quantity"];
  if (quantities) {
    const kept = Object.fromEntries(Object.entries(quantities).filter(([id]) => unique.some((s) => s.id === id)));
    if (Object.keys(kept).length) next["selected-products-quantity"] = kept;
    else delete next["selected-products-quantity"];
  }
  return next as ActionGroupData;
}

// ------------------------------------------------------------ App Bridge resource picker

/**
 * The part of App Bridge's resource picker result (type "product") the
 * editor uses, as Shopify documents it: the selected products, each with
 * the variants the merchant ticked (all of them when the product itself was
 * ticked), images and prices.
 */
export interface ResourcePickerProduct {
  id: string;
  title: string;
  handle?: string;
  images?: { originalSrc?: string; altText?: string | null }[];
  variants?: {
    id?: string;
    title?: string;
    price?: string;
    displayName?: string;
    image?: { originalSrc?: string } | null;
  }[];
}

/** The selected variants a resource picker selection stands for, in its order. */
export function selectedFromResourcePicker(
  selection: readonly ResourcePickerProduct[],
  currency: string,
): SelectedVariant[] {
  const out: SelectedVariant[] = [];
  for (const product of selection) {
    const productImage = product.images?.[0]?.originalSrc ?? null;
    for (const variant of product.variants ?? []) {
      if (!variant.id) continue;
      out.push({
        id: numericShopifyId(variant.id),
        productId: numericShopifyId(product.id),
        productTitle: product.title,
        variantTitle: variant.title && variant.title !== DEFAULT_VARIANT_TITLE ? variant.title : null,
        image: variant.image?.originalSrc ?? productImage,
        price: variant.price ? `${variant.price} ${currency}`.trim() : null,
      });
    }
  }
  return out;
}

/**
 * What to hand the resource picker as selectionIds so it opens with the
 * current variants ticked: each product's global id with its variants'.
 * Variants whose product is unknown (ids typed before) cannot be ticked.
 */
export function resourcePickerSelectionIds(
  selected: readonly SelectedVariant[],
): { id: string; variants: { id: string }[] }[] {
  const byProduct = new Map<string, { id: string }[]>();
  for (const item of selected) {
    if (!item.productId) continue;
    const variants = byProduct.get(item.productId) ?? [];
    variants.push({ id: `gid://shopify/ProductVariant/${item.id}` });
    byProduct.set(item.productId, variants);
  }
  return [...byProduct].map(([productId, variants]) => ({ id: `gid://shopify/Product/${productId}`, variants }));
}

// ------------------------------------------------------------ product feeds

/**
 * A product a products element's manual feed shows: the widget loads it by
 * handle (product_recommendations entry { source: "manual", handles }); the
 * entry's "summary" is what the editor shows of each (the widget ignores it).
 */
export interface FeedProduct {
  handle: string;
  title: string;
  image: string | null;
  price: string | null;
}

type FeedEntry = Record<string, unknown>;
const isManual = (e: FeedEntry) => (e.source ?? e.type) === "manual";

/** The products of the element's manual feed entry (the first one), as the editor shows them. */
export function manualFeedOf(entries: readonly FeedEntry[] | null | undefined): FeedProduct[] {
  const entry = (entries ?? []).find(isManual);
  if (!entry) return [];
  const raw = entry.handles ?? entry.handle;
  const handles = Array.isArray(raw)
    ? raw.map(String)
    : typeof raw === "string" && raw
      ? raw.split(",").map((h) => h.trim())
      : [];
  const summary = new Map(
    (Array.isArray(entry.summary) ? (entry.summary as FeedProduct[]) : []).map((s) => [s.handle, s]),
  );
  return handles.map((handle) => summary.get(handle) ?? { handle, title: "", image: null, price: null });
}

/** The entries with the manual feed showing these products (other sources kept; no products drops the manual entry). */
export function withManualFeed(
  entries: readonly FeedEntry[] | null | undefined,
  products: readonly FeedProduct[],
): FeedEntry[] {
  const unique = [...new Map(products.map((p) => [p.handle, p])).values()].slice(0, 50);
  const list = [...(entries ?? [])];
  const index = list.findIndex(isManual);
  if (!unique.length) return list.filter((_, i) => i !== index);
  const entry: FeedEntry = {
    ...(index >= 0 ? list[index] : {}),
    source: "manual",
    handles: unique.map((p) => p.handle),
    summary: unique.map((item) => ({
      handle: item.handle.slice(0, 255),
      title: item.title.slice(0, 255),
      image: item.image && /^https:\/\//.test(item.image) ? item.image.slice(0, 2000) : null,
      price: item.price?.slice(0, 40) ?? null,
    })),
  };
  delete entry.handle;
  delete entry.type;
  if (index >= 0) list[index] = entry;
  else list.unshift(entry);
  return list;
}

/** A feed product from a search hit. */
export function feedProductFromHit(product: ProductHit): FeedProduct {
  return { handle: product.handle, title: product.title, image: product.image, price: priceRange(product) };
}

/** The feed products a resource picker selection stands for (products without a handle are skipped). */
export function feedFromResourcePicker(selection: readonly ResourcePickerProduct[], currency: string): FeedProduct[] {
  return selection.flatMap((item) => {
    if (!item.handle) return [];
    const prices = (item.variants ?? []).map((v) => Number(v.price)).filter((n) => Number.isFinite(n));
    const price = prices.length
      ? priceRange({
          priceMin: Math.min(...prices).toFixed(2),
          priceMax: Math.max(...prices).toFixed(2),
          currency,
        }).trim()
      : null;
    return [{ handle: item.handle, title: item.title, image: item.images?.[0]?.originalSrc ?? null, price }];
  });
}

// ------------------------------------------------------------ collection feeds

/**
 * A collection a products element's feed shows: the widget reads its
 * products by handle (entry { source: "collection", handle }); the entry's
 * "summary" is what the editor shows of it (the widget ignores it).
 */
export interface FeedCollection {
  handle: string;
  /** Numeric collection id, when known. */
  id: string | null;
  title: string;
  image: string | null;
  productsCount: number | null;
}

/** A collection as the standalone admin's collection search answers it. */
export interface CollectionHit {
  /** Global id, gid://shopify/Collection/… */
  id: string;
  handle: string;
  title: string;
  image: string | null;
  imageAlt: string | null;
  productsCount: number | null;
}

export interface CollectionSearchPage {
  collections: CollectionHit[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}

/**
 * The part of App Bridge's resource picker result (type "collection") the
 * editor uses, as Shopify documents it: id (gid), handle, title, image
 * { originalSrc, altText } and productsCount.
 */
export interface ResourcePickerCollection {
  id: string;
  title: string;
  handle?: string;
  image?: { id?: string; originalSrc?: string; altText?: string | null } | null;
  productsCount?: number;
}

const isChosenCollection = (e: FeedEntry) =>
  (e.source ?? e.type) === "collection" && typeof e.handle === "string" && e.handle !== "";

/** The collection the element's feed names (the first collection entry with a handle), as the editor shows it. */
export function collectionFeedOf(entries: readonly FeedEntry[] | null | undefined): FeedCollection | null {
  const entry = (entries ?? []).find(isChosenCollection);
  if (!entry) return null;
  const summary = (entry.summary && typeof entry.summary === "object" ? entry.summary : {}) as Partial<FeedCollection>;
  return {
    handle: String(entry.handle),
    id: typeof summary.id === "string" ? summary.id : null,
    title: typeof summary.title === "string" ? summary.title : "",
    image: typeof summary.image === "string" ? summary.image : null,
    productsCount: typeof summary.productsCount === "number" ? summary.productsCount : null,
  };
}

/**
 * The entries with the feed showing this collection (replacing the chosen
 * one; other sources kept, the collection of the page a visitor is on too);
 * null removes the chosen collection.
 */
export function withCollectionFeed(
  entries: readonly FeedEntry[] | null | undefined,
  collection: FeedCollection | null,
): FeedEntry[] {
  const list = [...(entries ?? [])];
  const index = list.findIndex(isChosenCollection);
  if (!collection) return list.filter((_, i) => i !== index);
  const count = collection.productsCount;
  const entry: FeedEntry = {
    ...(index >= 0 ? list[index] : {}),
    source: "collection",
    handle: collection.handle.slice(0, 255),
    summary: {
      id: collection.id && /^\d{1,20}$/.test(collection.id) ? collection.id : null,
      title: collection.title.slice(0, 255),
      image: collection.image && /^https:\/\//.test(collection.image) ? collection.image.slice(0, 2000) : null,
      productsCount:
        typeof count === "number" && Number.isInteger(count) && count >= 0 && count <= 10_000_000 ? count : null,
    },
  };
  delete entry.type;
  if (index >= 0) list[index] = entry;
  else list.push(entry);
  return list;
}

/** The feed collection a search hit stands for. */
export function feedCollectionFromHit(hit: CollectionHit): FeedCollection {
  return {
    handle: hit.handle,
    id: numericShopifyId(hit.id),
    title: hit.title,
    image: hit.image,
    productsCount: hit.productsCount,
  };
}

/** The feed collection of a resource picker selection (null when cancelled, empty or without a handle). */
export function collectionFromResourcePicker(
  selection: readonly ResourcePickerCollection[] | null | undefined,
): FeedCollection | null {
  const first = selection?.[0];
  if (!first?.handle) return null;
  return {
    handle: first.handle,
    id: numericShopifyId(first.id),
    title: first.title ?? "",
    image: first.image?.originalSrc ?? null,
    productsCount: typeof first.productsCount === "number" ? first.productsCount : null,
  };
}

/** The tags of the feed's tag entry ({ source: "filter", terms }): products carrying any of them. */
export function tagTermsOf(entries: Record<string, unknown>[]): string[] {
  const entry = entries.find((e) => e.source === "filter" && Array.isArray(e.terms));
  return entry ? (entry.terms as unknown[]).map(String) : [];
}

/** The feed with its tag entry set from the owner's comma-separated text (none: the entry goes). */
export function withTagTerms(entries: Record<string, unknown>[], text: string): Record<string, unknown>[] {
  const terms = [
    ...new Set(
      text
        .split(",")
        .map((t) => t.trim())
        .filter(Boolean),
    ),
  ].slice(0, 20);
  const rest = entries.filter((e) => !(e.source === "filter" && Array.isArray(e.terms)));
  return terms.length ? [...rest, { source: "filter", terms }] : rest;
}
