/**
 * The one place the server reads its environment: every variable it obeys,
 * what it means, and how its text becomes a value (README.md, Configuration,
 * lists them for people).
 *
 * Read lazily: `serverEnv()` answers from `process.env` as it is at the
 * moment a value is read, so a test (or a tool) that changes a variable sees
 * the change at once, and nothing is parsed at import. Each value is parsed
 * on its own, so one bad variable fails only the code that reads it, with
 * the variable named; `assertServerEnv()` checks them all at once, and the
 * server runs it before it listens, so a bad value stops the start instead
 * of a request.
 *
 * Two kinds of values:
 * - settings that name something (an address, a port, a retention) are
 *   refused when malformed: a typo there would send data to the wrong place
 *   or keep it for the wrong time;
 * - tuning numbers with a documented default (time-outs, pool sizes) fall
 *   back to it on anything outside their range, as they always have.
 * Functions that take an `env` record (tests hand them one) pass it as the
 * source; absent, the source is `process.env`.
 */
import { z } from "zod";
import { databaseTarget } from "#app/db/database-url";
import { SHARED_STORE_TIMEOUT_MS } from "./rate-limit/rate-limit-store.server";

/** Time-out of a call to an e-mail tool when BECKON_PROVIDER_TIMEOUT_MS does not set one (the provider clients' default too). */
export const DEFAULT_PROVIDER_TIMEOUT_MS = 10_000;

/** Where variables are read from: `process.env`, or a record a test builds. */
export type EnvSource = Readonly<Record<string, string | undefined>>;

/** Longer than any sane setting: a value past it is refused rather than parsed (or echoed). */
export const MAX_ENV_VALUE_LENGTH = 16_384;
/** How much of a refused value an error message quotes. */
const QUOTED_CHARS = 40;
/** A hundred years: past that a retention is a typo, not a policy. */
export const MAX_RETENTION_MONTHS = 1200;

/** A variable whose value was refused; the message names it and says what it takes. */
export class EnvError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(message);
    this.name = "EnvError";
  }
}

/** A refused value, quoted short so a hostile one is not written whole into the log. */
function quoted(raw: string): string {
  return JSON.stringify(raw.slice(0, QUOTED_CHARS));
}

/** The text of a variable, or undefined when unset or blank. */
const trimmed = (raw: string | undefined): string | undefined => raw?.trim() || undefined;

const raw = () => z.string().optional();

/** The value as set (untrimmed), for variables whose readers have always taken it as is. */
const asIs = () => raw();

/** Trimmed text, or null when unset or blank. */
const text = () => raw().transform((v) => trimmed(v) ?? null);

/** A comma-separated list, entries trimmed, blanks dropped. */
const list = (normalize: (entry: string) => string = (e) => e) =>
  raw().transform((value) =>
    (value ?? "")
      .split(",")
      .map((e) => normalize(e.trim()))
      .filter(Boolean),
  );

/** A whole number within [min, max]; anything else (or unset) is the default. */
const tuningInteger = (min: number, max: number, fallback: number) =>
  raw().transform((v) => {
    const trimmedValue = trimmed(v);
    const number = trimmedValue ? Number(trimmedValue) : NaN;
    return Number.isInteger(number) && number >= min && number <= max ? number : fallback;
  });

/** A positive number; anything else (or unset) is the default (null: the reader's own). */
const positiveNumber = <D extends number | null>(fallback: D) =>
  raw().transform((v): number | D => {
    const number = Number(trimmed(v) ?? NaN);
    return Number.isFinite(number) && number > 0 ? number : fallback;
  });

/** A whole number within [min, max]; unset is the default, anything else is refused. */
const strictInteger = (min: number, max: number, fallback: number) =>
  raw().transform((value, ctx) => {
    const trimmedValue = trimmed(value);
    if (trimmedValue === undefined) return fallback;
    const number = /^\d{1,10}$/.test(trimmedValue) ? Number(trimmedValue) : NaN;
    if (number >= min && number <= max) return number;
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      message: `must be a whole number from ${min} to ${max}; got ${quoted(value ?? "")}`,
    });
    return z.NEVER;
  });

/** An http:// or https:// address (kept as written, trimmed), or null when unset. */
const httpUrl = () =>
  raw().transform((value, ctx) => {
    const trimmedValue = trimmed(value);
    if (trimmedValue === undefined) return null;
    let url: URL | null = null;
    try {
      url = new URL(trimmedValue);
    } catch {
      url = null;
    }
    // The URL parser drops tabs and newlines inside an address: a value holding any is refused, not silently mended.
    if (url && (url.protocol === "http:" || url.protocol === "https:") && !/[\s\u0000-\u001f\u007f]/.test(trimmedValue))
      return trimmedValue;
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      message: `must be an http:// or https:// address; got ${quoted(value ?? "")}`,
    });
    return z.NEVER;
  });

/** A redis:// or rediss:// address, or null when unset. */
const redisUrl = () =>
  raw().transform((value, ctx) => {
    const trimmedValue = trimmed(value);
    if (trimmedValue === undefined) return null;
    let url: URL;
    try {
      url = new URL(trimmedValue);
    } catch {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        message: "is not a URL: give redis://host:port (or rediss:// for TLS)",
      });
      return z.NEVER;
    }
    if (url.protocol === "redis:" || url.protocol === "rediss:") return trimmedValue;
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      message: `must start with redis:// or rediss://, not ${url.protocol}//`,
    });
    return z.NEVER;
  });

/** An smtp:// or smtps:// address, or null when unset (sending is off). */
const smtpUrl = () =>
  raw().transform((value, ctx) => {
    const trimmedValue = trimmed(value);
    if (trimmedValue === undefined) return null;
    const url = URL.canParse(trimmedValue) ? new URL(trimmedValue) : null;
    if ((url?.protocol === "smtp:" || url?.protocol === "smtps:") && url.hostname && !/[\s]/.test(trimmedValue))
      return trimmedValue;
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      // The value may hold a password: it is not quoted back.
      message: "must be smtp://[user:password@]host[:port] or smtps://…",
    });
    return z.NEVER;
  });

/** BECKON_EVENT_RETENTION_MONTHS: null keeps raw events forever. */
const retentionMonths = () =>
  raw().transform((value, ctx) => {
    if (value === undefined || value.trim() === "") return null;
    const trimmedValue = value.trim();
    const months = /^\d{1,5}$/.test(trimmedValue) ? Number(trimmedValue) : NaN;
    if (Number.isInteger(months) && months >= 1 && months <= MAX_RETENTION_MONTHS) return months;
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      message: `must be a whole number of months from 1 to ${MAX_RETENTION_MONTHS} (or unset to keep raw events forever); got ${quoted(value)}`,
    });
    return z.NEVER;
  });

/** The levels LOG_LEVEL takes, quietest last: pino's, plus silent. */
export const LOG_LEVELS = ["trace", "debug", "info", "warn", "error", "fatal", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** LOG_LEVEL: one of LOG_LEVELS in any case; unset or blank is info. */
const logLevel = () =>
  raw().transform((value, ctx): LogLevel => {
    const level = trimmed(value)?.toLowerCase();
    if (level === undefined) return "info";
    if ((LOG_LEVELS as readonly string[]).includes(level)) return level as LogLevel;
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      message: `must be one of ${LOG_LEVELS.join(", ")}; got ${quoted(value ?? "")}`,
    });
    return z.NEVER;
  });

/** DATABASE_URL, as written; checked here by the parser that turns it into a target (db/database-url.ts). */
const databaseUrl = () =>
  raw().superRefine((value, ctx) => {
    try {
      databaseTarget(value);
    } catch (error) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        message: (error instanceof Error ? error.message : String(error)).replace(/^DATABASE_URL /, ""),
      });
    }
  });

interface Variable<T> {
  /** The environment variable's name. */
  name: string;
  /** What it does, and its default. */
  doc: string;
  schema: z.ZodType<T, z.ZodTypeDef, string | undefined>;
}

const variable = <T>(
  name: string,
  doc: string,
  schema: z.ZodType<T, z.ZodTypeDef, string | undefined>,
): Variable<T> => ({ name, doc, schema });

/** Every variable the server reads, by the name the code knows it under. */
export const SERVER_ENV = {
  // The process
  nodeEnv: variable("NODE_ENV", "production, development or test; serve.ts sets production when unset", asIs()),
  port: variable(
    "PORT",
    "the port scripts/serve.ts listens on (0: any free one); default 3000",
    strictInteger(0, 65_535, 3000),
  ),
  host: variable(
    "HOST",
    "the address scripts/serve.ts listens on; default 127.0.0.1",
    raw().transform((v) => trimmed(v) ?? "127.0.0.1"),
  ),
  appRoot: variable(
    "BECKON_APP_ROOT",
    "a folder holding build/ and extensions/cta-embed/assets/ to serve instead of the project's (the benchmarks' snapshot)",
    text(),
  ),
  logLevel: variable(
    "LOG_LEVEL",
    `the server log's level (JSON lines on stdout): ${LOG_LEVELS.join(", ")}; default info`,
    logLevel(),
  ),
  trustProxy: variable(
    "TRUST_PROXY",
    "1: behind one reverse proxy, whose X-Forwarded-For hop and CDN location headers are believed",
    raw().transform((v) => v === "1"),
  ),
  // The database
  databaseUrl: variable(
    "DATABASE_URL",
    "file:path (SQLite) or postgresql://...; unset: the SQLite file data/beckon.db",
    databaseUrl(),
  ),
  databasePoolSize: variable(
    "DATABASE_POOL_SIZE",
    "Prisma's PostgreSQL connections per process; default 10",
    strictInteger(1, 1000, 10),
  ),
  pgIngestPoolSize: variable(
    "BECKON_PG_INGEST_POOL_SIZE",
    "event ingestion's PostgreSQL connections per process, 1 to 100; default 4",
    tuningInteger(1, 100, 4),
  ),
  pgLockTimeoutMs: variable(
    "BECKON_PG_LOCK_TIMEOUT_MS",
    "how long a PostgreSQL statement waits for a lock, 0 to 600000 ms; default 10000",
    tuningInteger(0, 600_000, 10_000),
  ),
  sqliteBusyTimeoutMs: variable(
    "BECKON_SQLITE_BUSY_TIMEOUT_MS",
    "how long a SQLite writer waits for the lock, 0 to 600000 ms; default 10000",
    tuningInteger(0, 600_000, 10_000),
  ),
  eventRetentionMonths: variable(
    "BECKON_EVENT_RETENTION_MONTHS",
    `months of raw events kept besides the current one, 1 to ${MAX_RETENTION_MONTHS}; unset: forever`,
    retentionMonths(),
  ),
  // Owner sessions and addresses
  sessionSecret: variable(
    "SESSION_SECRET",
    "signs owner cookies; unset outside production: generated into .beckon/",
    text(),
  ),
  demo: variable(
    "BECKON_DEMO",
    "1: the demo (`npm start`), which may generate its session secret in production mode and lists its owner accounts on the sign-in page",
    raw().transform((v) => v === "1"),
  ),
  publicUrl: variable(
    "BECKON_PUBLIC_URL",
    "the public origin the widget calls back and forms come from; unset: each request's own",
    httpUrl(),
  ),
  allowedHosts: variable(
    "BECKON_ALLOWED_HOSTS",
    "without BECKON_PUBLIC_URL: the hosts this server answers under, comma-separated host[:port] or https://host[:port]",
    asIs(),
  ),
  // Shopify (all four of key, secret, URL and scopes, or Shopify install is off)
  shopifyApiKey: variable("SHOPIFY_API_KEY", "the Shopify app's client id", asIs()),
  shopifyApiSecret: variable("SHOPIFY_API_SECRET", "the Shopify app's client secret", asIs()),
  shopifyAppUrl: variable(
    "SHOPIFY_APP_URL",
    "the app's URL as Shopify knows it (checked by the Shopify library, which turns install off with the reason)",
    asIs(),
  ),
  scopes: variable("SCOPES", "the Shopify access scopes, comma-separated", asIs()),
  shopCustomDomain: variable(
    "SHOP_CUSTOM_DOMAIN",
    "a shop domain pattern besides *.myshopify.com (Shopify's development stores)",
    asIs(),
  ),
  shopifyAdminUrl: variable(
    "BECKON_SHOPIFY_ADMIN_URL",
    "tests only: replaces https://{shop} in Admin GraphQL calls and offline token migration",
    httpUrl(),
  ),
  demoStoreAdminToken: variable(
    "BECKON_DEMO_STORE_ADMIN_TOKEN",
    "tests only, with BECKON_SHOPIFY_ADMIN_URL: the demo store asks that Admin (with this token) about codes it does not know, so codes made there apply in its cart",
    asIs(),
  ),
  // Rate limits
  redisUrl: variable(
    "BECKON_REDIS_URL",
    "redis:// or rediss://: rate limits and cache notices shared through Redis",
    redisUrl(),
  ),
  rateLimitStoreTimeoutMs: variable(
    "BECKON_RATE_LIMIT_STORE_TIMEOUT_MS",
    "how long a request waits for the shared rate-limit store, 1 to 60000 ms; default 1000",
    tuningInteger(1, 60_000, SHARED_STORE_TIMEOUT_MS),
  ),
  rateLimitIpRead: variable(
    "BECKON_RATE_LIMIT_IP_READ",
    "public API reads per IP as burst/perSecond, or off (parsed by lib/rate-limits.server.ts)",
    asIs(),
  ),
  rateLimitIpWrite: variable(
    "BECKON_RATE_LIMIT_IP_WRITE",
    "public API writes per IP as burst/perSecond, or off",
    asIs(),
  ),
  rateLimitWebsiteWrite: variable(
    "BECKON_RATE_LIMIT_WEBSITE_WRITE",
    "public API writes per website as burst/perSecond, or off",
    asIs(),
  ),
  // The site script
  scriptCacheMs: variable(
    "BECKON_SCRIPT_CACHE_MS",
    "how long a built site script is fresh, 0 to 60000 ms; default 10000",
    tuningInteger(0, 60_000, 10_000),
  ),
  // Visitors
  geoipDatabase: variable(
    "GEOIP_DATABASE",
    "path to a MaxMind city database; unset: CDN headers, then the embedded country database",
    text(),
  ),
  recaptchaVerifyUrl: variable("RECAPTCHA_VERIFY_URL", "reCAPTCHA's siteverify address; default Google's", httpUrl()),
  dnsServers: variable(
    "BECKON_DNS_SERVERS",
    "host:port name servers for the e-mail MX check, comma-separated; default the system's",
    list(),
  ),
  // E-mail tools and their outbox
  providerTimeoutMs: variable(
    "BECKON_PROVIDER_TIMEOUT_MS",
    `time-out of a call to an e-mail tool in ms; default ${DEFAULT_PROVIDER_TIMEOUT_MS}`,
    positiveNumber(DEFAULT_PROVIDER_TIMEOUT_MS),
  ),
  klaviyoApiUrl: variable("BECKON_KLAVIYO_API_URL", "Klaviyo's API base address; default theirs", httpUrl()),
  mailchimpApiUrl: variable("BECKON_MAILCHIMP_API_URL", "Mailchimp's API base address; default theirs", httpUrl()),
  allowPrivateProviderHosts: variable(
    "BECKON_ALLOW_PRIVATE_PROVIDER_HOSTS",
    "tests only: host or host:port entries an owner's API URL may use although not public",
    list((e) => e.toLowerCase()),
  ),
  outboxWorker: variable(
    "BECKON_OUTBOX_WORKER",
    "0: no mailing-list sync worker in this process",
    raw().transform((v) => v !== "0"),
  ),
  outboxIntervalMs: variable(
    "BECKON_OUTBOX_INTERVAL_MS",
    "the outbox worker's idle poll in ms; default 2000",
    positiveNumber(null),
  ),
  outboxBaseDelayMs: variable(
    "BECKON_OUTBOX_BASE_DELAY_MS",
    "the outbox's first retry delay in ms; default 30000",
    positiveNumber(null),
  ),
  // E-mail the built-in lists send
  smtpUrl: variable(
    "SMTP_URL",
    "smtp://user:password@host:port (smtps:// for TLS from the start): the mail server the built-in lists send through; unset: sending is off (npm start runs a local demo server)",
    smtpUrl(),
  ),
  dkimDomain: variable(
    "SMTP_DKIM_DOMAIN",
    "with SMTP_DKIM_SELECTOR and SMTP_DKIM_PRIVATE_KEY: DKIM-sign sent e-mail for this domain",
    text(),
  ),
  dkimSelector: variable(
    "SMTP_DKIM_SELECTOR",
    "the DKIM selector (the DNS record is {selector}._domainkey.{domain})",
    text(),
  ),
  dkimPrivateKey: variable(
    "SMTP_DKIM_PRIVATE_KEY",
    "the DKIM private key in PEM (newlines may be written as \\n)",
    text(),
  ),
  demoMailbox: variable(
    "BECKON_DEMO_MAILBOX",
    "the folder where the demo's local mail server keeps what it receives (npm start sets it), shown at /demo/mail",
    text(),
  ),
  emailsPerMinute: variable(
    "BECKON_EMAILS_PER_MINUTE",
    "e-mails one website may send per minute, 1 to 100000; default 60 (the rest wait in the outbox)",
    tuningInteger(1, 100_000, 60),
  ),
} as const;

type Spec = typeof SERVER_ENV;
type ValueOf<V> = V extends Variable<infer T> ? T : never;

/** The server's settings, each parsed from its variable when read. */
export type ServerEnv = { readonly [K in keyof Spec]: ValueOf<Spec[K]> };

/** Parses one variable from a source, or throws an EnvError naming it. */
function read<T>(envVariable: Variable<T>, source: EnvSource): T {
  const value = source[envVariable.name];
  if (value !== undefined && value.length > MAX_ENV_VALUE_LENGTH) {
    throw new EnvError(
      envVariable.name,
      `${envVariable.name} is longer than ${MAX_ENV_VALUE_LENGTH} characters (${value.length}); got ${quoted(value)}…`,
    );
  }
  const parsed = envVariable.schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new EnvError(envVariable.name, `${envVariable.name} ${parsed.error.issues[0]?.message ?? "is not valid"}`);
}

const SOURCE = Symbol("source");

// One prototype of getters, so a call to serverEnv() per request costs one small object.
const prototype: object = Object.create(null);
for (const [key, envVariable] of Object.entries(SERVER_ENV) as [string, Variable<unknown>][]) {
  Object.defineProperty(prototype, key, {
    enumerable: true,
    get(this: { [SOURCE]: EnvSource }) {
      return read(envVariable, this[SOURCE]);
    },
  });
}

/** The server's settings read from `source` (default `process.env`), each when it is read. */
export function serverEnv(source: EnvSource = process.env): ServerEnv {
  return Object.create(prototype, { [SOURCE]: { value: source } }) as ServerEnv;
}

/** Every refused variable (empty when all are acceptable). */
export function serverEnvProblems(source: EnvSource = process.env): EnvError[] {
  const problems: EnvError[] = [];
  for (const envVariable of Object.values(SERVER_ENV) as Variable<unknown>[]) {
    try {
      read(envVariable, source);
    } catch (e) {
      if (!(e instanceof EnvError)) throw e;
      problems.push(e);
    }
  }
  return problems;
}

/** Throws an EnvError naming every refused variable; the server runs it before it listens. */
export function assertServerEnv(source: EnvSource = process.env): void {
  const problems = serverEnvProblems(source);
  if (problems.length === 1) throw problems[0];
  if (problems.length > 1) {
    const names = problems.map((p) => p.variable).join(", ");
    throw new EnvError(
      names,
      `${problems.length} environment variables have bad values:\n- ${problems.map((p) => p.message).join("\n- ")}`,
    );
  }
}
