/**
 * The /app page of a server without Shopify credentials, in Chromium: it
 * hydrates without errors, names the missing variables, and axe-core finds
 * no serious or critical violation.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { createTestDatabase, type TestDatabase } from "#test/support/test-database";
import { startTestServer, type TestServer } from "#test/support/server";
import { launchChromium } from "#test/support/chromium";

let tdb: TestDatabase;
let server: TestServer;
let browser: Browser;
const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

beforeAll(async () => {
  tdb = await createTestDatabase();
  server = await startTestServer({
    databaseUrl: tdb.url,
    env: { SHOPIFY_API_KEY: "", SHOPIFY_API_SECRET: "", SHOPIFY_APP_URL: "", SCOPES: "" },
  });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await tdb?.drop();
});

it("/app without credentials is a readable, axe-clean Polaris page", async () => {
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  // Failed loads are checked by address below (the 503 document itself is one).
  page.on("console", (m) => {
    if (m.type() === "error" && !/^Failed to load resource/.test(m.text())) errors.push(m.text());
  });
  const failed: string[] = [];
  page.on("response", (r) => {
    if (r.status() >= 400) failed.push(`${r.status()} ${new URL(r.url()).pathname}`);
  });
  const res = await page.goto(`${server.origin}/app`);
  expect(res?.status()).toBe(503);
  await page.waitForLoadState("networkidle");
  await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Connect Beckon to Shopify");
  const list = page.getByRole("list", { name: "Environment variables" });
  expect(await list.getByRole("listitem").count()).toBe(4);
  expect(await list.textContent()).toContain("SHOPIFY_API_SECRET");

  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (ctx: unknown, o: unknown) => Promise<{ violations: { id: string; impact: string; help: string }[] }>;
        };
      }
    ).axe;
    return (await axe.run(document, { resultTypes: ["violations"] })).violations;
  });
  expect(
    violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.help}`),
  ).toEqual([]);
  expect(errors).toEqual([]);
  expect(failed).toEqual(["503 /app"]);
  await page.close();
});
