/**
 * Contact validation answers (SPEC 7 contacts validate, version v2):
 * email { mx_found, score, free }, phone { valid, phone_number }.
 * This version judges the shape only: mx_found and free are null (unknown)
 * until the mail-server and domain-list checks are added.
 */

export interface EmailVerdict {
  valid: boolean;
  mx_found: boolean | null;
  free: boolean | null;
  /** 0..1; below 0.48 the widget shows "Please enter a valid email address". */
  score: number;
  message: string | null;
}

export interface PhoneVerdict {
  valid: boolean;
  phone_number: string | null;
  message: string | null;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const EMAIL_SCORE_THRESHOLD = 0.48;

/** Judges an e-mail address by its shape. */
export function emailVerdict(raw: string): EmailVerdict {
  const email = raw.trim().toLowerCase();
  const valid = email.length <= 254 && EMAIL.test(email);
  return {
    valid,
    mx_found: null,
    free: null,
    score: valid ? 0.5 : 0,
    message: valid ? null : "Please enter a valid email address",
  };
}

/** Judges a phone number by its digits (SPEC 5: at least 4 after stripping punctuation). */
export function phoneVerdict(raw: string): PhoneVerdict {
  const stripped = raw.replace(/ext\.?|[\s().\-]/gi, "");
  const digits = stripped.replace(/^\+/, "");
  const valid = /^\d{4,20}$/.test(digits);
  return {
    valid,
    phone_number: valid ? (stripped.startsWith("+") ? `+${digits}` : digits) : null,
    message: valid ? null : "Please enter a valid phone number",
  };
}

/** The validate answer for whichever of e-mail and phone were sent. */
export function validateContactShape(input: { email?: string; phone?: string }) {
  return {
    ...(input.email !== undefined ? { email: emailVerdict(input.email) } : {}),
    ...(input.phone !== undefined ? { phone: phoneVerdict(input.phone) } : {}),
  };
}
