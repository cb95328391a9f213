/**
 * Cookies and localStorage behind one small interface. Both may be blocked
 * (privacy modes, sandboxed iframes, full quota), so every access is guarded
 * and localStorage falls back to memory for the life of the page.
 *
 * What the loader keeps (SPEC 9 lifetimes), per website id W:
 * cookies (first party, path /):
 * - cf_W_id: the visitor token, 10512000 minutes;
 * - cf_W_logged_in: "true" for a site owner, 86400 minutes;
 * - cf_W_cta_C_variant: the A/B variant of CTA C, 10512000 seconds;
 * - cf_W_cta_C_viewed: CTA C was closed or converted: hide-days x 1440
 *   minutes, or minutes-hide when aggressive is "minutes", a session cookie
 *   when that is 0, none when aggressive is true.
 * localStorage:
 * - cf_W_person: the person (fresh for 30 minutes) and the browser-only
 *   data (visits, CTA counts, URL parameters, location, cart, company);
 * - cf_W_session: the session (30 minutes), its previous time and orders;
 * - cf_W_events, cf_W_contacts: the tracking queue and the contact outbox;
 * - cf_W_identify: identify and trackPurchase calls not handled yet;
 * - cf_W_customer: the session a logged-in Shopify customer was linked in;
 * - cf_W_cta_C: CTA C's definition, 7 days or until republished.
 * The test panel's refresh clears all cf_ keys but the logged-in cookie.
 */

/** Key-value persistence the core modules depend on (tests pass their own). */
export interface Store {
  cookie(name: string): string | null;
  /** Sets a first-party cookie for the whole site; maxAge in seconds, none for a session cookie, 0 to delete it. */
  setCookie(name: string, value: string, maxAgeSeconds?: number): void;
  get<T>(key: string): T | null;
  set(key: string, value: unknown): void;
}

/** How long the store trusts its copy of document.cookie (ms). */
export const COOKIE_JAR_MS = 1000;

/** document.cookie as the embed snippet read it (with its own write) and when: beckon.c (snippet.ts). */
export interface CookieSeed {
  s: string;
  t: number;
}

/**
 * The browser's cookies and localStorage, with a memory fallback.
 * document.cookie is parsed at most once a second: each read after a write
 * is a synchronous round trip to the browser's cookie store, which cost the
 * widget several milliseconds per page at start. Our own writes update the
 * copy at once; other writers (other tabs, the host page) are seen within a second.
 * `seed` is the embed snippet's read (beckon.c), which the copy starts from
 * while it is less than a second old: the snippet's own cookie write made the
 * next read of document.cookie a round trip to the browser.
 */
export function createBrowserStore(
  doc: Document = document,
  win: Window = window,
  now: () => number = Date.now,
  seed?: CookieSeed | null,
): Store {
  const memory: Record<string, string> = {};
  let jar: Record<string, string> | null = null;
  let jarAt = 0;
  const parse = (cookies: string) => {
    jar = {};
    for (const part of cookies.split("; ")) {
      const eq = part.indexOf("=");
      const value = part.slice(eq + 1);
      // The first of two same-named cookies is the most specific path's: keep it. A host's cookie may not be URI-encoded.
      if (eq > 0)
        try {
          jar[part.slice(0, eq)] ??= decodeURIComponent(value);
        } catch {
          jar[part.slice(0, eq)] ??= value;
        }
    }
  };
  // The snippet's read counts as ours while it is as fresh as our own copy would be. No seed, or
  // a host page's odd beckon.c, fails the age check or throws in parse: then document.cookie is read.
  try {
    const age = now() - seed!.t;
    if (age >= 0 && age <= COOKIE_JAR_MS) {
      parse(seed!.s);
      jarAt = seed!.t;
    }
  } catch {
    jar = null;
  }
  const ls = (): Storage | null => {
    try {
      return win.localStorage;
    } catch {
      return null;
    }
  };
  return {
    cookie(name) {
      if (!jar || now() - jarAt > COOKIE_JAR_MS) {
        jarAt = now();
        try {
          parse(doc.cookie);
        } catch {
          jar = {};
          /* cookies blocked */
        }
      }
      return jar![name] ?? null;
    },
    setCookie(name, value, maxAge) {
      try {
        doc.cookie = `${name}=${encodeURIComponent(value)}${maxAge == null ? "" : "; max-age=" + maxAge}; path=/; SameSite=Lax${
          win.location.protocol === "https:" ? "; Secure" : ""
        }`;
        if (jar) maxAge === 0 ? delete jar[name] : (jar[name] = value);
      } catch {
        /* cookies blocked */
      }
    },
    get<T>(key: string) {
      let raw: string | null | undefined;
      try {
        raw = ls()?.getItem(key);
      } catch {
        /* blocked */
      }
      raw ??= memory[key];
      if (raw == null) return null;
      try {
        return JSON.parse(raw) as T;
      } catch {
        return null;
      }
    },
    set(key, value) {
      const raw = JSON.stringify(value);
      memory[key] = raw;
      try {
        ls()?.setItem(key, raw);
      } catch {
        /* quota or blocked: memory keeps it for this page */
      }
    },
  };
}
