/**
 * The sign-in page's redirectTo: only owner-admin paths of this origin get
 * through, judged after the URL parser's normalisation.
 */
import { describe, expect, it } from "vitest";
import { safeRedirectTo } from "#app/server/safe-redirect";

describe("safeRedirectTo", () => {
  it.each([
    ["/owner", "/owner"],
    ["/owner/", "/owner/"],
    ["/owner/websites/1/contacts?page=2", "/owner/websites/1/contacts?page=2"],
    ["/owner/websites/1/contacts?q=a%2Fb#top", "/owner/websites/1/contacts?q=a%2Fb#top"],
    ["/owner#top", "/owner#top"],
    // Normalised to an admin path: the normalised form is what is returned.
    ["/owner/./websites/../websites/1", "/owner/websites/1"],
  ])("keeps the admin path %j", (value, expected) => {
    expect(safeRedirectTo(value)).toBe(expected);
  });

  it.each([
    "//evil.example",
    "//evil.example/owner",
    "/\\evil.example",
    "\\\\evil.example",
    "/.//evil.example",
    "/././/evil.example",
    "/owner/../..//evil.example",
    "/owner/..//evil.example",
    "/owner/%2e%2e//evil.example",
    "/%2e//evil.example",
    "/%2F%2Fevil.example",
    "/owner/%2F%2Fevil.example",
    "/owner/%5C%5Cevil.example",
    "/owner//evil.example",
    "https://evil.example",
    "https://evil.example/owner",
    "http:evil.example",
    "\t//evil.example",
    "/\t/evil.example",
    "/owner\r\nSet-Cookie: x=1",
    "/owner%0d%0aSet-Cookie:x",
    " /owner",
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "/ownerevil",
    "/",
    "/app",
    "evil",
    "",
    "/owner/" + "a".repeat(2001),
    null,
    undefined,
    42,
    ["/owner"],
  ])("refuses %j", (value) => {
    expect(safeRedirectTo(value)).toBe("/owner");
  });

  it("never returns a value a browser would read as another host", () => {
    for (const prefix of ["/", "/.", "/owner/..", "/owner/../.."]) {
      for (const rest of ["//evil", "/.//evil", "/%2F/evil", "\\evil", "/\\evil"]) {
        const out = safeRedirectTo(prefix + rest);
        expect(out.startsWith("//") || out.startsWith("/\\"), prefix + rest).toBe(false);
        expect(new URL(out, "https://beckon.example").host).toBe("beckon.example");
      }
    }
  });
});
