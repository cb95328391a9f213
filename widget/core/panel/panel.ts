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
  isModal,
  priorityOf,
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
import {
  fillPanelText,
  panelCatalogue,
  panelEn,
  panelLanguage,
  PANEL_LOCALES,
  type PanelKey,
  type PanelTexts,
} from "#contract/i18n/panel";
import { hasOwnKey } from "#contract/json-record";
import type { PanelData } from "./types";

/** What the panel derives once per opening. */
interface View extends PanelData {
  active: number[];
  now: number;
  /** The owner's words (panelLanguage): English unless the browser or the website speaks another Beckon language. */
  texts?: PanelTexts;
  /** The locale of dates and times, matching the words. */
  locale?: string;
}

/** A text of the panel's catalogue, filled. */
const say = (texts: PanelTexts, key: PanelKey, values?: Record<string, string | number>) =>
  fillPanelText(texts[key], values);

/** A catalogue text named by a value from data (a CTA type, a frame), or the value itself when there is none. */
const sayOr = (texts: PanelTexts, key: string, fallback: string) =>
  hasOwnKey(panelEn, key) ? say(texts, key as PanelKey) : fallback;

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

const time = (t: number | null | undefined, locale?: string) => (t ? new Date(t).toLocaleString(locale) : "–");

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
export function describeCondition(cond: Condition, texts: PanelTexts = panelEn): string {
  const value =
    cond.url ??
    cond.tag_id ??
    cond.keyword ??
    cond.data_name ??
    cond.area_id ??
    cond.country ??
    (cond.cta_id != null ? `#${cond.cta_id}` : null) ??
    cond.count;
  const data = Object.entries(cond.data || {})
    .map(([k, v]) => `${k}=${v}`)
    .join(", ");
  const state = cond.condition_cta && sayOr(texts, `ctaState.${cond.condition_cta}`, cond.condition_cta);
  return [sayOr(texts, `cond.${cond.condition_type}`, cond.condition_type), state, value, data && `(${data})`]
    .filter((x) => x != null && x !== "")
    .join(" ");
}

/** What a trigger waits for, in words. */
export function describeTrigger(trigger: TriggerSpec, cart: CartCheck, texts: PanelTexts = panelEn): string {
  switch (trigger.kind) {
    case "delayed":
      return say(texts, "trigger.delayed", { n: trigger.delay / 1000 });
    case "scroll":
      return say(texts, "trigger.scroll", { n: trigger.scroll });
    case "exit":
      return say(texts, "trigger.exit");
    case "click":
      return say(texts, "trigger.click");
    case "add-to-cart":
      return say(texts, "trigger.cart", {
        value: say(texts, `cart.${cart.cmp}`, { min: cart.min, max: cart.max ?? "" }),
      });
    default:
      return say(texts, "trigger.immediate");
  }
}

function conditionList(data: View, conditions: Condition[]): HTMLElement {
  const texts = data.texts ?? panelEn;
  if (!conditions.length) return h("p", {}, say(texts, "noConditions"));
  const ul = h("ul");
  conditions.forEach((cond, index) => {
    const ok = test(cond, data.ctx);
    ul.append(
      h(
        "li",
        { class: ok ? "ok" : "no" },
        `${ok ? "✓" : "✗"} ${index ? say(texts, cond.operator === "or" ? "or" : "and") + " " : ""}${describeCondition(cond, texts)}`,
      ),
    );
  });
  return ul;
}

/** Why a CTA would or would not show on this page now. */
export function explainCta(data: View, summary: PublicCtaSummary): { shows: boolean; reasons: string[] } {
  const texts = data.texts ?? panelEn;
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
    reasons.push(say(texts, "siteFails"));
  }
  const named = (data.config.broadcasts || []).filter((broadcast) => namesCta(broadcast, summary));
  if (!named.length) {
    if (summary.broadcast_id != null) {
      shows = false;
      reasons.push(say(texts, "broadcastGone", { id: summary.broadcast_id }));
    } else reasons.push(say(texts, "noBroadcast"));
  } else {
    const on = named.filter((broadcast) => data.active.includes(broadcast.id));
    if (!on.length) shows = false;
    for (const broadcast of named) {
      const when = frame(broadcast, data.now);
      const why = data.active.includes(broadcast.id)
        ? "broadcastOn"
        : when === "ended"
          ? "broadcastEnded"
          : when === "not started"
            ? "broadcastNotStarted"
            : "broadcastFails";
      reasons.push(say(texts, why, { name: broadcast.name }));
    }
  }
  if (info.placed) {
    reasons.push(
      summary.options?.area
        ? say(texts, "placedArea", { area: String(summary.options.area) })
        : say(texts, "placedPlaceholder"),
    );
  } else {
    if (info.suppressed) {
      reasons.push(say(texts, "viewedCookie"));
      if (data.mode === "live") shows = false;
    }
    reasons.push(say(texts, "trigger", { trigger: describeTrigger(info.trigger, info.cart, texts) }));
  }
  if (info.display === "visible") reasons.push(say(texts, "showing"));
  else if (info.display === "closed") reasons.push(say(texts, "closed"));
  else if (info.armed) reasons.push(say(texts, "armed"));
  else if (info.fired) reasons.push(say(texts, "fired"));
  if (isModal(summary.cta_type)) {
    reasons.push(say(texts, "priority", { n: priorityOf(summary.options) }));
    const showing = data.config.ctas.find(
      (other) => other.id !== summary.id && isModal(other.cta_type) && data.state(other.id).s === "visible",
    );
    if (showing && info.display !== "visible") reasons.push(say(texts, "waitsFor", { name: showing.name }));
  }
  if (info.variant) reasons.push(say(texts, "variant", { variant: info.variant }));
  return { shows, reasons };
}

/**
 * The debug-mode no-name warning (SPEC 8): form fields a form shows that have
 * no name, whose answers can never be saved. It lives here, in the owner's
 * chunk, so no visitor's renderer carries it.
 */
export function unnamedFields(cta: CtaDocument, texts: PanelTexts = panelEn): string[] {
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
                    say(texts, "unnamed", {
                      label: String(options.label || options.placeholder || field.field_type),
                      id: element.id ?? say(texts, "newElement"),
                    }),
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
export async function warnUnnamed(data: PanelData & Pick<View, "texts">, id: number, list: HTMLElement): Promise<void> {
  const cta = await definition(data, id);
  for (const fieldName of cta ? unnamedFields(cta, data.texts) : []) {
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
  const texts = data.texts ?? panelEn;
  const status = frame(broadcast, data.now);
  const on = data.active.includes(broadcast.id);
  const range = broadcast.timeframe
    ? ` · ${broadcast.range_start ?? "…"} – ${broadcast.range_end ?? "…"} (${broadcast.timezone})`
    : "";
  return h(
    "div",
    { class: "cta" },
    h(
      "b",
      { class: on ? "ok" : "no" },
      say(texts, "broadcastLine", { name: broadcast.name, id: broadcast.id, state: say(texts, on ? "on" : "off") }),
    ),
    `${say(texts, broadcast.quick ? "quick" : "timed")} · ${say(texts, "status", { status: sayOr(texts, `frame.${status}`, status) })}${range} · ${say(texts, "broadcastCtas", { ids: (broadcast.cta_ids || []).join(", ") || "–" })}`,
    conditionList(data, broadcast.conditions || []),
    adminLink(data, `broadcasts/${broadcast.id}`, say(texts, "openBroadcast")),
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
  const lang = panelLanguage(navigator.languages ?? [navigator.language], snapshot.config.language);
  const texts = panelCatalogue(lang);
  const data: View = {
    ...snapshot,
    now,
    active: activeBroadcasts(snapshot.config.broadcasts || [], now, (c) => passes(c, snapshot.ctx)),
    texts,
    locale: PANEL_LOCALES[lang],
  };
  const word = (key: PanelKey, values?: Record<string, string | number>) => say(texts, key, values);
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
  const refreshButton = h("button", { type: "button", "data-action": "refresh" }, word("refresh"));
  refreshButton.addEventListener("click", () => refresh(data.config.website_id));
  const close = h("button", { type: "button", "aria-label": word("close") }, "×");
  close.addEventListener("click", () => host.remove());

  const ctas = h(
    "details",
    { open: "" },
    h(
      "summary",
      {},
      data.config.ctas.length === 1 ? word("campaigns.one") : word("campaigns", { n: data.config.ctas.length }),
    ),
  );
  for (const summary of data.config.ctas) {
    const { shows, reasons } = explainCta(data, summary);
    const show = h("button", { type: "button" }, word("showNow"));
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
          word("ctaLine", {
            id: summary.id,
            name: summary.name,
            type: sayOr(texts, `type.${summary.cta_type}`, summary.cta_type),
            verdict: word(shows ? "wouldShow" : "wouldNotShow"),
          }),
        ),
        list,
        show,
        " ",
        adminLink(data, `ctas/${summary.id}`, word("openCta")),
      ),
    );
  }

  root.append(
    h("style", {}, CSS),
    h(
      "div",
      { class: "p", role: "dialog", "aria-label": word("panel"), lang },
      h("header", {}, h("strong", {}, word("heading", { mode: word(`mode.${data.mode}`) })), refreshButton, close),
      h(
        "details",
        { open: "" },
        h("summary", {}, word("profile")),
        dl([
          [word("visitorToken"), person?.visitor_token],
          [word("personType"), person?.person_type && sayOr(texts, `person.${person.person_type}`, person.person_type)],
          [word("email"), person?.email],
          [word("phone"), person?.phone],
          [word("name"), [person?.name, person?.last_name].filter(Boolean).join(" ")],
          [word("company"), person?.company_name],
          [word("country"), person?.country ?? data.local.location?.countryCode],
          [word("tags"), (person?.data as Record<string, unknown>)?.tags],
          [word("location"), data.local.location],
          [word("parameters"), data.local.params],
        ]),
      ),
      h(
        "details",
        {},
        h("summary", {}, word("session")),
        dl([
          [word("session"), session.id],
          [word("started"), time(session.start, data.locale)],
          [word("previousSession"), time(session.previous, data.locale)],
          [word("sessionPages"), visits?.sessionPages],
          [word("sessions"), visits?.total],
          [word("pageViews"), visits?.pages[visits.current_page]],
          [word("previousPage"), visits?.previous_page],
          [word("steps"), data.steps],
          [word("timings"), data.timings],
        ]),
      ),
      h(
        "details",
        {},
        h("summary", {}, word("integrations")),
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
        h("summary", {}, word("broadcasts", { n: (data.config.broadcasts || []).length })),
        ...(data.config.broadcasts || []).map((b) => broadcastBlock(data, b)),
      ),
      h("details", {}, h("summary", {}, word("siteConditions")), conditionList(data, data.config.conditions || [])),
    ),
  );
  document.body.appendChild(host);
  open = host;
}
