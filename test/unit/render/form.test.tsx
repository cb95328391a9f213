// @vitest-environment happy-dom
/** Forms and their validation (SPEC 5, 8): the rules, the server check, reCAPTCHA, consents, prefill and the payload. */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { sv } from "../../../widget/i18n/sv";
import { personMock, runtimeMock } from "./factories";
import {
  groupMock,
  swedishConfigMock,
  swedishCtaMock,
  swedishElementMock,
  swedishFieldMock,
} from "../../support/factories";
import { flush, mount, submit, type } from "./mount";

vi.mock("react", () => import("../../../widget/render/react-shim"));
vi.mock("react-dom/client", () => import("../../../widget/render/react-shim"));
vi.mock("react/jsx-runtime", () => import("preact/jsx-runtime"));
vi.mock("react/jsx-dev-runtime", () => import("preact/jsx-dev-runtime"));

const email = swedishFieldMock({ id: 41, slug: "email", required: true, position: 0 });
const phone = swedishFieldMock({
  id: 42,
  slug: "phone",
  position: 1,
  options: { type: "tel", placeholder: "Mobilnummer" },
});
const formWith = (fields = [email], options: Record<string, unknown> = {}, over = {}) =>
  swedishCtaMock({}, [swedishElementMock({ fields, options: { "button-text": "Skicka", ...options }, ...over })]);

const errorOf = (root: ShadowRoot, name: string) => {
  const input = root.querySelector<HTMLElement>(`[name="${name}"]`)!;
  const id = input.getAttribute("aria-describedby") ?? input.closest("fieldset")?.getAttribute("aria-describedby");
  return id ? root.getElementById(id)?.textContent : undefined;
};

beforeEach(() => {
  document.body.innerHTML = "";
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

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
    const { validateOnServer, VALIDATION_TIMEOUT_MS } = await import("../../../widget/render/server-validation");
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

describe("consents and prefill", () => {
  it("adds the website's marketing, SMS and privacy consents, with the privacy link, and sends the choices", async () => {
    const m = await mount({
      cta: formWith([email], {
        "show-marketing-consent": true,
        "show-sms-consent": true,
        "show-privacy-consent": true,
      }),
    });
    const label = (name: string) => m.$(`label[for="${m.$(`input[name=${name}]`).id}"]`).textContent;
    expect(label("beckon_marketing_consent")).toBe("Ja, skicka mig nyhetsbrev.");
    expect(label("beckon_sms_consent")).toBe("Ja, skicka sms.");
    expect(label("beckon_privacy_consent")).toBe("Jag godkänner integritetspolicyn.");
    expect(m.$$('a[href="https://example.se/integritet"]').length).toBe(2);
    type(m.$("input[name=email]"), "a@b.se");
    await submit(m.$("form"));
    // The privacy consent is required.
    expect(errorOf(m.root, "beckon_privacy_consent")).toBe(sv.required);
    m.$<HTMLInputElement>("input[name=beckon_privacy_consent]").click();
    m.$<HTMLInputElement>("input[name=beckon_sms_consent]").click();
    await submit(m.$("form"));
    expect(m.runtime.submitContact.mock.calls[0][0]).toMatchObject({
      marketing_consent: false,
      sms_consent: true,
      privacy_consent: true,
      extra: {},
    });
  });

  it("labels consent fields without their own label with the website's texts", async () => {
    const fields = [
      email,
      swedishFieldMock({ id: 5, slug: "sms_consent", field_type: "checkbox", position: 1, options: {} }),
    ];
    const m = await mount({ cta: formWith(fields) });
    expect(m.$(`label[for="${m.$("input[name=sms_consent]").id}"]`).textContent).toBe("Ja, skicka sms.");
  });

  it("prefills from the known person unless prefill-fields is off, and never prefills consents", async () => {
    const fields = [
      swedishFieldMock({ id: 1, slug: "first_name", position: 0, options: { label: "Förnamn" } }),
      email,
      swedishFieldMock({ id: 3, slug: "foretag_storlek", position: 2, options: { label: "Storlek" } }),
      swedishFieldMock({ id: 4, slug: "marketing_consent", field_type: "checkbox", position: 3, options: {} }),
      swedishFieldMock({
        id: 5,
        slug: "roll",
        field_type: "dropdown",
        position: 4,
        options: { label: "Roll" },
        field_options: [{ value: "Säljare" }, { value: "Säljchef" }],
      }),
    ];
    const person = personMock({
      name: "Anna",
      email: "anna@exempel.se",
      marketing_consent: true,
      extra: { foretag_storlek: "20", roll: "Säljchef" },
    });
    const m = await mount({ cta: formWith(fields), person });
    expect(m.$<HTMLInputElement>("input[name=first_name]").value).toBe("Anna");
    expect(m.$<HTMLInputElement>("input[name=email]").value).toBe("anna@exempel.se");
    expect(m.$<HTMLInputElement>("input[name=foretag_storlek]").value).toBe("20");
    expect(m.$<HTMLInputElement>("input[name=marketing_consent]").checked).toBe(false);
    expect(m.$<HTMLSelectElement>("select[name=roll]").value).toBe("Säljchef");
    const off = await mount({ cta: formWith(fields, { "prefill-fields": false }), person });
    expect(off.$<HTMLInputElement>("input[name=email]").value).toBe("");
  });
});

describe("the payload", () => {
  it("carries the ids, the applied action group and the score after score actions", async () => {
    const cta = formWith(
      [email],
      {},
      {
        actions: [{ action_type: "add_score", data: { score: 5 } }],
        action_groups: [
          groupMock({
            id: 77,
            actions: [{ action_type: "add_tag", tag_id: "lead", data: {} }],
            data: { "confirmation-type": "message", confirmation: "Tack {{email|du}}!" },
          }),
        ],
      },
    );
    const person = personMock();
    const savePerson = vi.fn();
    const m = await mount({ cta, person, runtime: runtimeMock({ savePerson }), broadcastId: 4 });
    type(m.$("input[name=email]"), "a@b.se");
    await submit(m.$("form"));
    expect(m.runtime.submitContact.mock.calls[0][0]).toEqual({
      email: "a@b.se",
      extra: {},
      source_url: location.href,
      contactable_type: "Cta",
      contactable_id: 7,
      cta_id: 7,
      variant_id: 11,
      step_id: 21,
      element_id: 31,
      broadcast_id: 4,
      action_groups: [77],
      latest_score: 5,
    });
    const ids = { cta_id: 7, variant_id: 11, step_id: 21, element_id: 31, broadcast_id: 4 };
    expect(m.runtime.track).toHaveBeenCalledWith("Submission", ids, { score: 5 });
    expect(m.runtime.dispatch.mock.calls.map((c) => c[0])).toEqual(["cfSubmit", "cfConversion"]);
    expect(person.data).toMatchObject({ tags: ["lead"], scores: { "7-11": 5 } });
    expect(savePerson).toHaveBeenCalledWith(person);
    // The merge tag reads the answer just given, escaped.
    expect(m.$('[role="status"]').textContent).toBe("Tack a@b.se!");
  });

  it("keeps the button disabled while the contact is on its way (a queued contact counts as sent)", async () => {
    let resolve!: (v: { queued?: boolean }) => void;
    const runtime = runtimeMock({
      submitContact: vi.fn(() => new Promise<{ queued?: boolean }>((r) => (resolve = r))),
    });
    const m = await mount({ cta: formWith(), runtime });
    type(m.$("input[name=email]"), "a@b.se");
    await submit(m.$("form"));
    expect(m.$<HTMLButtonElement>("button[type=submit]").disabled).toBe(true);
    expect(m.$("form").getAttribute("aria-busy")).toBe("true");
    resolve({ queued: true });
    await flush();
    expect(m.$('[role="status"]').textContent).toBe(sv.thanks);
  });
});

describe("the analytics id (SPEC 9: waited for up to 500 ms)", () => {
  it("waits for gtag's client id up to 500 ms, then goes without it; asks nothing without a setting or gtag", async () => {
    const { analyticsId, ANALYTICS_ID_WAIT_MS } = await import("../../../widget/render/form-submit");
    expect(ANALYTICS_ID_WAIT_MS).toBe(500);
    vi.useFakeTimers();
    let answer: ((id: string) => void) | null = null;
    const gtag = vi.fn((_c: string, _id: string, _f: string, cb: (id: string) => void) => void (answer = cb));
    const win = { gtag } as unknown as Window;
    const slow = vi.fn();
    void analyticsId("G-TEST", win).then(slow);
    expect(gtag).toHaveBeenCalledWith("get", "G-TEST", "client_id", expect.any(Function));
    await vi.advanceTimersByTimeAsync(300);
    expect(slow).not.toHaveBeenCalled();
    answer!("111.222");
    await vi.advanceTimersByTimeAsync(0);
    expect(slow).toHaveBeenCalledWith("111.222");
    const never = vi.fn();
    void analyticsId("G-TEST", { gtag: vi.fn() } as unknown as Window).then(never);
    await vi.advanceTimersByTimeAsync(ANALYTICS_ID_WAIT_MS - 1);
    expect(never).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(never).toHaveBeenCalledWith(null);
    gtag.mockClear();
    await expect(analyticsId(undefined, win)).resolves.toBeNull();
    await expect(analyticsId("G-TEST", {} as Window)).resolves.toBeNull();
    expect(gtag).not.toHaveBeenCalled();
  });

  it("a form's contact carries the client id in extra when the website names its Google Analytics id", async () => {
    const gtag = vi.fn(
      (_c: string, _id: string, _f: string, cb: (id: string) => void) => void setTimeout(() => cb("111.222"), 20),
    );
    vi.stubGlobal("gtag", gtag);
    const config = swedishConfigMock();
    config.data_settings = { ...config.data_settings, "google-analytics-id": "G-TEST" };
    const m = await mount({ cta: formWith(), config });
    type(m.$("input[name=email]"), "anna@exempel.se");
    await submit(m.$("form"));
    await vi.waitFor(() => expect(m.runtime.submitContact).toHaveBeenCalledTimes(1));
    expect(gtag).toHaveBeenCalledWith("get", "G-TEST", "client_id", expect.any(Function));
    expect(m.runtime.submitContact.mock.calls[0][0].extra).toMatchObject({ ga_client_id: "111.222" });
  });
});
