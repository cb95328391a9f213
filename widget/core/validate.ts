/**
 * The public API's input rules (SPEC 5 identify and trackPurchase, SPEC 8
 * console messages). Pure: the runtime logs the message and sends the result.
 */
import { emptyRecord, hasOwnKey } from "#contract/json-record";
import { PROFILE_FIELDS } from "#contract/schema/person-fields";
import { cut } from "./cut";

/** SPEC 5: local part, at sign, dotted domain. */
export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** SPEC 5: optional plus, three digits, three digits, four to six digits; optional brackets, spaces, dashes or dots. */
export const PHONE_RE = /^\+?\(?\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4,6}$/;

type Props = Record<string, unknown>;

/**
 * The contact fields an identify call sends: a string (the console message)
 * when it cannot, null when it brings nothing new. Fields the person
 * already has keep their value unless override is true.
 */
export function identifyFields(props: unknown, person: Props | null | undefined): Props | string | null {
  const input = (props && typeof props == "object" ? props : {}) as Props;
  const email = typeof input.email == "string" ? input.email.trim().toLowerCase() : "";
  const phone = typeof input.phone == "string" ? input.phone.trim() : "";
  const identity: Props = {};
  if (EMAIL_RE.test(email)) identity.email = email;
  if (PHONE_RE.test(phone)) identity.phone = phone;
  if (!identity.email && !identity.phone) return "identify needs a valid email or phone";
  for (const key of PROFILE_FIELDS)
    if (typeof input[key] == "string" && input[key]) identity[key] = cut(input[key] as string, 500);
  // Custom field names come from the host page: "__proto__" stays a field, and no name reads Object.prototype.
  const extra: Props = emptyRecord();
  const given = input.extra && typeof input.extra == "object" ? (input.extra as Props) : {};
  for (const key in given) if (["string", "number", "boolean"].includes(typeof given[key])) extra[key] = given[key];
  if (Object.keys(extra).length) identity.extra = extra;
  if (!input.override && person) {
    // Known values are sent back as they are, so the contact stays whole.
    const known = (person.extra || {}) as Props;
    let fresh = false;
    for (const key in identity) if (key != "extra") person[key] ? (identity[key] = person[key]) : (fresh = true);
    for (const key in extra)
      hasOwnKey(known, key) && known[key] != null && known[key] !== "" ? (extra[key] = known[key]) : (fresh = true);
    if (!fresh) return null;
  }
  return identity;
}

export interface Purchase {
  orderId: string;
  revenue: number;
}

/**
 * Checks a trackPurchase call: a Purchase, or the console message of SPEC 8.
 * `tracked` holds the order ids this session already counted.
 */
export function purchaseOf(props: unknown, tracked: readonly string[]): Purchase | string {
  // The legacy scripts took positional arguments; this API takes one object.
  if (!props || typeof props != "object") return "trackPurchase: not available for legacy script versions";
  const { revenue, order_id: id } = props as Props;
  if (id == null || id === "") return "trackPurchase: no order_id";
  if (typeof id != "string" || id.length > 99) return "trackPurchase: order_id must be 1 to 100 characters";
  if (revenue == null || revenue === "") return "trackPurchase: no revenue";
  const amount =
    typeof revenue == "number" || (typeof revenue == "string" && /^\s*-?\d+(\.\d+)?\s*$/.test(revenue))
      ? +revenue
      : NaN;
  if (!isFinite(amount)) return "trackPurchase: revenue must be numeric";
  if (tracked.includes(id)) return "trackPurchase: order already tracked this session";
  return { orderId: cut(id, 100), revenue: Math.max(0, amount) };
}
