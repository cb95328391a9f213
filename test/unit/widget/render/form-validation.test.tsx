// @vitest-environment happy-dom
/** Form validation (SPEC 5, 8): e-mail and phone, the other field rules, the optional server check and reCAPTCHA. */
import { describe, expect, it, vi } from "vitest";
import { sv } from "#contract/i18n/sv";
import { personMock, runtimeMock } from "./factories";
import { swedishConfigMock, swedishFieldMock } from "#test/support/factories";
import { mount, submit, type } from "./mount";
import { email, errorOf, formWith, phone, resetFormPageBetweenTests } from "./form-harness";

resetFormPageBetweenTests();

describe("e-mail and phone", () => {
  it("lower-cases the e-mail and refuses a bad one with the SPEC 8 message", async () => {
    const m = await mount({ cta: formWith() });
    type(m.$("input[name=email]"), "anna@");
    await submit(m.$("form"));
    expect(errorOf(m.root, "email")).toBe(sv.email);
    expect(m.$("input[name=email]").getAttribute("aria-invalid")).toBe("true");
    expect(m.root.activeElement).toBe(m.$("input[name=email]"));
    type(m.$("input[name=email]"), "  Anna@Exempel.SE ");
    await submit(m.$("form"));
    expect(m.runtime.submitContact.mock.calls[0][0].email).toBe("anna@exempel.se");
  });

  it("checks phones by digits (at least 4) and sends them with the site's dial code when there is no plus", async () => {
    const m = await mount({ cta: formWith([email, phone]) });
    type(m.$("input[name=email]"), "a@b.se");
    type(m.$("input[name=phone]"), "123");
    await submit(m.$("form"));
    expect(errorOf(m.root, "phone")).toBe(sv.phone);
    type(m.$("input[name=phone]"), "070-123 45 67");
    await submit(m.$("form"));
    expect(m.runtime.submitContact.mock.calls[0][0].phone).toBe("+46701234567");
  });

  it("uses US numbering by default and keeps a number written with a plus", async () => {
    const m = await mount({ cta: formWith([email, phone]), config: swedishConfigMock({ default_country: "" }) });
    type(m.$("input[name=email]"), "a@b.com");
    type(m.$("input[name=phone]"), "(212) 555-0123");
    await submit(m.$("form"));
    expect(m.runtime.submitContact.mock.calls[0][0].phone).toBe("+12125550123");

    const m2 = await mount({ cta: formWith([email, phone]) });
    type(m2.$("input[name=email]"), "a@b.com");
    type(m2.$("input[name=phone]"), "+44 20 7946 0958");
    await submit(m2.$("form"));
    expect(m2.runtime.submitContact.mock.calls[0][0].phone).toBe("+442079460958");
  });

  it("requires the phone when no e-mail is shown or phone-required is on, and not otherwise", async () => {
    const alone = await mount({ cta: formWith([phone]) });
    expect(alone.$<HTMLInputElement>("input[name=phone]").required).toBe(true);
    await submit(alone.$("form"));
    expect(errorOf(alone.root, "phone")).toBe(sv.required);

    const optional = await mount({ cta: formWith([email, phone]) });
    type(optional.$("input[name=email]"), "a@b.se");
    await submit(optional.$("form"));
    expect(optional.runtime.submitContact).toHaveBeenCalledTimes(1);

    const forced = await mount({ cta: formWith([email, phone], { "phone-required": true }) });
    type(forced.$("input[name=email]"), "a@b.se");
    await submit(forced.$("form"));
    expect(errorOf(forced.root, "phone")).toBe(sv.required);
  });
});

describe("other rules", () => {
  it("requires visible required checkboxes and passes native validity in the words of the site's catalogue", async () => {
    const fields = [
      email,
      swedishFieldMock({
        id: 2,
        slug: "antal",
        field_type: "number",
        position: 1,
        options: { label: "Antal säljare", min: 1, max: 500 },
      }),
      swedishFieldMock({
        id: 3,
        slug: "villkor",
        field_type: "checkbox",
        position: 2,
        required: true,
        options: { label: "Jag godkänner villkoren" },
      }),
    ];
    const m = await mount({ cta: formWith(fields) });
    type(m.$("input[name=email]"), "a@b.se");
    type(m.$("input[name=antal]"), "900");
    await submit(m.$("form"));
    expect(errorOf(m.root, "villkor")).toBe(sv.required);
    expect(errorOf(m.root, "antal")).toBe(sv.max.replace("{0}", "500"));
    expect(m.runtime.submitContact).not.toHaveBeenCalled();
    m.$<HTMLInputElement>("input[name=villkor]").click();
    type(m.$("input[name=antal]"), "12");
    await submit(m.$("form"));
    expect(m.runtime.submitContact.mock.calls[0][0].extra).toEqual({ antal: 12, villkor: true });
  });

  it("fills hidden fields from their URL parameter and sends the other field types", async () => {
    history.replaceState(null, "", "/?kalla=google");
    const fields = [
      email,
      swedishFieldMock({
        id: 2,
        slug: "kalla",
        field_type: "hidden",
        position: 1,
        url_params: true,
        parameter: "kalla",
        value: "okänd",
      }),
      swedishFieldMock({
        id: 3,
        slug: "amnen",
        field_type: "checkbox",
        position: 2,
        options: { label: "Ämnen" },
        field_options: [{ value: "salj" }, { value: "ledning" }],
      }),
      swedishFieldMock({
        id: 4,
        slug: "roll",
        field_type: "radio",
        position: 3,
        options: { label: "Roll" },
        field_options: [{ value: "chef" }, { value: "saljare" }],
      }),
      swedishFieldMock({ id: 5, slug: "budget", field_type: "range", position: 4, options: { label: "Budget" } }),
      swedishFieldMock({
        id: 6,
        slug: "kurser",
        field_type: "select",
        multi_select: true,
        position: 5,
        options: { label: "Kurser" },
        field_options: [{ value: "a" }, { value: "b" }],
      }),
      swedishFieldMock({
        id: 7,
        slug: "meddelande",
        field_type: "paragraph",
        position: 6,
        options: { label: "Meddelande" },
      }),
    ];
    const m = await mount({ cta: formWith(fields) });
    const range = m.$<HTMLInputElement>("input[name=budget]");
    // SPEC 5 range defaults: 0 to 1000, step 1.
    expect([range.min, range.max, range.step]).toEqual(["0", "1000", "1"]);
    for (const f of fields.filter((f) => f.field_type !== "hidden")) {
      const el = m.$(`[name="${f.slug}"]`);
      expect(
        m.root.querySelector(`label[for="${el.id}"]`) ?? el.closest("fieldset")?.querySelector("legend"),
        f.slug,
      ).not.toBeNull();
    }
    type(m.$("input[name=email]"), "a@b.se");
    m.$$<HTMLInputElement>("input[name=amnen]")[1].click();
    m.$$<HTMLInputElement>("input[name=roll]")[0].click();
    m.$<HTMLSelectElement>("select[name=kurser]").options[1].selected = true;
    type(m.$("textarea"), "Hej");
    await submit(m.$("form"));
    expect(m.runtime.submitContact.mock.calls[0][0].extra).toEqual({
      kalla: "google",
      amnen: ["ledning"],
      roll: "chef",
      budget: 500,
      kurser: ["b"],
      meddelande: "Hej",
    });
    history.replaceState(null, "", "/");
  });

  it("shows every field of a horizontal form on desktop, so a required fifth field is validated and sent", async () => {
    const fields = ["f1", "f2", "f3", "f4"].map((slug, i) =>
      swedishFieldMock({ id: i + 1, slug, position: i, required: false, options: { label: slug } }),
    );
    fields.push(
      swedishFieldMock({ id: 5, position: 5, required: true }),
      swedishFieldMock({ id: 9, slug: "marketing_consent", field_type: "checkbox", position: 9, options: {} }),
    );
    vi.stubGlobal("matchMedia", (q: string) => ({ matches: q === "(min-width: 1025px)" }));
    const m = await mount({ cta: formWith(fields, { layout: "horizontal" }) });
    expect(m.$$(".bk-field input:not([type=checkbox])").map((i) => i.getAttribute("name"))).toEqual([
      "f1",
      "f2",
      "f3",
      "f4",
      "email",
    ]);
    expect(m.$("input[name=marketing_consent]")).not.toBeNull();
    expect(m.$("form").classList.contains("bk-horizontal")).toBe(true);
    await submit(m.$("form"));
    expect(m.runtime.submitContact).not.toHaveBeenCalled();
    expect(m.$("input[name=email]").getAttribute("aria-invalid")).toBe("true");
    type(m.$("input[name=email]"), "a@b.se");
    await submit(m.$("form"));
    expect(m.runtime.submitContact.mock.calls[0][0].email).toBe("a@b.se");
  });

  it("says so and re-enables the button when the contact cannot be sent", async () => {
    const runtime = runtimeMock({ submitContact: vi.fn(async () => Promise.reject(new Error("offline"))) });
    const m = await mount({ cta: formWith(), runtime });
    type(m.$("input[name=email]"), "a@b.se");
    await submit(m.$("form"));
    expect(m.$('[role="alert"]').textContent).toBe(sv.sendFailed);
    expect(m.$<HTMLButtonElement>("button[type=submit]").disabled).toBe(false);
    expect(runtime.track).not.toHaveBeenCalled();
  });
});

describe("the optional server check", () => {
  const answer = (body: unknown, status = 200) => vi.fn(async () => new Response(JSON.stringify(body), { status }));

  it("runs only with validate-email or validate-phone", async () => {
    const fetch = answer({});
    vi.stubGlobal("fetch", fetch);
    const m = await mount({ cta: formWith() });
    type(m.$("input[name=email]"), "a@b.se");
    await submit(m.$("form"));
    expect(fetch).not.toHaveBeenCalled();
    expect(m.runtime.submitContact).toHaveBeenCalled();
  });

  it("asks POST /api/contacts/validate (v2) and shows the server's refusals in the SPEC 8 words", async () => {
    const fetch = answer({
      email: { valid: false, mx_found: true, score: 0.9, free: true, message: "Please enter a business email" },
      phone: { valid: false, phone_number: null, message: "x" },
    });
    vi.stubGlobal("fetch", fetch);
    const m = await mount({
      cta: formWith([email, phone], { "validate-email": true, "validate-phone": true, "business-only": true }),
      person: personMock(),
    });
    type(m.$("input[name=email]"), "Anna@Gmail.com");
    type(m.$("input[name=phone]"), "0701234567");
    await submit(m.$("form"));
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("http://api.test/api/contacts/validate");
    expect(init.method).toBe("POST");
    expect(JSON.parse(init.body as string)).toEqual({
      version: "v2",
      email: "anna@gmail.com",
      business_only: true,
      phone: "0701234567",
      country: "SE",
      visitor_token: "tok_0123456789abcdef",
      website_id: 1,
    });
    expect(errorOf(m.root, "email")).toBe(sv.business);
    expect(errorOf(m.root, "phone")).toBe(sv.phone);
    expect(m.runtime.submitContact).not.toHaveBeenCalled();
    expect(m.$<HTMLButtonElement>("button[type=submit]").disabled).toBe(false);
  });

  it("lets the submission go on when the server errs, and uses its phone number when valid", async () => {
    vi.stubGlobal("fetch", answer({ error: { message: "boom" } }, 500));
    const m = await mount({ cta: formWith([email], { "validate-email": true }) });
    type(m.$("input[name=email]"), "a@b.se");
    await submit(m.$("form"));
    expect(m.runtime.submitContact).toHaveBeenCalledTimes(1);

    vi.stubGlobal("fetch", answer({ phone: { valid: true, phone_number: "+46701234567", message: null } }));
    const p = await mount({ cta: formWith([email, phone], { "validate-phone": true }) });
    type(p.$("input[name=email]"), "a@b.se");
    type(p.$("input[name=phone]"), "070 123 45 67");
    await submit(p.$("form"));
    expect(p.runtime.submitContact.mock.calls[0][0].phone).toBe("+46701234567");
  });

  it("gives up after 10 s and lets the submission go on", async () => {
    const { validateOnServer, VALIDATION_TIMEOUT_MS } = await import("#widget/render/server-validation");
    expect(VALIDATION_TIMEOUT_MS).toBe(10_000);
    vi.useFakeTimers();
    const hanging = vi.fn(
      (_u: string, init?: RequestInit) =>
        new Promise<Response>((_, reject) =>
          init!.signal!.addEventListener("abort", () => reject(new Error("aborted"))),
        ),
    );
    const result = validateOnServer("http://api.test", { email: "a@b.se" }, hanging as unknown as typeof fetch);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(hanging.mock.calls[0][1]!.signal!.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toBeNull();
  });
});

describe("reCAPTCHA", () => {
  it("is left out without a site key, even when check_recaptcha is on", async () => {
    const m = await mount({ cta: formWith([email], { check_recaptcha: true }) });
    expect(m.$("form").querySelectorAll("div > div:empty").length).toBe(0);
    expect(document.querySelector("script[src*=recaptcha]")).toBeNull();
  });

  it("renders Google's checkbox with the site key, asks for it before sending and sends the token", async () => {
    const render = vi.fn(() => 3);
    let token = "";
    const grecaptcha = { render, getResponse: vi.fn(() => token), reset: vi.fn() };
    vi.stubGlobal("grecaptcha", grecaptcha);
    const config = { ...swedishConfigMock(), recaptcha_site_key: "site-key-1" };
    const m = await mount({ cta: formWith([email], { check_recaptcha: true }), config });
    expect(render).toHaveBeenCalledWith(expect.any(HTMLElement), { sitekey: "site-key-1" });
    type(m.$("input[name=email]"), "a@b.se");
    await submit(m.$("form"));
    expect(m.$('[role="alert"]').textContent).toBe(sv.robot);
    expect(m.runtime.submitContact).not.toHaveBeenCalled();
    token = "tok-123";
    await submit(m.$("form"));
    expect(m.runtime.submitContact.mock.calls[0][0].recaptcha_token).toBe("tok-123");
  });
});
