/**
 * Formula neutralising in CSV exports: text a spreadsheet would run gets an
 * apostrophe even behind leading line feeds, spaces or control characters;
 * numbers, negative ones included, stay numbers.
 */
import { describe, expect, it } from "vitest";
import type { TestDatabase } from "#test/support/test-database";
import { withOneWebsite } from "#test/support/website-database";
import { csvCell, parseCsv } from "#app/view/csv";
import { contactsCsv } from "#app/models/contacts-csv.server";

describe("csvCell", () => {
  it.each([
    ['\n=HYPERLINK("http://evil","x")', `"'\n=HYPERLINK(""http://evil"",""x"")"`],
    ["\r\n=1+1", `"'\r\n=1+1"`],
    ["  =1+1", "'  =1+1"],
    ["\u0000@SUM(A1)", "'\u0000@SUM(A1)"],
    ["\t-2+3", "'\t-2+3"],
    ["\u00a0+1", "'\u00a0+1"],
    ["\ttext", "'\ttext"],
    ["\rtext", `"'\rtext"`],
  ])("neutralises %j", (text, cell) => {
    expect(csvCell(text)).toBe(cell);
  });

  // Spreadsheets with East Asian input (Excel) and LibreOffice run the fullwidth forms too.
  it.each([
    ['\uff1dHYPERLINK("http://evil")', `"'\uff1dHYPERLINK(""http://evil"")"`],
    ["\uff0b1+1", "'\uff0b1+1"],
    ["\uff0d2+3", "'\uff0d2+3"],
    ["\uff20SUM(A1)", "'\uff20SUM(A1)"],
    ["\n\uff1d1+1", `"'\n\uff1d1+1"`],
    ["  \uff0b1", "'  \uff0b1"],
    ["\u0000\uff20SUM(A1)", "'\u0000\uff20SUM(A1)"],
  ])("neutralises the fullwidth formula start in %j", (text, cell) => {
    expect(csvCell(text)).toBe(cell);
  });

  it("leaves fullwidth signs inside text as they are", () => {
    expect(csvCell("a\uff1db")).toBe("a\uff1db");
    expect(csvCell("\uff21\uff1d1")).toBe("\uff21\uff1d1");
  });

  it("leaves numbers, negative ones included, and harmless text as they are", () => {
    expect(csvCell(-5)).toBe("-5");
    expect(csvCell(-12.5)).toBe("-12.5");
    expect(csvCell(0)).toBe("0");
    expect(csvCell("a=b")).toBe("a=b");
    expect(csvCell("\nline two")).toBe('"\nline two"');
  });
});

describe("exports", () => {
  let t: TestDatabase;
  let site: number;
  withOneWebsite((created) => ({ t, site } = created));

  it("a contact's number answer is a number and a formula answer behind a line feed is neutralised", async () => {
    await t.db.person.create({
      data: {
        websiteId: site,
        visitorToken: "csv-formula-token",
        personType: "Contact",
        contactSince: new Date(),
        email: "a@example.se",
        name: '\n=HYPERLINK("http://evil")',
        extra: { score: -12.5, note: "\n=1+1" },
        data: {},
      },
    });
    const [header, row] = parseCsv((await contactsCsv(t.db, site)).csv);
    const cell = (name: string) => row[header.indexOf(name)];
    expect(cell("answer:score")).toBe("-12.5");
    expect(cell("answer:note")).toBe("'\n=1+1");
    expect(cell("name")).toBe('\'\n=HYPERLINK("http://evil")');
  });
});
