/** HTML helpers for the demo site's server-rendered pages. */

/** Escapes text for HTML content and attribute values. */
export function esc(value: unknown): string {
  return String(value).replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );
}

/** JSON for a data-* attribute (escaped for the attribute). */
export function jsonAttr(value: unknown): string {
  return esc(JSON.stringify(value));
}

/** JSON inside <script type="application/json"> (no "</script>" can close it). */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** "12 900 kr" */
export function kronor(n: number): string {
  return `${new Intl.NumberFormat("sv-SE").format(n).replace(/\u00a0/g, " ")} kr`;
}

/** Replaces {{NAME}} placeholders; a placeholder left over is a template error. */
export function fill(template: string, values: Record<string, string>): string {
  const out = template.replace(/\{\{([A-Z_]+(?::[a-z0-9-]+)?)\}\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? values[name] : whole,
  );
  const left = /\{\{[A-Z_]+(?::[a-z0-9-]+)?\}\}/.exec(out);
  if (left) throw new Error(`demo template placeholder ${left[0]} has no value`);
  return out;
}
