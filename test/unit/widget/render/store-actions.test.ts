/**
 * A conversion's store actions (SPEC 4): each runs on the store's cart in
 * order; an add keeps the theme's own cart true (show). The adapter's
 * reload request is left unanswered here: the confirmation is showing.
 */
import { describe, expect, it, vi } from "vitest";
import { runStoreActions } from "#widget/render/store-outcome";
import type { CartAdapter } from "#widget/store/types";
import type { CtaAction } from "#contract/schema/cta";

const action = (action_type: string, data: Record<string, unknown>): CtaAction =>
  ({ action_type, data }) as unknown as CtaAction;

function adapterMock() {
  const ok = <T>(value: T) => ({ ok: true as const, value });
  return {
    addLines: vi.fn(async () => ok({ cart: { lines: [] }, added: [], reload: true })),
    clear: vi.fn(async () => ok({ lines: [] })),
    applyDiscount: vi.fn(async () => ok({ lines: [] })),
    getCart: vi.fn(async () => ok({ lines: [{ id: "line-1", variantId: "gid://shopify/ProductVariant/42" }] })),
    removeLine: vi.fn(async () => ok({ lines: [] })),
  };
}

describe("runStoreActions", () => {
  it("adds with show, so the theme's drawer and bubble follow, and runs the others in order", async () => {
    const adapter = adapterMock();
    await runStoreActions(
      [
        action("add_to_cart", { variant_id: "42", quantity: "2" }),
        action("apply_discount", { code: "SAVE10" }),
        action("remove_from_cart", { variant_id: "42" }),
      ],
      adapter as unknown as CartAdapter,
    );
    expect(adapter.addLines).toHaveBeenCalledWith([{ variantId: "42", quantity: 2 }], { show: true });
    expect(adapter.applyDiscount).toHaveBeenCalledWith("SAVE10");
    expect(adapter.removeLine).toHaveBeenCalledWith("line-1");
  });

  it("skips an add without a variant and a bad quantity becomes 1", async () => {
    const adapter = adapterMock();
    await runStoreActions(
      [action("add_to_cart", {}), action("add_to_cart", { "product-variant-id": "7", quantity: "-3" })],
      adapter as unknown as CartAdapter,
    );
    expect(adapter.addLines).toHaveBeenCalledTimes(1);
    expect(adapter.addLines).toHaveBeenCalledWith([{ variantId: "7", quantity: 1 }], { show: true });
  });
});
