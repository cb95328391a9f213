/**
 * Phone numbers as stored (SPEC 5): a number written without a plus gets the
 * dial code of the website's country (default US). libphonenumber-js (min
 * metadata, about 29 KB gzip) lives in its own chunk, imported only by forms
 * with a phone field, and drops national trunk prefixes (SE 070… → +4670…).
 */
import { phoneDigits } from "./form-logic";
// Every chunk reaches the shared code through kit.ts (see there).
import "./kit";

export const DEFAULT_PHONE_COUNTRY = "US";

type Lib = typeof import("./phone-lib");
let lib: Promise<Lib> | null = null;

/** Starts loading the phone library (a form with a phone field calls this when it shows). */
export const loadPhoneLib = (): Promise<Lib> =>
  (lib ??= import("./phone-lib").catch((e) => ((lib = null), Promise.reject(e))));

/** The number in international form: "+" and digits. */
export async function normalizePhone(value: string, country?: string | null): Promise<string> {
  const digits = phoneDigits(value) ?? value.replace(/\D/g, "");
  const plus = value.trim().startsWith("+");
  const cc = (country || DEFAULT_PHONE_COUNTRY).toUpperCase();
  try {
    const { parsePhoneNumberFromString, getCountryCallingCode } = await loadPhoneLib();
    const parsed = parsePhoneNumberFromString(value, cc as Parameters<typeof getCountryCallingCode>[0]);
    if (parsed && parsed.isPossible()) return parsed.number;
    return plus
      ? "+" + digits
      : "+" + getCountryCallingCode(cc as Parameters<typeof getCountryCallingCode>[0]) + digits;
  } catch {
    // No library (chunk failed) or an unknown country: the digits as typed, with the plus kept.
    return (plus ? "+" : "") + digits;
  }
}
