/**
 * The admin's table formatting speaks the owner's language: dates in UTC with
 * the language's month names and order, consents with translated words.
 */
import { describe, expect, it } from "vitest";
import { formatConsents, formatUtcDateTime } from "#app/components/format";
import { fullName } from "#app/view/full-name";
import { translator } from "#app/i18n";

describe("formatUtcDateTime", () => {
  it("writes the moment in UTC in English and in Swedish", () => {
    expect(formatUtcDateTime("2026-01-05T14:03:59.000Z", "en")).toBe("Jan 5, 2026, 14:03 UTC");
    expect(formatUtcDateTime("2026-01-05T14:03:59.000Z", "sv")).toBe("5 jan. 2026 14:03 UTC");
  });

  it("keeps the UTC day near midnight whatever the server's zone", () => {
    expect(formatUtcDateTime("2026-12-31T23:59:00.000Z", "sv")).toBe("31 dec. 2026 23:59 UTC");
    expect(formatUtcDateTime("2026-03-01T00:00:00+01:00", "en")).toBe("Feb 28, 2026, 23:00 UTC");
  });

  it("shows anything that is not an ISO timestamp as given", () => {
    for (const odd of ["", "yesterday", "2026-13-45T99:99", "<script>", "2026-01-05"])
      expect(formatUtcDateTime(odd, "en")).toBe(odd);
  });
});

describe("formatConsents", () => {
  const asked = { marketingConsent: true, privacyConsent: null, smsConsent: false };

  it("names the consents asked, in the admin language", () => {
    expect(formatConsents(asked, translator("en"))).toBe("marketing: yes, SMS: no");
    expect(formatConsents(asked, translator("sv"))).toBe("marknadsföring: ja, sms: nej");
  });

  it("is null when no consent was asked", () => {
    expect(
      formatConsents({ marketingConsent: null, privacyConsent: null, smsConsent: null }, translator("sv")),
    ).toBeNull();
  });
});

describe("fullName", () => {
  it("joins the known parts", () => {
    expect(fullName("Anna", " ")).toBe("Anna");
    expect(fullName(null, null)).toBeNull();
  });
});
