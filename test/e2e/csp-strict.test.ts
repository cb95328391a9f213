/**
 * The widget on a host page with a strict Content-Security-Policy: scripts
 * only by nonce (no 'unsafe-inline', no 'unsafe-eval', no host allowlist),
 * no plugins, no <base>, network only to the Beckon server. The snippet,
 * given the page's nonce, hands it on to the widget script; the popup shows,
 * the form submits and the lead is stored, and the browser reports no
 * violation. Run with and without 'strict-dynamic'.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { browser, server, tdb, withE2eStack } from "#test/support/e2e-stack";
import { expectResponse } from "#test/support/expect-request";
import { createWebsite } from "#app/models/website.server";
import { saveCtaDocument } from "#app/models/cta.server";
import { genericSnippet } from "#widget/snippet";
import { demoStoreSettings } from "#prisma/seed-data/demo-store";
import { emailForm, heading, singleStepCta } from "#prisma/seed-data/builders";
import { serveLocally, type LocalHttpServer } from "#test/support/local-http";

let host: LocalHttpServer | undefined;
let hostOrigin: string;
let websiteId: number;
let policyFor: (nonce: string) => string = () => "";

withE2eStack({
  beforeServer: async () => {
    const site = await createWebsite(tdb.db, { ...demoStoreSettings, name: "CSP host", domain: "http://127.0.0.1" });
    websiteId = site.id;
    await saveCtaDocument(
      tdb.db,
      websiteId,
      singleStepCta({
        name: "CSP popup",
        cta_type: "overlay",
        overlay_type: "boxed",
        options: { trigger: "immediate" },
        elements: [
          heading("Strict pages welcome"),
          emailForm({ emailPlaceholder: "Your email", button: "Subscribe", actions: [] }),
        ],
      }),
    );
  },
});

beforeAll(async () => {
  // The host page: a fresh nonce per response, as a real strict-CSP site does.
  host = await serveLocally((req, res) => {
    const nonce = randomBytes(16).toString("base64");
    const html = `<!doctype html><html><head><meta charset="utf-8"><title>Strict host</title>
<style>body{font:16px sans-serif}</style></head>
<body><h1>A page with a strict CSP</h1><p>Content.</p>
${genericSnippet({ origin: server.origin, websiteId, nonce })}
</body></html>`;
    res.writeHead(200, {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": policyFor(nonce),
      "Cache-Control": "no-store",
    });
    res.end(req.url === "/" ? html : "");
  });
  hostOrigin = host.origin;
});

afterAll(async () => {
  await host?.close();
});

const policies: [string, (nonce: string) => string][] = [
  [
    "nonce only",
    (nonce) =>
      [
        "default-src 'none'",
        `script-src 'nonce-${nonce}'`,
        `connect-src ${server.origin}`,
        `img-src ${server.origin} data:`,
        // The renderer styles its shadow root with a <style> element.
        "style-src 'unsafe-inline'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'none'",
        "frame-ancestors 'none'",
      ].join("; "),
  ],
  [
    "nonce with 'strict-dynamic'",
    (nonce) =>
      [
        `script-src 'nonce-${nonce}' 'strict-dynamic'`,
        "object-src 'none'",
        "base-uri 'none'",
        `connect-src ${server.origin}`,
        "style-src 'unsafe-inline'",
        "default-src 'none'",
      ].join("; "),
  ],
];

/**
 * A new page whose host answers under `policy`; problems() lists the page's
 * errors, the console's CSP refusals and the securitypolicyviolation events.
 */
async function strictPage(policy: (nonce: string) => string) {
  policyFor = policy;
  const context = await browser.newContext();
  const page = await context.newPage();
  const logged: string[] = [];
  page.on("pageerror", (e) => logged.push(`pageerror: ${e.message}`));
  page.on("console", (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) logged.push(`console: ${m.text()}`);
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __violations: string[] };
    w.__violations = [];
    document.addEventListener("securitypolicyviolation", (e) =>
      w.__violations.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  const problems = async () => [
    ...(await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)),
    ...logged,
  ];
  return { context, page, problems };
}

describe("the widget under a strict Content-Security-Policy", () => {
  for (const [name, policy] of policies) {
    it(`shows the popup and stores the lead with no violation (${name})`, async () => {
      const { context, page, problems } = await strictPage(policy);
      const widgetFiles: string[] = [];
      page.on("request", (r) => {
        if (r.url().startsWith(`${server.origin}/widget/`)) widgetFiles.push(new URL(r.url()).pathname);
      });
      await page.goto(hostOrigin + "/");
      const dialog = page.locator("beckon-cta [role=dialog]");
      await dialog.waitFor({ state: "visible", timeout: 20_000 });
      // The site script's early import and the loader's import of the renderer share one download of each file.
      expect(widgetFiles.filter((f) => f === "/widget/beckon-renderer.js")).toHaveLength(1);
      expect(new Set(widgetFiles).size).toBe(widgetFiles.length);
      const email = `csp-${Date.now()}-${name.length}@example.com`;
      await dialog.locator("input[type=email]").fill(email);
      const sent = expectResponse(page, { method: "POST", path: "/contacts/create" });
      await dialog.locator("button[type=submit]").click();
      expect((await sent).status()).toBe(201);
      await expect.poll(() => tdb.db.person.count({ where: { websiteId, email } }), { timeout: 10_000 }).toBe(1);
      expect(await problems()).toEqual([]);
      await context.close();
    });
  }

  it("lets the site script's early import fetch the renderer and its chunk by itself, with no violation", async () => {
    const { context, page, problems } = await strictPage(policies[0][1]);
    // The site script without its loader: only the compile hint, the config and the early import run.
    let third: string | null = null;
    await page.route(`${server.origin}/api/websites/${websiteId}.js`, async (route) => {
      const response = await route.fetch();
      const [hint, config, early] = (await response.text()).split("\n");
      third = early.slice(0, 200);
      await route.fulfill({ response, body: [hint, config, early].join("\n") });
    });
    const finished = (file: RegExp) =>
      page.waitForEvent("requestfinished", { predicate: (r) => file.test(new URL(r.url()).pathname), timeout: 20_000 });
    const renderer = finished(/^\/widget\/beckon-renderer\.js$/);
    const chunk = finished(/^\/widget\/beckon-chunk-[A-Z0-9]{8}\.js$/);
    await page.goto(hostOrigin + "/");
    await expect.poll(() => third, { timeout: 10_000 }).toMatch(/^\[.*\]\.forEach\(function\(u\)\{import\(u\)/);
    for (const request of [await renderer, await chunk]) expect((await request.response())!.status()).toBe(200);
    // Nothing else ran: no loader, so no popup.
    expect(await page.locator("beckon-cta").count()).toBe(0);
    expect(await problems()).toEqual([]);
    await context.close();
  });
});
