/**
 * Every app proxy route (app/routes/proxy.*) reads the shop and the customer
 * only from authenticateAppProxy's verified values: none reads the query
 * itself, where another copy of a signed parameter could be waiting, nor
 * uses the library's weaker check (app/server/app-proxy-query.server.ts says why).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "#test/support/project-root";

const ROUTES = join(PROJECT_ROOT, "app/routes");
const proxyRoutes = readdirSync(ROUTES).filter((file) => file.startsWith("proxy."));

describe("the app proxy routes", () => {
  it("exist (the list below is not empty by mistake)", () => {
    expect(proxyRoutes).toEqual(expect.arrayContaining(["proxy.api.customer.tsx", "proxy.api.websites.shop[.]js.tsx"]));
  });

  it.each(proxyRoutes)("%s authenticates with authenticateAppProxy and reads no query of its own", (file) => {
    const source = readFileSync(join(ROUTES, file), "utf8");
    expect(source).toMatch(/authenticateAppProxy\(request\)/);
    expect(source).not.toMatch(/searchParams|URLSearchParams|\.search\b|authenticate\.public/);
  });
});
