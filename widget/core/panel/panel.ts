/**
 * The owner test panel (SPEC 6), its own chunk (beckon-panel.js): the
 * loader imports it only for site owners (cf_{websiteId}_admin=true or the
 * logged-in cookie). It shows the profile, the session, integrations data,
 * campaigns with why each CTA would or would not show, broadcasts and the
 * site-wide conditions, and has a refresh button that clears Beckon's
 * cookies and local storage. Plain DOM in a shadow root, no framework.
 */
import type { Condition } from "#contract/schema/condition";
import type { CtaDocument } from "#contract/schema/cta";
import type { PublicBroadcast, PublicCtaSummary } from "#contract/schema/public-config";
import { activeBroadcasts, frame } from "#widget/core/broadcasts";
import { namesCta } from "#widget/core/broadcasts-on";
import { passes, test } from "#widget/core/conditions";
import {
  cartCheckOf,
  hasTeaser,
  hideMinutes,
  triggerOf,
  type CartCheck,
  type TriggerSpec,
} from "#contract/cta-options";
import { FORM_FIELD_TYPES } from "#widget/render/form-fields";
import type { CachedCta } from "#widget/core/cta-store";
import { debug } from "#widget/core/debug";
import { placed } from "#contract/placement";
import { sessionKey, type Session } from "#widget/core/session";
import { viewedCookieName } from "#widget/core/targeting";
import { variantCookieName } from "#widget/core/variant";
import type { PanelData } from "./types";

/** What the panel derives once per opening. */
interface View extends PanelData {
  active: number[];
  now: number;
}

type Child = Node | string | null | undefined | false;

function h(tag: string, attrs: Record<string, string> = {}, ...children: Child[]): HTMLElement {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, value);
  for (const child of children) if (child) el.append(child);
  return el;
}

const CSS = `
:host{all:initial}
.p{position:fixed;left:12px;bottom:12px;z-index:2147483647;width:min(440px,calc(100vw - 24px));max-height:75vh;overflow:auto;
background:#fff;color:#1d2430;border:1px solid #c9d2dc;border-radius:8px;box-shadow:0 8px 28px rgba(0,0,0,.2);
font:12px/1.45 system-ui,-apple-system,Segoe UI,Roboto,sans-serif}
header{position:sticky;top:0;background:#12304a;color:#fff;padding:8px 10px;display:flex;gap:8px;align-items:center}
header strong{flex:1}
button{font:inherit;cursor:pointer;border:1px solid #c9d2dc;background:#f4f6f8;color:#1d2430;border-radius:4px;padding:2px 8px}
header button{background:#fff}
details{border-top:1px solid #e5e9ee;padding:6px 10px}
summary{font-weight:600;cursor:pointer}
dl{display:grid;grid-template-columns:auto 1fr;gap:2px 10px;margin:6px 0}
dt{color:#5b6775}dd{margin:0;word-break:break-word}
ul{margin:4px 0;padding-left:18px}
.ok{color:#0a7a3a}.no{color:#b42318}
.cta{border:1px solid #e5e9ee;border-radius:6px;padding:6px;margin:6px 0}
.cta b{display:block}
pre{white-space:pre-wrap;word-break:break-word;background:#f7f8fa;padding:6px;margin:4px 0;max-height:160px;overflow:auto}
`;

const time = (t: number | null | undefined) => (t ? new Date(t).toLocaleString() : "–");

function dl(rows: [string, unknown][]): HTMLElement {
  const el = h("dl");
  for (const [term, detail] of rows)
    el.append(
      h("dt", {}, term),
      h(
        "dd",
        {},
        detail == null || detail === "" ? "–" : typeof detail == "object" ? JSON.stringify(detail) : String(detail),
      ),
    );
  return el;
}

/** One line for a condition: what it tests, in words the owner set it up with. */
export function describeCondition(cond: Condition): string {
  const value =
    cond.url ??
    cond.tag_id ??
    cond.keyword ??
    cond.data_name ??
    cond.area_id ??
    cond.country ??
    (cond.cta_id != null ? `CTA ${cond.cta_id}` : null) ??
    cond.count;
  const data = Object.entries(cond.data || {})
    .map(([k, v]) => `${k}=${v}`)
    .join(", ");
  return [cond.condition_type.replace(/_/g, " "), cond.condition_cta, value, data && `(${data})`]
    .filter((x) => x != null && x !== "")
    .join(" ");
}

/** What a trigger waits for, in words. */
export function describeTrigger(trigger: TriggerSpec, cart: CartCheck): string {
  switch (trigger.kind) {
    case "delayed":
      return `after ${trigger.delay / 1000} s`;
    case "scroll":
      return `after scrolling ${trigger.scroll}%`;
    case "exit":
      return "on exit intent";
    case "click":
      return "on a click on its trigger class only";
    case "add-to-cart":
      return `on add to cart when the cart value is ${cart.cmp === "range" ? `${cart.min}–${cart.max}` : `${cart.cmp} than ${cart.min}`}`;
    default:
      return "at once";
  }
}

function conditionList(data: PanelData, conditions: Condition[]): HTMLElement {
  if (!conditions.length) return h("p", {}, "No conditions: always passes.");
  const ul = h("ul");
  conditions.forEach((cond, index) => {
    const ok = test(cond, data.ctx);
    ul.append(
      h(
        "li",
        { class: ok ? "ok" : "no" },
        `${ok ? "✓" : "✗"} ${index ? cond.operator.toUpperCase() + " " : ""}${describeCondition(cond)}`,
      ),
    );
  });
  return ul;
}

/** Why a CTA would or would not show on this page now. */
export function explainCta(data: View, summary: PublicCtaSummary): { shows: boolean; reasons: string[] } {
  const state = data.state(summary.id);
  const id = data.config.website_id;
  const info = {
    display: state.s,
    armed: !!state.off,
    fired: !!state.fired,
    placed: placed(summary),
    suppressed: hideMinutes(summary.options) !== null && data.cookie(viewedCookieName(id, summary.id)) != null,
    trigger: triggerOf(summary.options, hasTeaser(summary.cta_type, summary.options)),
    cart: cartCheckOf(summary.options, data.config.data_settings?.["cart-value-threshold"]),
    variant: data.cookie(variantCookieName(id, summary.id)),
  };
  const reasons: string[] = [];
  let shows = true;
  if (!passes(data.config.conditions || [], data.ctx)) {
    shows = false;
    reasons.push("The site-wide conditions do not pass.");
  }
  const named = (data.config.broadcasts || []).filter((broadcast) => namesCta(broadcast, summary));
  if (!named.length) {
    if (summary.broadcast_id != null) {
      shows = false;
      reasons.push(`Its broadcast ${summary.broadcast_id} is not running (paused or deleted).`);
    } else reasons.push("No broadcast names it: it runs on every page.");
  } else {
    const on = named.filter((broadcast) => data.active.includes(broadcast.id));
    if (!on.length) shows = false;
    for (const broadcast of named) {
      const when = frame(broadcast, data.now);
      reasons.push(
        data.active.includes(broadcast.id)
          ? `Broadcast “${broadcast.name}” is on.`
          : `Broadcast “${broadcast.name}” is off: ${when !== "started" ? `its time frame has ${when === "ended" ? "ended" : "not started"}` : "its conditions do not pass"}.`,
      );
    }
  }
  if (info.placed) {
    const spot = summary.options?.area
      ? `the page area “${String(summary.options.area)}” or a placeholder`
      : "a placeholder (.beckon-cta[data-cta-id])";
    reasons.push(`Shown where the page places it: ${spot}.`);
  } else {
    if (info.suppressed) {
      reasons.push("The viewed cookie hides it (closed or converted before); admin mode shows it anyway.");
      if (data.mode === "live") shows = false;
    }
    reasons.push(`Trigger: ${describeTrigger(info.trigger, info.cart)}.`);
  }
  if (info.display === "visible") reasons.push("Showing now.");
  else if (info.display === "closed") reasons.push("Closed on this page.");
  else if (info.armed) reasons.push("Waiting for its trigger.");
  else if (info.fired) reasons.push("Its trigger fired on this page.");
  if (info.variant) reasons.push(`Remembered A/B variant: ${info.variant}.`);
  return { shows, reasons };
}

/**
 * The debug-mode no-name warning (SPEC 8): form fields a form shows that have
 * no name, whose answers can never be saved. It lives here, in the owner's
 * chunk, so no visitor's renderer carries it.
 */
export function unnamedFields(cta: CtaDocument): string[] {
  const found: string[] = [];
  for (const variant of cta.variants || [])
    for (const step of variant.steps || [])
      for (const section of step.sections || [])
        for (const column of section.columns || [])
          for (const element of column.elements || [])
            if (element.element_type === "form")
              for (const field of element.fields || [])
                if (FORM_FIELD_TYPES.includes(field.field_type) && !(field.slug ?? "").trim()) {
                  const options = field.options || {};
                  found.push(
                    `Form field “${String(options.label || options.placeholder || field.field_type)}” (element ${element.id ?? "new"}) has no name, so its answer is not saved.`,
                  );
                }
  return found;
}

// Warned once a page: the panel reopens with fresh data on every refresh of its view.
const warned = new Set<string>();

/** The CTA's definition: the loader's cached copy, else fetched from the API (the owner only, once per opening). */
async function definition(data: PanelData, id: number): Promise<CtaDocument | null> {
  try {
    const cached = JSON.parse(
      localStorage.getItem(`cf_${data.config.website_id}_cta_${id}`) || "null",
    ) as CachedCta | null;
    if (cached?.cta) return cached.cta;
  } catch {
    /* storage blocked: ask the API */
  }
  try {
    const res = await fetch(`${data.config.api_origin.replace(/\/+$/, "")}/api/cta/${id}.json`);
    return res.ok ? ((await res.json()) as { cta: CtaDocument }).cta : null;
  } catch {
    return null;
  }
}

/** Warns in the console and in the CTA's block about its unnamed form fields. */
export async function warnUnnamed(data: PanelData, id: number, list: HTMLElement): Promise<void> {
  const cta = await definition(data, id);
  for (const fieldName of cta ? unnamedFields(cta) : []) {
    list.append(h("li", { class: "no", "data-unnamed": "" }, fieldName));
    const key = `${data.config.website_id}/${id}/${fieldName}`;
    if (!warned.has(key)) {
      warned.add(key);
      debug(`CTA ${id}: ${fieldName}`);
    }
  }
}

/** A link to an admin page of this website, opened beside the page under test. */
const adminLink = (data: View, path: string, text: string) =>
  h(
    "a",
    {
      href: `${data.config.api_origin}/owner/websites/${data.config.website_id}/${path}`,
      target: "_blank",
      rel: "noopener",
      "data-admin": "",
    },
    text,
  );

function broadcastBlock(data: View, broadcast: PublicBroadcast): HTMLElement {
  const status = frame(broadcast, data.now);
  const on = data.active.includes(broadcast.id);
  return h(
    "div",
    { class: "cta" },
    h("b", { class: on ? "ok" : "no" }, `${broadcast.name} (#${broadcast.id}): ${on ? "on" : "off"}`),
    `${broadcast.quick ? "Quick" : "Timed"} · status: ${status}${broadcast.timeframe ? ` · ${broadcast.range_start ?? "…"} – ${broadcast.range_end ?? "…"} (${broadcast.timezone})` : ""} · CTAs: ${(broadcast.cta_ids || []).join(", ") || "–"}`,
    conditionList(data, broadcast.conditions || []),
    adminLink(data, `broadcasts/${broadcast.id}`, "Open the broadcast in the admin"),
  );
}

/** Clears Beckon's cookies and local storage (the logged-in cookie stays, so the owner stays recognised) and reloads. */
export function refresh(websiteId: number, doc: Document = document, win: Window = window): void {
  for (const part of doc.cookie.split("; ")) {
    const name = part.split("=")[0];
    if (name.startsWith("cf_") && name !== `cf_${websiteId}_logged_in`)
      doc.cookie = `${name}=; max-age=0; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  try {
    for (const key of Object.keys(win.localStorage)) if (key.startsWith("cf_")) win.localStorage.removeItem(key);
  } catch {
    /* storage blocked */
  }
  win.location.reload();
}

let open: HTMLElement | null = null;

/** Opens (or reopens with fresh data) the test panel. */
export function openPanel(snapshot: PanelData): void {
  open?.remove();
  const now = Date.now();
  const data: View = {
    ...snapshot,
    now,
    active: activeBroadcasts(snapshot.config.broadcasts || [], now, (c) => passes(c, snapshot.ctx)),
  };
  const host = document.createElement("beckon-panel");
  const root = host.attachShadow({ mode: "open" });
  const person = data.ctx.person;
  let session: Partial<Session> = {};
  try {
    session = JSON.parse(localStorage.getItem(sessionKey(data.config.website_id)) || "{}");
  } catch {
    /* storage blocked */
  }
  const visits = data.local.visits;
  const refreshButton = h("button", { type: "button", "data-action": "refresh" }, "Refresh");
  refreshButton.addEventListener("click", () => refresh(data.config.website_id));
  const close = h("button", { type: "button", "aria-label": "Close the test panel" }, "×");
  close.addEventListener("click", () => host.remove());

  const ctas = h("details", { open: "" }, h("summary", {}, `Campaigns (${data.config.ctas.length} CTAs)`));
  for (const summary of data.config.ctas) {
    const { shows, reasons } = explainCta(data, summary);
    const show = h("button", { type: "button" }, "Show now");
    show.addEventListener("click", () => data.show(summary.id));
    const list = h("ul", {}, ...reasons.map((reason) => h("li", {}, reason)));
    void warnUnnamed(data, summary.id, list);
    ctas.append(
      h(
        "div",
        { class: "cta", "data-cta": String(summary.id) },
        h(
          "b",
          { class: shows ? "ok" : "no" },
          `#${summary.id} ${summary.name} (${summary.cta_type}): ${shows ? "would show" : "would not show"}`,
        ),
        list,
        show,
        " ",
        adminLink(data, `ctas/${summary.id}`, "Open the CTA in the admin"),
      ),
    );
  }

  root.append(
    h("style", {}, CSS),
    h(
      "div",
      { class: "p", role: "dialog", "aria-label": "Beckon test panel" },
      h("header", {}, h("strong", {}, `Beckon test panel · ${data.mode} mode`), refreshButton, close),
      h(
        "details",
        { open: "" },
        h("summary", {}, "Profile"),
        dl([
          ["Visitor token", person?.visitor_token],
          ["Type", person?.person_type],
          ["E-mail", person?.email],
          ["Phone", person?.phone],
          ["Name", [person?.name, person?.last_name].filter(Boolean).join(" ")],
          ["Company", person?.company_name],
          ["Country", person?.country ?? data.local.location?.countryCode],
          ["Tags", (person?.data as Record<string, unknown>)?.tags],
          ["Location", data.local.location],
          ["Parameters", data.local.params],
        ]),
      ),
      h(
        "details",
        {},
        h("summary", {}, "Session"),
        dl([
          ["Session", session.id],
          ["Started", time(session.start)],
          ["Previous session", time(session.previous)],
          ["Pages this session", visits?.sessionPages],
          ["Sessions", visits?.total],
          ["Views of this page", visits?.pages[visits.current_page]],
          ["Previous page", visits?.previous_page],
          ["Loading steps", data.steps],
          ["Timings (ms)", data.timings],
        ]),
      ),
      h(
        "details",
        {},
        h("summary", {}, "Integrations data"),
        h(
          "pre",
          {},
          JSON.stringify(
            {
              integrations: (person?.data as Record<string, unknown>)?.integrations ?? {},
              cart: data.local.cart ?? null,
              company: data.local.company ?? null,
            },
            null,
            2,
          ),
        ),
      ),
      ctas,
      h(
        "details",
        {},
        h("summary", {}, `Broadcasts (${(data.config.broadcasts || []).length})`),
        ...(data.config.broadcasts || []).map((b) => broadcastBlock(data, b)),
      ),
      h("details", {}, h("summary", {}, "Site-wide conditions"), conditionList(data, data.config.conditions || [])),
    ),
  );
  document.body.appendChild(host);
  open = host;
}
