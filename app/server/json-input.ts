/**
 * Makes a parsed JSON body safe to validate and store (DESIGN: strings are
 * well-formed Unicode at every boundary). JSON.parse turns "\ud83d" escapes
 * into lone UTF-16 surrogates, which the database layer refuses with an
 * error of its own; and it nests as deep as the body allows, which the
 * database layer's JSON protocol refuses past its recursion limit.
 */
import { InputError } from "./input-error";

/** Deepest nesting of objects and arrays a body may have, the body itself counting as 1. */
export const MAX_JSON_DEPTH = 32;

declare global {
  interface String {
    isWellFormed(): boolean;
    toWellFormed(): string;
  }
}

/** The string with each lone surrogate replaced by U+FFFD (what a UTF-8 decoder makes of one). */
export function wellFormed(s: string): string {
  return s.isWellFormed() ? s : s.toWellFormed();
}

/**
 * Repairs lone surrogates in every string of a parsed JSON value, keys
 * included (a lead's text is kept, one character replaced, rather than
 * refused), and throws an InputError naming the field when the value nests
 * deeper than maxDepth. Changes the value in place; returns it.
 */
export function repairJson(value: unknown, maxDepth = MAX_JSON_DEPTH, path: (string | number)[] = []): unknown {
  if (typeof value === "string") return wellFormed(value);
  if (value === null || typeof value !== "object") return value;
  if (path.length >= maxDepth) {
    // The first few names find the field; the full path of a 1,000-deep value would be noise.
    throw new InputError(`JSON may nest at most ${maxDepth} levels deep`, path.slice(0, 4).join(".") || null);
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = repairJson(value[i], maxDepth, [...path, i]);
    return value;
  }
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  const fixed = keys.map(wellFormed);
  const rebuild = fixed.some((k, i) => k !== keys[i]);
  // Rebuilt with defineProperty, as JSON.parse does: a "__proto__" key stays a plain key, never a prototype.
  const out: Record<string, unknown> = rebuild ? {} : record;
  keys.forEach((key, index) => {
    Object.defineProperty(out, fixed[index], {
      value: repairJson(record[key], maxDepth, [...path, fixed[index]]),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  });
  return out;
}
