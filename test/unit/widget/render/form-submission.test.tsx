// @vitest-environment happy-dom
/** Forms (SPEC 5, 8, 9): consents and prefill, the payload of a submission, and the analytics client id. */
import { describe, expect, it, vi } from "vitest";
import { sv } from "#contract/i18n/sv";
import { personMock, runtimeMock } from "./factories";
import { groupMock, swedishConfigMock, swedishFieldMock } from "#test/support/factories";
import { flush, mount, submit, type } from "./mount";
import { email, errorOf, formWith, resetFormPageBetweenTests } from "./form-harness";

resetFormPageBetweenTests();

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
    const { analyticsId, ANALYTICS_ID_WAIT_MS } = await import("#widget/render/form-submit");
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
