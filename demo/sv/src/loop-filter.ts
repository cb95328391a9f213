/**
 * The loop filter (SPEC 2, 7): filter buttons narrow a loop grid by taxonomy
 * terms. Each change rewrites the address (+ joins terms with AND, ~ with
 * OR, e-page-{loop} is the page), then asks the site to re-render the loop:
 * POST {rest}/elementor-pro/v1/refresh-loop with post_id, widget_filters,
 * widget_id and pagination_base_url (plus widget_model and is_edit_mode in
 * the editor), answered with { data: html }. A failed or non-OK answer is
 * ignored and the items stay as they were.
 */
import type { SiteConfig } from "./config";
import { claim, emit, jsonAttr, within } from "./dom";
import {
  buildLoopQuery,
  parseLoopQuery,
  toggleTerm,
  toWidgetFilters,
  type LogicalJoin,
  type LoopFilters,
} from "./loop-query";

interface FilterSettings {
  selected_element?: string;
  taxonomy?: string;
  logical_join?: LogicalJoin;
  multiple_selection?: "yes" | "";
}

export const ALL_TERMS = "__all";

export interface RefreshBody {
  post_id: number;
  widget_filters: ReturnType<typeof toWidgetFilters>;
  widget_id: string;
  pagination_base_url: string;
  widget_model?: unknown;
  is_edit_mode?: boolean;
}

// One state per loop on the page, shared by every filter widget that targets it.
const loops = new Map<string, { filters: LoopFilters; page: number; seq: number }>();

export function initLoopFilters(
  root: ParentNode,
  doc: Document,
  win: Window,
  config: SiteConfig,
  reinit: (root: Element) => void,
): void {
  const stateOf = (loopId: string) => {
    let state = loops.get(loopId);
    if (!state) {
      const parsed = parseLoopQuery(win.location.search, loopId);
      state = { ...parsed, seq: 0 };
      loops.set(loopId, state);
    }
    return state;
  };
  const widgetOf = (loopId: string) =>
    /^[\w-]+$/.test(loopId) ? doc.querySelector<HTMLElement>(`.elementor-element-${loopId}`) : null;

  const paint = (loopId: string) => {
    const { filters } = stateOf(loopId);
    for (const widget of doc.querySelectorAll<HTMLElement>(".e-filter")) {
      const settings = jsonAttr<FilterSettings>(widget, "data-settings") ?? {};
      if (settings.selected_element !== loopId || !settings.taxonomy) continue;
      const terms = filters[settings.taxonomy]?.terms ?? [];
      widget.querySelectorAll<HTMLElement>(".e-filter-item").forEach((b) => {
        const term = b.getAttribute("data-filter");
        b.setAttribute("aria-pressed", String(term === ALL_TERMS ? terms.length === 0 : terms.includes(term ?? "")));
      });
    }
  };

  const refresh = async (loopId: string) => {
    const state = stateOf(loopId);
    const seq = ++state.seq;
    const widget = widgetOf(loopId);
    if (!widget) return;
    const body: RefreshBody = {
      post_id: config.postId,
      widget_filters: toWidgetFilters(state.filters),
      widget_id: loopId,
      pagination_base_url: win.location.href,
    };
    if (config.isEditMode) {
      body.widget_model = jsonAttr(widget, "data-widget-model");
      body.is_edit_mode = true;
    }
    widget.classList.add("e-loading");
    emit(widget, "loop:request", body);
    try {
      const res = await win.fetch(`${config.restUrl}elementor-pro/v1/refresh-loop`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      if (!res.ok) return;
      const answer = (await res.json()) as { data?: unknown };
      if (typeof answer?.data !== "string" || seq !== state.seq) return;
      const holder = doc.createElement("div");
      holder.innerHTML = answer.data.trim();
      const fresh = holder.firstElementChild;
      const old = widget.querySelector(":scope > .elementor-widget-container");
      if (!fresh || !fresh.classList.contains("elementor-widget-container") || !old) return;
      old.replaceWith(fresh);
      reinit(fresh);
      emit(widget, "loop:refreshed", body);
    } catch {
      // The page keeps the items it had.
    } finally {
      if (seq === state.seq) widget.classList.remove("e-loading");
    }
  };

  const navigate = (loopId: string) => {
    const { filters, page } = stateOf(loopId);
    const url = `${win.location.pathname}${buildLoopQuery(win.location.search, loopId, filters, page)}${win.location.hash}`;
    win.history.pushState({ svLoop: loopId }, "", url);
    paint(loopId);
    void refresh(loopId);
  };

  for (const widget of within<HTMLElement>(root, ".e-filter")) {
    if (!claim(widget, "loop-filter")) continue;
    const settings = jsonAttr<FilterSettings>(widget, "data-settings") ?? {};
    const loopId = settings.selected_element;
    const taxonomy = settings.taxonomy;
    if (!loopId || !taxonomy) continue;
    paint(loopId);
    widget.addEventListener("click", (event) => {
      const button = (event.target as Element).closest<HTMLElement>(".e-filter-item");
      if (!button || !widget.contains(button)) return;
      event.preventDefault();
      const state = stateOf(loopId);
      const term = button.getAttribute("data-filter") ?? "";
      const join = settings.logical_join === "AND" ? "AND" : "OR";
      if (term === ALL_TERMS) delete state.filters[taxonomy];
      else {
        const next = toggleTerm(state.filters[taxonomy], term, join, settings.multiple_selection !== "yes");
        if (next.terms.length) state.filters[taxonomy] = next;
        else delete state.filters[taxonomy];
      }
      state.page = 1;
      navigate(loopId);
    });
  }

  // Pagination inside a filtered loop stays on the page and keeps the filters.
  for (const widget of within<HTMLElement>(root, ".elementor-widget-loop-grid[data-id]")) {
    if (!claim(widget, "loop-pagination")) continue;
    const loopId = widget.getAttribute("data-id")!;
    widget.addEventListener("click", (event) => {
      const link = (event.target as Element).closest<HTMLAnchorElement>("a.page-numbers[href]");
      if (!link || !widget.contains(link)) return;
      event.preventDefault();
      stateOf(loopId).page = parseLoopQuery(new URL(link.href).search, loopId).page;
      navigate(loopId);
      widget.scrollIntoView({ block: "start" });
    });
  }

  if (claim(doc.documentElement, "loop-history")) {
    win.addEventListener("popstate", () => {
      for (const [loopId, state] of loops) {
        Object.assign(state, parseLoopQuery(win.location.search, loopId));
        paint(loopId);
        void refresh(loopId);
      }
    });
  }
}
