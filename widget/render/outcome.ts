/**
 * The confirmations that leave the CTA, in their own chunk: another CTA, an
 * sms: link, an anchor scroll and the store ones. Message, step and redirect
 * are handled in Cta.tsx (every lead form needs one of them).
 */
import type { ActionGroupData } from "#contract/schema/cta";
import type { Outcome } from "./confirmation";
import { warn } from "./kit";
import { scrollToElement } from "./scroll";
import type { CtaRuntime } from "./types";

/** SPEC 5: an anchor target is a hash plus a valid identifier. Returns the id, or null. */
export function anchorId(selector: string | undefined): string | null {
  const match = /^#([A-Za-z][\w-]*)$/.exec((selector ?? "").trim());
  return match ? match[1] : null;
}

/** An sms: link with the keyword as body (the "?&body=" form works on both iOS and Android). */
export function smsUrl(number: string, keyword = ""): string {
  const to = number.replace(/[^\d+]/g, "");
  return `sms:${to}${keyword ? "?&body=" + encodeURIComponent(keyword) : ""}`;
}

/** The store part of a cart, checkout or product confirmation: the variants to add and their quantities. */
export function storeSelection(data: ActionGroupData): { variantIds: string[]; quantities: Record<string, number> } {
  return {
    variantIds: (data["selected-product-variant-ids"] ?? []).map(String),
    quantities: data["selected-products-quantity"] ?? {},
  };
}

/** Applies an outcome of type cta, sms, anchor, cart, checkout or product. */
export async function applyOutcome(
  outcome: Outcome,
  runtime: CtaRuntime,
  root: Document | ShadowRoot | undefined,
  win: Window = window,
): Promise<void> {
  if (!("data" in outcome)) return;
  const outcomeData = outcome.data;
  const go = (url: string) => void (win.location.href = url);
  switch (outcome.type) {
    case "cta": {
      const id = Number(outcomeData["confirmation-cta"]);
      if (!id) return warn("A cta confirmation without confirmation-cta");
      if (runtime.showCta) return runtime.showCta(id);
      const api = (win as unknown as { beckon?: { load?(id: number): unknown; trigger?(id: number): unknown } }).beckon;
      await api?.load?.(id);
      api?.trigger?.(id);
      return;
    }
    case "sms":
      if (outcomeData["sms-number"]) go(smsUrl(outcomeData["sms-number"], outcomeData["sms-keyword"]));
      return;
    case "anchor": {
      const id = anchorId(outcomeData["anchor-selector"]);
      const target = id ? (win.document.getElementById(id) ?? root?.getElementById?.(id)) : null;
      if (target) scrollToElement(target, outcomeData["anchor-smooth-scroll"] === false ? 0 : 500);
      else warn("No anchor " + (outcomeData["anchor-selector"] ?? ""));
      return;
    }
    default: {
      const storeOutcome = await import("./store-outcome");
      return storeOutcome.applyStoreOutcome(
        outcome.type,
        storeSelection(outcomeData),
        storeOutcome.storeOf(runtime.store, win),
        go,
      );
    }
  }
}
