/**
 * Server-side contact checks (SPEC 5 and SPEC 7 contacts validate, v2).
 * E-mail: syntax, a mail server for the domain (DNS MX, bounded by a
 * time-out), free and disposable domain lists, and a score from 0 to 1;
 * below 0.48 the address fails with "Please enter a valid email address",
 * and with business-only set a free address fails with "Please enter a
 * business email". Phone: parsed and validated with libphonenumber-js (full
 * metadata), answered in E.164. Results are cached in memory.
 */
import { Resolver } from "node:dns/promises";
import { parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js/max";
import { TtlCache } from "./cache.server";
import { serverEnv } from "#app/server/env.server";
import { emailDomain, isDisposableDomain, isFreeDomain } from "./email-domains.server";
import { DOMAIN_TYPOS, ROLE_LOCAL_PARTS } from "./data/email-domain-lists";

export const EMAIL_SCORE_THRESHOLD = 0.48;
export const INVALID_EMAIL = "Please enter a valid email address";
export const BUSINESS_EMAIL = "Please enter a business email";
export const INVALID_PHONE = "Please enter a valid phone number";

export interface EmailVerdict {
  valid: boolean;
  /** true: a mail server answers for the domain; false: none; null: the lookup timed out or failed. */
  mx_found: boolean | null;
  free: boolean | null;
  disposable: boolean | null;
  /** 0..1; below 0.48 the address fails. */
  score: number;
  message: string | null;
  /** The likely intended domain when the domain looks like a typo (gmial.com). */
  did_you_mean?: string;
}

export interface PhoneVerdict {
  valid: boolean;
  /** E.164 (+46701234567) when valid. */
  phone_number: string | null;
  country: string | null;
  message: string | null;
}

/** Resolves MX records; the network one in production, a function in tests. */
export type MxResolver = (domain: string) => Promise<{ exchange: string; priority: number }[]>;
/** Resolves a domain's own addresses (A, then AAAA), for the implicit MX of RFC 5321. */
export type AddressResolver = (domain: string) => Promise<string[]>;

export interface ValidationDeps {
  resolveMx?: MxResolver;
  resolveAddress?: AddressResolver;
  mxTimeoutMs?: number;
  /** Caches to use; tests pass fresh ones. */
  mxCache?: TtlCache<boolean>;
  emailCache?: TtlCache<EmailVerdict>;
}

const EMAIL_SHAPE =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** Whether an e-mail (already trimmed and lower-cased) has a deliverable shape. */
export function emailSyntaxValid(email: string): boolean {
  if (email.length > 254) return false;
  const local = email.slice(0, email.lastIndexOf("@"));
  return local.length >= 1 && local.length <= 64 && EMAIL_SHAPE.test(email);
}

const defaultMxCache = new TtlCache<boolean>(10_000, 60 * 60_000);
const defaultEmailCache = new TtlCache<EmailVerdict>(10_000, 10 * 60_000);
const DEFAULT_MX_TIMEOUT_MS = 3000;

let networkResolver: Resolver | null = null;
/**
 * The real DNS resolver, its time-out matching ours. BECKON_DNS_SERVERS
 * (host:port, comma-separated) picks the name servers; the tests point it
 * at a local one.
 */
function resolver(): Resolver {
  if (!networkResolver) {
    networkResolver = new Resolver({ timeout: DEFAULT_MX_TIMEOUT_MS, tries: 2 });
    const servers = serverEnv().dnsServers;
    if (servers.length) networkResolver.setServers(servers);
  }
  return networkResolver;
}
const networkResolveMx: MxResolver = (domain) => resolver().resolveMx(domain);
const networkResolveAddress: AddressResolver = async (domain) => {
  const v4 = await resolver()
    .resolve4(domain)
    .catch((e: { code?: string }) => (e.code === "ENODATA" ? [] : Promise.reject(e)));
  return v4.length ? v4 : resolver().resolve6(domain);
};

const NO_RECORDS = ["ENODATA"];
const NO_DOMAIN = ["ENOTFOUND", "NXDOMAIN"];

/** A DNS answer within the time-out (rejects with code ETIMEOUT past it). */
async function withinTimeout<T>(lookup: Promise<T>, timeoutMs: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([
      lookup,
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(Object.assign(new Error(`${what} timed out`), { code: "ETIMEOUT" })),
          timeoutMs,
        );
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Looks for a mail server: true when there is an MX, or (RFC 5321 5.1) no
 * MX at all but the domain has an address of its own, which is then its
 * mail host; false when the domain does not exist, has neither, or
 * publishes the RFC 7505 "null MX" (it takes no mail); null when a lookup
 * timed out or failed (unknown; not a failure).
 */
export async function lookupMx(domain: string, deps: ValidationDeps = {}): Promise<boolean | null> {
  const cache = deps.mxCache ?? defaultMxCache;
  const cached = cache.get(domain);
  if (cached !== undefined) return cached;
  const timeoutMs = deps.mxTimeoutMs ?? DEFAULT_MX_TIMEOUT_MS;
  const remember = (found: boolean) => (cache.set(domain, found, found ? undefined : 10 * 60_000), found);
  const codeOf = (e: unknown) => (e as { code?: string }).code ?? "";
  let records: { exchange: string }[];
  try {
    records = await withinTimeout((deps.resolveMx ?? networkResolveMx)(domain), timeoutMs, "MX lookup");
  } catch (e) {
    if (NO_DOMAIN.includes(codeOf(e))) return remember(false);
    if (!NO_RECORDS.includes(codeOf(e))) return null;
    records = [];
  }
  if (records.some((r) => r.exchange && r.exchange !== ".")) return remember(true);
  // Records, but only the null MX: the domain says it takes no mail.
  if (records.length) return remember(false);
  try {
    const addresses = await withinTimeout(
      (deps.resolveAddress ?? networkResolveAddress)(domain),
      timeoutMs,
      "Address lookup",
    );
    return remember(addresses.length > 0);
  } catch (e) {
    return NO_RECORDS.includes(codeOf(e)) || NO_DOMAIN.includes(codeOf(e)) ? remember(false) : null;
  }
}

/** Scores an address that passed the syntax check (see the weights inline). */
function scoreEmail(local: string, mx: boolean | null, disposable: boolean, typo: boolean): number {
  let score = 0.1; // deliverable shape
  score += mx === true ? 0.6 : mx === null ? 0.4 : 0; // a mail server answers (unknown counts less)
  score += disposable ? 0 : 0.2;
  score += ROLE_LOCAL_PARTS.includes(local) ? 0 : 0.1; // a person's mailbox rather than a shared one
  if (typo) score -= 0.6;
  if (disposable) score = Math.min(score, 0.2);
  return Math.max(0, Math.min(1, Math.round(score * 100) / 100));
}

/** Checks an e-mail address (syntax, mail server, domain lists, score). */
export async function emailVerdict(
  raw: string,
  options: { businessOnly?: boolean } = {},
  deps: ValidationDeps = {},
): Promise<EmailVerdict> {
  const email = raw.trim().toLowerCase();
  const cache = deps.emailCache ?? defaultEmailCache;
  const key = `${options.businessOnly ? "b" : "a"}:${email}`;
  const cached = cache.get(key);
  if (cached) return cached;

  if (!emailSyntaxValid(email)) {
    return { valid: false, mx_found: false, free: null, disposable: null, score: 0, message: INVALID_EMAIL };
  }
  const domain = emailDomain(email)!;
  const local = email.slice(0, email.lastIndexOf("@"));
  const disposable = isDisposableDomain(domain);
  const free = isFreeDomain(domain);
  const suggestion = DOMAIN_TYPOS[domain];
  const mx = disposable ? await lookupMx(domain, deps).catch(() => null) : await lookupMx(domain, deps);
  const score = scoreEmail(local, mx, disposable, Boolean(suggestion));
  let message: string | null = null;
  if (mx === false || score < EMAIL_SCORE_THRESHOLD) message = INVALID_EMAIL;
  else if (options.businessOnly && free) message = BUSINESS_EMAIL;
  const verdict: EmailVerdict = {
    valid: message === null,
    mx_found: mx,
    free,
    disposable,
    score,
    message,
    ...(suggestion ? { did_you_mean: `${local}@${suggestion}` } : {}),
  };
  // An unknown lookup is not cached, so the next try can get a real answer.
  if (mx !== null) cache.set(key, verdict);
  return verdict;
}

/**
 * Parses and validates a phone number. Without a leading + (or 00) it is read
 * in `country` (SPEC 5: default US); failing that, digits that already start
 * with a country code ("46701234567") are tried as international.
 */
export function phoneVerdict(raw: string, country = "US"): PhoneVerdict {
  const invalid: PhoneVerdict = { valid: false, phone_number: null, country: null, message: INVALID_PHONE };
  const text = raw.trim();
  const digits = text.replace(/\D/g, "");
  if (digits.length < 4 || digits.length > 20 || /[a-wyz]/i.test(text.replace(/ext\.?|x/gi, ""))) return invalid;
  const region = (/^[A-Z]{2}$/.test(country.toUpperCase()) ? country.toUpperCase() : "US") as CountryCode;
  const attempts = [text.replace(/^00/, "+")];
  // Only bare digit runs may be an international number missing its plus;
  // brackets or an extension mean a national format.
  const main = text.replace(/\s*(?:ext\.?|x|#)\s*\d+$/i, "");
  if (/^[1-9][\d\s.-]{6,}$/.test(main)) attempts.push(`+${main.replace(/\D/g, "")}`);
  for (const candidate of attempts) {
    try {
      const parsed = parsePhoneNumberFromString(candidate, region);
      if (parsed?.isValid()) {
        return { valid: true, phone_number: parsed.number, country: parsed.country ?? null, message: null };
      }
    } catch {
      /* not a number in this reading; try the next */
    }
  }
  return invalid;
}

export interface ValidateInput {
  email?: string;
  phone?: string;
  business_only?: boolean;
  country?: string;
}

/** The validate answer for whichever of e-mail and phone were sent. */
export async function validateContact(input: ValidateInput, deps: ValidationDeps = {}) {
  return {
    ...(input.email !== undefined
      ? { email: await emailVerdict(input.email, { businessOnly: input.business_only }, deps) }
      : {}),
    ...(input.phone !== undefined ? { phone: phoneVerdict(input.phone, input.country ?? "US") } : {}),
  };
}

/** A website's default phone country (SE on the host site), or null for an unknown website. */
export async function websiteDefaultCountry(
  db: import("#app/db.server").Db,
  websiteId: number,
): Promise<string | null> {
  const website = await db.website.findUnique({ where: { id: websiteId }, select: { defaultCountry: true } });
  return website?.defaultCountry ?? null;
}
