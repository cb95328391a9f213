/**
 * What a storefront's server fetches for the React components: the config
 * as JSON and a published CTA, from Beckon's address and the ids, checked
 * before anything goes out, and answers that are not what was asked for
 * refused in words.
 */
import { describe, expect, it, vi } from "vitest";
import { beckonConfigUrl, fetchBeckonConfig, fetchBeckonCta } from "#widget/react/server-data";
import { swedishConfigMock, swedishCtaMock } from "#test/support/factories";

const answering = (status: number, body: unknown) =>
  vi.fn(
    async (_url: RequestInfo | URL, _init?: RequestInit) =>
      new Response(typeof body === "string" ? body : JSON.stringify(body), { status }),
  );

const BECKON = "https://beckon.example";

describe("beckonConfigUrl", () => {
  it("is the website's .json address on Beckon's origin, whatever path or slash is given", () => {
    expect(beckonConfigUrl(BECKON, 12)).toBe("https://beckon.example/api/websites/12.json");
    expect(beckonConfigUrl(`${BECKON}/some/path/?q=1#x`, 12)).toBe("https://beckon.example/api/websites/12.json");
  });

  it("refuses ids that are not whole numbers from 1 to 2^31-1, and addresses that are not http(s)", () => {
    for (const id of [0, -1, 1.5, NaN, Infinity, 2_147_483_648, Number.MAX_SAFE_INTEGER + 2])
      expect(() => beckonConfigUrl(BECKON, id), String(id)).toThrow(/not a website id/);
    expect(() => beckonConfigUrl("not an address", 1)).toThrow(/not an address/);
    // An oversized address is quoted cut short in the message.
    expect(() => beckonConfigUrl("x".repeat(100_000), 1)).toThrow(/not an address: "x{200}"$/);
    for (const origin of ["javascript:alert(1)", "file:///etc/passwd", "data:text/plain,x"])
      expect(() => beckonConfigUrl(origin, 1), origin).toThrow(/must be http/);
  });
});

describe("fetchBeckonConfig", () => {
  it("answers the website's config, asking for JSON with the caller's headers", async () => {
    const config = swedishConfigMock({ website_id: 12 });
    const fetch = answering(200, config);
    const got = await fetchBeckonConfig(BECKON, 12, { fetch, init: { headers: { "If-None-Match": '"a"' } } });
    expect(got).toEqual(config);
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe("https://beckon.example/api/websites/12.json");
    expect(init?.headers).toEqual({ Accept: "application/json", "If-None-Match": '"a"' });
  });

  it("says what Beckon answered when it is an error", async () => {
    await expect(
      fetchBeckonConfig(BECKON, 12, {
        fetch: answering(404, { error: { field: "website_id", message: "Unknown website" } }),
      }),
    ).rejects.toThrow("[beckon] https://beckon.example/api/websites/12.json answered 404: Unknown website");
    await expect(fetchBeckonConfig(BECKON, 12, { fetch: answering(502, "<html>Bad gateway</html>") })).rejects.toThrow(
      /answered 502$/,
    );
  });

  it("refuses an answer that is not that website's config", async () => {
    for (const body of [
      null,
      [],
      '"config"',
      swedishConfigMock({ website_id: 13 }),
      { ...swedishConfigMock({ website_id: 12 }), ctas: "all" },
      { ...swedishConfigMock({ website_id: 12 }), asset_base: null },
      JSON.parse('{"__proto__":{"website_id":12,"api_origin":"x","asset_base":"y","ctas":[]}}'),
    ])
      await expect(
        fetchBeckonConfig(BECKON, 12, { fetch: answering(200, body) }),
        JSON.stringify(body),
      ).rejects.toThrow(/did not answer website 12's config/);
    await expect(fetchBeckonConfig(BECKON, 12, { fetch: answering(200, "<html>") })).rejects.toThrow(
      "[beckon] https://beckon.example/api/websites/12.json answered 200 with something that is not JSON",
    );
  });
});

describe("fetchBeckonCta", () => {
  it("answers the published CTA's document from /api/cta/{id}.json", async () => {
    const cta = swedishCtaMock();
    const fetch = answering(200, { cta });
    expect(await fetchBeckonCta(`${BECKON}/`, cta.id!, { fetch })).toEqual(cta);
    expect(fetch.mock.calls[0][0]).toBe(`https://beckon.example/api/cta/${cta.id}.json`);
  });

  it("refuses a bad id, an unknown CTA and an answer about another one", async () => {
    await expect(fetchBeckonCta(BECKON, 0)).rejects.toThrow(/not a CTA id/);
    await expect(
      fetchBeckonCta(BECKON, 5, { fetch: answering(404, { error: { field: "cta_id", message: "Unknown CTA" } }) }),
    ).rejects.toThrow(/answered 404: Unknown CTA/);
    for (const cta of [swedishCtaMock({ id: 6 }), null, { ...swedishCtaMock({ id: 5 }), variants: {} }])
      await expect(fetchBeckonCta(BECKON, 5, { fetch: answering(200, { cta }) })).rejects.toThrow(
        /did not answer CTA 5/,
      );
  });
});
