/** CSV writing: quoting, formula neutralising, BOM, and a round trip through the parser. */
import { describe, expect, it } from "vitest";
import { UTF8_BOM, csvCell, csvFileName, parseCsv, toCsv } from "#app/view/csv";

describe("csv", () => {
  it("quotes commas, quotes and line breaks", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell('say "hej"')).toBe('"say ""hej"""');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
    expect(csvCell(true)).toBe("true");
    expect(csvCell(new Date("2026-01-05T10:00:00Z"))).toBe("2026-01-05T10:00:00.000Z");
    expect(csvCell(["a", "b"])).toBe('"[""a"",""b""]"');
  });

  it("neutralises cells a spreadsheet would run as formulas, but not negative numbers", () => {
    expect(csvCell('=HYPERLINK("http://evil")')).toBe('"\'=HYPERLINK(""http://evil"")"');
    expect(csvCell("+46701234567")).toBe("'+46701234567");
    expect(csvCell("@sum")).toBe("'@sum");
    expect(csvCell(-5)).toBe("-5");
  });

  it("writes CRLF lines with an optional BOM and reads back the same cells", () => {
    const rows = [
      ["anna@exempel.se", "Åsa, Örjan", 'quote "x"', null],
      ["b@example.com", "multi\r\nline", "", 12.5],
    ];
    const text = toCsv(["email", "name", "note", "value"], rows, { bom: true });
    expect(text.startsWith(UTF8_BOM)).toBe(true);
    expect(text.endsWith("\r\n")).toBe(true);
    expect(parseCsv(text)).toEqual([
      ["email", "name", "note", "value"],
      ["anna@exempel.se", "Åsa, Örjan", 'quote "x"', ""],
      ["b@example.com", "multi\r\nline", "", "12.5"],
    ]);
  });

  it("makes safe file names", () => {
    expect(csvFileName("contacts", "Säljakademin AB", "2026-01-05")).toBe("contacts-Saljakademin-AB-2026-01-05.csv");
    expect(csvFileName("../../etc/passwd")).toBe("etc-passwd.csv");
    expect(csvFileName("")).toBe("export.csv");
  });
});
