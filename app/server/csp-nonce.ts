/**
 * The Content-Security-Policy nonce of an admin document. Admin pages allow
 * inline scripts by nonce only (scripts/serve.ts makes one per response and
 * puts it in the request's load context); Remix's hydration scripts and the
 * CTA preview's boot script carry it.
 */
import { createContext, useContext } from "react";

/** Provided by entry.server.tsx while the document renders. */
export const NonceContext = createContext<string | undefined>(undefined);

/** The nonce a request's load context carries, if any. */
export function nonceOf(loadContext: unknown): string | undefined {
  const nonce =
    loadContext && typeof loadContext === "object" ? (loadContext as { cspNonce?: unknown }).cspNonce : undefined;
  return typeof nonce === "string" && /^[A-Za-z0-9+/=]{16,64}$/.test(nonce) ? nonce : undefined;
}

/**
 * This document's nonce: on the server from the context; in the browser it
 * is read back from a script that carries it (browsers hide the attribute's
 * value from getAttribute, not from the nonce property), so hydration renders
 * the same value the server did.
 */
export function useNonce(): string | undefined {
  const rendered = useContext(NonceContext);
  if (rendered !== undefined || typeof document === "undefined") return rendered;
  return document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce || undefined;
}
