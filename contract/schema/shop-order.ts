/**
 * The order a Shopify web pixel reports when a checkout completes
 * (extensions/beckon-pixel): POST /api/websites/{id}/orders. Like the
 * widget's own requests it comes from a visitor's browser, so it is only a
 * claim: bounded, from a visitor this website already knows, and never
 * revenue until Shopify's orders/create webhook confirms the order.
 */
import { z } from "zod";
import { revenueSchema, visitorTokenSchema } from "./public-api";

/** Shopify's order id (a number or a gid://shopify/OrderIdentity/… string): visible ASCII, at most 100 characters (SPEC: order ids are stored up to 100). */
export const shopOrderIdSchema = z
  .string({ required_error: "order_id is required", invalid_type_error: "order_id must be a string" })
  .min(1, { message: "order_id must be 1 to 100 characters" })
  .max(100, { message: "order_id must be 1 to 100 characters" })
  .regex(/^[\x21-\x7e]+$/, { message: "order_id may hold only visible ASCII characters" });

export const shopOrderSchema = z.object({
  order_id: shopOrderIdSchema,
  visitor_token: visitorTokenSchema,
  /** The order's total (checkout.totalPrice.amount), in `currency`. */
  amount: z
    .number({ required_error: "amount is required", invalid_type_error: "amount must be a number" })
    .pipe(revenueSchema),
  /** ISO 4217 code of the amount; it must be the website's currency, since revenue is summed in it. */
  currency: z
    .string({ required_error: "currency is required", invalid_type_error: "currency must be a string" })
    .regex(/^[A-Z]{3}$/, { message: "currency must be a three-letter ISO 4217 code such as USD" }),
  /**
   * Shopify's checkout token (checkout.token): known only to the buyer's
   * checkout and stated again by Shopify's orders/create webhook, so a report
   * naming it is the buyer's (app/models/shop-order-verification.server.ts).
   */
  checkout_token: z
    .string({ invalid_type_error: "checkout_token must be a string" })
    .regex(/^[A-Za-z0-9_-]{1,100}$/, { message: "checkout_token must be 1 to 100 letters, digits, - or _" })
    .optional(),
  /** How many items the order holds (the sum of its line items' quantities). */
  items: z.number().int().min(0).max(100_000, { message: "items must be at most 100000" }).optional(),
});
export type ShopOrderInput = z.infer<typeof shopOrderSchema>;
