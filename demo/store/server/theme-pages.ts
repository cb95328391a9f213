/**
 * The demo theme's product and collection templates (Dawn's main-product,
 * main-collection-product-grid and main-list-collections), rendered from the
 * storefront's own catalogue and collections (the objects its Ajax API
 * serves), inside the shared page shell (demo-products.ts demoStorePage).
 * The product form posts to cart/add.js with the drawer's sections bundled,
 * as Dawn's product-form.js does (its script is the shell's).
 */
import { cheapestVariant, slugify, type CatalogProduct, type CatalogVariant } from "./catalog";
import { escapeHtml as esc } from "./http";
import { productGridHtml, variantPriceHtml } from "./theme-snippets";
import { MAX_LINE_QUANTITY } from "./carts";

/** What the templates read of the storefront: its catalogue, collections and root. */
export interface ThemeData {
  root: string;
  products: CatalogProduct[];
  collections: Map<string, string[]>;
}

/** Handles longer than this name nothing (Shopify caps them at 255 characters). */
const MAX_HANDLE = 255;

/** A product by handle, or undefined for an unknown, oversized or malformed one. */
export function findProduct(data: ThemeData, handle: string): CatalogProduct | undefined {
  return handle.length <= MAX_HANDLE ? data.products.find((p) => p.handle === handle) : undefined;
}

/** A collection's products, or undefined for an unknown collection. */
export function findCollection(data: ThemeData, handle: string): CatalogProduct[] | undefined {
  const handles = handle.length <= MAX_HANDLE ? data.collections.get(handle) : undefined;
  return handles?.map((h) => findProduct(data, h)).filter((p): p is CatalogProduct => !!p);
}

/** A collection's title: "All products" and "Home page" for Shopify's own, else the product type or tag it was made from. */
export function collectionTitle(data: ThemeData, handle: string): string {
  if (handle === "all") return "All products";
  if (handle === "frontpage") return "Home page";
  const named = data.products.flatMap((p) => [p.product_type, ...p.tags]).find((name) => slugify(name) === handle);
  const title = named ?? handle.replace(/-/g, " ");
  return title.charAt(0).toUpperCase() + title.slice(1);
}

/** The variant a product page opens on: ?variant= when it is one of the product's, else the first available one. */
export function selectedVariant(product: CatalogProduct, variantParam: string | null): CatalogVariant {
  return (
    product.variants.find((v) => String(v.id) === variantParam) ??
    product.variants.find((v) => v.available) ??
    cheapestVariant(product)
  );
}

/** Whether the product has choices to make (anything but Shopify's one "Default Title" variant). */
const hasVariants = (product: CatalogProduct) =>
  !(product.variants.length === 1 && product.variants[0].title === "Default Title");

/** Dawn's variant picker as dropdowns: one select per option, the selected variant's values chosen. */
function variantPicker(product: CatalogProduct, variant: CatalogVariant): string {
  if (!hasVariants(product)) return "";
  const selects = product.options
    .map((option, index) => {
      const id = `Option-${option.position}`;
      const choices = option.values
        .map(
          (value) =>
            `<option value="${esc(value)}"${variant.options[index] === value ? " selected" : ""}>${esc(value)}</option>`,
        )
        .join("");
      return `<div class="product-form__input product-form__input--dropdown"><label class="form__label" for="${id}">${esc(option.name)}</label><select id="${id}" class="select__select" name="options[${esc(option.name)}]" data-option-index="${index}">${choices}</select></div>`;
    })
    .join("");
  return `<variant-selects class="variant-selects">${selects}</variant-selects>`;
}

/** The variants the picker chooses between, with each one's price markup, for the shell's script. */
function variantsJson(product: CatalogProduct): string {
  const variants = product.variants.map((v) => ({
    id: v.id,
    options: v.options,
    available: v.available,
    price_html: variantPriceHtml(v),
  }));
  // Inside <script type="application/json">: no "<" may close it.
  return JSON.stringify(variants).replace(/</g, "\\u003c");
}

/** The product page's main: media, title, price, variant picker, quantity, Add to cart, description. */
export function productMain(data: ThemeData, product: CatalogProduct, variantParam: string | null): string {
  const variant = selectedVariant(product, variantParam);
  const image = product.images[0];
  const button = variant.available ? "Add to cart" : "Sold out";
  return `<section class="product" data-product-handle="${esc(product.handle)}">
      <div class="product__media">${image ? `<img src="${esc(image)}" alt="${esc(product.title)}" width="800" height="800">` : ""}</div>
      <div class="product__info-wrapper">
        <p class="product__text caption">${esc(product.vendor)}</p>
        <h1 class="product__title">${esc(product.title)}</h1>
        <div class="product__price" data-product-price>${variantPriceHtml(variant)}</div>
        <product-form class="product-form">
          <form method="post" action="${esc(data.root)}cart/add" class="form" novalidate>
            ${variantPicker(product, variant)}
            <input type="hidden" name="id" value="${variant.id}">
            <div class="product-form__input product-form__quantity"><label class="form__label" for="Quantity">Quantity</label><input class="quantity__input" type="number" name="quantity" id="Quantity" min="1" max="${MAX_LINE_QUANTITY}" step="1" value="1" inputmode="numeric"></div>
            <p class="product-form__error-message" role="alert" hidden></p>
            <button type="submit" name="add" class="product-form__submit button"${variant.available ? "" : " disabled"}>${button}</button>
          </form>
          <script type="application/json" data-product-variants>${variantsJson(product)}</script>
        </product-form>
        <div class="product__description rte">${product.description}</div>
      </div>
    </section>`;
}

/** A collection page's main: its title and Dawn's product grid section. */
export function collectionMain(data: ThemeData, handle: string, products: CatalogProduct[]): string {
  return `<h1 class="collection-hero__title">${esc(collectionTitle(data, handle))}</h1>
    <div id="shopify-section-main-collection-product-grid" class="shopify-section">${productGridHtml(products, data.root)}</div>`;
}

/** /collections: every collection with its product count. */
export function collectionListMain(data: ThemeData): string {
  const items = [...data.collections]
    .map(
      ([handle, list]) =>
        `<li class="collection-list__item"><a href="${esc(data.root)}collections/${encodeURIComponent(handle)}">${esc(collectionTitle(data, handle))}</a> <span class="collection-list__count">${list.length} ${list.length === 1 ? "product" : "products"}</span></li>`,
    )
    .join("");
  return `<h1>Collections</h1><ul class="collection-list" role="list">${items}</ul>`;
}

/** The theme's 404 template. */
export function notFoundMain(root: string): string {
  return `<h1>Page not found</h1><p>The page you were looking for does not exist.</p><p><a href="${esc(root)}collections/all" class="button">Continue shopping</a></p>`;
}
