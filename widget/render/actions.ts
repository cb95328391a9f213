/**
 * Actions on the local person (SPEC 4 "Actions on the local person"): tags,
 * custom fields, scores (per CTA variant or global) and the list and tag
 * entries integrations keep in the person's data. Pure: returns the changed
 * person and the score to report; the server applies the real list
 * subscriptions from the same actions when the contact arrives.
 *
 * Where things live in person.data: tags (string[]), score (the global
 * score), scores["{ctaId}-{variantId}"] (variant scores), integrations[id].lists
 * and integrations[id].tags (string[]). Custom fields go to person.extra.
 */
import { emptyRecord } from "#contract/json-record";
import type { CtaAction } from "#contract/schema/cta";
import type { PublicPerson } from "#contract/schema/public-config";
// Every chunk reaches the shared code through kit.ts (see there): json-record is shared with the entry.
import "./kit";

export interface ActionScope {
  ctaId: number;
  variantId: number | null;
  /** variant.score_field: the custom field that mirrors the variant score. */
  scoreField?: string | null;
}

const toggle = (list: unknown, item: string, add: boolean): string[] => {
  const kept = (Array.isArray(list) ? list : []).map(String).filter((x) => x !== item);
  return add ? [...kept, item] : kept;
};

const toNumber = (v: unknown) => (typeof v == "number" ? v : Number(v)) || 0;

/** Applies the person actions of a conversion; other action types are ignored here. */
export function applyPersonActions(
  person: PublicPerson,
  actions: CtaAction[],
  scope: ActionScope,
): { person: PublicPerson; score: number | null } {
  const data: Record<string, any> = JSON.parse(JSON.stringify(person.data ?? {}));
  const extra: Record<string, unknown> = { ...person.extra };
  let score: number | null = null;
  for (const action of actions) {
    const actionData = (action.data ?? {}) as Record<string, unknown>;
    const tag = String(action.tag_id ?? actionData.tag ?? "").trim();
    switch (action.action_type) {
      case "add_tag":
      case "remove_tag":
        if (tag) data.tags = toggle(data.tags, tag, action.action_type === "add_tag");
        break;
      case "update_field": {
        const key = String(actionData.field ?? actionData.data_name ?? actionData.key ?? "").trim();
        if (key) extra[key] = actionData.value ?? null;
        break;
      }
      case "update_score":
      case "add_score":
      case "subtract_score": {
        const global = actionData.scope === "global";
        const key = `${scope.ctaId}-${scope.variantId ?? 0}`;
        data.scores = data.scores && typeof data.scores == "object" ? data.scores : {};
        const now = global ? toNumber(data.score) : toNumber(data.scores[key]);
        const by = toNumber(actionData.score ?? actionData.value);
        const next =
          action.action_type === "update_score" ? by : action.action_type === "add_score" ? now + by : now - by;
        if (global) data.score = next;
        else {
          data.scores[key] = next;
          if (scope.scoreField) extra[scope.scoreField] = next;
        }
        score = next;
        break;
      }
      case "subscribe_list":
      case "unsubscribe_list":
      case "add_list_tag":
      case "remove_list_tag": {
        const id = String(action.integration_id ?? actionData.integration_id ?? "default");
        const listAction = action.action_type.endsWith("_list");
        const value = String(listAction ? (actionData.list_id ?? "") : tag);
        if (!value) break;
        // Keyed by an id from the action's data: a null-prototype copy keeps "__proto__" or "constructor" an entry
        // of its own, so no action can reach Object.prototype (or Object) and change every object on the page.
        data.integrations = Object.assign(
          emptyRecord(),
          data.integrations && typeof data.integrations == "object" ? data.integrations : {},
        );
        const entry = (data.integrations[id] ??= {});
        const field = listAction ? "lists" : "tags";
        entry[field] = toggle(entry[field], value, action.action_type.startsWith(listAction ? "subscribe" : "add"));
        break;
      }
    }
  }
  return { person: { ...person, data, extra }, score };
}

/**
 * Opens the site's chat messenger (the messenger action): the first of the
 * common chat widgets the page has. Returns false when there is none.
 */
export function openMessenger(win: Window = window): boolean {
  const host = win as unknown as Record<string, any>;
  try {
    if (typeof host.Intercom == "function") return (host.Intercom("show"), true);
    if (host.$crisp?.push) return (host.$crisp.push(["do", "chat:open"]), true);
    if (host.HubSpotConversations?.widget) return (host.HubSpotConversations.widget.open(), true);
    if (typeof host.zE == "function") return (host.zE("messenger", "open"), true);
    if (host.tidioChatApi) return (host.tidioChatApi.open(), true);
    if (host.drift?.api) return (host.drift.api.openChat(), true);
    if (host.FB?.CustomerChat) return (host.FB.CustomerChat.show(true), true);
    if (host.LiveChatWidget) return (host.LiveChatWidget.call("maximize"), true);
    if (host.Tawk_API?.maximize) return (host.Tawk_API.maximize(), true);
  } catch {
    /* a broken chat widget is not ours to report */
  }
  return false;
}
