/**
 * Addresses and header texts as they may go into an e-mail: one mailbox,
 * no control characters, bounded lengths. What a visitor typed (a name, an
 * address) or an owner set (the From address) passes through here before it
 * reaches a header, so nothing can add a header or a second recipient.
 */

/** RFC 5321's limit on a path: longer is not an address any server accepts. */
export const MAX_ADDRESS_LENGTH = 254;
/** A display name or subject longer than this is cut (by code point). */
export const MAX_HEADER_TEXT_LENGTH = 200;

export interface Mailbox {
  name: string | null;
  address: string;
}

// One mailbox: a dot-atom local part and a dotted domain; no quotes, commas, brackets or spaces.
const ADDRESS =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

/** A plain address lower-cased, or null when it is not one mailbox. */
export function cleanAddress(raw: unknown): string | null {
  if (typeof raw !== "string") return null;
  const address = raw.trim().toLowerCase();
  return address.length <= MAX_ADDRESS_LENGTH && ADDRESS.test(address) ? address : null;
}

/** Text for a header: control characters (CR, LF, NUL ...) become spaces, runs of space one, cut to the limit. */
export function headerText(raw: unknown, max = MAX_HEADER_TEXT_LENGTH): string {
  if (typeof raw !== "string") return "";
  const flat = raw
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return Array.from(flat).slice(0, max).join("").trim();
}

/**
 * The owner's From setting, `Name <address>` or a bare address, as a
 * mailbox; null when it is not exactly one valid mailbox.
 */
export function parseFromSetting(raw: unknown): Mailbox | null {
  if (typeof raw !== "string" || raw.length > MAX_ADDRESS_LENGTH + MAX_HEADER_TEXT_LENGTH + 3) return null;
  if (/[\r\n\u0000]/.test(raw)) return null;
  const named = /^\s*(.*?)\s*<([^<>]+)>\s*$/.exec(raw);
  const address = cleanAddress(named ? named[2] : raw);
  if (!address) return null;
  const name = named ? headerText(named[1].replace(/^"(.*)"$/, "$1")) : "";
  if (/[<>]/.test(name)) return null;
  return { name: name || null, address };
}

/** The domain of an address (for Message-IDs). */
export const domainOf = (address: string): string => address.slice(address.lastIndexOf("@") + 1);
