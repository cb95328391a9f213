/** A stored answer value as text ("a, b" for multiple choices). */
export function answerText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (Array.isArray(value)) return value.map(answerText).join(", ");
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}
