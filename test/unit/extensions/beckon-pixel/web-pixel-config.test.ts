/**
 * The web pixel extension's configuration agrees with the code: Shopify
 * validates webPixelCreate's settings against the fields its
 * shopify.extension.toml defines, so they must be exactly the ones the
 * server sends (app/integrations/shopify-admin/web-pixel.server.ts) and the pixel reads
 * (extensions/beckon-pixel/src/order.ts); and the app asks for the scopes
 * webPixelCreate needs.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { webPixelSettings } from "#app/integrations/shopify-admin/web-pixel.server";
import { pixelConfig } from "#extensions/beckon-pixel/src/order";
import { PROJECT_ROOT } from "#test/support/project-root";

const root = PROJECT_ROOT;
const pixelToml = readFileSync(path.join(root, "extensions/beckon-pixel/shopify.extension.toml"), "utf8");
const appToml = readFileSync(path.join(root, "shopify.app.toml"), "utf8");

describe("extensions/beckon-pixel/shopify.extension.toml", () => {
  it("is a strict-sandbox web pixel that runs with analytics consent", () => {
    expect(pixelToml).toMatch(/^type = "web_pixel_extension"$/m);
    expect(pixelToml).toMatch(/^runtime_context = "strict"$/m);
    expect(pixelToml).toMatch(/\[customer_privacy\]\s*\nanalytics = true/);
  });

  it("defines exactly the settings the server sends and the pixel reads", () => {
    const fields = [...pixelToml.matchAll(/^\[settings\.fields\.(\w+)\]\s*\n(?:.*\n)*?type = "(\w+)"/gm)].map((m) => [
      m[1],
      m[2],
    ]);
    const sent = webPixelSettings(12, "https://beckon.example.com/");
    expect(Object.fromEntries(fields)).toEqual(
      Object.fromEntries(Object.keys(sent).map((k) => [k, "single_line_text_field"])),
    );
    expect(pixelConfig({ ...sent })).toEqual({
      websiteId: 12,
      ordersUrl: "https://beckon.example.com/api/websites/12/orders",
    });
  });

  it("the app asks for the scopes webPixelCreate needs", () => {
    const scopes = /^scopes = "([^"]*)"/m.exec(appToml)![1].split(",");
    expect(scopes).toEqual(expect.arrayContaining(["write_pixels", "read_customer_events"]));
  });
});
