/**
 * CSV writing (RFC 4180: comma-separated, CRLF line ends, quotes doubled).
 * Text cells a spreadsheet would run as a formula get a leading apostrophe,
 * so a lead who types "=HYPERLINK(...)" into a form cannot run it on the
 * owner's machine. Numbers are written as numbers: -5 is data, not a formula.
 */

/** Byte-order mark that makes Excel read the file as UTF-8 (å, ä, ö). */
export const UTF8_BOM = "\uFEFF";

/**
 * Text a spreadsheet may run as a formula: a tab or CR first (OWASP), or
 * =, +, - or @ after any leading spaces, line feeds or control characters,
 * which spreadsheets skip ("\n=HYPERLINK(...)" runs too). Their fullwidth
 * forms (＝ ＋ － ＠, U+FF1D, U+FF0B, U+FF0D, U+FF20) count as well: Excel
 * with East Asian input and LibreOffice read them as the ASCII signs.
 */
const FORMULA = /^[\t\r]|^[\s\0-\x1f]*[=+\-@\uff1d\uff0b\uff0d\uff20]/;

/** One cell, quoted when needed. Dates become ISO strings, null and undefined empty cells. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  let text: string;
  if (value instanceof Date) text = value.toISOString();
  else if (typeof value === "object") text = JSON.stringify(value);
  else text = String(value);
  if (typeof value !== "number" && FORMULA.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One line (without its line end). */
export function csvRow(values: readonly unknown[]): string {
  return values.map(csvCell).join(",");
}

/** A whole file: a header line, then one line per row, each ending in CRLF. */
export function toCsv(
  headers: readonly string[],
  rows: Iterable<readonly unknown[]>,
  options: { bom?: boolean } = {},
): string {
  const lines = [csvRow(headers)];
  for (const row of rows) lines.push(csvRow(row));
  return (options.bom ? UTF8_BOM : "") + lines.join("\r\n") + "\r\n";
}

/**
 * Parses CSV text back into rows (for tests and imports): handles quoted
 * cells with commas, quotes and line breaks; ignores a leading BOM.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  let index = text.startsWith(UTF8_BOM) ? 1 : 0;
  for (; index < text.length; index++) {
    const ch = text[index];
    if (quoted) {
      if (ch === '"') {
        if (text[index + 1] === '"') {
          cell += '"';
          index++;
        } else quoted = false;
      } else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      row.push(cell);
      cell = "";
    } else if (ch === "\r" || ch === "\n") {
      if (ch === "\r" && text[index + 1] === "\n") index++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
    } else cell += ch;
  }
  if (cell !== "" || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

/** A safe file name for Content-Disposition: letters, digits, dot, dash and underscore. */
export function csvFileName(...parts: string[]): string {
  const base = parts
    .join("-")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\w.-]+/g, "-")
    .replace(/-+/g, "-")
    .replace(/^[-.]+|[-.]+$/g, "")
    .slice(0, 100);
  return `${base || "export"}.csv`;
}
