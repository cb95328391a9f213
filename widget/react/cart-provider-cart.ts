/**
 * The store adapter for a storefront that keeps its cart in hydrogen-react's
 * <CartProvider>: CTA adds go through useCart().linesAdd (so the storefront's
 * own cart UI, its localStorage cart id and its @inContext market all follow),
 * and the cart Beckon reads is the provider's. useCart's actions answer
 * nothing, so each write waits for the provider's next settled state; its
 * mutations select no userErrors, so an add is checked against the cart it
 * answers. Products still come from the Storefront API catalog.
 */
import { warn } from "#widget/core/log";
import { emptyCart, toStorefrontLineInputs } from "#widget/store/cart";
import { NOT_ADDED } from "#widget/store/cart-refusal";
import { fail, ok } from "#widget/store/result";
import type { AddResult, Cart, CartAdapter, CartLineInput, ProductCatalog, Result } from "#widget/store/types";

type Money = { amount?: string | null; currencyCode?: string | null } | null | undefined;

/** The part of useCart()'s value Beckon reads and calls (hydrogen-react's CartWithActions has it). */
export interface CartProviderState {
  id?: string;
  checkoutUrl?: string;
  totalQuantity?: number;
  status: "uninitialized" | "fetching" | "creating" | "updating" | "idle";
  error?: unknown;
  cost?: { totalAmount?: Money } | null;
  discountCodes?: ({ code?: string | null; applicable?: boolean | null } | null | undefined)[] | null;
  lines: unknown[];
  linesAdd(lines: { merchandiseId: string; quantity?: number; sellingPlanId?: string }[]): void;
  linesRemove(lineIds: string[]): void;
  discountCodesUpdate(codes: string[]): void;
}

/** What the provider hands the adapter: the latest useCart() value and a way to hear the next ones. */
export interface CartProviderBridge {
  current(): CartProviderState;
  /** Resolves with the first state (current or later) that passes; rejects after timeoutMs. */
  when(test: (state: CartProviderState) => boolean, timeoutMs: number): Promise<CartProviderState>;
}

/** A bridge fed by the component that calls useCart (update() on every new value). */
export function createCartProviderBridge(
  initial: CartProviderState,
): CartProviderBridge & { update(state: CartProviderState): void } {
  let latest = initial;
  const waiters = new Set<(s: CartProviderState) => void>();
  return {
    current: () => latest,
    update(state) {
      latest = state;
      for (const waiter of [...waiters]) waiter(state);
    },
    when(test, timeoutMs) {
      if (test(latest)) return Promise.resolve(latest);
      return new Promise((resolve, reject) => {
        const check = (next: CartProviderState) => {
          if (!test(next)) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(next);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`the storefront's cart did not answer within ${timeoutMs / 1000} s`));
        }, timeoutMs);
        waiters.add(check);
      });
    },
  };
}

const settled = (s: CartProviderState) => s.status === "idle" || s.status === "uninitialized";

type LineNode = {
  id?: string;
  quantity?: number;
  cost?: { totalAmount?: Money } | null;
  sellingPlanAllocation?: { sellingPlan?: { id?: string } | null } | null;
  merchandise?: { id?: string; product?: { id?: string; handle?: string; title?: string } | null } | null;
};

/** The provider's cart (flattened lines, default or custom fragment) into Beckon's Cart; fields it lacks read as empty. */
export function fromCartProviderState(
  state: Pick<CartProviderState, "id" | "checkoutUrl" | "totalQuantity" | "cost" | "discountCodes" | "lines">,
  fallbackCurrency = "",
): Cart {
  if (!state.id) return emptyCart(fallbackCurrency);
  const lines = (Array.isArray(state.lines) ? (state.lines as (LineNode | null)[]) : []).filter(
    (l): l is LineNode => !!l && typeof l.id === "string",
  );
  const total = state.cost?.totalAmount;
  return {
    id: state.id,
    value: Number(total?.amount ?? 0) || 0,
    count:
      typeof state.totalQuantity === "number" ? state.totalQuantity : lines.reduce((n, l) => n + (l.quantity ?? 0), 0),
    currency: total?.currencyCode ?? fallbackCurrency,
    lines: lines.map((line) => ({
      id: line.id!,
      variantId: line.merchandise?.id ?? "",
      quantity: line.quantity ?? 0,
      linePrice: Math.round(Number(line.cost?.totalAmount?.amount ?? 0) * 100) || 0,
      sellingPlanId: line.sellingPlanAllocation?.sellingPlan?.id ?? null,
      product: {
        id: line.merchandise?.product?.id ?? "",
        handle: line.merchandise?.product?.handle ?? "",
        title: line.merchandise?.product?.title ?? "",
      },
    })),
    discountCodes: (state.discountCodes ?? [])
      .filter((d): d is { code: string; applicable?: boolean | null } => typeof d?.code === "string")
      .map((d) => ({ code: d.code, applicable: !!d.applicable })),
    checkoutUrl: state.checkoutUrl ?? "",
  };
}

/** The provider's error (a string, an Error, GraphQL errors) in words. */
export function cartProviderError(error: unknown): string {
  if (typeof error === "string") return error;
  if (error instanceof Error) return error.message;
  const list = Array.isArray(error) ? error : [error];
  const messages = list
    .map((e) => (e && typeof e === "object" && "message" in e ? String((e as { message: unknown }).message) : ""))
    .filter(Boolean);
  return messages.length ? messages.join("; ") : "the storefront's cart reported an error";
}

export interface CartProviderCartOptions {
  bridge: CartProviderBridge;
  /** Products for feeds (the Storefront API catalog). */
  catalog?: ProductCatalog | null;
  currency?: string;
  cartUrl?: string;
  /** Called when an add of Beckon's made the provider create its cart. */
  onCartCreated?: (cartId: string) => void;
  /** How long a write may wait for the provider (default 20 s). */
  timeoutMs?: number;
}

/** A CartAdapter over the CartProvider, plus the catalog's product reads. */
export function createCartProviderCart(options: CartProviderCartOptions): CartAdapter & Partial<ProductCatalog> {
  const { bridge } = options;
  const timeoutMs = options.timeoutMs ?? 20_000;
  const cart = () => fromCartProviderState(bridge.current(), options.currency);
  let queue: Promise<unknown> = Promise.resolve();
  let writing = 0;

  /**
   * One write at a time (the provider drops actions while it is busy): wait
   * until it is settled, act, then wait for the settled state that answers
   * the action (new lines or a new error).
   */
  function write<T>(
    act: (s: CartProviderState) => void,
    answer: (before: CartProviderState, after: CartProviderState) => Result<T>,
  ): Promise<Result<T>> {
    writing++;
    const run = queue.then(async (): Promise<Result<T>> => {
      try {
        const before = await bridge.when(settled, timeoutMs);
        act(before);
        const after = await bridge.when(
          (s) => settled(s) && (s.lines !== before.lines || s.error !== before.error || s.id !== before.id),
          timeoutMs,
        );
        if (after.error && after.error !== before.error) return fail(cartProviderError(after.error));
        if (!before.id && after.id) {
          try {
            options.onCartCreated?.(after.id);
          } catch (e) {
            warn("onCartCreated threw", e);
          }
        }
        return answer(before, after);
      } catch (e) {
        return fail(e instanceof Error ? e.message : String(e));
      } finally {
        writing--;
      }
    });
    queue = run;
    return run;
  }

  const catalog = options.catalog;
  return {
    integration: "storefront",
    getCart: async () => ok(cart()),
    busy: () => writing > 0 || !settled(bridge.current()),

    addLines(lines: CartLineInput[]) {
      const input = toStorefrontLineInputs(lines);
      return write<AddResult>(
        (s) => s.linesAdd(input),
        (before, after) => {
          const was = fromCartProviderState(before, options.currency);
          const now = fromCartProviderState(after, options.currency);
          const quantity = (c: Cart, id: string) =>
            c.lines.filter((l) => l.variantId === id).reduce((n, l) => n + l.quantity, 0);
          // The provider's mutations select no userErrors: a line Shopify refused is simply not there.
          const missing = input.find((l) => quantity(now, l.merchandiseId) <= quantity(was, l.merchandiseId));
          if (missing)
            return fail(`Shopify did not add ${missing.merchandiseId} to the cart (sold out or not available)`, {
              code: NOT_ADDED,
            });
          const wanted = new Set(input.map((l) => l.merchandiseId));
          return ok({ cart: now, added: now.lines.filter((l) => wanted.has(l.variantId)) });
        },
      );
    },

    removeLine(lineId: string) {
      if (!cart().lines.some((l) => l.id === lineId))
        return Promise.resolve(fail<Cart>(`The cart has no line ${lineId}`));
      return write(
        (s) => s.linesRemove([lineId]),
        (_b, after) => ok(fromCartProviderState(after, options.currency)),
      );
    },

    clear() {
      const ids = cart().lines.map((l) => l.id);
      if (ids.length === 0) return Promise.resolve(ok(cart()));
      return write(
        (s) => s.linesRemove(ids),
        (_b, after) => ok(fromCartProviderState(after, options.currency)),
      );
    },

    applyDiscount(code: string) {
      // discountCodesUpdate replaces the list, so the codes already on the cart are kept.
      return write(
        (s) =>
          s.discountCodesUpdate([...new Set([...fromCartProviderState(s).discountCodes.map((d) => d.code), code])]),
        (_b, after) => ok(fromCartProviderState(after, options.currency)),
      );
    },

    cartUrl: () => options.cartUrl ?? "/cart",
    checkoutUrl: async () => {
      const url = bridge.current().checkoutUrl;
      return url ? ok(url) : fail("There is no cart yet");
    },

    ...(catalog
      ? {
          product: (h) => catalog.product(h),
          recommendations: (id, o) => catalog.recommendations(id, o),
          search: (t, o) => catalog.search(t, o),
          collection: (h, o) => catalog.collection(h, o),
        }
      : {}),
  };
}
