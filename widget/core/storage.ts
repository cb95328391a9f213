/**
 * Cookies and localStorage behind one small interface. Both may be blocked
 * (privacy modes, sandboxed iframes, full quota), so every access is guarded
 * and localStorage falls back to memory for the life of the page.
 */

/** Key-value persistence the core modules depend on (tests pass their own). */
export interface Store {
  cookie(name: string): string | null;
  /** Sets a first-party cookie for the whole site; maxAge in seconds. */
  setCookie(name: string, value: string, maxAgeSeconds: number): void;
  get<T>(key: string): T | null;
  set(key: string, value: unknown): void;
  remove(key: string): void;
}

/** The browser's cookies and localStorage, with a memory fallback. */
export function createBrowserStore(doc: Document = document, win: Window = window): Store {
  const memory: Record<string, string> = {};
  const ls = (): Storage | null => {
    try {
      return win.localStorage;
    } catch {
      return null;
    }
  };
  return {
    cookie(name) {
      try {
        for (const part of doc.cookie.split("; ")) {
          const i = part.indexOf("=");
          if (part.slice(0, i) === name) return decodeURIComponent(part.slice(i + 1));
        }
      } catch {
        /* cookies blocked */
      }
      return null;
    },
    setCookie(name, value, maxAge) {
      try {
        doc.cookie = `${name}=${encodeURIComponent(value)}; max-age=${maxAge}; path=/; SameSite=Lax${
          win.location.protocol === "https:" ? "; Secure" : ""
        }`;
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
    remove(key) {
      delete memory[key];
      try {
        ls()?.removeItem(key);
      } catch {
        /* blocked */
      }
    },
  };
}
