/** Store defaults and limits of SPEC 4, 8 and 9, in one place. */

/** SPEC 8: a product lookup with no result rejects with this message. */
export const PRODUCT_NOT_FOUND = "Product not found";

/** SPEC 9 defaults. */
export const DEFAULT_CURRENCY_CHARACTER = "$";
// Default texts (Add to Cart, Sold Out, SOLD OUT, Reviews ...) are words: they live in the catalogues of contract/i18n.

/** SPEC 5 variant pricing: amount (currency units) and percentage both default to 10. */
export const DEFAULT_DISCOUNT_AMOUNT = 10;
export const DEFAULT_DISCOUNT_PERCENTAGE = 10;

/** SPEC 9: products shown by default (products-limit). */
export const DEFAULT_PRODUCTS_LIMIT = 3;

/** SPEC 4 and 9: cart serialization and cart-creation waits poll every 100 ms. */
export const CART_POLL_MS = 100;
/** SPEC 9: a cart action waits 200 ms before its follow-up, 100 ms when the follow-up is a redirect. */
export const CART_ACTION_DELAY_MS = 200;
export const CART_REDIRECT_ACTION_DELAY_MS = 100;
/** SPEC 9: before a redirect the cart may still be busy: wait up to 5 s, polling every 50 ms. */
export const CART_REDIRECT_WAIT_MS = 5000;
export const CART_REDIRECT_POLL_MS = 50;
/** SPEC 9: the redirect itself goes 500 ms after the cart is free. */
export const REDIRECT_DELAY_MS = 500;
/** SPEC 9: a feed related to the cart shows its empty message after 1 s (the cart may still be filling). */
export const RELATED_CART_EMPTY_DELAY_MS = 1000;
/** SPEC 9: after a cart change the cart recommendations are fetched 500 ms later, once the cart settled. */
export const CART_RECOMMENDATION_FETCH_DELAY_MS = 500;
/** SPEC 9: back on the page's browser tab, a cart feed checks the cart again (it may have been emptied in another tab) after 250 ms. */
export const TAB_SWITCH_EMPTY_CHECK_MS = 250;
/** SPEC 9: review fetch waits 1 s. */
export const REVIEW_FETCH_DELAY_MS = 1000;
/** SPEC 9: the headless cart is retried after 1 s. */
export const HEADLESS_CART_RETRY_MS = 1000;

/** SPEC 7: the cart attribute a headless cart is tagged with (kept as the original product named it). */
export const CART_ATTRIBUTE_KEY = "_convertflow";

/** Session keys of SPEC 3. */
export const SESSION_ADDING_TO_CART = "adding_to_cart";
export const SESSION_CART_CREATED = "cart_created";
export const SESSION_CART = "cart";
