/**
 * What happens after a conversion (SPEC 4 "Steps and confirmations"): the
 * first active action group of the element whose conditions hold, else of
 * the step, decides. Pure: the caller applies the outcome (outcome.ts).
 */
import type { ActionGroup, ActionGroupData, CtaElement, CtaStep } from "#contract/schema/cta";
import { byPosition } from "./form-fields";
import { normalizeRedirect } from "./sanitize";

export { normalizeRedirect };

/** Message, redirect and step are applied in Cta.tsx; the other types go to outcome.ts with their group's data. */
export type Outcome =
  | { type: "message"; html: string }
  | { type: "redirect"; url: string; newTab: boolean }
  | { type: "step"; position: number }
  | { type: "cta" | "sms" | "anchor" | "cart" | "checkout" | "product"; data: ActionGroupData };

/** The action group that confirms a conversion of this element: the first active one whose conditions pass. */
export function confirmationGroup(
  element: CtaElement | null,
  step: CtaStep | undefined,
  pass: (g: ActionGroup) => boolean = () => true,
): ActionGroup | undefined {
  // Groups tied to a field belong to quiz navigation, not to the confirmation.
  const pick = (groups: ActionGroup[] = []) =>
    byPosition(groups).find((g) => g.status !== false && g.field_id == null && pass(g));
  return pick(element?.action_groups) ?? pick(step?.action_groups);
}

/** Appends the current page's query parameters to a redirect (the query-string option). */
export function withQueryString(url: string, search: string): string {
  const query = search.replace(/^\?/, "");
  if (!query) return url;
  const [base, hash = ""] = url.split("#");
  return base + (base.includes("?") ? "&" : "?") + query + (hash ? "#" + hash : "");
}

/** The outcome of a conversion under an action group. */
export function outcomeOf(group: ActionGroup | undefined, search: string, thanks: string): Outcome {
  const data = group?.data ?? {};
  const message: Outcome = { type: "message", html: data.confirmation || thanks };
  const type = data["confirmation-type"];
  if (type === "redirect" && data["redirect-url"]) {
    const url = normalizeRedirect(data["redirect-url"]);
    return {
      type: "redirect",
      url: data["query-string"] ? withQueryString(url, search) : url,
      newTab: !!data["target-blank"],
    };
  }
  if (type === "step" && typeof data["redirect-step"] == "number")
    return { type: "step", position: data["redirect-step"] };
  if (type && type !== "message" && type !== "redirect" && type !== "step") return { type, data };
  return message;
}
