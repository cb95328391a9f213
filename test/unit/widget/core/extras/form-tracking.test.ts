// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { extractContact, fieldsOf, keyOf, trackForms, type FieldInfo } from "#widget/core/extras/form-tracking";

const field = (name: string, value: string, o: Partial<FieldInfo> = {}): FieldInfo => ({
  name,
  value,
  type: "text",
  ...o,
});

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

  it.each(["company_name", "username", "form_fields[message]", "form_fields[budget]", "hotel", "title"])(
    "%s → nothing",
    (name) => {
      expect(keyOf(field(name, "x"))).toBeUndefined();
    },
  );

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

  it.each([
    ["form_fields[email_confirm]", "email"],
    ["repeat_email", "email"],
    ["email-again", "email"],
    ["verify_phone", "tel"],
  ])("leaves out the confirmation field %s", (name, type) => {
    expect(keyOf(field(name, "x", { type }))).toBeUndefined();
  });

  it("knows a confirmation field by its label (Upprepa e-post, Bekräfta e-post)", () => {
    expect(keyOf(field("f2", "x", { type: "email", label: "Upprepa e-post" }))).toBeUndefined();
    expect(keyOf(field("f3", "x", { type: "email", label: "Bekräfta e-postadress" }))).toBeUndefined();
    expect(keyOf(field("f1", "x", { type: "email", label: "E-post" }))).toBe("email");
  });

  it("never tracks passwords, hidden fields, choices or buttons", () => {
    for (const type of ["password", "hidden", "checkbox", "radio", "submit", "button"])
      expect(keyOf(field("email", "a@b.se", { type }))).toBeUndefined();
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
    expect(extractContact(fields)).toEqual({
      name: "Anna",
      last_name: "Svensson",
      email: "anna@exempel.se",
      phone: "070-123 45 67",
      website: "https://exempel.se",
    });
  });

  it("keeps the first non-empty value of each kind", () => {
    expect(
      extractContact([field("email", ""), field("e-post", "b@exempel.se"), field("epost2", "c@exempel.se")]),
    ).toEqual({ email: "b@exempel.se" });
  });

  it("takes the e-mail from the field that means it, never from the repeat field, even when the real one is wrong", () => {
    const fields = [
      field("form_fields[first_name]", "Anna"),
      field("form_fields[email]", "anna@exempel", { type: "email" }),
      field("form_fields[email_confirm]", "other@x.se", { type: "email", label: "Upprepa e-post" }),
      field("form_fields[phone]", "070-123 45 67", { type: "tel" }),
    ];
    expect(extractContact(fields)).toEqual({ name: "Anna", phone: "070-123 45 67" });
  });

  it("never lets a later field of a kind stand in for a first one that is not what it says", () => {
    expect(
      extractContact([field("email", "a@b.se"), field("phone", "ring mig"), field("mobil", "0701234567")]),
    ).toEqual({ email: "a@b.se" });
  });

  it("keeps a phone only when it is one (SPEC 5: digits after separators, at least 4) and a website only when it is a web address", () => {
    const c = (phone: string, website: string) =>
      extractContact([field("email", "a@b.se"), field("phone", phone), field("website", website)]);
    expect(c("+46 (0)70-123.45.67", "https://exempel.se/om?x=1")).toEqual({
      email: "a@b.se",
      phone: "+46 (0)70-123.45.67",
      website: "https://exempel.se/om?x=1",
    });
    expect(c("12-34", "www.exempel.se")).toEqual({ email: "a@b.se", phone: "12-34", website: "www.exempel.se" });
    expect(c("070 12 34 56 ext 12", "exempel.se")).toMatchObject({
      phone: "070 12 34 56 ext 12",
      website: "exempel.se",
    });
    expect(c("abc1234", "nourl")).toEqual({ email: "a@b.se" });
    expect(c("12-3", "http://")).toEqual({ email: "a@b.se" });
  });

  it("drops an e-mail that fails the pattern and a phone under 4 digits", () => {
    expect(extractContact([field("email", "anna@exempel"), field("fname", "Anna")])).toBeNull();
    expect(extractContact([field("phone", "12-3"), field("fname", "Anna")])).toBeNull();
    expect(extractContact([field("email", "inte en adress"), field("phone", "0701234567")])).toEqual({
      phone: "0701234567",
    });
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
    const f = form(
      `<input name="a" value="1"><input name="b" value="2" disabled><select name="c"><option value="3" selected>3</option></select><textarea name="d">4</textarea>`,
    );
    expect(fieldsOf(f).map((x) => [x.name, x.value, x.type])).toEqual([
      ["a", "1", "text"],
      ["c", "3", "select-one"],
      ["d", "4", "textarea"],
    ]);
  });

  /** Lets the sender's microtask run. */
  const settle = () => new Promise((r) => setTimeout(r, 0));
  const email = (f: HTMLFormElement, v: string) =>
    ((f.elements.namedItem("form_fields[email]") as HTMLInputElement).value = v);

  it("sends the submitted values once the page accepts the form (resets it), once per distinct contact, never cancels the host's submit, and stops", async () => {
    const send = vi.fn();
    const stop = trackForms(document, send);
    const f = form(
      `<input name="form_fields[first_name]" value="Anna"><input type="email" name="form_fields[email]" value="ANNA@exempel.se">`,
    );
    let hostSaw = 0;
    f.addEventListener("submit", (e) => {
      hostSaw++;
      e.stopPropagation();
    });
    expect(submit(f)).toBe(true);
    expect(hostSaw).toBe(1);
    // Submitted is not accepted.
    expect(send).not.toHaveBeenCalled();
    f.reset();
    await settle();
    expect(send).toHaveBeenCalledTimes(1);
    expect(send.mock.calls[0][0]).toMatchObject({
      name: "Anna",
      email: "anna@exempel.se",
      contactable_type: null,
      source_url: expect.any(String),
    });
    email(f, "anna@exempel.se");
    submit(f);
    f.reset();
    expect(send).toHaveBeenCalledTimes(1);
    email(f, "ny@exempel.se");
    submit(f);
    f.reset();
    await settle();
    expect(send).toHaveBeenCalledTimes(2);
    stop();
    email(f, "tredje@exempel.se");
    submit(f);
    f.reset();
    await settle();
    expect(send).toHaveBeenCalledTimes(2);
  });

  it("sends nothing for a submit the page rejects, and only the accepted values of the next", async () => {
    const send = vi.fn();
    const stop = trackForms(document, send);
    const f = form(
      `<input name="form_fields[email]" value="fel@exempel.se"><input name="form_fields[phone]" value="12-34"><input name="form_fields[website]" value="nourl">`,
    );
    const phone = f.elements.namedItem("form_fields[phone]") as HTMLInputElement;
    submit(f);
    // The page's validation marks the field; the visitor then leaves.
    phone.setAttribute("aria-invalid", "true");
    window.dispatchEvent(new Event("pagehide"));
    await settle();
    expect(send).not.toHaveBeenCalled();
    // Fixed and sent again: only this attempt counts.
    email(f, "ratt@exempel.se");
    phone.value = "0701234567";
    phone.removeAttribute("aria-invalid");
    submit(f);
    window.dispatchEvent(new Event("pagehide"));
    await settle();
    expect(send).toHaveBeenCalledTimes(1);
    expect(send.mock.calls[0][0]).toMatchObject({ email: "ratt@exempel.se", phone: "0701234567" });
    expect(send.mock.calls[0][0].website).toBeUndefined();
    stop();
  });

  it("drops an attempt the page never accepts in time", async () => {
    vi.useFakeTimers();
    const send = vi.fn();
    const stop = trackForms(document, send, 1000);
    const f = form(`<input name="email" value="a@exempel.se">`);
    submit(f);
    vi.advanceTimersByTime(1000);
    f.reset();
    await Promise.resolve().then(() => undefined);
    expect(send).not.toHaveBeenCalled();
    stop();
    vi.useRealTimers();
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
    expect(() => f.reset()).not.toThrow();
    await new Promise((r) => setTimeout(r, 0));
    stop();
    stop2();
  });
});
