/** The owner's CSV of codes: what spreadsheets and shops export, and files that are no list of codes. */
import { describe, expect, it } from "vitest";
import { MAX_CSV_BYTES, MAX_CSV_CODES, parseCodesCsv } from "#app/models/discount-codes/codes-csv";

const codes = (text: string) => {
  const r = parseCodesCsv(text);
  if (!r.ok) throw new Error(JSON.stringify(r.problem));
  return r.codes;
};

describe("parseCodesCsv", () => {
  it("reads one code a line, with or without a header, BOM, quotes and other columns", () => {
    expect(codes("ABC123\nDEF456\n")).toEqual(["ABC123", "DEF456"]);
    expect(codes("\uFEFFcode\r\nABC123\r\nDEF456")).toEqual(["ABC123", "DEF456"]);
    expect(codes('"Discount code",uses\n"ABC123",0\n"DEF-456";x\r"GHI_789"\tfoo')).toEqual([
      "ABC123",
      "DEF-456",
      "GHI_789",
    ]);
    expect(codes("Rabattkod\n\n  ABC123  \n\n")).toEqual(["ABC123"]);
  });

  it("keeps the first of duplicates and counts the rest", () => {
    const r = parseCodesCsv("AAA111\nBBB222\nAAA111\nAAA111");
    expect(r).toEqual({ ok: true, codes: ["AAA111", "BBB222"], duplicates: 2 });
  });

  it("fails the whole file on a line that is no code, naming the line", () => {
    expect(parseCodesCsv("ABC123\n<script>x</script>\nDEF456")).toEqual({
      ok: false,
      problem: { kind: "badCode", line: 2, code: "<script>x</script>" },
    });
    expect(parseCodesCsv("ABC123\nAB")).toMatchObject({ ok: false, problem: { kind: "badCode", line: 2 } });
    expect(parseCodesCsv("ABC123\n=HYPERLINK(1)")).toMatchObject({ ok: false, problem: { kind: "badCode" } });
    const long = parseCodesCsv("Z".repeat(5000));
    expect(long).toMatchObject({ ok: false, problem: { kind: "badCode", line: 1 } });
    if (!long.ok && long.problem.kind === "badCode") expect(long.problem.code.length).toBe(40);
  });

  it("refuses empty, oversized and overlong files", () => {
    expect(parseCodesCsv("")).toEqual({ ok: false, problem: { kind: "noCodes" } });
    expect(parseCodesCsv("code\n\n")).toEqual({ ok: false, problem: { kind: "noCodes" } });
    expect(parseCodesCsv("ABC123", MAX_CSV_BYTES + 1)).toMatchObject({ ok: false, problem: { kind: "tooLarge" } });
    const many = Array.from({ length: MAX_CSV_CODES + 1 }, (_, i) => `C${i}XX`).join("\n");
    expect(parseCodesCsv(many)).toEqual({ ok: false, problem: { kind: "tooMany", max: MAX_CSV_CODES } });
  });
});
