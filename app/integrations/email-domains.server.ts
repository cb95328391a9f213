/**
 * Free and disposable e-mail domains from maintained lists: the
 * email-providers package (free mailbox providers) and
 * disposable-email-domains (throwaway inboxes, with wildcard parents), plus
 * a few Nordic domains in data/. Loaded on first use (the disposable list is
 * large) and kept as Sets.
 */
import { createRequire } from "node:module";
import { EXTRA_FREE_EMAIL_DOMAINS } from "./data/email-domain-lists";

// Plain require for the JSON lists: it works the same under Vite's build,
// tsx and vitest, and keeps 100k strings out of the server bundle.
const require = createRequire(import.meta.url);

let free: Set<string> | null = null;
let disposable: Set<string> | null = null;
let disposableParents: Set<string> | null = null;

function load() {
  if (free && disposable && disposableParents) return { free, disposable, disposableParents };
  const freeList = require("email-providers/all.json") as string[];
  const disposableList = require("disposable-email-domains/index.json") as string[];
  const wildcard = require("disposable-email-domains/wildcard.json") as string[];
  disposable = new Set(disposableList.map((d) => d.toLowerCase()));
  disposableParents = new Set(wildcard.map((d) => d.toLowerCase()));
  // The free list also names some throwaway services; those count as disposable, not free.
  free = new Set(
    [...freeList, ...EXTRA_FREE_EMAIL_DOMAINS].map((d) => d.toLowerCase()).filter((d) => !disposable!.has(d)),
  );
  return { free, disposable, disposableParents };
}

/** The domain of an address, lower-cased, or null when there is none. */
export function emailDomain(email: string): string | null {
  const at = email.lastIndexOf("@");
  if (at < 1 || at === email.length - 1) return null;
  return email
    .slice(at + 1)
    .trim()
    .toLowerCase()
    .replace(/\.$/, "");
}

/** Whether the domain (or a parent domain on the wildcard list) is a throwaway inbox service. */
export function isDisposableDomain(domain: string): boolean {
  const { disposable, disposableParents } = load();
  const normalized = domain.toLowerCase();
  if (disposable.has(normalized)) return true;
  const parts = normalized.split(".");
  for (let i = 1; i < parts.length - 1; i++) {
    const parent = parts.slice(i).join(".");
    if (disposableParents.has(parent) || disposable.has(parent)) return true;
  }
  return disposableParents.has(normalized);
}

/** Whether the domain is a free mailbox provider (gmail.com, hotmail.se ...). */
export function isFreeDomain(domain: string): boolean {
  return load().free.has(domain.toLowerCase());
}

/** A business domain: neither free nor disposable. */
export function isBusinessDomain(domain: string): boolean {
  return !isFreeDomain(domain) && !isDisposableDomain(domain);
}
