/**
 * Visitor loading (SPEC section 4): a new visitor (no token cookie) is
 * created; a known one uses the stored person while it is fresh (30 min),
 * else fetches it; a failed fetch regenerates the token and creates a new
 * visitor. Never rejects: without the network the token still works, the
 * person is just unknown.
 */
import type { PublicPerson } from "#contract/schema/public-config";
import type { Api } from "./api";
import { randomId } from "./ids";
import type { LocalData } from "./person-data";
import type { Store } from "./storage";

/** SPEC 9: visitor id cookie lives 10512000 minutes. */
export const VISITOR_COOKIE_SECONDS = 10512000 * 60;
/** SPEC 9: a cached person is valid for 30 minutes. */
export const PERSON_FRESH_MS = 30 * 60 * 1000;
/** Length of a new visitor token (randomId: 64 symbols, so 192 bits). */
export const VISITOR_TOKEN_LENGTH = 32;

/** A visitor creation the embed snippet started before the loader arrived (snippet.ts): its token and its answer. */
export interface EarlyVisitor {
  t: string;
  p: Promise<Response>;
}

export interface VisitorDeps {
  websiteId: number;
  api: Pick<Api, "getVisitor" | "createVisitor" | "adoptVisitor">;
  store: Store;
  now?: () => number;
  /** The page address (the landing page of a new visitor). */
  href: string;
  referrer: string;
  /** UTM parameters of the address (url-params.ts readFlags). */
  utms?: Record<string, string>;
  /** The snippet's creation of this browser's visitor, adopted when its token is the cookie's. */
  early?: EarlyVisitor | null;
}

/** How the visitor was loaded: the path taken through SPEC 4's visitor loading. */
export type VisitorSource = "stored" | "fetched" | "created" | "regenerated" | "offline";

export interface LoadedVisitor {
  token: string;
  person: PublicPerson | null;
  loggedIn: boolean;
  source: VisitorSource;
}

interface StoredPerson {
  token: string;
  at: number;
  person: PublicPerson | null;
  logged_in?: boolean;
  /** What only this browser knows (person-data.ts); kept across refetches. */
  local?: LocalData;
}

// A string too: the snippet template (widget/snippet.ts) names the cookie with its website id placeholder.
export const visitorCookieName = (websiteId: number | string) => `cf_${websiteId}_id`;
export const personKey = (websiteId: number) => `cf_${websiteId}_person`;

/** Remembers the person locally so the next page within 30 minutes needs no request. */
export function savePerson(
  store: Store,
  websiteId: number,
  token: string,
  person: PublicPerson,
  now = Date.now(),
  loggedIn = false,
): void {
  const old = store.get<StoredPerson>(personKey(websiteId));
  store.set(personKey(websiteId), {
    token,
    at: now,
    person,
    logged_in: loggedIn,
    local: old?.local,
  } satisfies StoredPerson);
}

/** The browser-only person data (an empty object when there is none yet). */
export const readLocal = (store: Store, websiteId: number): LocalData =>
  store.get<StoredPerson>(personKey(websiteId))?.local || {};

/** Stores the browser-only person data beside the person. */
export function saveLocal(store: Store, websiteId: number, local: LocalData): void {
  const old = store.get<StoredPerson>(personKey(websiteId));
  store.set(personKey(websiteId), { token: "", at: 0, person: null, ...old, local } satisfies StoredPerson);
}

/** Loads or creates the visitor of this browser. */
export async function loadVisitor(deps: VisitorDeps): Promise<LoadedVisitor> {
  const { websiteId, api, store } = deps;
  const now = deps.now ?? Date.now;
  const cookie = visitorCookieName(websiteId);
  let token = store.cookie(cookie);
  let regenerated = false;
  // The snippet set the cookie and posted the creation already: its answer is this visitor's.
  const early = deps.early?.t === token ? deps.early : null;

  if (!early && token && /^[A-Za-z0-9_-]{16,64}$/.test(token)) {
    const stored = store.get<StoredPerson>(personKey(websiteId));
    if (stored && stored.token === token && now() - stored.at < PERSON_FRESH_MS && stored.person) {
      return { token, person: stored.person, loggedIn: !!stored.logged_in, source: "stored" };
    }
    try {
      const person = await api.getVisitor(token);
      savePerson(store, websiteId, token, person, now(), !!stored?.logged_in);
      return { token, person, loggedIn: !!stored?.logged_in, source: "fetched" };
    } catch {
      // SPEC 4: a failed fetch regenerates the id and creates a new visitor.
      regenerated = true;
    }
  }

  if (early) token = early.t;
  else {
    token = randomId(VISITOR_TOKEN_LENGTH);
    // Set before the request so other tabs opened meanwhile share the token (creation is idempotent).
    store.setCookie(cookie, token, VISITOR_COOKIE_SECONDS);
  }
  try {
    const res = early
      ? await api.adoptVisitor(early.p)
      : await api.createVisitor({
          visitor: {
            visitor_token: token,
            landing_page: deps.href.slice(0, 2000),
            platform: "Web",
            referral_source: deps.referrer ? deps.referrer.slice(0, 2000) : null,
            data: {},
          },
          new: true,
          utms: deps.utms || {},
        });
    savePerson(store, websiteId, token, res.visitor, now(), !!res.logged_in);
    return { token, person: res.visitor, loggedIn: !!res.logged_in, source: regenerated ? "regenerated" : "created" };
  } catch {
    return { token, person: null, loggedIn: false, source: "offline" };
  }
}
