// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { installTests, type ConditionContext } from "#widget/core/conditions";
import { setDebug } from "#widget/core/debug";
import { moreTests } from "#widget/core/conditions-more";
import {
  describeCondition,
  describeTrigger,
  explainCta,
  openPanel,
  refresh,
  unnamedFields,
} from "#widget/core/panel/panel";
import type { PanelData } from "#widget/core/panel/types";
import { panelSv } from "#contract/i18n/panel";
import { cartCheckOf, triggerOf } from "#contract/cta-options";
import { broadcastMock as bc, personMock } from "#test/unit/widget/core/helpers";
import { configMock, ctaMock, elementMock, fieldMock, summaryOf } from "#test/support/factories";

installTests(moreTests);
afterEach(() => void vi.unstubAllGlobals());

const overlay = summaryOf(
  ctaMock({
    id: 9,
    name: "Exitpopup",
    cta_type: "overlay",
    overlay_type: "boxed",
    inline_type: null,
    broadcast_id: 50,
    options: { trigger: "exit", "hide-days": 7 },
  }),
);
const bar = summaryOf(
  ctaMock({
    id: 10,
    name: "Bar",
    cta_type: "bar",
    inline_type: null,
    broadcast_id: null,
    options: { trigger: "scroll", "scroll-percentage": 40 },
  }),
);
const inline = summaryOf(ctaMock());

function data(
  over: Partial<PanelData> = {},
  url = "https://x.se/blogg",
): PanelData & { now: number; active: number[] } {
  const ctx: ConditionContext = { url, doc: document, person: personMock({ email: "anna@exempel.se" }), local: {} };
  const cookies: Record<string, string> = {};
  return {
    config: configMock({ ctas: [overlay, bar, inline], broadcasts: [bc()] }),
    mode: "admin",
    local: {
      visits: {
        total: 2,
        pages: { "x.se/blogg": 3 },
        session: "s",
        sessionPages: 4,
        current: 1,
        previous: null,
        current_page: "x.se/blogg",
        previous_page: "x.se",
      },
    },
    steps: { visitor: "ok" },
    timings: { visitor: 12, ready: 14 },
    ctx,
    state: () => ({ s: "hidden" }),
    cookie: (n) => cookies[n] ?? null,
    show: vi.fn(),
    now: Date.now(),
    active: url.includes("kassan") ? [] : [50],
    ...over,
  };
}

describe("test panel explanations", () => {
  it("says why a CTA would show", () => {
    const r = explainCta(data(), overlay);
    expect(r.shows).toBe(true);
    expect(r.reasons).toContain("Broadcast “Alla sidor utom kassan” is on.");
    expect(r.reasons).toContain("Trigger: on exit intent.");
  });

  it("says why it would not: its broadcast's conditions, the viewed cookie, the site-wide conditions", () => {
    expect(explainCta(data({}, "https://x.se/kassan"), overlay)).toMatchObject({
      shows: false,
      reasons: expect.arrayContaining(["Broadcast “Alla sidor utom kassan” is off: its conditions do not pass."]),
    });
    const viewed = data({ mode: "live", cookie: (n) => (n === "cf_1_cta_9_viewed" ? "1" : null) });
    expect(explainCta(viewed, overlay).shows).toBe(false);
    const site = data({
      config: configMock({
        ctas: [bar],
        conditions: [
          { position: 0, operator: "and", condition_type: "url", url: "/blogg", data: { match: "not_contains" } },
        ],
      }),
    });
    expect(explainCta(site, bar)).toMatchObject({
      shows: false,
      reasons: expect.arrayContaining(["The site-wide conditions do not pass."]),
    });
    expect(explainCta(data(), bar).reasons).toContain("No broadcast names it: it runs on every page.");
    const ended = data({
      config: configMock({
        ctas: [overlay],
        broadcasts: [bc({ timeframe: true, range_start: "2020-01-01T00:00:00Z", range_end: "2020-02-01T00:00:00Z" })],
      }),
    });
    ended.active = [];
    expect(explainCta(ended, overlay).reasons).toContain(
      "Broadcast “Alla sidor utom kassan” is off: its time frame has ended.",
    );
    expect(explainCta(data(), inline).reasons).toContain(
      "Shown where the page places it: the page area “footer” or a placeholder.",
    );
  });

  it("says a popup's priority, and which open popup it waits for", () => {
    const first = data();
    expect(explainCta(first, overlay).reasons).toContain(
      "Priority among popups: 0 (one popup opens at a time, the higher first).",
    );
    // Bars do not take turns.
    expect(explainCta(first, bar).reasons.join(" ")).not.toContain("Priority");
    const other = summaryOf(ctaMock({ id: 11, name: "Välkomstpopup", cta_type: "overlay", options: { priority: 5 } }));
    const waiting = data({
      config: configMock({ ctas: [overlay, bar, other], broadcasts: [bc()] }),
      state: (id) => ({ s: id === 11 ? "visible" : "hidden" }),
    });
    expect(explainCta(waiting, overlay).reasons).toContain("Waits for “Välkomstpopup” to close: one popup at a time.");
    expect(explainCta(waiting, other).reasons).toContain(
      "Priority among popups: 5 (one popup opens at a time, the higher first).",
    );
    expect(explainCta(waiting, other).reasons.join(" ")).not.toContain("Waits for");
    expect(explainCta({ ...waiting, texts: panelSv }, overlay).reasons).toContain(
      "Väntar på att ”Välkomstpopup” stängs: en popup åt gången.",
    );
  });

  it("describes conditions and triggers in words", () => {
    expect(describeCondition(bc().conditions[0])).toBe("page URL /kassan (match=not_contains)");
    expect(describeTrigger(triggerOf({ delay: 2 }), cartCheckOf({}))).toBe("after 2 s");
    expect(
      describeTrigger(
        triggerOf({ trigger: "add-to-cart" }),
        cartCheckOf({ "cart-value-comparison": "range", "cart-value": 10, "cart-value-max": 20 }),
      ),
    ).toBe("on add to cart when the cart value is 10–20");
  });
});

describe("the panel", () => {
  beforeEach(() => {
    // The panel asks the API for definitions the loader has not cached: none here.
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("", { status: 404 })),
    );
    document.body.innerHTML = "";
    document.cookie = "cf_1_id=abc; path=/";
    document.cookie = "cf_1_logged_in=true; path=/";
    document.cookie = "host_cookie=1; path=/";
    localStorage.setItem("cf_1_person", "{}");
    localStorage.setItem("host_key", "1");
  });

  it("shows profile, session, integrations data, campaigns, broadcasts and site-wide conditions", () => {
    const d = data();
    openPanel(d);
    const root = document.querySelector("beckon-panel")!.shadowRoot!;
    const text = root.textContent!;
    for (const s of [
      "Profile",
      "Session",
      "Integrations data",
      "Campaigns (3 CTAs)",
      "Broadcasts (1)",
      "Site-wide conditions",
      "anna@exempel.se",
      "#9 Exitpopup (popup): would show",
    ]) {
      expect(text).toContain(s);
    }
    (root.querySelector('[data-cta="10"] button') as HTMLButtonElement).click();
    expect(d.show).toHaveBeenCalledWith(10);
    openPanel(d);
    expect(document.querySelectorAll("beckon-panel")).toHaveLength(1);
  });

  it("speaks Swedish in a Swedish browser, on an English website too, with Swedish dates", () => {
    vi.stubGlobal("navigator", { languages: ["sv-SE", "en-US"], language: "sv-SE" });
    localStorage.setItem("cf_1_session", JSON.stringify({ id: "s1", start: Date.UTC(2026, 11, 4, 9, 5) }));
    openPanel(data({ config: configMock({ language: "en", ctas: [overlay, bar, inline], broadcasts: [bc()] }) }));
    const dialog = document.querySelector("beckon-panel")!.shadowRoot!.querySelector<HTMLElement>("[role=dialog]")!;
    expect(dialog.lang).toBe("sv");
    expect(dialog.getAttribute("aria-label")).toBe("Beckons testpanel");
    const text = dialog.textContent!;
    for (const s of [
      "Beckons testpanel · adminläge",
      "Börja om",
      "Profil",
      "TypBesökare",
      "Kampanjer (3 CTA:er)",
      "#9 Exitpopup (popup): skulle visas",
      "#10 Bar (fast list): skulle visas",
      "Utskicket ”Alla sidor utom kassan” är på.",
      "Utlösare: när besökaren är på väg att lämna.",
      "Utlösare: efter att besökaren scrollat 40 %.",
      "Inget utskick nämner den: den körs på alla sidor.",
      "Visas där sidan placerar den: sidytan ”footer” eller en platshållare.",
      "Alla sidor utom kassan (#50): på",
      "Tidsstyrt · status: pågår",
      "✓ sidans adress /kassan (match=not_contains)",
      "Webbplatsens villkor",
      "Inga villkor: uppfylls alltid.",
      "Visa nu",
      "Öppna CTA:n i admin",
      "Öppna utskicket i admin",
      new Date(Date.UTC(2026, 11, 4, 9, 5)).toLocaleString("sv-SE"),
    ])
      expect(text).toContain(s);
    for (const english of ["would show", "Campaigns", "Trigger:", "Broadcast", "Show now", "Refresh"])
      expect(text).not.toContain(english);
  });

  it("follows the website's language when the browser speaks none of Beckon's", () => {
    vi.stubGlobal("navigator", { languages: ["de-DE"], language: "de-DE" });
    openPanel(data({ config: configMock({ language: "sv", ctas: [bar], broadcasts: [] }) }));
    const text = document.querySelector("beckon-panel")!.shadowRoot!.textContent!;
    expect(text).toContain("Kampanjer (1 CTA)");
    expect(text).toContain("Utskick (0)");
  });

  it("links each CTA and broadcast to its page in the admin", () => {
    const d = data();
    openPanel(d);
    const root = document.querySelector("beckon-panel")!.shadowRoot!;
    const { api_origin: origin, website_id: site } = d.config;
    const cta = root.querySelector<HTMLAnchorElement>('[data-cta="9"] a[data-admin]')!;
    expect(cta.href).toBe(`${origin}/owner/websites/${site}/ctas/9`);
    expect(cta.target).toBe("_blank");
    const b = d.config.broadcasts![0];
    const links = [...root.querySelectorAll<HTMLAnchorElement>("a[data-admin]")].map((a) => a.href);
    expect(links).toContain(`${origin}/owner/websites/${site}/broadcasts/${b.id}`);
  });

  it("refresh clears Beckon's cookies and local storage, keeps the owner's logged-in cookie and the host's own, and reloads", () => {
    const reload = vi.fn();
    const win = { localStorage, location: { reload } } as unknown as Window;
    refresh(1, document, win);
    expect(document.cookie).not.toContain("cf_1_id");
    expect(document.cookie).toContain("cf_1_logged_in=true");
    expect(document.cookie).toContain("host_cookie=1");
    expect(localStorage.getItem("cf_1_person")).toBeNull();
    expect(localStorage.getItem("host_key")).toBe("1");
    expect(reload).toHaveBeenCalled();
  });
});

describe("debug mode: the no-name warning (SPEC 8), in the owner's panel", () => {
  const form = (slug: string) =>
    ctaMock({ id: 9 }, [
      elementMock({
        id: 31,
        fields: [fieldMock({ id: 41 }), fieldMock({ id: 42, slug, options: { label: "Företag" }, position: 1 })],
      }),
    ]);
  const blockOf = () => document.querySelector("beckon-panel")!.shadowRoot!.querySelector('[data-cta="9"]')!;
  const ours = (warn: { mock: { calls: unknown[][] } }) =>
    warn.mock.calls.filter((c) => String(c[0]).startsWith("[beckon] CTA 9:") && String(c[0]).includes("no name"));

  beforeEach(() => {
    document.body.innerHTML = "";
    localStorage.clear();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    // The panel opens in admin mode only, where the runtime has turned debug mode on.
    setDebug(true);
  });
  afterEach(() => setDebug(false));

  it("finds the unnamed fields a form shows, and only those", () => {
    expect(unnamedFields(form(""))).toEqual([
      "Form field “Företag” (element 31) has no name, so its answer is not saved.",
    ]);
    expect(unnamedFields(form("company"))).toEqual([]);
    // A quiz's fields are not a form's.
    const quiz = ctaMock({}, [elementMock({ element_type: "quiz", fields: [fieldMock({ slug: " " })] })]);
    expect(unnamedFields(quiz)).toEqual([]);
  });

  it("the loader's cached definition: listed in the CTA's block and warned once in the console, however often the panel opens", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    localStorage.setItem("cf_1_cta_9", JSON.stringify({ at: Date.now(), cta: form("") }));
    const d = data({ config: configMock({ website_id: 1, ctas: [overlay], broadcasts: [bc()] }) });
    openPanel(d);
    await vi.waitFor(() =>
      expect(blockOf().querySelector("[data-unnamed]")?.textContent).toContain("“Företag” (element 31) has no name"),
    );
    openPanel(d);
    await vi.waitFor(() => expect(blockOf().querySelector("[data-unnamed]")).not.toBeNull());
    expect(ours(warn)).toHaveLength(1);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("a definition not cached yet is fetched from the API; named fields give no warning", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const fetch = vi.fn(async () => new Response(JSON.stringify({ cta: form("") })));
    vi.stubGlobal("fetch", fetch);
    const d = data({
      config: configMock({ website_id: 2, api_origin: "https://api.example/", ctas: [overlay], broadcasts: [bc()] }),
    });
    openPanel(d);
    await vi.waitFor(() => expect(blockOf().querySelector("[data-unnamed]")).not.toBeNull());
    expect(fetch).toHaveBeenCalledWith("https://api.example/api/cta/9.json");
    expect(ours(warn)).toHaveLength(1);
    localStorage.setItem("cf_3_cta_9", JSON.stringify({ at: Date.now(), cta: form("company") }));
    openPanel(data({ config: configMock({ website_id: 3, ctas: [overlay], broadcasts: [bc()] }) }));
    await new Promise((r) => setTimeout(r, 0));
    expect(blockOf().querySelector("[data-unnamed]")).toBeNull();
    expect(ours(warn)).toHaveLength(1);
  });
});
