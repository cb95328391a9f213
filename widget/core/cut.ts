/**
 * Truncation of what the widget sends (DESIGN: the widget truncates by code
 * point). The server's limits count UTF-16 units, so the cut is at most
 * `max` units, one fewer where it would split an emoji's surrogate pair:
 * a lone half is not well-formed Unicode.
 */

/** The first `max` UTF-16 units of `s`, without a high surrogate left alone at the end. */
export const cut = (s: string, max: number): string => s.slice(0, max).replace(/[\ud800-\udbff]$/, "");
