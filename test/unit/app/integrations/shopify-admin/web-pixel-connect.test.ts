/**
 * Connecting the Beckon web pixel to a shop (app/integrations/shopify-admin/web-pixel.server.ts):
 * created when the shop has none, updated when its settings are stale, left
 * alone when current, and a refusal or an outage reported, never thrown.
 * The Admin API is a fake answering as Shopify documents webPixel,
 * webPixelCreate and webPixelUpdate.
 */
import { describe, expect, it } from "vitest";
import {
  connectWebPixel,
  WEB_PIXEL_CREATE,
  WEB_PIXEL_QUERY,
  WEB_PIXEL_UPDATE,
} from "#app/integrations/shopify-admin/web-pixel.server";
import { pixelConfig } from "#extensions/beckon-pixel/src/order";
import { adminRefusal } from "#test/support/admin-schema";

type Call = { query: string; variables?: Record<string, unknown> };

/**
 * A fake Admin GraphQL client: answers each query from `answers`, records the
 * calls; a query the Admin schema does not validate is refused, as Shopify refuses it.
 */
function fakeAdmin(answers: Record<string, unknown>) {
  const calls: Call[] = [];
  const graphql = async (query: string, options?: { variables?: Record<string, unknown> }) => {
    calls.push({ query, variables: options?.variables });
    if (!(query in answers)) throw new Error("unexpected query");
    const answer = answers[query];
    if (answer instanceof Error) throw answer;
    const body = adminRefusal(query, options?.variables) ?? answer;
    return new Response(JSON.stringify(body), { headers: { "Content-Type": "application/json" } });
  };
  return { graphql, calls };
}

const NONE = { data: { webPixel: null }, errors: [{ message: "No web pixel was found for this app." }] };
const SETTINGS = { websiteId: "7", appUrl: "https://beckon.example.com" };

describe("connectWebPixel", () => {
  it("creates the pixel with the website id and Beckon's origin when the shop has none", async () => {
    const admin = fakeAdmin({
      [WEB_PIXEL_QUERY]: NONE,
      [WEB_PIXEL_CREATE]: {
        data: {
          webPixelCreate: {
            userErrors: [],
            webPixel: { id: "gid://shopify/WebPixel/1", settings: JSON.stringify(SETTINGS) },
          },
        },
      },
    });
    expect(await connectWebPixel(admin.graphql, 7, "https://beckon.example.com/app?x=1")).toEqual({
      state: "created",
      id: "gid://shopify/WebPixel/1",
    });
    expect(admin.calls.map((c) => c.query)).toEqual([WEB_PIXEL_QUERY, WEB_PIXEL_CREATE]);
    const settings = JSON.parse((admin.calls[1].variables!.webPixel as { settings: string }).settings);
    expect(settings).toEqual(SETTINGS);
    // What the app stores is what the pixel accepts.
    expect(pixelConfig(settings)).toEqual({
      websiteId: 7,
      ordersUrl: "https://beckon.example.com/api/websites/7/orders",
    });
  });

  it("creates the pixel when the Admin API client throws Shopify's 'no web pixel' answer", async () => {
    const admin = fakeAdmin({
      [WEB_PIXEL_QUERY]: new Error("GraphQL Client: No web pixel was found for this app."),
      [WEB_PIXEL_CREATE]: {
        data: {
          webPixelCreate: {
            userErrors: [],
            webPixel: { id: "gid://shopify/WebPixel/3", settings: JSON.stringify(SETTINGS) },
          },
        },
      },
    });
    expect(await connectWebPixel(admin.graphql, 7, "https://beckon.example.com")).toEqual({
      state: "created",
      id: "gid://shopify/WebPixel/3",
    });
  });

  it("updates stale settings and leaves current ones alone", async () => {
    const stale = fakeAdmin({
      [WEB_PIXEL_QUERY]: {
        data: {
          webPixel: {
            id: "gid://shopify/WebPixel/2",
            settings: JSON.stringify({ websiteId: "7", appUrl: "https://old.example.com" }),
          },
        },
      },
      [WEB_PIXEL_UPDATE]: {
        data: {
          webPixelUpdate: {
            userErrors: [],
            webPixel: { id: "gid://shopify/WebPixel/2", settings: JSON.stringify(SETTINGS) },
          },
        },
      },
    });
    expect(await connectWebPixel(stale.graphql, 7, "https://beckon.example.com")).toEqual({
      state: "updated",
      id: "gid://shopify/WebPixel/2",
    });
    expect(stale.calls[1].variables).toEqual({
      id: "gid://shopify/WebPixel/2",
      webPixel: { settings: JSON.stringify(SETTINGS) },
    });

    const current = fakeAdmin({
      [WEB_PIXEL_QUERY]: { data: { webPixel: { id: "gid://shopify/WebPixel/2", settings: JSON.stringify(SETTINGS) } } },
    });
    expect(await connectWebPixel(current.graphql, 7, "https://beckon.example.com")).toEqual({
      state: "unchanged",
      id: "gid://shopify/WebPixel/2",
    });
    expect(current.calls).toHaveLength(1);
  });

  it("reports Shopify's refusal, a missing scope, an outage and a bad address without throwing", async () => {
    const refused = fakeAdmin({
      [WEB_PIXEL_QUERY]: NONE,
      [WEB_PIXEL_CREATE]: {
        data: {
          webPixelCreate: {
            userErrors: [{ field: ["settings"], message: "Settings do not match the definition" }],
            webPixel: null,
          },
        },
      },
    });
    expect(await connectWebPixel(refused.graphql, 7, "https://beckon.example.com")).toEqual({
      state: "failed",
      reason: "Settings do not match the definition",
    });

    const noScope = fakeAdmin({
      [WEB_PIXEL_QUERY]: { errors: [{ message: "Access denied for webPixel field." }] },
      [WEB_PIXEL_CREATE]: { errors: [{ message: "Access denied for webPixelCreate field." }] },
    });
    expect(await connectWebPixel(noScope.graphql, 7, "https://beckon.example.com")).toEqual({
      state: "failed",
      reason: "Access denied for webPixelCreate field.",
    });

    const down = fakeAdmin({
      [WEB_PIXEL_QUERY]: new Error("connect ECONNREFUSED"),
      [WEB_PIXEL_CREATE]: new Error("connect ECONNREFUSED"),
    });
    expect(await connectWebPixel(down.graphql, 7, "https://beckon.example.com")).toEqual({
      state: "failed",
      reason: "Shopify did not answer (connect ECONNREFUSED)",
    });

    const nowhere = fakeAdmin({});
    expect(await connectWebPixel(nowhere.graphql, 7, "")).toMatchObject({
      state: "failed",
      reason: expect.stringContaining("not a URL"),
    });
    expect(nowhere.calls).toEqual([]);
  });
});
