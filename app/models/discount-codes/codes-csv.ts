/**
 * Reads the owner's CSV of discount codes: one code a line, in the first
 * column; a byte-order mark, Windows or old Mac line ends, quotes, a header
 * line ("code", "Discount code" ...), blank lines and duplicates are all
 * fine. A line whose first cell is no code fails the whole file with its line
 * number, so a wrong file (an export of something else) is never half taken.
 */
import { CODE_PATTERN } from "#contract/schema/unique-codes";

export const MAX_CSV_BYTES = 2 * 1024 * 1024;
export const MAX_CSV_CODES = 50_000;

export type CsvProblem =
  | { kind: "tooLarge"; max: number }
  | { kind: "tooMany"; max: number }
  | { kind: "badCode"; line: number; code: string }
  | { kind: "noCodes" };

export type CsvResult = { ok: true; codes: string[]; duplicates: number } | { ok: false; problem: CsvProblem };

/** The first cell of a CSV line (RFC 4180 quotes: "a""b" is a"b); separators , ; and tab. */
function firstCell(line: string): string {
  const text = line.trim();
  if (!text.startsWith('"')) return text.split(/[,;\t]/, 1)[0].trim();
  let cell = "";
  for (let i = 1; i < text.length; i++) {
    if (text[i] !== '"') cell += text[i];
    else if (text[i + 1] === '"') {
      cell += '"';
      i++;
    } else break;
  }
  return cell.trim();
}

const HEADER = /^(discount[ _-]?)?codes?$|^rabattkod(er)?$|^kod(er)?$/i;

/** The codes of a CSV file, deduplicated in file order. `bytes`: the file's size as uploaded. */
export function parseCodesCsv(text: string, bytes = text.length): CsvResult {
  if (bytes > MAX_CSV_BYTES) return { ok: false, problem: { kind: "tooLarge", max: MAX_CSV_BYTES / 1024 } };
  const lines = text.replace(/^\uFEFF/, "").split(/\r\n|\r|\n/);
  const seen = new Set<string>();
  let duplicates = 0;
  for (let i = 0; i < lines.length; i++) {
    const cell = firstCell(lines[i]);
    if (!cell || (seen.size === 0 && duplicates === 0 && HEADER.test(cell))) continue;
    if (!CODE_PATTERN.test(cell))
      return { ok: false, problem: { kind: "badCode", line: i + 1, code: [...cell].slice(0, 40).join("") } };
    if (seen.has(cell)) duplicates++;
    else seen.add(cell);
    if (seen.size > MAX_CSV_CODES) return { ok: false, problem: { kind: "tooMany", max: MAX_CSV_CODES } };
  }
  if (!seen.size) return { ok: false, problem: { kind: "noCodes" } };
  return { ok: true, codes: [...seen], duplicates };
}
