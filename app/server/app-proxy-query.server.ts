/**
 * The app proxy's signed query, read exactly once. Shopify's app proxy adds
 * `shop`, `logged_in_customer_id`, `path_prefix` and `timestamp` to what the
 * storefront asked for and signs all of it: the pairs sorted by name,
 * `name=value` concatenated without separators, HMAC-SHA256 hex with the
 * app's secret, in `signature`.
 *
 * Trusting a value means reading the very copy the signature covered, so the
 * raw query is parsed here, once, and every value the proxy routes use comes
 * from this module's answer. A query in which a parameter could be read two
 * ways is refused before any signature is checked: a name given twice (one
 * reader takes the first copy, another the last), or a name that some reader
 * would decode into another one (`%73hop`, `shop[]`, `Shop`, `shop%00`,
 * `shop+`). Names are therefore plain lowercase letters and `_`: every
 * parameter Shopify adds is spelled so, none of our proxy calls sends
 * another, and in that alphabet Shopify's documented order, byte order and
 * the order @shopify/shopify-api signs in all agree.
 *
 * This replaces the library's `authenticate.public.appProxy` check, which is
 * strictly weaker: it signs `Object.fromEntries` of the query (the last copy
 * of a name wins, while `URLSearchParams.get` reads the first), leaves an
 * unsigned `hmac`, `_data` or empty `index` out of the signed message, lets a
 * query without `timestamp` through, and answers a bare 400.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

/** How far `timestamp` may be from our clock, either way: the tolerance @shopify/shopify-api applies to signed queries. */
export const APP_PROXY_CLOCK_TOLERANCE_SECONDS = 90;

/** What a verified app proxy query says. */
export interface VerifiedAppProxyQuery {
  /** The shop's myshopify domain (or its custom one) as Shopify signed it. */
  shop: string;
  /** The signed-in customer's id, as signed; "" for a guest. */
  loggedInCustomerId: string;
  /** When Shopify signed the query, in seconds since the epoch. */
  timestamp: number;
  /** Every signed parameter (`signature` left out), decoded. */
  params: ReadonlyMap<string, string>;
}

export type AppProxyQueryResult =
  | { ok: true; query: VerifiedAppProxyQuery }
  | { ok: false; field: string | null; message: string };

type Refusal = Extract<AppProxyQueryResult, { ok: false }>;

const PLAIN_NAME = /^[a-z_]+$/;
const HEX_SHA256 = /^[0-9a-f]{64}$/;
const WHOLE_SECONDS = /^(0|[1-9]\d{0,11})$/;
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;
/** Parameters Shopify adds: a comma in one of them is how Shopify joins a repeated name before signing. */
const SHOPIFY_PARAMS = ["shop", "logged_in_customer_id", "path_prefix", "timestamp"] as const;

const refuse = (field: string | null, message: string): Refusal => ({ ok: false, field, message });

/** Form-decodes (`+` is a space) one name or value; null when it is not valid percent-encoded UTF-8. */
function formDecode(raw: string): string | null {
  try {
    return decodeURIComponent(raw.replace(/\+/g, " "));
  } catch {
    return null;
  }
}

/**
 * The parameter an oddly spelled name stands for, as the lenient readers
 * would see it: decoded, lowercased, without brackets, blanks or control
 * characters. Only used to name the field in the refusal.
 */
function intendedName(raw: string): string | null {
  const decoded = formDecode(raw) ?? raw.replace(/%/g, "");
  const name = decoded
    .toLowerCase()
    .replace(/\[.*$/s, "")
    .replace(/[\s\p{Cc}]/gu, "");
  return name === "" ? null : name;
}

/** A raw name shown in a message: JSON-quoted, so a control character appears escaped, and cut short. */
const shown = (raw: string) => JSON.stringify(raw.slice(0, 60)).replace(/[\u007f-\u009f]/g, "?");

/** Splits the raw query into decoded pairs, refusing anything that two readers could read differently. */
function parsePairs(search: string): Map<string, string> | Refusal {
  const text = search.startsWith("?") ? search.slice(1) : search;
  const pairs = new Map<string, string>();
  if (text === "") return pairs;
  for (const segment of text.split("&")) {
    const equals = segment.indexOf("=");
    const rawName = equals < 0 ? segment : segment.slice(0, equals);
    if (rawName === "" || intendedName(rawName) === null)
      return refuse(null, "The app proxy query has an empty parameter name (a stray '&' or a pair without a name)");
    const field = intendedName(rawName);
    if (!PLAIN_NAME.test(rawName))
      return refuse(
        field,
        `The app proxy query spells a parameter name as ${shown(rawName)}: names are plain lowercase letters and '_', so "${field}" can be read only one way`,
      );
    if (equals < 0) return refuse(field, `The app proxy parameter "${rawName}" has no '=' and no value`);
    if (pairs.has(rawName)) return refuse(field, `The app proxy parameter "${rawName}" is given more than once`);
    const value = formDecode(segment.slice(equals + 1));
    if (value === null)
      return refuse(field, `The value of the app proxy parameter "${rawName}" is not valid percent-encoded UTF-8`);
    if (CONTROL_CHARACTER.test(value))
      return refuse(field, `The value of the app proxy parameter "${rawName}" holds a control character`);
    pairs.set(rawName, value);
  }
  return pairs;
}

/** Shopify's signed message: every pair but `signature`, sorted by name, `name=value` concatenated. */
function signedMessage(pairs: ReadonlyMap<string, string>): string {
  return [...pairs]
    .filter(([name]) => name !== "signature")
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join("");
}

/** Whether `signature` is the HMAC of the message, compared in constant time. */
function signatureMatches(signature: string, message: string, secret: string): boolean {
  const expected = createHmac("sha256", secret).update(message, "utf8").digest();
  return timingSafeEqual(Buffer.from(signature, "hex"), expected);
}

/** Checks what the signature covers: a shop, a fresh timestamp, and no joined repeat in Shopify's parameters. */
function signedValues(pairs: ReadonlyMap<string, string>, nowSeconds: number): AppProxyQueryResult {
  for (const name of SHOPIFY_PARAMS)
    if (pairs.get(name)?.includes(","))
      return refuse(name, `The app proxy parameter "${name}" holds a ',' (how Shopify joins a repeated parameter)`);
  const shop = pairs.get("shop") ?? "";
  if (shop.trim() === "") return refuse("shop", "The app proxy request names no shop");
  const stamp = pairs.get("timestamp");
  if (stamp === undefined || !WHOLE_SECONDS.test(stamp))
    return refuse("timestamp", 'The app proxy parameter "timestamp" must be Shopify\'s signing time in whole seconds');
  const timestamp = Number(stamp);
  if (Math.abs(nowSeconds - timestamp) > APP_PROXY_CLOCK_TOLERANCE_SECONDS)
    return refuse(
      "timestamp",
      `The app proxy parameter "timestamp" is more than ${APP_PROXY_CLOCK_TOLERANCE_SECONDS} seconds from the server's clock: the signed request is stale or replayed`,
    );
  const params = new Map([...pairs].filter(([name]) => name !== "signature"));
  return { ok: true, query: { shop, loggedInCustomerId: pairs.get("logged_in_customer_id") ?? "", timestamp, params } };
}

/**
 * Verifies an app proxy query string (`URL.search`, with or without its
 * '?') with the app's secret, and returns the values the signature covers,
 * or why it is refused, naming the parameter.
 */
export function verifyAppProxyQuery(
  search: string,
  secret: string,
  nowSeconds: number = Math.trunc(Date.now() / 1000),
): AppProxyQueryResult {
  const pairs = parsePairs(search);
  if (!(pairs instanceof Map)) return pairs;
  const signature = pairs.get("signature");
  if (signature === undefined || signature === "")
    return refuse("signature", "The app proxy request is not signed: its query has no signature");
  if (!HEX_SHA256.test(signature))
    return refuse("signature", 'The app proxy parameter "signature" must be a lowercase hex HMAC-SHA256');
  if (!secret || !signatureMatches(signature, signedMessage(pairs), secret))
    return refuse("signature", "The app proxy request's signature does not match its query");
  return signedValues(pairs, nowSeconds);
}
