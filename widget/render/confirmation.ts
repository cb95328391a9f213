/**
 * What happens after a conversion (SPEC 4 "Steps and confirmations"): the
 * first active action group of the element, else of the step, decides.
 * Pure: the caller applies the outcome.
 */
import type { ActionGroup, CtaElement, CtaStep } from "../../app/lib/schema/cta";
import { byPosition } from "./form-logic";

export const DEFAULT_CONFIRMATION = "Thanks!";

export type Outcome =
  | { type: "message"; html: string }
  | { type: "redirect"; url: string; newTab: boolean }
  | { type: "step"; position: number };

/** The action group that confirms a conversion of this element. */
export function confirmationGroup(element: CtaElement | null, step: CtaStep | undefined): ActionGroup | undefined {
  // Groups tied to a field belong to quiz navigation, not to the confirmation.
  const pick = (groups: ActionGroup[] = []) => byPosition(groups).find((g) => g.status !== false && g.field_id == null);
  return pick(element?.action_groups) ?? pick(step?.action_groups);
}

/** SPEC 5: redirect URLs without http get http:// prepended (site-relative paths stay as they are). */
export function normalizeRedirect(url: string): string {
  const u = url.trim();
  if (/^https?:\/\//i.test(u) || /^\/(?![/\\])/.test(u)) return u;
  return "http://" + u.replace(/^\/+/, "");
}

/** Appends the current page's query parameters to a redirect (the query-string option). */
export function withQueryString(url: string, search: string): string {
  const q = search.replace(/^\?/, "");
  if (!q) return url;
  const [base, hash = ""] = url.split("#");
  return base + (base.includes("?") ? "&" : "?") + q + (hash ? "#" + hash : "");
}

/** The outcome of a conversion under an action group. */
export function outcomeOf(group: ActionGroup | undefined, search = ""): Outcome {
  const data = group?.data ?? {};
  const type = data["confirmation-type"];
  if (type === "redirect" && data["redirect-url"]) {
    const url = normalizeRedirect(data["redirect-url"]);
    return { type: "redirect", url: data["query-string"] ? withQueryString(url, search) : url, newTab: !!data["target-blank"] };
  }
  if (type === "step" && typeof data["redirect-step"] == "number") return { type: "step", position: data["redirect-step"] };
  return { type: "message", html: data.confirmation || DEFAULT_CONFIRMATION };
}
