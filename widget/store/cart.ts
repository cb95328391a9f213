/**
 * Pure mapping of both integrations' carts into the Cart of SPEC 3. The Ajax
 * cart counts cents, so its value is total_price / 100 (SPEC 9); the Storefront
 * cart's MoneyV2 amount already is in units.
 */
import { normalizeRoot } from "./paths";
import { toGid } from "./ids";
import type { BeckonCartFragment } from "./generated/storefront.generated";
import type { Cart, CartLine, CartLineInput } from "./types";

export interface AjaxCartLineJson {
  key: string;
  id: number | string;
  variant_id?: number | string;
  quantity: number;
  line_price?: number;
  final_line_price?: number;
  product_id: number | string;
  handle: string;
  product_title?: string;
  title?: string;
  selling_plan_allocation?: { selling_plan?: { id: number | string } | null } | null;
}

/** Shopify's cart.js answer (the fields the widget reads). */
export interface AjaxCartJson {
  token: string;
  item_count: number;
  total_price: number;
  currency?: string;
  items: AjaxCartLineJson[];
  discount_codes?: { code: string; applicable: boolean }[];
}

/** An Ajax line item into a CartLine; the line key is its id (change.js accepts it). */
export function fromAjaxLine(item: AjaxCartLineJson): CartLine {
  const plan = item.selling_plan_allocation?.selling_plan?.id;
  return {
    id: item.key,
    variantId: String(item.variant_id ?? item.id),
    quantity: item.quantity,
    linePrice: item.final_line_price ?? item.line_price ?? 0,
    sellingPlanId: plan === undefined || plan === null ? null : String(plan),
    product: { id: String(item.product_id), handle: item.handle, title: item.product_title ?? item.title ?? "" },
  };
}

/** cart.js into a Cart: value = total_price (cents) / 100. */
export function fromAjaxCart(json: AjaxCartJson, root = "/"): Cart {
  return {
    id: json.token,
    value: json.total_price / 100,
    count: json.item_count,
    currency: json.currency ?? "",
    lines: json.items.map(fromAjaxLine),
    discountCodes: json.discount_codes ?? [],
    checkoutUrl: `${normalizeRoot(root)}checkout`,
  };
}

/** A Storefront Cart, as the BeckonCart fragment selects it (generated type), into a Cart (ids stay gids). */
export function fromStorefrontCart(node: BeckonCartFragment): Cart {
  return {
    id: node.id,
    value: Number(node.cost.totalAmount.amount),
    count: node.totalQuantity,
    currency: node.cost.totalAmount.currencyCode,
    lines: node.lines.nodes.map((line) => ({
      id: line.id,
      variantId: line.merchandise.id,
      quantity: line.quantity,
      linePrice: Math.round(Number(line.cost.totalAmount.amount) * 100),
      sellingPlanId: line.sellingPlanAllocation?.sellingPlan.id ?? null,
      product: {
        id: line.merchandise.product.id,
        handle: line.merchandise.product.handle,
        title: line.merchandise.product.title,
      },
    })),
    discountCodes: node.discountCodes,
    checkoutUrl: node.checkoutUrl,
  };
}

/** The cart before a headless cart exists. */
export const emptyCart = (currency = ""): Cart => ({
  id: "",
  value: 0,
  count: 0,
  currency,
  lines: [],
  discountCodes: [],
  checkoutUrl: "",
});

/** Lines to add in the Storefront API's CartLineInput shape (global ids, the selling plan only when chosen). */
export function toStorefrontLineInputs(
  lines: CartLineInput[],
): { merchandiseId: string; quantity: number; sellingPlanId?: string }[] {
  return lines.map((line) => ({
    merchandiseId: toGid("ProductVariant", line.variantId),
    quantity: line.quantity,
    ...(line.sellingPlanId ? { sellingPlanId: toGid("SellingPlan", line.sellingPlanId) } : {}),
  }));
}
