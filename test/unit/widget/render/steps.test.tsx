// @vitest-environment happy-dom
/** Steps, confirmations, action groups and actions (SPEC 4 "Steps and confirmations", "Actions on the local person"). */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { sv } from "#contract/i18n/sv";
import type { CtaElement } from "#contract/schema/cta";
import { personMock, runtimeMock } from "./factories";
import { groupMock, stepMock, swedishCtaMock, swedishElementMock } from "#test/support/factories";
import { flush, mount } from "./mount";

const text = (id: number, html: string): CtaElement =>
  swedishElementMock({ id, element_type: "text", options: { html }, fields: [] });
const button = (id: number, groups = [groupMock()], over: Partial<CtaElement> = {}): CtaElement =>
  swedishElementMock({
    id,
    element_type: "button",
    options: { "button-text": "Vidare" },
    fields: [],
    action_groups: groups,
    ...over,
  });
const click = async (el: HTMLElement) => {
  el.click();
  await flush();
};

beforeEach(() => {
  document.body.innerHTML = "";
  (document.activeElement as HTMLElement | null)?.blur?.();
});
afterEach(() => vi.restoreAllMocks());

describe("steps", () => {
  it("shows one step at a time, goes forward and back by step confirmations, and keeps focus in the CTA", async () => {
    const steps = [
      stepMock(21, 0, [
        text(1, "<p>Steg ett</p>"),
        button(2, [groupMock({ data: { "confirmation-type": "step", "redirect-step": 1 } })]),
      ]),
      stepMock(22, 1, [
        text(3, "<p>Steg två</p>"),
        button(4, [groupMock({ data: { "confirmation-type": "step", "redirect-step": 0 } })]),
      ]),
    ];
    const m = await mount({ cta: swedishCtaMock({ cta_type: "overlay", overlay_type: "boxed" }, [], steps) });
    expect(m.$(".bk-text").textContent).toBe("Steg ett");
    m.$<HTMLButtonElement>(".bk-button").focus();
    await click(m.$(".bk-button"));
    expect(m.$(".bk-text").textContent).toBe("Steg två");
    expect(m.$(".bk-cta").getAttribute("data-step")).toBe("1");
    expect(m.root.activeElement).toBe(m.$(".bk-cta"));
    expect(m.runtime.track).toHaveBeenCalledWith("Complete", {
      cta_id: 7,
      variant_id: 11,
      step_id: 21,
      element_id: 2,
      broadcast_id: null,
    });
    await click(m.$(".bk-button"));
    expect(m.$(".bk-text").textContent).toBe("Steg ett");
  });

  it("going back resets the timers of the steps it leaves (their start times are forgotten)", async () => {
    localStorage.setItem("cf_1_timers", JSON.stringify({ "7-5": 1000, "7-9": 2000 }));
    const timer = swedishElementMock({
      id: 5,
      element_type: "timer",
      options: { "timer-type": "relative", hours: 1 },
      fields: [],
    });
    const steps = [
      stepMock(21, 0, [timer, button(2, [groupMock({ data: { "confirmation-type": "step", "redirect-step": 1 } })])]),
      stepMock(22, 1, [button(4, [groupMock({ data: { "confirmation-type": "step", "redirect-step": 0 } })])]),
    ];
    const m = await mount({ cta: swedishCtaMock({}, [], steps) });
    const started = JSON.parse(localStorage.getItem("cf_1_timers")!)["7-5"];
    expect(started).toBe(1000);
    await click(m.$(".bk-button"));
    await click(m.$(".bk-button"));
    const after = JSON.parse(localStorage.getItem("cf_1_timers")!);
    expect(after["7-9"]).toBe(2000);
    // The remounted timer started over.
    expect(after["7-5"]).toBeGreaterThan(1000);
  });

  it("runs step scripts guarded: a throwing or broken script is logged and the CTA carries on", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    (window as unknown as { ran?: number }).ran = 0;
    const steps = [
      stepMock(21, 0, [button(2, [groupMock({ data: { "confirmation-type": "step", "redirect-step": 1 } })])], {
        options: { script: "window.ran++; throw new Error('oops')" },
      }),
      stepMock(22, 1, [text(3, "<p>Fortsatt</p>")], { options: { script: "this is not javascript" } }),
    ];
    const m = await mount({ cta: swedishCtaMock({}, [], steps) });
    expect((window as unknown as { ran: number }).ran).toBe(1);
    expect(warn.mock.calls[0][0]).toBe("[beckon] Custom script of step 21 failed");
    await click(m.$(".bk-button"));
    expect(m.$(".bk-text").textContent).toBe("Fortsatt");
    expect(warn.mock.calls[1][0]).toBe("[beckon] Custom script of step 22 failed");
  });

  it("skips hidden steps: a confirmation to one shows the default message", async () => {
    const steps = [
      stepMock(21, 0, [button(2, [groupMock({ data: { "confirmation-type": "step", "redirect-step": 1 } })])]),
      stepMock(22, 1, [text(3, "x")], { options: { hidden: true } }),
    ];
    const m = await mount({ cta: swedishCtaMock({}, [], steps) });
    await click(m.$(".bk-button"));
    expect(m.$('[role="status"]').textContent).toBe(sv.thanks);
  });
});

describe("confirmations", () => {
  it("message: the group's text with merge tags (person values escaped), default Thanks!", async () => {
    const person = personMock({ name: "<img src=x onerror=alert(1)>Anna" });
    const m = await mount({
      cta: swedishCtaMock({}, [
        button(2, [groupMock({ data: { "confirmation-type": "message", confirmation: "<p>Tack {{name|vän}}!</p>" } })]),
      ]),
      person,
    });
    await click(m.$(".bk-button"));
    const status = m.$('[role="status"]');
    expect(status.querySelector("img")).toBeNull();
    expect(status.textContent).toBe("Tack <img src=x onerror=alert(1)>Anna!");
    const plain = await mount({ cta: swedishCtaMock({}, [button(2, [])]) });
    await click(plain.$(".bk-button"));
    expect(plain.$('[role="status"]').textContent).toBe(sv.thanks);
  });

  it("redirect: http:// prepended, the page's query string passed on, a new tab when target-blank", async () => {
    history.replaceState(null, "", "/?utm_source=nyhetsbrev");
    const open = vi.spyOn(window, "open").mockImplementation(() => null);
    const data = {
      "confirmation-type": "redirect" as const,
      "redirect-url": "exempel.se/tack",
      "query-string": true,
      "target-blank": true,
    };
    const m = await mount({ cta: swedishCtaMock({}, [button(2, [groupMock({ data })])]) });
    await click(m.$(".bk-button"));
    expect(open).toHaveBeenCalledWith("http://exempel.se/tack?utm_source=nyhetsbrev", "_blank", "noopener");
    history.replaceState(null, "", "/");
  });

  it("cta: loads and triggers another CTA through the runtime", async () => {
    const showCta = vi.fn();
    const m = await mount({
      cta: swedishCtaMock({}, [
        button(2, [groupMock({ data: { "confirmation-type": "cta", "confirmation-cta": 17 } })]),
      ]),
      runtime: runtimeMock({ showCta }),
    });
    await click(m.$(".bk-button"));
    expect(showCta).toHaveBeenCalledWith(17);
  });

  it("cta: without the runtime hook, through window.beckon.load and trigger", async () => {
    const calls: string[] = [];
    (window as unknown as { beckon: unknown }).beckon = {
      load: (id: number) => calls.push("load " + id),
      trigger: (id: number) => calls.push("trigger " + id),
    };
    const m = await mount({
      cta: swedishCtaMock({}, [
        button(2, [groupMock({ data: { "confirmation-type": "cta", "confirmation-cta": 17 } })]),
      ]),
    });
    await click(m.$(".bk-button"));
    expect(calls).toEqual(["load 17", "trigger 17"]);
    delete (window as unknown as { beckon?: unknown }).beckon;
  });

  it("anchor: scrolls to a valid #id on the page; anything else is refused", async () => {
    const target = document.createElement("section");
    target.id = "kurser";
    document.body.appendChild(target);
    const scrollTo = vi.spyOn(window, "scrollTo").mockImplementation(() => undefined);
    const m = await mount({
      cta: swedishCtaMock({}, [
        button(2, [
          groupMock({
            data: { "confirmation-type": "anchor", "anchor-selector": "#kurser", "anchor-smooth-scroll": false },
          }),
        ]),
      ]),
    });
    await click(m.$(".bk-button"));
    expect(scrollTo).toHaveBeenCalledWith(0, expect.any(Number));
    const { anchorId } = await import("#widget/render/outcome");
    expect(anchorId("#kurser")).toBe("kurser");
    expect(anchorId("#1abc")).toBeNull();
    expect(anchorId(".kurser")).toBeNull();
    expect(anchorId("#a b")).toBeNull();
    expect(anchorId("#x'),alert(1)")).toBeNull();
  });

  it("sms: opens an sms: link with the keyword", async () => {
    const { smsUrl } = await import("#widget/render/outcome");
    expect(smsUrl("+46 70-123 45 67", "KURS")).toBe("sms:+46701234567?&body=KURS");
    expect(smsUrl("72000")).toBe("sms:72000");
  });

  it("cart and checkout: add the selected variants through the store adapter, then go on", async () => {
    const { applyOutcome } = await import("#widget/render/outcome");
    const addLines = vi.fn(async () => ({ ok: true as const, value: { cart: {} as never, added: [] } }));
    const store = {
      addLines,
      cartUrl: () => "/cart",
      checkoutUrl: async () => ({ ok: true as const, value: "/checkout" }),
    };
    const win = { location: { href: "" }, document } as unknown as Window;
    const data = { "selected-product-variant-ids": [111, "222"], "selected-products-quantity": { "222": 2 } };
    await applyOutcome({ type: "checkout", data }, runtimeMock({ store: store as never }), undefined, win);
    expect(addLines).toHaveBeenCalledWith([
      { variantId: "111", quantity: 1 },
      { variantId: "222", quantity: 2 },
    ]);
    expect(win.location.href).toBe("/checkout");
    await applyOutcome({ type: "cart", data }, runtimeMock({ store: store as never }), undefined, win);
    expect(win.location.href).toBe("/cart");
  });

  it("closes after the confirmation when confirmation-close is set", async () => {
    const m = await mount({
      cta: swedishCtaMock({ cta_type: "hook", hook_type: "vertical" }, [
        button(2, [groupMock({ data: { "confirmation-type": "message", "confirmation-close": true } })]),
      ]),
    });
    await click(m.$(".bk-frame .bk-button"));
    expect(m.onClose).toHaveBeenCalledTimes(1);
  });

  it("a link button tracks synchronously (the navigation follows) and applies no confirmation", async () => {
    const m = await mount({
      cta: swedishCtaMock({}, [
        button(2, [groupMock({ data: { confirmation: "nej" } })], {
          options: { "button-text": "Läs", url: "exempel.se/mer" },
        }),
      ]),
    });
    const a = m.$<HTMLAnchorElement>("a.bk-button");
    expect(a.href).toBe("http://exempel.se/mer");
    a.addEventListener("click", (e) => e.preventDefault());
    a.click();
    expect(m.runtime.track).toHaveBeenCalledWith("Complete", expect.objectContaining({ element_id: 2 }));
    expect(m.runtime.dispatch).toHaveBeenCalledWith("cfConversion", expect.anything());
    await flush();
    expect(m.$('[role="status"]').textContent).toBe("");
    expect(m.$(".bk-section")).not.toBeNull();
  });
});

describe("action groups and actions", () => {
  it("takes the first active group whose conditions hold (the loader's engine decides), element before step", async () => {
    const conditionsPass = vi.fn((conds: { url?: string | null }[]) => conds[0].url === "/ja");
    const groups = [
      groupMock({ id: 1, position: 0, status: false, data: { confirmation: "av" } }),
      groupMock({
        id: 2,
        position: 1,
        conditions: [{ position: 0, condition_type: "url", operator: "and", url: "/nej", data: {} }],
        data: { confirmation: "nej" },
      }),
      groupMock({
        id: 3,
        position: 2,
        conditions: [{ position: 0, condition_type: "url", operator: "and", url: "/ja", data: {} }],
        data: { confirmation: "ja" },
      }),
      groupMock({ id: 4, position: 3, data: { confirmation: "sist" } }),
    ];
    const m = await mount({ cta: swedishCtaMock({}, [button(2, groups)]), runtime: runtimeMock({ conditionsPass }) });
    await click(m.$(".bk-button"));
    expect(m.$('[role="status"]').textContent).toBe("ja");
    expect(conditionsPass).toHaveBeenCalledTimes(2);

    // Without an engine, conditional groups never apply.
    const bare = await mount({ cta: swedishCtaMock({}, [button(2, groups)]) });
    await click(bare.$(".bk-button"));
    expect(bare.$('[role="status"]').textContent).toBe("sist");

    const step = stepMock(21, 0, [button(2, [])], { action_groups: [groupMock({ data: { confirmation: "steget" } })] });
    const fromStep = await mount({ cta: swedishCtaMock({}, [], [step]) });
    await click(fromStep.$(".bk-button"));
    expect(fromStep.$('[role="status"]').textContent).toBe("steget");
  });

  it("runs the group's script guarded and the actions on the local person, then saves it", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const person = personMock({ data: { tags: ["gammal"] } });
    const savePerson = vi.fn();
    const el = button(
      2,
      [
        groupMock({
          id: 9,
          data: { script: "throw 1" },
          actions: [{ action_type: "remove_tag", tag_id: "gammal", data: {} }],
        }),
      ],
      {
        actions: [
          { action_type: "add_tag", tag_id: "webbinarium", data: {} },
          { action_type: "update_field", data: { field: "intresse", value: "förhandling" } },
          { action_type: "update_score", data: { score: 10, scope: "global" } },
          { action_type: "subscribe_list", integration_id: 3, data: { list_id: "13" } },
        ],
      },
    );
    const m = await mount({ cta: swedishCtaMock({}, [el]), person, runtime: runtimeMock({ savePerson }) });
    await click(m.$(".bk-button"));
    expect(person.data).toEqual({
      tags: ["webbinarium"],
      score: 10,
      scores: {},
      integrations: { "3": { lists: ["13"] } },
    });
    expect(person.extra).toEqual({ intresse: "förhandling" });
    expect(savePerson).toHaveBeenCalledWith(person);
    expect(warn.mock.calls[0][0]).toBe("[beckon] Custom script of action group 9 failed");
    expect(m.$('[role="status"]').textContent).toBe(sv.thanks);
  });

  it("the messenger action opens the site's chat messenger", async () => {
    const intercom = vi.fn();
    (window as unknown as { Intercom: unknown }).Intercom = intercom;
    const m = await mount({
      cta: swedishCtaMock({}, [button(2, [], { actions: [{ action_type: "messenger", data: {} }] })]),
    });
    await click(m.$(".bk-button"));
    expect(intercom).toHaveBeenCalledWith("show");
    delete (window as unknown as { Intercom?: unknown }).Intercom;
  });
});
