/**
 * The one parser of ids written as text (app/server/id.ts), used by the admin's
 * route parameters, the public API's addresses and the contacts list's URL.
 */
import { describe, expect, it } from "vitest";
import { MAX_ID, parseId } from "#app/server/id";
import { parseContactQuery } from "#app/view/contact-query";
import { parseIdParam } from "#app/server/http.server";

describe("parseId", () => {
  it("reads a plain whole number from 1 to the largest database id", () => {
    expect(parseId("1")).toBe(1);
    expect(parseId("42")).toBe(42);
    expect(parseId(String(MAX_ID))).toBe(2_147_483_647);
  });

  it("is null for a missing value", () => {
    expect(parseId(undefined)).toBeNull();
    expect(parseId(null)).toBeNull();
    expect(parseId("")).toBeNull();
  });

  it("refuses every other spelling, so one id has one", () => {
    for (const bad of [
      "0",
      "-1",
      "+1",
      "01",
      " 1",
      "1 ",
      "1.0",
      "1e3",
      "0x10",
      "1_000",
      "١",
      "１",
      "NaN",
      "Infinity",
      "1,2",
      "1/2",
      "abc",
    ]) {
      expect(parseId(bad), bad).toBeNull();
    }
  });

  it("refuses ids past the database's 32 bits and oversized text", () => {
    expect(parseId(String(MAX_ID + 1))).toBeNull();
    expect(parseId("9999999999")).toBeNull();
    expect(parseId("12345678901")).toBeNull();
    expect(parseId("1".repeat(100_000))).toBeNull();
  });

  it("refuses hostile text", () => {
    for (const bad of ["1; DROP TABLE", "1\n", "1\u0000", "<script>1</script>", "1%00", "../1", "\u{1F600}"])
      expect(parseId(bad), JSON.stringify(bad)).toBeNull();
  });
});

describe("its users", () => {
  it("the public API answers 404 naming the thing for an id it refuses", () => {
    expect(parseIdParam("7", "website")).toBe(7);
    for (const bad of [undefined, "0", "2147483648", "7.js"]) {
      try {
        parseIdParam(bad, "website");
        expect.unreachable();
      } catch (e) {
        expect((e as Response).status, String(bad)).toBe(404);
      }
    }
  });

  it("the contacts list drops a filter id it refuses", () => {
    expect(parseContactQuery(new URLSearchParams("cta=5&list=2147483648")).filters).toMatchObject({
      ctaId: 5,
      listId: null,
    });
  });
});
