/**
 * The standalone admin's store search as a hook, shared by the product and
 * the collection pickers: the typed words start a search after a pause, a
 * newer search aborts the older one, and "More results" appends the next
 * page by cursor. Searches post to the owner endpoint with the CSRF token.
 */
import { useEffect, useRef, useState } from "react";
import { CSRF_FIELD } from "#app/server/csrf-field";
import { useT } from "#app/i18n/useT";
import type { StoreProductsSource } from "./store-products-context";

/** How long typing must pause before the search runs. */
const SEARCH_DEBOUNCE_MS = 300;

interface Paged {
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}

export type StoreSearchState<P extends Paged> =
  | { status: "idle" }
  | { status: "loading"; page: P | null }
  | { status: "done"; page: P }
  | { status: "error"; message: string; page: P | null };

export interface StoreSearchKind<P extends Paged> {
  /** The endpoint's kind field (products when absent). */
  kind?: string;
  /** Whether an answer is a page of this kind. */
  isPage(body: unknown): body is P;
  /** The shown page followed by the next one. */
  append(shown: P, next: P): P;
}

/** Posts one search to the standalone admin's endpoint. */
async function postSearch<P extends Paged>(
  source: StoreProductsSource,
  of: StoreSearchKind<P>,
  query: string,
  after: string | null,
  signal: AbortSignal,
): Promise<P> {
  const form = new FormData();
  if (source.csrfToken) form.set(CSRF_FIELD, source.csrfToken);
  form.set("q", query);
  if (of.kind) form.set("kind", of.kind);
  if (after) form.set("after", after);
  const response = await fetch(source.searchUrl!, {
    method: "POST",
    body: form,
    signal,
    headers: { Accept: "application/json" },
  });
  const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
  if (!response.ok || !of.isPage(body)) throw new Error(body?.error?.message ?? `HTTP ${response.status}`);
  return body;
}

/** The search box's words, the search's state and the way to the next page. */
export function useStoreSearch<P extends Paged>(source: StoreProductsSource, of: StoreSearchKind<P>) {
  const translate = useT();
  const [query, setQuery] = useState("");
  const [state, setState] = useState<StoreSearchState<P>>({ status: "idle" });
  const running = useRef<AbortController | null>(null);

  const run = (searchQuery: string, after: string | null, previous: P | null) => {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setState({ status: "loading", page: previous });
    postSearch(source, of, searchQuery, after, controller.signal).then(
      (page) => {
        if (controller.signal.aborted) return;
        setState({ status: "done", page: previous ? of.append(previous, page) : page });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const message =
          error instanceof TypeError
            ? translate("productPicker.offline")
            : error instanceof Error
              ? error.message
              : String(error);
        setState({ status: "error", message, page: previous });
      },
    );
  };

  useEffect(() => {
    if (!query.trim()) {
      running.current?.abort();
      setState({ status: "idle" });
      return;
    }
    const timer = setTimeout(() => run(query, null, null), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- run reads the current source; the query alone starts a search
  }, [query]);
  useEffect(() => () => running.current?.abort(), []);

  /** Appends the next page of the finished search. */
  const more = () => {
    if (state.status === "done") run(query, state.page.pageInfo.endCursor, state.page);
  };
  return { query, setQuery, state, page: state.status === "idle" ? null : state.page, more };
}
