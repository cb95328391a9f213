/**
 * The rich-text editor's link check: what an owner types becomes an address
 * with a scheme the server keeps (http, https, mailto, tel, or a site path),
 * and script, data and other addresses are refused with a reason.
 */
import { describe, expect, it } from "vitest";
import { checkLinkAddress, isAllowedLink, MAX_LINK_CHARS } from "#app/view/link-address";

describe("checkLinkAddress", () => {
  it.each([
    ["example.se/boka", "https://example.se/boka"],
    ["  https://example.se  ", "https://example.se/"],
    ["http://example.se/a?b=1#c", "http://example.se/a?b=1#c"],
    ["info@example.se", "mailto:info@example.se"],
    ["mailto:info@example.se?subject=Hej", "mailto:info@example.se?subject=Hej"],
    ["tel:+46 8 123 45", "tel:+46 8 123 45"],
    ["/kontakt", "/kontakt"],
    ["//example.se/x", "https://example.se/x"],
  ])("turns %s into %s", (typed, href) => {
    expect(checkLinkAddress(typed)).toEqual({ href });
  });

  it.each([
    ["", "empty"],
    ["   ", "empty"],
    ["javascript:alert(1)", "scheme"],
    ["JaVaScRiPt:alert(1)", "scheme"],
    ["data:text/html,<script>alert(1)</script>", "scheme"],
    ["vbscript:msgbox(1)", "scheme"],
    ["ftp://example.se", "scheme"],
    ["java\tscript:alert(1)", "invalid"],
    ["java\u0000script:alert(1)", "invalid"],
    ["https://exa mple.se", "invalid"],
    ["nodot", "invalid"],
    ["https://" + "a".repeat(MAX_LINK_CHARS) + ".se", "tooLong"],
  ])("refuses %j (%s)", (typed, problem) => {
    expect(checkLinkAddress(typed)).toEqual({ problem });
  });
});

describe("isAllowedLink", () => {
  it("keeps links with an allowed scheme or a site path, and drops the rest", () => {
    for (const ok of ["https://x.se", "http://x.se", "mailto:a@b.se", "tel:+468", "/boka", "boka"])
      expect(isAllowedLink(ok), ok).toBe(true);
    for (const bad of [
      "javascript:alert(1)",
      " javascript:alert(1)",
      "java\tscript:x",
      "data:text/html,x",
      "//evil.example",
      "\\\\evil.example",
    ])
      expect(isAllowedLink(bad), bad).toBe(false);
  });
});
