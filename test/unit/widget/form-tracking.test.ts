// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { extractContact, fieldsOf, keyOf, trackForms, type FieldInfo } from "../../../widget/core/extras/form-tracking";

const field = (name: string, value: string, o: Partial<FieldInfo> = {}): FieldInfo => ({ name, value, type: "text", ...o });

describe("which contact field a form field holds", () => {
  it.each([
    ["form_fields[first_name]", "name"],
    ["fname", "name"],
    ["Förnamn", "name"],
    ["fornamn", "name"],
    ["form_fields[last_name]", "last_name"],
    ["lname", "last_name"],
    ["efternamn", "last_name"],
    ["surname", "last_name"],
    ["form_fields[email]", "email"],
    ["e-post", "email"],
    ["epostadress", "email"],
    ["your-email", "email"],
    ["form_fields[phone]", "phone"],
    ["tel", "phone"],
    ["telefon", "phone"],
    ["mobilnummer", "phone"],
    ["form_fields[website]", "website"],
    ["webbplats", "website"],
    ["url", "website"],
    ["name", "name"],
    ["form_fields[name]", "name"],
    ["your-name", "name"],
    ["namn", "name"],
  ])("%s → %s", (name, key) => {
    expect(keyOf(field(name, "x"))).toBe(key);
  });

  it.each(["company_name", "username", "form_fields[message]", "form_fields[budget]", "hotel", "title"])("%s → nothing", (name) => {
    expect(keyOf(field(name, "x"))).toBeUndefined();
  });

  it("reads the id when the name says nothing", () => {
    expect(keyOf({ name: "f1", id: "form-field-last_name", type: "text", value: "x" })).toBe("last_name");
  });

  it("uses the input type and the autocomplete token before names", () => {
    expect(keyOf(field("f1", "x", { type: "email" }))).toBe("email");
    expect(keyOf(field("f2", "x", { type: "tel" }))).toBe("phone");
    expect(keyOf(field("f3", "x", { type: "url" }))).toBe("website");
    expect(keyOf(field("f4", "x", { autocomplete: "given-name" }))).toBe("name");
    expect(keyOf(field("f5", "x", { autocomplete: "section-a billing family-name" }))).toBe("last_name");
    expect(keyOf(field("f6", "x", { autocomplete: "shipping tel" }))).toBe("phone");
    expect(keyOf(field("email", "x", { autocomplete: "url" }))).toBe("website");
  });

  it("never tracks passwords, hidden fields, choices or buttons", () => {
    for (const type of ["password", "hidden", "checkbox", "radio", "submit", "button"]) expect(keyOf(field("email", "a@b.se", { type }))).toBeUndefined();
  });
});

describe("the contact in a form", () => {
  it("picks first name, last name, e-mail, phone and website from the Swedish contact form", () => {
    const fields: FieldInfo[] = [
      field("form_id", "kontakt", { type: "hidden" }),
      field("form_fields[first_name]", " Anna ", { autocomplete: "given-name" }),
      field("form_fields[last_name]", "Svensson", { autocomplete: "family-name" }),
      field("form_fields[email]", "Anna@Exempel.SE", { type: "email", autocomplete: "email" }),
      field("form_fields[email_confirm]", "other@exempel.se", { type: "email", autocomplete: "off" }),
      field("form_fields[phone]", "070-123 45 67", { type: "tel", autocomplete: "tel" }),
      field("form_fields[website]", "https://exempel.se", { type: "url", autocomplete: "url" }),
      field("form_fields[company]", "Exempel AB", { autocomplete: "organization" }),
      field("form_fields[message]", "Hej!", { type: "textarea" }),
      field("form_fields[consent]", "ja", { type: "checkbox" }),
    ];
    expect(extractContact(fields)).toEqual({ name: "Anna", last_name: "Svensson", email: "anna@exempel.se", phone: "070-123 45 67", website: "https://exempel.se" });
  });

  it("keeps the first non-empty value of each kind", () => {
    expect(extractContact([field("email", ""), field("e-post", "b@exempel.se"), field("epost2", "c@exempel.se")])).toEqual({ email: "b@exempel.se" });
  });

  it("drops an e-mail that fails the pattern and a phone under 4 digits", () => {
    expect(extractContact([field("email", "anna@exempel"), field("fname", "Anna")])).toBeNull();
    expect(extractContact([field("phone", "12-3"), field("fname", "Anna")])).toBeNull();
    expect(extractContact([field("email", "inte en adress"), field("phone", "0701234567")])).toEqual({ phone: "0701234567" });
  });

  it("is null without an e-mail or a phone", () => {
    expect(extractContact([field("fname", "Anna"), field("website", "https://exempel.se")])).toBeNull();
    expect(extractContact([])).toBeNull();
  });

  it("cuts values to the server's limits", () => {
    expect(extractContact([field("email", "a@b.se"), field("fname", "x".repeat(300))])!.name).toHaveLength(255);
  });
});

describe("tracking submitted forms", () => {
  afterEach(() => {
    document.body.innerHTML = "";
  });

  const form = (inner: string, attrs = "") => {
    document.body.innerHTML = `<form ${attrs}>${inner}<button type="submit">Skicka</button></form>`;
    return document.querySelector("form")!;
  };
  const submit = (f: HTMLFormElement) => f.dispatchEvent(new Event("submit", { bubbles: true, cancelable: true }));

  it("reads the form's enabled fields", () => {
    const f = form(`<input name="a" value="1"><input name="b" value="2" disabled><select name="c"><option value="3" selected>3</option></select><textarea name="d">4</textarea>`);
    expect(fieldsOf(f).map((x) => [x.name, x.value, x.type])).toEqual([
      ["a", "1", "text"],
      ["c", "3", "select-one"],
      ["d", "4", "textarea"],
    ]);
  });

  it("sends the contact once per distinct contact, never cancels the host's submit, and stops", () => {
    const send = vi.fn();
    const stop = trackForms(document, send);
    const f = form(`<input name="form_fields[first_name]" value="Anna"><input type="email" name="form_fields[email]" value="ANNA@exempel.se">`);
    let hostSaw = 0;
    f.addEventListener("submit", (e) => {
      hostSaw++;
      e.stopPropagation();
    });
    expect(submit(f)).toBe(true);
    expect(hostSaw).toBe(1);
    expect(send).toHaveBeenCalledTimes(1);
    expect(send.mock.calls[0][0]).toMatchObject({ name: "Anna", email: "anna@exempel.se", contactable_type: null, source_url: expect.any(String) });
    submit(f);
    expect(send).toHaveBeenCalledTimes(1);
    (f.elements.namedItem("form_fields[email]") as HTMLInputElement).value = "ny@exempel.se";
    submit(f);
    expect(send).toHaveBeenCalledTimes(2);
    stop();
    (f.elements.namedItem("form_fields[email]") as HTMLInputElement).value = "tredje@exempel.se";
    submit(f);
    expect(send).toHaveBeenCalledTimes(2);
  });

  it("leaves forms without a contact, marked forms and Beckon's own forms alone", () => {
    const send = vi.fn();
    const stop = trackForms(document, send);
    submit(form(`<input name="q" value="sök">`));
    submit(form(`<input name="email" value="a@exempel.se">`, "data-beckon-ignore"));
    document.body.innerHTML = `<beckon-cta><form><input name="email" value="a@exempel.se"></form></beckon-cta>`;
    submit(document.querySelector("form")!);
    expect(send).not.toHaveBeenCalled();
    stop();
  });

  it("keeps a failing sender away from the host page", async () => {
    const stop = trackForms(document, () => Promise.reject(new Error("down")));
    const stop2 = trackForms(document, () => {
      throw new Error("sync");
    });
    const f = form(`<input name="email" value="a@exempel.se">`);
    expect(() => submit(f)).not.toThrow();
    await new Promise((r) => setTimeout(r, 0));
    stop();
    stop2();
  });
});
