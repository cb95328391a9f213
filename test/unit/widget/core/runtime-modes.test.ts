// @vitest-environment happy-dom
// @vitest-environment-options {"settings":{"disableJavaScriptFileLoading":true,"handleDisabledFileLoadingAsSuccess":true}}
/**
 * The runtime with a fake renderer (runtime-harness.ts): the admin, preview and
 * forced modes.
 */
import { describe, expect, it, vi } from "vitest";
import type { PanelData, PanelModule } from "#widget/core/panel/types";
import { broadcastMock as broadcast, memoryStore, personMock, settle } from "./helpers";
import { configMock, ctaMock } from "#test/support/factories";
import { overlayDoc, ab, serve, api, start, sent, resetRuntimeBetweenTests } from "./runtime-harness";

resetRuntimeBetweenTests();

describe("admin, preview and forced modes", () => {
  it("admin (cf_{id}_admin=true): shows at once ignoring triggers and the cookie, tracks nothing, opens the panel", async () => {
    history.replaceState(null, "", "/?cf_1_admin=true");
    const store = memoryStore();
    store.setCookie("cf_1_cta_9_viewed", "1", 600);
    const openPanel = vi.fn((_d: PanelData) => {});
    const importPanel = vi.fn(async (): Promise<PanelModule> => ({ openPanel }));
    const { widget, mounts, fetch } = start(
      configMock({
        ctas: serve(overlayDoc({ options: { trigger: "exit", "hide-days": 7 } }), ctaMock()),
        broadcasts: [broadcast()],
      }),
      {
        store,
        importPanel,
      },
    );
    await widget.ready;
    await settle(10);
    expect(mounts.map((m) => [m.cta.id, m.mode])).toEqual([[9, "admin"]]);
    expect(importPanel).toHaveBeenCalledWith(expect.stringMatching(/beckon-panel\.js/));
    const data = openPanel.mock.calls[0][0];
    expect(data.mode).toBe("admin");
    expect(data.state(9).s).toBe("visible");
    expect(data.ctx.url).toContain("cf_1_admin=true");
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    await expect(mounts[0].runtime.submitContact({ email: "a@b.se" } as never)).resolves.toEqual({ skipped: true });
    warn.mockRestore();
    await new Promise((r) => setTimeout(r, 300));
    expect(sent(fetch)).toEqual([]);
    expect(fetch.calls.some((c) => c.url.includes("contacts"))).toBe(false);
  });

  it("the logged-in cookie also means admin; the server's logged_in sets it for 86400 minutes", async () => {
    const fetch = api((c) =>
      c.url.endsWith("/visitors")
        ? {
            status: 201,
            body: { visitor: personMock({ visitor_token: c.body.visitor.visitor_token }), logged_in: true },
          }
        : undefined,
    );
    const openPanel = vi.fn();
    const { widget, store } = start(configMock({ ctas: [] }), { fetch, importPanel: async () => ({ openPanel }) });
    await widget.ready;
    await settle();
    expect(store.cookies.cf_1_logged_in).toBe("true");
    expect(store.maxAges.cf_1_logged_in).toBe(86400 * 60);
    expect(openPanel).toHaveBeenCalled();
  });

  it("preview (iframe=true plus variant): that variant only, fetched with preview=true, nothing tracked", async () => {
    history.replaceState(null, "", "/?iframe=true&variant=112");
    const { widget, mounts, fetch, store } = start(
      configMock({ ctas: serve(ab(), overlayDoc({ options: { trigger: "immediate" } })) }),
    );
    await widget.ready;
    await settle(10);
    expect(mounts.map((m) => [m.cta.id, m.variant.id, m.mode])).toEqual([[11, 112, "preview"]]);
    expect(fetch.calls.some((c) => c.url.endsWith("/api/cta/11.json?preview=true"))).toBe(true);
    expect(store.cookies.cf_1_cta_11_variant).toBeUndefined();
    await new Promise((r) => setTimeout(r, 300));
    expect(sent(fetch)).toEqual([]);
  });

  it("Shopify's theme editor (the app embed's design_mode) shows CTAs by their triggers, untracked", async () => {
    document.body.innerHTML = `<script type="application/json" id="beckon-shop-context">{"v":1,"shop":"demo.myshopify.com","design_mode":true,"cart":{"total_price":0}}</script>`;
    const { widget, mounts, fetch } = start(
      configMock({ ctas: serve(overlayDoc({ options: { trigger: "immediate" } })) }),
    );
    await widget.ready;
    await settle(10);
    expect(mounts.map((m) => [m.cta.id, m.mode])).toEqual([[9, "preview"]]);
    await new Promise((r) => setTimeout(r, 300));
    expect(sent(fetch)).toEqual([]);
  });

  it("cf_campaign_id forces a test popup, whatever its targeting, untracked", async () => {
    history.replaceState(null, "", "/kassan?cf_campaign_id=9");
    const { widget, mounts, fetch } = start(
      configMock({ ctas: serve(overlayDoc({ options: { trigger: "exit" } })), broadcasts: [broadcast()] }),
    );
    await widget.ready;
    await settle(10);
    expect(mounts.map((m) => m.cta.id)).toEqual([9]);
    await new Promise((r) => setTimeout(r, 300));
    expect(sent(fetch)).toEqual([]);
  });
});
