/** The host site's form-validation rules and the library's exact messages (SPEC 5). */
import { describe, expect, it } from "vitest";
import {
  checkValue,
  formatMessage,
  isStepMultiple,
  MESSAGES,
  MESSAGES_SV,
  messagesFor,
  parsePair,
  remoteVerdict,
} from "#demo/sv/src/validation";

const message = (value: string, rules: Parameters<typeof checkValue>[1]) => checkValue(value, rules)?.message ?? null;

describe("messages", () => {
  it("are the form library's, word for word", () => {
    // Written out on purpose: the widget's catalogue (contract/i18n/en.ts) has the same texts, and a change to either must fail here.
    /* jscpd:ignore-start */
    expect(MESSAGES).toEqual({
      required: "This field is required.",
      remote: "Please fix this field.",
      email: "Please enter a valid email address.",
      url: "Please enter a valid URL.",
      date: "Please enter a valid date.",
      dateISO: "Please enter a valid date (ISO).",
      number: "Please enter a valid number.",
      digits: "Please enter only digits.",
      equalTo: "Please enter the same value again.",
      maxlength: "Please enter no more than {0} characters.",
      minlength: "Please enter at least {0} characters.",
      rangelength: "Please enter a value between {0} and {1} characters long.",
      range: "Please enter a value between {0} and {1}.",
      max: "Please enter a value less than or equal to {0}.",
      min: "Please enter a value greater than or equal to {0}.",
      step: "Please enter a multiple of {0}.",
    });
    /* jscpd:ignore-end */
  });

  it("are the library's Swedish localization on a Swedish page, every rule in Swedish", () => {
    expect(messagesFor("sv")).toBe(MESSAGES_SV);
    expect(messagesFor("sv-SE")).toBe(MESSAGES_SV);
    for (const lang of ["en", "en-GB", "", null, undefined, "svenska"]) expect(messagesFor(lang)).toBe(MESSAGES);
    expect(Object.keys(MESSAGES_SV).sort()).toEqual(Object.keys(MESSAGES).sort());
    // No sentence is left as the English default.
    for (const rule of Object.keys(MESSAGES) as (keyof typeof MESSAGES)[])
      expect(MESSAGES_SV[rule], rule).not.toBe(MESSAGES[rule]);
    const sv = (value: string, rules: Parameters<typeof checkValue>[1]) =>
      checkValue(value, rules, {}, MESSAGES_SV)?.message;
    expect(sv("", { required: true })).toBe("Detta fält är obligatoriskt.");
    expect(sv("A", { minlength: 2 })).toBe("Du måste ange minst 2 tecken.");
    expect(sv("12345", { rangelength: [6, 15] })).toBe("Ange minst 6 och max 15 tecken.");
    expect(sv("3/11/2026", { dateISO: true })).toBe("Ange ett korrekt datum (ÅÅÅÅ-MM-DD).");
    // The site's own message still wins over the catalogue's.
    expect(checkValue("", { required: true }, { required: "Fyll i ditt namn." }, MESSAGES_SV)?.message).toBe(
      "Fyll i ditt namn.",
    );
    expect(remoteVerdict(false, undefined, MESSAGES_SV)).toEqual({ valid: false, message: "Rätta det här fältet." });
  });

  it("format {0} and {1} from one parameter or a list, leaving unknown places alone", () => {
    expect(formatMessage(MESSAGES.minlength, 2)).toBe("Please enter at least 2 characters.");
    expect(formatMessage(MESSAGES.rangelength, [6, 15])).toBe("Please enter a value between 6 and 15 characters long.");
    expect(formatMessage("{0}-{1}-{2}", ["a", "b"])).toBe("a-b-{2}");
  });
});

describe("rules", () => {
  it("required: blank or whitespace fails; an empty optional field passes every rule", () => {
    expect(message("", { required: true })).toBe("This field is required.");
    expect(message("   ", { required: true })).toBe("This field is required.");
    expect(message("", { email: true, minlength: 5, digits: true, min: 3 })).toBeNull();
  });

  it("email", () => {
    expect(message("anna@exempel.se", { email: true })).toBeNull();
    expect(message("anna.o'hara+kurs@sub.exempel.se", { email: true })).toBeNull();
    for (const bad of ["anna", "anna@", "@exempel.se", "anna@exempel..se", "anna exempel@se.se", "anna@-exempel.se"]) {
      expect(message(bad, { email: true })).toBe("Please enter a valid email address.");
    }
  });

  it("url", () => {
    expect(message("https://saljakademin.se/kurser?x=1", { url: true })).toBeNull();
    expect(message("http://localhost:3000", { url: true })).toBeNull();
    expect(message("//cdn.exempel.se/x", { url: true })).toBeNull();
    for (const bad of [
      "saljakademin.se",
      "https://",
      "https://intranät",
      "javascript:alert(1)",
      "https://exempel .se",
    ]) {
      expect(message(bad, { url: true })).toBe("Please enter a valid URL.");
    }
  });

  it("date and dateISO", () => {
    expect(message("2026-11-03", { date: true })).toBeNull();
    expect(message("inte ett datum", { date: true })).toBe("Please enter a valid date.");
    expect(message("2026-11-03", { dateISO: true })).toBeNull();
    expect(message("2026/1/9", { dateISO: true })).toBeNull();
    expect(message("03-11-2026", { dateISO: true })).toBe("Please enter a valid date (ISO).");
    expect(message("2026-13-01", { dateISO: true })).toBe("Please enter a valid date (ISO).");
  });

  it("number and digits", () => {
    for (const ok of ["12", "-3", "1,234.5", "0.25", ".5"]) expect(message(ok, { number: true })).toBeNull();
    for (const bad of ["12a", "1,23", "1.2.3", "--1"])
      expect(message(bad, { number: true })).toBe("Please enter a valid number.");
    expect(message("0701234567", { digits: true })).toBeNull();
    expect(message("070-123 45 67", { digits: true })).toBe("Please enter only digits.");
  });

  it("equalTo", () => {
    expect(message("a@b.se", { equalTo: { value: "a@b.se" } })).toBeNull();
    expect(message("a@b.se", { equalTo: { value: "c@d.se" } })).toBe("Please enter the same value again.");
  });

  it("minlength, maxlength and rangelength count characters", () => {
    expect(message("A", { minlength: 2 })).toBe("Please enter at least 2 characters.");
    expect(message("Åsa", { maxlength: 3 })).toBeNull();
    expect(message("Anna-Karin", { maxlength: 5 })).toBe("Please enter no more than 5 characters.");
    expect(message("12345", { rangelength: [6, 15] })).toBe("Please enter a value between 6 and 15 characters long.");
    expect(message("👍👍", { maxlength: 2 })).toBeNull();
  });

  it("min, max and range", () => {
    expect(message("0", { min: 1 })).toBe("Please enter a value greater than or equal to 1.");
    expect(message("21", { max: 20 })).toBe("Please enter a value less than or equal to 20.");
    expect(message("20", { min: 1, max: 20 })).toBeNull();
    expect(message("500", { range: [1000, 50000] })).toBe("Please enter a value between 1000 and 50000.");
    expect(message("abc", { min: 1 })).toBe("Please enter a value greater than or equal to 1.");
  });

  it("step, counted from min", () => {
    expect(message("1250", { step: 100 })).toBe("Please enter a multiple of 100.");
    expect(message("1200", { step: 100 })).toBeNull();
    expect(message("6", { step: 5, min: 1 })).toBeNull();
    expect(message("5", { step: 5, min: 1 })).toBe("Please enter a multiple of 5.");
    expect(isStepMultiple(0.3, 0.1)).toBe(true);
    expect(isStepMultiple(0.35, 0.1)).toBe(false);
    expect(isStepMultiple(5, 0)).toBe(false);
  });

  it("reports the first failing rule in the library's order, with custom messages", () => {
    expect(checkValue("x", { email: true, minlength: 5 })?.rule).toBe("email");
    expect(checkValue("", { required: true }, { required: "Fyll i ditt namn." })?.message).toBe("Fyll i ditt namn.");
    expect(checkValue("A", { minlength: 2 }, { minlength: "Minst {0} tecken." })?.message).toBe("Minst 2 tecken.");
  });
});

describe("remote rule answers", () => {
  it("true passes, a string is the message, anything else fails with the remote message", () => {
    expect(remoteVerdict(true)).toEqual({ valid: true });
    expect(remoteVerdict("true")).toEqual({ valid: true });
    expect(remoteVerdict("Adressen är redan anmäld.")).toEqual({ valid: false, message: "Adressen är redan anmäld." });
    expect(remoteVerdict(false)).toEqual({ valid: false, message: "Please fix this field." });
    expect(remoteVerdict(null)).toEqual({ valid: false, message: "Please fix this field." });
    expect(remoteVerdict({ ok: true })).toEqual({ valid: false, message: "Please fix this field." });
    expect(remoteVerdict("  ")).toEqual({ valid: false, message: "Please fix this field." });
    expect(remoteVerdict(false, "Kontrollera adressen.")).toEqual({ valid: false, message: "Kontrollera adressen." });
  });
});

describe("parsePair", () => {
  it("reads [a, b] and a,b", () => {
    expect(parsePair("[6, 15]")).toEqual([6, 15]);
    expect(parsePair("1000,50000")).toEqual([1000, 50000]);
    expect(parsePair("[1]")).toBeUndefined();
    expect(parsePair("a,b")).toBeUndefined();
    expect(parsePair(null)).toBeUndefined();
  });
});
