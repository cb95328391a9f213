/**
 * Visitor loading (SPEC section 4): a new visitor (no token cookie) is
 * created; a known one uses the stored person while it is fresh (30 min),
 * else fetches it; a failed fetch regenerates the token and creates a new
 * visitor. Never rejects: without the network the token still works, the
 * person is just unknown.
 */
import type { PublicPerson } from "../../app/lib/schema/public-config";
import type { Api } from "./api";
import { randomId } from "./ids";
import type { Store } from "./storage";

/** SPEC 9: visitor id cookie lives 10512000 minutes. */
export const VISITOR_COOKIE_SECONDS = 10512000 * 60;
/** SPEC 9: a cached person is valid for 30 minutes. */
export const PERSON_FRESH_MS = 30 * 60 * 1000;

const UTM_KEYS = ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content"];

export interface VisitorDeps {
  websiteId: number;
  api: Pick<Api, "getVisitor" | "createVisitor">;
  store: Store;
  now?: () => number;
  /** The page address (landing page, UTM parameters). */
  href: string;
  referrer: string;
}

export interface LoadedVisitor {
  token: string;
  person: PublicPerson | null;
  isNew: boolean;
  loggedIn: boolean;
}

interface StoredPerson {
  token: string;
  at: number;
  person: PublicPerson;
  logged_in?: boolean;
}

export const visitorCookieName = (websiteId: number) => `cf_${websiteId}_id`;
export const personKey = (websiteId: number) => `cf_${websiteId}_person`;

/** Reads the UTM parameters of an address (at most 500 characters each). */
export function readUtms(href: string): Record<string, string> {
  const utms: Record<string, string> = {};
  try {
    const params = new URL(href).searchParams;
    for (const k of UTM_KEYS) {
      const v = params.get(k);
      if (v) utms[k] = v.slice(0, 500);
    }
  } catch {
    /* not a URL */
  }
  return utms;
}

/** Remembers the person locally so the next page within 30 minutes needs no request. */
export function savePerson(store: Store, websiteId: number, token: string, person: PublicPerson, now = Date.now(), loggedIn = false): void {
  store.set(personKey(websiteId), { token, at: now, person, logged_in: loggedIn } satisfies StoredPerson);
}

/** Loads or creates the visitor of this browser. */
export async function loadVisitor(deps: VisitorDeps): Promise<LoadedVisitor> {
  const { websiteId, api, store } = deps;
  const now = deps.now ?? Date.now;
  const cookie = visitorCookieName(websiteId);
  let token = store.cookie(cookie);

  if (token && /^[A-Za-z0-9_-]{16,64}$/.test(token)) {
    const stored = store.get<StoredPerson>(personKey(websiteId));
    if (stored && stored.token === token && now() - stored.at < PERSON_FRESH_MS && stored.person) {
      return { token, person: stored.person, isNew: false, loggedIn: !!stored.logged_in };
    }
    try {
      const person = await api.getVisitor(token);
      savePerson(store, websiteId, token, person, now());
      return { token, person, isNew: false, loggedIn: false };
    } catch {
      // SPEC 4: a failed fetch regenerates the id and creates a new visitor.
    }
  }

  token = randomId(32);
  // Set before the request so other tabs opened meanwhile share the token (creation is idempotent).
  store.setCookie(cookie, token, VISITOR_COOKIE_SECONDS);
  try {
    const res = await api.createVisitor({
      visitor: {
        visitor_token: token,
        landing_page: deps.href.slice(0, 2000),
        platform: "Web",
        referral_source: deps.referrer ? deps.referrer.slice(0, 2000) : null,
        data: {},
      },
      new: true,
      utms: readUtms(deps.href),
    });
    savePerson(store, websiteId, token, res.visitor, now(), !!res.logged_in);
    return { token, person: res.visitor, isNew: true, loggedIn: !!res.logged_in };
  } catch {
    return { token, person: null, isNew: true, loggedIn: false };
  }
}
