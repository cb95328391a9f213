/**
 * The widget truncates by code point (DESIGN): a cut at the server's limit
 * (UTF-16 units) never leaves half of a surrogate pair, wherever the widget
 * truncates what it sends.
 */
import { describe, expect, it } from "vitest";
import { cut } from "#widget/core/cut";
import { readFlags } from "#widget/core/url-params";
import { identifyFields } from "#widget/core/validate";
import { extractContact } from "#widget/core/extras/form-tracking";
import { buildContactPayload } from "#widget/render/form-logic";
import { fieldMock } from "#test/support/factories";

const EMOJI = "😀"; // two UTF-16 units
const wellFormed = (s: string) => !/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(s);
/** `units - 1` letters, then an emoji whose first half is the last unit inside the limit. */
const straddling = (units: number) => "a".repeat(units - 1) + EMOJI + "tail";

describe("cut", () => {
  it("keeps at most max units and drops a high surrogate the cut would leave alone", () => {
    expect(cut(straddling(500), 500)).toBe("a".repeat(499));
    expect(cut("a".repeat(498) + EMOJI + "b", 500)).toBe("a".repeat(498) + EMOJI);
    expect(cut("short", 500)).toBe("short");
    expect(cut("", 5)).toBe("");
  });
});

describe("everything the widget truncates", () => {
  it("a form's person fields (500, zip code 20) and answers (5,000)", () => {
    const payload = buildContactPayload(
      [
        fieldMock({ slug: "email" }),
        fieldMock({ slug: "first_name", options: {} }),
        fieldMock({ slug: "zip_code", options: {} }),
        fieldMock({ slug: "note", field_type: "text", options: {} }),
      ],
      { email: "a@example.se", first_name: straddling(500), zip_code: straddling(20), note: straddling(5000) },
      { cta_id: 7, variant_id: 11, step_id: 21, element_id: 31, broadcast_id: null, source_url: "https://x.se/" },
    );
    expect(payload.name).toBe("a".repeat(499));
    expect(payload.zip_code).toBe("a".repeat(19));
    expect(payload.extra.note).toBe("a".repeat(4999));
  });

  it("UTM parameters of the address (500)", () => {
    const utms = readFlags(`https://x.se/?utm_source=${encodeURIComponent(straddling(500))}`, 1).utms;
    expect(utms.utm_source).toBe("a".repeat(499));
  });

  it("identify's profile fields (500)", () => {
    const f = identifyFields({ email: "a@example.se", name: straddling(500) }, null) as Record<string, string>;
    expect(f.name).toBe("a".repeat(499));
    expect(wellFormed(f.name)).toBe(true);
  });

  it("host-page forms that form tracking reads (name 255)", () => {
    const c = extractContact([
      { name: "email", type: "email", value: "a@example.se" },
      { name: "first_name", type: "text", value: straddling(255) },
    ] as never);
    expect(c?.name).toBe("a".repeat(254));
  });
});
