import { describe, expect, it } from "vitest";
import type { ActionGroup } from "#contract/schema/cta";
import { normalizeRedirect, outcomeOf, confirmationGroup, withQueryString } from "#widget/render/confirmation";
import { autocompleteOf, buildContactPayload, inputType, validateField, validateForm } from "#widget/render/form-logic";
import { en } from "#contract/i18n/en";
import { elementMock, fieldMock } from "#test/support/factories";

const email = fieldMock({ required: true });
const phone = fieldMock({ slug: "phone", options: { type: "tel" } });

describe("form validation", () => {
  it.each(["a@b.se", "  Anna.Svensson@Example.COM ", "x+tag@sub.domain.org"])("accepts the e-mail %j", (v) =>
    expect(validateField(email, v, en)).toBeNull(),
  );
  it.each(["anna", "anna@", "anna@example", "a b@c.se", "@c.se"])(
    "refuses the e-mail %j with the SPEC 8 message",
    (v) => expect(validateField(email, v, en)).toBe("Please enter a valid email address."),
  );
  it("requires what is required, and only that", () => {
    expect(validateField(email, "", en)).toBe(en.required);
    expect(validateField(fieldMock({ slug: "email", required: false }), "", en)).toBeNull();
    expect(
      validateField(fieldMock({ slug: "ok", field_type: "checkbox", required: true, options: {} }), false, en),
    ).toBe(en.required);
    expect(
      validateField(fieldMock({ slug: "ok", field_type: "checkbox", required: true, options: {} }), true, en),
    ).toBeNull();
    expect(validateField(fieldMock({ slug: "h", field_type: "hidden", required: true }), "", en)).toBeNull();
  });
  it("checks phones by digits after stripping separators (at least 4)", () => {
    expect(validateField(phone, "+46 (0)70-123.45 67", en)).toBeNull();
    expect(validateField(phone, "123", en)).toBe(en.phone);
    expect(validateField(phone, "07012 abc", en)).toBe(en.phone);
  });
  it("reports errors by slug", () => {
    expect(validateForm([email, phone], { email: "bad", phone: "12" }, en)).toEqual({
      email: en.email,
      phone: en.phone,
    });
  });
  it("gives inputs their type and autocomplete", () => {
    expect([inputType(email), autocompleteOf(email)]).toEqual(["email", "email"]);
    expect([inputType(phone), autocompleteOf(phone)]).toEqual(["tel", "tel"]);
    const first = fieldMock({ slug: "first_name", options: {} });
    expect([inputType(first), autocompleteOf(first)]).toEqual(["text", "given-name"]);
    expect(autocompleteOf(fieldMock({ slug: "favourite_course", options: {} }))).toBe("on");
  });
});

describe("contact payload", () => {
  it("builds the SPEC 3 payload: person fields, extra by slug, consents and ids", () => {
    const fields = [
      email,
      fieldMock({ slug: "first_name", options: {} }),
      fieldMock({ slug: "phone", options: { type: "tel" } }),
      fieldMock({ slug: "course", field_type: "dropdown", options: {} }),
      fieldMock({
        slug: "topics",
        field_type: "checkbox",
        options: {},
        field_options: [{ value: "a" }, { value: "b" }],
      }),
      fieldMock({ slug: "source", field_type: "hidden", options: {} }),
    ];
    const payload = buildContactPayload(
      fields,
      { email: " Anna@Example.SE ", first_name: "Anna", phone: "", course: "Sälj 1", topics: ["a"], source: "footer" },
      {
        cta_id: 7,
        variant_id: 11,
        step_id: 21,
        element_id: 31,
        broadcast_id: null,
        source_url: "https://x.se/p",
        marketing_consent: true,
      },
    );
    expect(payload).toEqual({
      email: "anna@example.se",
      name: "Anna",
      extra: { course: "Sälj 1", topics: ["a"], source: "footer" },
      marketing_consent: true,
      source_url: "https://x.se/p",
      contactable_type: "Cta",
      contactable_id: 7,
      cta_id: 7,
      variant_id: 11,
      step_id: 21,
      element_id: 31,
      broadcast_id: null,
    });
  });
});

describe("consent fields", () => {
  it("turn into the payload's consent flags, not extra answers", () => {
    const consent = fieldMock({
      slug: "marketing_consent",
      field_type: "checkbox",
      required: true,
      options: { label: "Ja tack" },
    });
    const ctx = { cta_id: 7, variant_id: 11, source_url: "https://x.se/" };
    expect(validateField(consent, false, en)).toBe(en.required);
    const payload = buildContactPayload([email, consent], { email: "a@b.se", marketing_consent: true }, ctx);
    expect(payload.marketing_consent).toBe(true);
    expect(payload.extra).toEqual({});
    expect(buildContactPayload([consent], { marketing_consent: false }, ctx).marketing_consent).toBe(false);
  });
});

describe("confirmations", () => {
  it("defaults to the message Thanks!", () => {
    expect(outcomeOf(undefined, "", en.thanks)).toEqual({ type: "message", html: "Thanks!" });
    expect(
      outcomeOf(
        { position: 0, status: true, data: { "confirmation-type": "message" }, conditions: [], actions: [] },
        "",
        en.thanks,
      ),
    ).toEqual({ type: "message", html: "Thanks!" });
  });
  it("prepends http:// to redirect URLs without it (SPEC 5)", () => {
    expect(normalizeRedirect("example.se/tack")).toBe("http://example.se/tack");
    expect(normalizeRedirect("https://example.se/tack")).toBe("https://example.se/tack");
    expect(normalizeRedirect("javascript:alert(1)")).toBe("http://javascript:alert(1)");
    expect(normalizeRedirect("/tack")).toBe("/tack");
    expect(normalizeRedirect("//evil.example")).toBe("http://evil.example");
    expect(withQueryString("https://x.se/t?a=1#h", "?utm_source=n")).toBe("https://x.se/t?a=1&utm_source=n#h");
  });
  it("takes the element's first active group, else the step's", () => {
    const g = (position: number, confirmation: string, status = true) => ({
      position,
      status,
      data: { confirmation },
      conditions: [],
      actions: [],
    });
    const step = { position: 0, options: {}, sections: [], action_groups: [g(0, "step")] };
    expect(
      confirmationGroup(elementMock({ action_groups: [g(2, "late"), g(1, "early"), g(0, "off", false)] }), step)!.data
        .confirmation,
    ).toBe("early");
    expect(confirmationGroup(elementMock({ action_groups: [] }), step)!.data.confirmation).toBe("step");
  });
  it("turns redirect and step groups into outcomes", () => {
    const data = (d: ActionGroup["data"]) => ({ position: 0, status: true, data: d, conditions: [], actions: [] });
    expect(
      outcomeOf(data({ "confirmation-type": "redirect", "redirect-url": "x.se", "target-blank": true }), "", en.thanks),
    ).toEqual({ type: "redirect", url: "http://x.se", newTab: true });
    expect(outcomeOf(data({ "confirmation-type": "step", "redirect-step": 2 }), "", en.thanks)).toEqual({
      type: "step",
      position: 2,
    });
  });
});
