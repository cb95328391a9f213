// @vitest-environment happy-dom
/**
 * The discount code element: the lead's own code from the server with Copy
 * and Apply (the cart adapter's applyDiscount), the expiry, the fallback text
 * when none is left, a lead whose contact is still on its way, and what the
 * server may answer that is no code.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { sv } from "#contract/i18n/sv";
import { fetchCode } from "#widget/render/elements/CodeElement";
import { swedishCtaMock, swedishElementMock } from "#test/support/factories";
import { personMock, runtimeMock } from "./factories";
import { flush, mount } from "./mount";

const codeElement = (options: Record<string, unknown> = {}) =>
  swedishElementMock({ id: 81, element_type: "discount_code", options, fields: [] });
const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

beforeEach(() => {
  document.body.innerHTML = "";
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the discount code element", () => {
  it("shows the lead's code with its expiry, copies it and applies it to the cart", async () => {
    const fetchMock = vi.fn(async () => answer(200, { code: "VALK-8H2K", expires_at: "2026-12-16T10:00:00.000Z" }));
    vi.stubGlobal("fetch", fetchMock);
    const writeText = vi.fn(async () => {});
    vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText } });
    const applyDiscount = vi.fn(async () => ({ ok: true as const, value: {} }));
    const store = { applyDiscount } as never;
    const cta = swedishCtaMock({}, [codeElement()]);
    const m = await mount({ cta, person: personMock(), runtime: runtimeMock({ store }) });
    expect(m.$(".bk-code-value").textContent).toBe("VALK-8H2K");
    expect(m.$(".bk-code-expiry").textContent).toContain(sv.codeExpires.replace(" {0}", ""));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toMatch(/\/api\/websites\/\d+\/discount_code$/);
    expect(JSON.parse(String(init.body))).toMatchObject({ cta_id: cta.id, visitor_token: personMock().visitor_token });
    const [copy, apply] = m.$$<HTMLButtonElement>(".bk-code button");
    expect(copy.textContent).toBe(sv.codeCopy);
    copy.click();
    await flush();
    expect(writeText).toHaveBeenCalledWith("VALK-8H2K");
    apply.click();
    await flush();
    expect(applyDiscount).toHaveBeenCalledWith("VALK-8H2K");
    expect(m.$("[role=status]").textContent).toBe(sv.codeApplied);
  });

  it("says so when the code could not be applied, and offers no Apply button off a store", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => answer(200, { code: "VALK-9", expires_at: null })),
    );
    const store = { applyDiscount: vi.fn(async () => ({ ok: false as const, error: { message: "x" } })) } as never;
    const m = await mount({
      cta: swedishCtaMock({}, [codeElement()]),
      person: personMock(),
      runtime: runtimeMock({ store }),
    });
    m.$$<HTMLButtonElement>(".bk-code button")[1].click();
    await flush();
    expect(m.$("[role=status]").textContent).toBe(sv.codeApplyFailed);
    expect(m.$(".bk-code-expiry")).toBeNull();
    const plain = await mount({ cta: swedishCtaMock({}, [codeElement()]), person: personMock() });
    expect(plain.$$(".bk-code button")).toHaveLength(1);
  });

  it("on a Shopify theme page, with no adapter of the site's own, applies the code through the store's Ajax cart", async () => {
    const fetchMock = vi.fn(async (url: string) =>
      url.includes("/discount_code")
        ? answer(200, { code: "TEMA-5", expires_at: null })
        : url.includes("/discount/")
          ? new Response("", { status: 200 })
          : answer(200, { token: "c1", items: [], item_count: 0, total_price: 0, currency: "USD" }),
    );
    vi.stubGlobal("fetch", fetchMock);
    vi.stubGlobal("Shopify", { routes: { root: "/butik/" }, currency: { active: "USD" } });
    const m = await mount({ cta: swedishCtaMock({}, [codeElement()]), person: personMock() });
    const apply = m.$<HTMLButtonElement>(".bk-code-apply");
    expect(apply.textContent).toBe(sv.codeApply);
    apply.click();
    await vi.waitFor(() => expect(m.$("[role=status]").textContent).toBe(sv.codeApplied));
    const urls = fetchMock.mock.calls.map(([url]) => String(url));
    expect(urls).toContainEqual(expect.stringMatching(/^\/butik\/discount\/TEMA-5\?redirect=/));
  });

  it("shows the owner's fallback text, or the catalogue's, when no code is left", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => answer(200, { code: null, expires_at: null })),
    );
    const own = await mount({
      cta: swedishCtaMock({}, [codeElement({ "fallback-text": "Koderna är slut – titta i din inkorg!" })]),
      person: personMock(),
    });
    expect(own.$(".bk-code-none").textContent).toBe("Koderna är slut – titta i din inkorg!");
    expect(own.$(".bk-code-value")).toBeNull();
    const plain = await mount({ cta: swedishCtaMock({}, [codeElement()]), person: personMock() });
    expect(plain.$(".bk-code-none").textContent).toBe(sv.codeNone);
  });

  it("shows a sample in the editor's preview without asking the server", async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal("fetch", fetchMock);
    const m = await mount({ cta: swedishCtaMock({}, [codeElement()]), person: null, mode: "preview" });
    expect(m.$(".bk-code-value").textContent).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe("fetchCode", () => {
  const noWait = async () => {};
  it("asks again while the contact is on its way, then takes the code", async () => {
    const replies = [answer(404, {}), answer(503, {}), answer(200, { code: "LATE-1", expires_at: null })];
    const fetchFn = vi.fn(async () => replies.shift()!);
    expect(await fetchCode("https://x.test/c", {}, noWait, fetchFn)).toEqual({ code: "LATE-1", expires_at: null });
    expect(fetchFn).toHaveBeenCalledTimes(3);
  });

  it("gives up as none after its tries, on other errors at once, and on answers that are no code", async () => {
    const always404 = vi.fn(async () => answer(404, {}));
    expect(await fetchCode("u", {}, noWait, always404)).toBe("none");
    expect(always404).toHaveBeenCalledTimes(4);
    const bad = vi.fn(async () => answer(400, {}));
    expect(await fetchCode("u", {}, noWait, bad)).toBe("none");
    expect(bad).toHaveBeenCalledTimes(1);
    for (const body of [{ code: "" }, { code: 5 }, {}, { code: { toString: 1 } }])
      expect(await fetchCode("u", {}, noWait, async () => answer(200, body))).toBe("none");
    const offline = vi.fn(async () => Promise.reject(new TypeError("offline")));
    expect(await fetchCode("u", {}, noWait, offline)).toBe("none");
  });
});
