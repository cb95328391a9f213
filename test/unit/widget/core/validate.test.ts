import { describe, expect, it } from "vitest";
import { EMAIL_RE, identifyFields, PHONE_RE, purchaseOf } from "#widget/core/validate";

describe("identify (SPEC 5)", () => {
  it("e-mail: local part, at sign, dotted domain", () => {
    for (const ok of ["a@b.se", "anna.berg+news@exempel.co.uk"]) expect(EMAIL_RE.test(ok)).toBe(true);
    for (const bad of ["a@b", "@b.se", "a b@c.se", "a@b.", ""]) expect(EMAIL_RE.test(bad)).toBe(false);
  });

  it("phone: optional plus, 3 + 3 + 4..6 digits, optional brackets, spaces, dashes or dots", () => {
    for (const ok of ["070-123 4567", "+467 012 34567", "(555) 123-4567", "555.123.456789", "5551234567"])
      expect(PHONE_RE.test(ok)).toBe(true);
    for (const bad of ["12345", "070-123 456", "555-123-4567890", "phone"]) expect(PHONE_RE.test(bad)).toBe(false);
  });

  it("needs a valid e-mail or phone", () => {
    expect(identifyFields({ email: "nope" }, null)).toBe("identify needs a valid email or phone");
    expect(identifyFields(null, null)).toBe("identify needs a valid email or phone");
    expect(identifyFields({ name: "Anna" }, null)).toBe("identify needs a valid email or phone");
  });

  it("lower-cases the e-mail and keeps profile fields and custom answers", () => {
    expect(
      identifyFields(
        {
          email: " Anna@Exempel.SE ",
          phone: "bad",
          name: "Anna",
          company_name: "AB",
          extra: { roll: "VD", n: 3, bad: {} },
          unknown: "x",
        },
        null,
      ),
    ).toEqual({
      email: "anna@exempel.se",
      name: "Anna",
      company_name: "AB",
      extra: { roll: "VD", n: 3 },
    });
  });

  it("sets fields only when empty unless override is true, and sends nothing when nothing is new", () => {
    const person = { email: "old@b.se", name: "Anna", phone: null, extra: { roll: "VD" } };
    expect(identifyFields({ email: "new@b.se", name: "Bo", phone: "070-123 4567" }, person)).toEqual({
      email: "old@b.se",
      name: "Anna",
      phone: "070-123 4567",
    });
    expect(identifyFields({ email: "new@b.se", name: "Bo" }, person)).toBeNull();
    expect(identifyFields({ email: "x@b.se", extra: { roll: "Säljare" } }, person)).toBeNull();
    expect(identifyFields({ email: "x@b.se", extra: { ort: "Malmö" } }, person)).toEqual({
      email: "old@b.se",
      extra: { ort: "Malmö" },
    });
    expect(identifyFields({ email: "new@b.se", name: "Bo", override: true }, person)).toEqual({
      email: "new@b.se",
      name: "Bo",
    });
  });
});

describe("trackPurchase (SPEC 5, messages of SPEC 8)", () => {
  it.each([
    [undefined, "trackPurchase: not available for legacy script versions"],
    [199, "trackPurchase: not available for legacy script versions"],
    [{ revenue: 10 }, "trackPurchase: no order_id"],
    [{ revenue: 10, order_id: "" }, "trackPurchase: no order_id"],
    [{ revenue: 10, order_id: 123 }, "trackPurchase: order_id must be 1 to 100 characters"],
    [{ revenue: 10, order_id: "x".repeat(100) }, "trackPurchase: order_id must be 1 to 100 characters"],
    [{ order_id: "A1" }, "trackPurchase: no revenue"],
    [{ order_id: "A1", revenue: "" }, "trackPurchase: no revenue"],
    [{ order_id: "A1", revenue: "ten" }, "trackPurchase: revenue must be numeric"],
    [{ order_id: "A1", revenue: "1,5" }, "trackPurchase: revenue must be numeric"],
    [{ order_id: "A1", revenue: NaN }, "trackPurchase: revenue must be numeric"],
    [{ order_id: "A1", revenue: Infinity }, "trackPurchase: revenue must be numeric"],
  ])("%j → %s", (props, message) => expect(purchaseOf(props, [])).toBe(message));

  it("accepts numbers and numeric strings, 1 to 99 characters of order id", () => {
    expect(purchaseOf({ order_id: "A1", revenue: "199.50" }, [])).toEqual({ orderId: "A1", revenue: 199.5 });
    expect(purchaseOf({ order_id: "x".repeat(99), revenue: 0 }, [])).toEqual({ orderId: "x".repeat(99), revenue: 0 });
    // The server refuses negative revenue: a refund-like value counts as 0.
    expect(purchaseOf({ order_id: "R", revenue: -5 }, [])).toEqual({ orderId: "R", revenue: 0 });
  });

  it("counts an order once per session", () => {
    expect(purchaseOf({ order_id: "A1", revenue: 1 }, ["A1"])).toBe(
      "trackPurchase: order already tracked this session",
    );
  });
});
