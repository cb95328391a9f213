/**
 * shopify.app.toml agrees with the code: each webhook subscription names the
 * route file that serves its address, and the app proxy's storefront path is
 * the one the app embed loads and the proxy route serves.
 */
import { describe, expect, it } from "vitest";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { ApiVersion } from "@shopify/shopify-api";
import { STOREFRONT_API_VERSION } from "#widget/store/graphql/operations";
import { PROJECT_ROOT } from "#test/support/project-root";

const root = PROJECT_ROOT;
const toml = readFileSync(path.join(root, "shopify.app.toml"), "utf8");
const embed = readFileSync(path.join(root, "extensions/cta-embed/blocks/app-embed.liquid"), "utf8");

/** The URL path a flat Remix route file serves ("[.]" is a literal dot). */
const routePath = (file: string) =>
  "/" +
  path
    .basename(file, ".tsx")
    .split(/\.(?![^[]*\])/)
    .map((s) => s.replace(/\[\.\]/g, "."))
    .join("/");

describe("shopify.app.toml", () => {
  const subscriptions = [
    ...toml.matchAll(
      /\[\[webhooks\.subscriptions\]\]\s*\n\s*(?:compliance_)?topics = \[([^\]]+)\]\s*\n\s*uri = "([^"]+)" # handler: (\S+)/g,
    ),
  ].map((m) => ({
    topics: m[1],
    uri: m[2],
    handler: m[3],
  }));

  it("subscribes to app/uninstalled, app/scopes_update, orders/create and the three privacy topics, each with its handler file", () => {
    expect(subscriptions.map((s) => s.topics.replace(/"/g, ""))).toEqual([
      "app/uninstalled",
      "app/scopes_update",
      "orders/create",
      "customers/data_request",
      "customers/redact",
      "shop/redact",
    ]);
    expect(toml.match(/\[\[webhooks\.subscriptions\]\]/g)).toHaveLength(subscriptions.length);
  });

  it("names handler files whose route serves the subscription's address", () => {
    for (const s of subscriptions) {
      expect(s.handler).toMatch(/^app\/routes\/webhooks\..+\.tsx$/);
      expect(routePath(s.handler)).toBe(s.uri);
    }
    for (const s of subscriptions) expect(existsSync(path.join(root, s.handler)), s.handler).toBe(true);
  });

  it("asks for read_orders, which the orders/create webhook needs (the only verified revenue)", () => {
    expect(toml).toMatch(/scopes = "[^"]*\bread_orders\b[^"]*"/);
  });

  it("asks for write_customers and write_discounts only as optional scopes, each requested by what needs it", () => {
    expect(toml).toMatch(/^optional_scopes = \["write_customers", "write_discounts"\]$/m);
    expect(toml).not.toMatch(/^scopes = "[^"]*\bwrite_(customers|discounts)\b/m);
    const page = readFileSync(path.join(root, "app/pages/integrations.server.ts"), "utf8");
    expect(page).toContain("requestMissingCustomerScope(prisma, ctx.websiteId, ctx.requestScopes)");
    const codes = readFileSync(path.join(root, "app/pages/cta-codes.server.ts"), "utf8");
    expect(codes).toContain("requestMissingDiscountScope(prisma, ctx.websiteId, ctx.requestScopes)");
  });

  it("asks for the app proxy scope and points the proxy at /proxy", () => {
    expect(toml).toMatch(/scopes = "[^"]*\bwrite_app_proxy\b[^"]*"/);
    expect(toml).toMatch(/\[app_proxy\]\s*\nurl = "https:\/\/[^"]+\/proxy"\s*\nprefix = "apps"\s*\nsubpath = "beckon"/);
  });

  it("the app embed loads the script the proxy route serves", () => {
    const proxyRoute = "app/routes/proxy.api.websites.shop[.]js.tsx";
    expect(existsSync(path.join(root, proxyRoute))).toBe(true);
    expect(routePath(proxyRoute)).toBe("/proxy/api/websites/shop.js");
    // /apps/beckon/* on the shop reaches {application_url}/proxy/*.
    expect(embed).toContain('"/apps/beckon/api/websites/shop.js"');
  });

  it("uses the newest API version the installed Shopify library knows, the same for webhooks, Admin and Storefront", () => {
    const released = Object.entries(ApiVersion).filter(([, v]) => /^\d{4}-\d{2}$/.test(v));
    const [newestKey, newest] = released.sort((a, b) => a[1].localeCompare(b[1])).at(-1)!;
    expect(toml).toMatch(new RegExp(`\\[webhooks\\]\\s*\\napi_version = "${newest}"`));
    const server = readFileSync(path.join(root, "app/integrations/shopify-admin/api-version.ts"), "utf8");
    expect(server).toContain(`export const ADMIN_API_VERSION = ApiVersion.${newestKey};`);
    expect(STOREFRONT_API_VERSION).toBe(newest);
  });

  it("drops include_config_on_deploy: deploys always include the configuration", () => {
    expect(toml).not.toMatch(/^\s*include_config_on_deploy\s*=/m);
    expect(toml).not.toMatch(/^\s*use_legacy_install_flow\s*=/m);
  });
});

describe("shopify.web.toml", () => {
  const webFile = path.join(root, "shopify.web.toml");
  const scripts = (
    JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { scripts: Record<string, string> }
  ).scripts;

  it("lets `shopify app dev` start the one server in both roles with the project's own scripts", () => {
    expect(existsSync(webFile)).toBe(true);
    const web = readFileSync(webFile, "utf8");
    expect(web).toMatch(/^roles = \["frontend", "backend"\]$/m);
    const commands = Object.fromEntries(
      [...web.matchAll(/^(dev|build) = "npm run ([\w:-]+)"$/gm)].map((m) => [m[1], m[2]]),
    );
    expect(commands).toEqual({ dev: "dev", build: "build" });
    expect(scripts.dev).toMatch(/remix vite:dev/);
    expect(scripts.build).toMatch(/remix vite:build/);
  });
});
