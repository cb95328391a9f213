/**
 * Cart state of the local storefront, one cart per token, shared by the Ajax
 * API (cart cookie) and the Storefront GraphQL API (gid://shopify/Cart/{token}).
 * Validation follows Shopify: unknown variants and sold-out variants fail the
 * whole add, a variant that requires a selling plan needs one, same variant +
 * selling plan + properties merge into one line.
 */
import { createHash, randomBytes } from "node:crypto";
import { findPlan, planPrice, type CatalogProduct, type CatalogSellingPlan, type CatalogVariant } from "./catalog";

export interface ServerLine {
  /** Shopify's line key: "{variantId}:{hash}". */
  key: string;
  /** A number for the Storefront CartLine gid. */
  uid: number;
  variantId: number;
  productId: number;
  quantity: number;
  sellingPlanId: number | null;
  properties: Record<string, string>;
}

export interface ServerCart {
  token: string;
  /** In the order they were first added. */
  lines: ServerLine[];
  discountCodes: string[];
  attributes: Record<string, string>;
  note: string | null;
  /** The Storefront cart's buyerIdentity.countryCode (set by cartCreate or cartBuyerIdentityUpdate). */
  buyerCountry?: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface DiscountRule {
  value_type: "percentage" | "fixed_amount";
  /** Percent, or cents for fixed_amount. */
  value: number;
  title?: string;
}

/** Looks a code up in the shop's discounts (shop-discounts.ts); null when the shop has no active discount with it. */
export type ShopDiscountLookup = (code: string) => Promise<DiscountRule | null>;

export interface CartError {
  status: number;
  message: string;
  description: string;
  /** The GraphQL error or warning code for the same failure. */
  code:
    | "INVALID"
    | "MERCHANDISE_OUT_OF_STOCK"
    | "VARIANT_REQUIRES_SELLING_PLAN"
    | "SELLING_PLAN_NOT_APPLICABLE"
    | "INVALID_INCREMENT";
  index: number;
}

export interface AddItem {
  id: number | string;
  quantity?: number | string;
  selling_plan?: number | string | null;
  properties?: Record<string, string> | null;
}

/** Bounds that keep a public storefront's memory finite. */
export interface CartLimits {
  /** Carts kept at once; creating one more forgets the oldest. */
  maxCarts?: number;
  /** Distinct lines in one cart. */
  maxLines?: number;
  /** The store's root path ("/" unless the store is served under a path, as the demo is). */
  root?: string;
  /** The shop's Admin, asked about a code the store does not know (shop-discounts.ts); none: only `discounts` apply. */
  shopDiscounts?: ShopDiscountLookup;
}

/** Forgets a map's oldest entries until one more fits within `max` (a Map iterates in insertion order). */
function makeRoom(map: Map<string, unknown>, max: number): void {
  while (map.size >= max) map.delete(map.keys().next().value!);
}

/** Unknown codes asked about per cart write: a hostile write listing a thousand codes makes at most this many calls. */
const MAX_CODE_LOOKUPS = 5;

/** The most of one variant a line may hold (an add or change past it is refused). */
export const MAX_LINE_QUANTITY = 9999;
/** Line properties are kept as sent; their JSON may be at most this long. */
export const MAX_PROPERTIES_CHARS = 2000;

export class CartBook {
  readonly carts = new Map<string, ServerCart>();
  private uid = 1;
  readonly maxCarts: number;
  readonly maxLines: number;
  /** The store's root (Shopify.routes.root): a line's product URL starts with it. */
  readonly root: string;
  /** Codes the shop's Admin holds (shop-discounts.ts), learned when a cart first applied them; upper case. */
  private readonly shopCodes = new Map<string, DiscountRule>();
  private readonly shopDiscounts?: ShopDiscountLookup;

  constructor(
    private readonly catalog: () => CatalogProduct[],
    readonly discounts: Record<string, DiscountRule>,
    readonly currency: string,
    limits: CartLimits = {},
  ) {
    this.maxCarts = limits.maxCarts ?? 10_000;
    this.maxLines = limits.maxLines ?? 100;
    this.root = limits.root ?? "/";
    this.shopDiscounts = limits.shopDiscounts;
  }

  /** The rule of a code: the store's own, or one learned from the shop's Admin. */
  discountRule(code: string): DiscountRule | undefined {
    const key = code.toUpperCase();
    return this.discounts[key] ?? this.shopCodes.get(key);
  }

  /**
   * Asks the shop's Admin about the codes neither the store nor an earlier cart knew, before a cart takes them,
   * so its totals include them. A code the shop has not is asked about again next time (it may be made meanwhile).
   */
  async learnShopDiscounts(codes: string[]): Promise<void> {
    if (!this.shopDiscounts) return;
    const unknown = [...new Set(codes)].filter((code) => !this.discountRule(code)).slice(0, MAX_CODE_LOOKUPS);
    for (const code of unknown) {
      const rule = await this.shopDiscounts(code);
      if (!rule) continue;
      // As many as carts may be kept.
      makeRoom(this.shopCodes, this.maxCarts);
      this.shopCodes.set(code.toUpperCase(), rule);
    }
  }

  create(): ServerCart {
    makeRoom(this.carts, this.maxCarts);
    const token = `hWN${randomBytes(9).toString("hex")}`;
    const now = new Date().toISOString();
    const cart: ServerCart = {
      token,
      lines: [],
      discountCodes: [],
      attributes: {},
      note: null,
      createdAt: now,
      updatedAt: now,
    };
    this.carts.set(token, cart);
    return cart;
  }

  get(token: string | null | undefined): ServerCart | undefined {
    return token ? this.carts.get(token) : undefined;
  }

  variant(id: number | string): { product: CatalogProduct; variant: CatalogVariant } | null {
    const variantId = Number(String(id).replace(/^gid:\/\/shopify\/ProductVariant\//, ""));
    for (const product of this.catalog()) {
      const variant = product.variants.find((v) => v.id === variantId);
      if (variant) return { product, variant };
    }
    return null;
  }

  product(id: number): CatalogProduct | undefined {
    return this.catalog().find((p) => p.id === id);
  }

  /** Validates every item first: one bad item fails the whole add (as Shopify's add.js does); with the cart, also its bounds. */
  check(items: AddItem[], cart?: ServerCart): CartError | null {
    const err = (status: number, description: string, code: CartError["code"], index: number): CartError => ({
      status,
      message: "Cart Error",
      description,
      code,
      index,
    });
    if (items.length === 0)
      return err(400, "Parameter Missing or Invalid: Required parameter missing or invalid: items", "INVALID", 0);
    const newKeys = new Set<string>();
    for (const [index, raw] of items.entries()) {
      const item = (raw && typeof raw === "object" ? raw : {}) as AddItem;
      if (item.id === undefined || item.id === null || item.id === "")
        return err(400, "Parameter Missing or Invalid: Required parameter missing or invalid: id", "INVALID", index);
      const found = this.variant(item.id);
      const fail = (status: number, description: string, code: CartError["code"]) =>
        err(status, description, code, index);
      if (!found) return fail(422, "Cannot find variant", "INVALID");
      const quantity = item.quantity === undefined ? 1 : Number(item.quantity);
      if (!Number.isInteger(quantity) || quantity < 1)
        return fail(422, "Quantity must be a whole number of at least 1", "INVALID_INCREMENT");
      if (quantity > MAX_LINE_QUANTITY)
        return fail(422, `Quantity must be at most ${MAX_LINE_QUANTITY}`, "INVALID_INCREMENT");
      if (
        item.properties != null &&
        (typeof item.properties !== "object" || JSON.stringify(item.properties).length > MAX_PROPERTIES_CHARS)
      )
        return fail(422, `Line properties must be an object of at most ${MAX_PROPERTIES_CHARS} characters`, "INVALID");
      if (cart) {
        const key = this.lineKey(found.variant.id, item);
        const existing = cart.lines.find((l) => l.key === key);
        if (existing && existing.quantity + quantity > MAX_LINE_QUANTITY)
          return fail(422, `Quantity must be at most ${MAX_LINE_QUANTITY}`, "INVALID_INCREMENT");
        if (!existing) newKeys.add(key);
        if (cart.lines.length + newKeys.size > this.maxLines)
          return fail(422, `A cart holds at most ${this.maxLines} lines`, "INVALID");
      }
      const { product, variant } = found;
      if (!variant.available)
        return fail(422, `The product '${variant.name}' is already sold out.`, "MERCHANDISE_OUT_OF_STOCK");
      const planId =
        item.selling_plan === undefined || item.selling_plan === null || item.selling_plan === ""
          ? null
          : Number(String(item.selling_plan).replace(/^gid:\/\/shopify\/SellingPlan\//, ""));
      if (planId === null && (variant.requires_selling_plan || product.requires_selling_plan))
        return fail(422, "Variant can only be purchased with a selling plan.", "VARIANT_REQUIRES_SELLING_PLAN");
      if (planId !== null && !findPlan(product, planId))
        return fail(422, "Cannot find selling plan", "SELLING_PLAN_NOT_APPLICABLE");
    }
    return null;
  }

  /** Adds checked items; returns the lines they landed on (merged lines with their new quantity). */
  add(cart: ServerCart, items: AddItem[]): ServerLine[] {
    const touched: ServerLine[] = [];
    for (const item of items) {
      const { product, variant } = this.variant(item.id)!;
      const planRaw = item.selling_plan;
      const sellingPlanId =
        planRaw === undefined || planRaw === null || planRaw === ""
          ? null
          : Number(String(planRaw).replace(/^gid:\/\/shopify\/SellingPlan\//, ""));
      const properties = item.properties ?? {};
      const quantity = item.quantity === undefined ? 1 : Number(item.quantity);
      const key = this.lineKey(variant.id, item);
      let line = cart.lines.find((l) => l.key === key);
      if (line) line.quantity += quantity;
      else {
        line = {
          key,
          uid: this.uid++,
          variantId: variant.id,
          productId: product.id,
          quantity,
          sellingPlanId,
          properties,
        };
        cart.lines.push(line);
      }
      if (!touched.includes(line)) touched.push(line);
    }
    cart.updatedAt = new Date().toISOString();
    return touched;
  }

  /** Shopify's line key: the same variant, selling plan and properties share one line. */
  lineKey(variantId: number, item: AddItem): string {
    const planRaw = item.selling_plan;
    const sellingPlanId =
      planRaw === undefined || planRaw === null || planRaw === ""
        ? null
        : Number(String(planRaw).replace(/^gid:\/\/shopify\/SellingPlan\//, ""));
    const hash = createHash("md5")
      .update(JSON.stringify([sellingPlanId, item.properties ?? {}]))
      .digest("hex");
    return `${variantId}:${hash}`;
  }

  /** Sets a line's quantity (0 removes it); false when there is no such line. */
  change(cart: ServerCart, line: ServerLine | undefined, quantity: number): boolean {
    if (!line) return false;
    if (quantity <= 0) cart.lines = cart.lines.filter((l) => l !== line);
    else line.quantity = quantity;
    cart.updatedAt = new Date().toISOString();
    return true;
  }

  /** A line by key, by variant id (the first such line), or by CartLine gid. */
  findLine(cart: ServerCart, id: string | number): ServerLine | undefined {
    const key = String(id);
    if (key.startsWith("gid://shopify/CartLine/")) {
      const uid = Number(key.slice("gid://shopify/CartLine/".length).split("?")[0]);
      return cart.lines.find((l) => l.uid === uid);
    }
    if (key.includes(":")) return cart.lines.find((l) => l.key === key);
    return cart.lines.find((l) => l.variantId === Number(key));
  }

  lineGid = (cart: ServerCart, line: ServerLine) => `gid://shopify/CartLine/${line.uid}?cart=${cart.token}`;

  /** Unit price in cents, after the selling plan. */
  unitPrice(line: ServerLine): {
    unit: number;
    variant: CatalogVariant;
    product: CatalogProduct;
    plan: { group: { id: string; name: string }; plan: CatalogSellingPlan } | null;
  } {
    const { product, variant } = this.variant(line.variantId)!;
    const plan = line.sellingPlanId === null ? null : findPlan(product, line.sellingPlanId);
    return { unit: plan ? planPrice(variant.price, plan.plan) : variant.price, variant, product, plan };
  }

  /** Subtotal, discount and total in cents, and each code's applicability. */
  totals(cart: ServerCart): {
    subtotal: number;
    discount: number;
    total: number;
    codes: { code: string; applicable: boolean; amount: number; rule?: DiscountRule }[];
    count: number;
  } {
    const subtotal = cart.lines.reduce((s, l) => s + this.unitPrice(l).unit * l.quantity, 0);
    let remaining = subtotal;
    const codes = cart.discountCodes.map((code) => {
      const rule = this.discountRule(code);
      const applicable = !!rule && subtotal > 0;
      let amount = 0;
      if (rule && applicable) {
        amount = Math.min(
          remaining,
          rule.value_type === "percentage" ? Math.round((subtotal * rule.value) / 100) : rule.value,
        );
        remaining -= amount;
      }
      return { code, applicable, amount, rule };
    });
    const discount = subtotal - remaining;
    return { subtotal, discount, total: remaining, codes, count: cart.lines.reduce((s, l) => s + l.quantity, 0) };
  }

  /** Shopify's cart line item JSON. */
  lineJson(line: ServerLine) {
    const { unit, variant, product, plan } = this.unitPrice(line);
    const image = variant.featured_image ?? product.images[0] ?? null;
    const defaultOnly = product.variants.length === 1 && variant.title === "Default Title";
    return {
      id: variant.id,
      properties: line.properties,
      quantity: line.quantity,
      variant_id: variant.id,
      key: line.key,
      title: defaultOnly ? product.title : `${product.title} - ${variant.title}`,
      price: unit,
      original_price: unit,
      presentment_price: unit / 100,
      discounted_price: unit,
      line_price: unit * line.quantity,
      original_line_price: unit * line.quantity,
      total_discount: 0,
      discounts: [],
      sku: variant.sku,
      grams: 0,
      vendor: product.vendor,
      taxable: true,
      product_id: product.id,
      product_has_only_default_variant: defaultOnly,
      gift_card: false,
      final_price: unit,
      final_line_price: unit * line.quantity,
      url: `${this.root}products/${product.handle}?variant=${variant.id}`,
      featured_image: image ? { aspect_ratio: 1, alt: product.title, height: 800, url: image, width: 800 } : null,
      image,
      handle: product.handle,
      requires_shipping: true,
      product_type: product.product_type,
      product_title: product.title,
      product_description: product.description.replace(/<[^>]*>/g, ""),
      variant_title: defaultOnly ? null : variant.title,
      variant_options: variant.options,
      options_with_values: product.options.map((o, i) => ({ name: o.name, value: variant.options[i] })),
      line_level_discount_allocations: [],
      line_level_total_discount: 0,
      ...(plan
        ? {
            selling_plan_allocation: {
              price_adjustments: [{ position: 1, price: unit }],
              price: unit,
              compare_at_price: variant.price,
              per_delivery_price: unit,
              selling_plan: plan.plan,
            },
          }
        : {}),
    };
  }

  /** Shopify's cart.js JSON (items newest first, as Shopify lists them). */
  cartJson(cart: ServerCart) {
    const totals = this.totals(cart);
    return {
      token: cart.token,
      note: cart.note,
      attributes: cart.attributes,
      original_total_price: totals.subtotal,
      total_price: totals.total,
      total_discount: totals.discount,
      total_weight: 0,
      item_count: totals.count,
      items: [...cart.lines].reverse().map((l) => this.lineJson(l)),
      requires_shipping: cart.lines.length > 0,
      currency: this.currency,
      items_subtotal_price: totals.subtotal,
      cart_level_discount_applications: totals.codes
        .filter((c) => c.applicable)
        .map((code) => ({
          type: "discount_code",
          key: code.code,
          title: code.code,
          description: code.rule?.title ?? null,
          value: String(code.rule!.value_type === "percentage" ? code.rule!.value : code.rule!.value / 100),
          created_at: cart.updatedAt,
          value_type: code.rule!.value_type,
          allocation_method: "across",
          target_selection: "all",
          target_type: "line_item",
          total_allocated_amount: code.amount,
        })),
      discount_codes: totals.codes.map((c) => ({ code: c.code, applicable: c.applicable })),
    };
  }
}
