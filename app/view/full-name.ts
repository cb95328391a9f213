/**
 * A person's shown name from the two parts Beckon stores. Used by the admin's
 * tables and by the contact models, so it lives below both.
 */

/** "Anna Svensson", or null when neither part is known. */
export function fullName(name: string | null, lastName: string | null): string | null {
  const joined = [name, lastName].filter((p) => p && p.trim() !== "").join(" ");
  return joined === "" ? null : joined;
}
