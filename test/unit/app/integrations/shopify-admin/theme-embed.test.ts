import { describe, expect, it } from "vitest";
import {
  checkThemeEmbed,
  embedEnabledIn,
  MAIN_THEME_SETTINGS_QUERY,
  themeEditorEmbedUrl,
  type AdminGraphql,
} from "#app/integrations/shopify-admin/theme-embed.server";
import { adminRefusal } from "#test/support/admin-schema";

const BLOCK_TYPE = "shopify://apps/beckon/blocks/app-embed/0a1b2c3d-1111-2222-3333-444455556666";

/** settings_data.json as Shopify stores it: a comment notice, then JSON. */
function settingsData(blocks: Record<string, unknown>, wrap: "current" | "preset" = "current"): string {
  const current = { colors_accent_1: "#121212", blocks };
  const json = wrap === "current" ? { current } : { current: "Default", presets: { Default: current } };
  return `/*\n * IMPORTANT: The contents of this file are auto-generated.\n */\n${JSON.stringify(json, null, 2)}`;
}

/**
 * A fake Admin GraphQL client answering the documented themes → files shape;
 * a query the Admin schema does not validate is refused, as Shopify refuses it.
 */
function fakeAdmin(answer: unknown, seen: string[] = []): AdminGraphql {
  return async (query, options) => {
    seen.push(query);
    const body = adminRefusal(query, options?.variables) ?? answer;
    return new Response(JSON.stringify(body), { headers: { "Content-Type": "application/json" } });
  };
}

function themeAnswer(body: unknown, name = "Dawn") {
  return {
    data: {
      themes: {
        nodes: [
          {
            id: "gid://shopify/OnlineStoreTheme/1",
            name,
            files: { nodes: [{ filename: "config/settings_data.json", body }] },
          },
        ],
      },
    },
  };
}

describe("theme editor deep link", () => {
  it("opens the current theme's app embeds with ours ready to activate", () => {
    expect(themeEditorEmbedUrl("demo.myshopify.com", "abc123")).toBe(
      "https://demo.myshopify.com/admin/themes/current/editor?context=apps&activateAppId=abc123%2Fapp-embed",
    );
  });
});

describe("embedEnabledIn", () => {
  it("finds an enabled app-embed block, directly or through a preset", () => {
    expect(embedEnabledIn({ current: { blocks: { "1": { type: BLOCK_TYPE, disabled: false } } } })).toBe(true);
    expect(
      embedEnabledIn({ current: "Default", presets: { Default: { blocks: { "1": { type: BLOCK_TYPE } } } } }),
    ).toBe(true);
    expect(embedEnabledIn({ current: { blocks: { "1": { type: BLOCK_TYPE, disabled: true } } } })).toBe(false);
    expect(
      embedEnabledIn({
        current: { blocks: { "1": { type: "shopify://apps/beckon/blocks/inline-cta/x", disabled: false } } },
      }),
    ).toBe(false);
    expect(embedEnabledIn({ current: {} })).toBe(false);
    expect(embedEnabledIn(null)).toBe(false);
  });
});

describe("checkThemeEmbed", () => {
  it("asks for the main theme's settings_data.json and reports on", async () => {
    const seen: string[] = [];
    const status = await checkThemeEmbed(
      fakeAdmin(
        themeAnswer({ content: settingsData({ abc: { type: BLOCK_TYPE, disabled: false, settings: {} } }) }),
        seen,
      ),
    );
    expect(status).toEqual({ state: "on", themeName: "Dawn" });
    expect(seen[0]).toBe(MAIN_THEME_SETTINGS_QUERY);
    expect(seen[0]).toContain("roles: [MAIN]");
    expect(seen[0]).toContain('filenames: ["config/settings_data.json"]');
  });

  it("reports off when the block is disabled or missing, and for a theme never customised", async () => {
    expect(
      await checkThemeEmbed(
        fakeAdmin(themeAnswer({ content: settingsData({ abc: { type: BLOCK_TYPE, disabled: true } }, "preset") })),
      ),
    ).toEqual({
      state: "off",
      themeName: "Dawn",
    });
    expect(await checkThemeEmbed(fakeAdmin(themeAnswer({ content: settingsData({}) })))).toEqual({
      state: "off",
      themeName: "Dawn",
    });
    const noFile = { data: { themes: { nodes: [{ name: "Dawn", files: { nodes: [] } }] } } };
    expect(await checkThemeEmbed(fakeAdmin(noFile))).toEqual({ state: "off", themeName: "Dawn" });
  });

  it("reads base64 bodies", async () => {
    const contentBase64 = Buffer.from(settingsData({ abc: { type: BLOCK_TYPE, disabled: false } })).toString("base64");
    expect(await checkThemeEmbed(fakeAdmin(themeAnswer({ contentBase64 }, "Sense")))).toEqual({
      state: "on",
      themeName: "Sense",
    });
  });

  it("says unknown, with the reason, when it cannot tell", async () => {
    expect((await checkThemeEmbed(fakeAdmin({ errors: [{ message: "Access denied for themes field." }] }))).state).toBe(
      "unknown",
    );
    expect(await checkThemeEmbed(fakeAdmin({ data: { themes: { nodes: [] } } }))).toEqual({
      state: "unknown",
      reason: "The shop has no published theme",
    });
    expect((await checkThemeEmbed(fakeAdmin(themeAnswer({ content: "/* x */ {not json" })))).state).toBe("unknown");
    const failing: AdminGraphql = async () => {
      throw new Error("network down");
    };
    expect(await checkThemeEmbed(failing)).toEqual({
      state: "unknown",
      reason: "Shopify did not answer (network down)",
    });
  });
});
