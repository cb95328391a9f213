// @vitest-environment happy-dom
/** widget/react with real React: the provider's Storefront cart reaches the renderer's mountCta; useBeckon needs the provider. */
import { act } from "react";
import { createRoot } from "react-dom/client";
import { afterEach, describe, expect, it, vi } from "vitest";
import { eventsCreateSchema, visitorCreateSchema } from "#contract/schema/public-api";
import { BeckonCta, BeckonProvider, defaultRuntime, useBeckon } from "#widget/react";
import type { MountOptions, RendererModule } from "#widget/render/types";
import { swedishConfigMock, swedishCtaMock } from "#test/support/factories";

(globalThis as unknown as { IS_REACT_ACT_ENVIRONMENT: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  document.body.innerHTML = "";
});

function renderApp(node: React.ReactNode) {
  const div = document.createElement("div");
  document.body.appendChild(div);
  const root = createRoot(div);
  return { div, root, render: () => act(async () => root.render(node)) };
}

describe("widget/react", () => {
  it("BeckonCta mounts the CTA with the renderer into its div, with the provider's Storefront cart as the store", async () => {
    const unmount = vi.fn();
    const mountCta = vi.fn((_o: MountOptions) => ({ unmount }));
    const loadRenderer = vi.fn(async (): Promise<RendererModule> => ({ mountCta }));
    const cta = swedishCtaMock();
    const track = vi.fn();
    let seen: ReturnType<typeof useBeckon> | null = null;
    function Peek() {
      seen = useBeckon();
      return null;
    }
    const app = renderApp(
      <BeckonProvider
        config={swedishConfigMock()}
        storefront={{ storeDomain: "shop.myshopify.com", publicAccessToken: "t" }}
        runtime={{ track }}
        loadRenderer={loadRenderer}
      >
        <Peek />
        <BeckonCta cta={cta} />
      </BeckonProvider>,
    );
    await app.render();
    await act(async () => undefined);
    expect(mountCta).toHaveBeenCalledTimes(1);
    const opts = mountCta.mock.calls[0][0];
    expect(opts.host).toBe(app.div.querySelector(`[data-beckon-cta="${cta.id}"]`));
    expect(opts.variant).toBe(cta.variants[0]);
    expect(opts.runtime.store?.integration).toBe("storefront");
    expect(opts.runtime.store).toBe(seen!.store);
    opts.runtime.track("Add To Cart", { cta_id: 7, variant_id: 11 }, { product_id: "1" });
    expect(track).toHaveBeenCalledWith("Add To Cart", { cta_id: 7, variant_id: 11 }, { product_id: "1" });
    await act(async () => app.root.unmount());
    expect(unmount).toHaveBeenCalled();
  });

  it("the default runtime dispatches client events on the document", async () => {
    const mountCta = vi.fn((_o: MountOptions) => ({ unmount() {} }));
    const app = renderApp(
      <BeckonProvider config={swedishConfigMock()} loadRenderer={async () => ({ mountCta })}>
        <BeckonCta cta={swedishCtaMock()} />
      </BeckonProvider>,
    );
    await app.render();
    await act(async () => undefined);
    const heard = vi.fn();
    document.addEventListener("cfAddToCart", (e) => heard((e as CustomEvent).detail));
    mountCta.mock.calls[0][0].runtime.dispatch("cfAddToCart", { product_id: "9" });
    expect(heard).toHaveBeenCalledWith({ product_id: "9" });
    expect(mountCta.mock.calls[0][0].runtime.store).toBeNull();
  });

  it("useBeckon outside a provider says what is missing", async () => {
    function Lost() {
      useBeckon();
      return null;
    }
    const spy = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const app = renderApp(<Lost />);
    await expect(app.render()).rejects.toThrow("needs a <BeckonProvider>");
    spy.mockRestore();
  });

  it("the default track creates the visitor once, then posts {events:[…]} the public API accepts", async () => {
    localStorage.clear();
    const calls: { url: string; body: unknown; type: string }[] = [];
    const fetch = vi.fn(async (url: string, init: RequestInit) => {
      calls.push({
        url,
        body: JSON.parse(String(init.body)),
        type: new Headers(init.headers).get("Content-Type") ?? "",
      });
      return new Response("{}", { status: 200 });
    });
    vi.stubGlobal("fetch", fetch);
    try {
      const runtime = defaultRuntime(swedishConfigMock({ website_id: 5, api_origin: "https://api.example/" }));
      runtime.track(
        "Add To Cart",
        { cta_id: 7, variant_id: 11, step_id: 3, element_id: 81, broadcast_id: null },
        { product_id: "1", product_price: 65 },
      );
      runtime.track("View", { cta_id: 7, variant_id: 11 });
      await vi.waitFor(() => expect(calls).toHaveLength(3));
      expect(calls.map((c) => c.url)).toEqual([
        "https://api.example/api/websites/5/visitors",
        "https://api.example/api/websites/5/events/create",
        "https://api.example/api/websites/5/events/create",
      ]);
      expect(calls.every((c) => c.type === "text/plain")).toBe(true); // no CORS preflight
      const visitor = visitorCreateSchema.parse(calls[0].body);
      const events = calls.slice(1).map((c) => eventsCreateSchema.parse(c.body).events![0]);
      expect(events[0]).toMatchObject({
        event_type: "Add To Cart",
        visitor_token: visitor.visitor.visitor_token,
        cta_id: 7,
        element_id: 81,
        contactable_type: "Cta",
        contactable_id: 7,
        data: { product_id: "1", product_price: 65 },
      });
      expect(events[1]).toMatchObject({ event_type: "View", visitor_token: visitor.visitor.visitor_token });
      expect(events[0].id).not.toBe(events[1].id);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
