/**
 * The renderer end to end with the real loader and server: the seeded
 * Säljakademin CTAs on a host page of a fake third-party origin
 * (http://site.localhost, served by page.route) that embeds the generic
 * snippet. A visitor submits the inline newsletter and the exit popup, and
 * the contacts are stored; closing the popup goes through the loader (viewed
 * cookie, cfClose). Needs a build (`npx tsx scripts/build-widget.ts && npx remix vite:build`).
 */
import { expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { browser, server, svId, tdb, withE2eStack } from "#test/support/e2e-stack";
import { expectRequest, expectResponse } from "#test/support/expect-request";
import { genericSnippet } from "#widget/snippet";
import { hostHtml, launchThirdPartyChromium, SITE } from "#test/fixtures/render/harness";

let exitPopupId: number;

withE2eStack({
  launch: launchThirdPartyChromium,
  beforeServer: async () => {
    exitPopupId = (await tdb.db.cta.findFirstOrThrow({ where: { websiteId: svId, ctaType: "overlay" } })).id;
    // A Google Analytics id, set before the server caches the website's config; pages without gtag send no client id.
    const site = await tdb.db.website.findUniqueOrThrow({ where: { id: svId } });
    await tdb.db.website.update({
      where: { id: svId },
      data: { dataSettings: { ...(site.dataSettings as object), "google-analytics-id": "G-TEST123" } },
    });
  },
});

/** The fixture page with a marked footer area, the client events recorded, and the snippet. */
function page(): string {
  return hostHtml()
    .replace('<div id="area-footer"></div>', '<div id="area-footer" data-beckon-area="footer"></div>')
    .replace(
      "</body>",
      `<script>window.__events=[];["cfReady","cfView","cfSubmit","cfConversion","cfClose"].forEach(function(n){document.addEventListener(n,function(e){window.__events.push([n,e.detail])})});</script>
${genericSnippet({ origin: server.origin, websiteId: svId })}
</body>`,
    );
}

async function open(context: BrowserContext): Promise<{ page: Page; errors: string[] }> {
  const p = await context.newPage();
  const errors: string[] = [];
  p.on("pageerror", (e) => errors.push(e.message));
  if (process.env.BECKON_E2E_DEBUG) {
    p.on("console", (m) => console.log("[page]", m.type(), m.text()));
    p.on("requestfailed", (r) => console.log("[failed]", r.url(), r.failure()?.errorText));
    p.on("response", (r) => console.log("[response]", r.status(), r.url()));
  }
  await p.route(`${SITE}/**`, (route) => route.fulfill({ contentType: "text/html; charset=utf-8", body: page() }));
  await p.goto(SITE + "/");
  return { page: p, errors };
}

const events = (p: Page) =>
  p.evaluate(() => (window as unknown as { __events: [string, { cta_id?: number }][] }).__events.map((e) => e[0]));

it("stores the contact a visitor submits in the seeded inline newsletter", async () => {
  const context = await browser.newContext({ locale: "sv-SE" });
  const { page: p, errors } = await open(context);
  const footer = p.locator("#area-footer beckon-cta");
  const email = `nyhetsbrev-${Date.now()}@exempel.se`;
  await footer.locator("input[type=email]").waitFor({ timeout: 15_000 });
  await footer.locator("input[name=name]").fill("Anna");
  await footer.locator("input[type=email]").fill(email.toUpperCase());
  await footer.locator("button[type=submit]").click();
  // The seeded consent is required: the form says so and sends nothing.
  await footer.locator(".bk-error").first().waitFor();
  await footer.locator("input[name=marketing_consent]").check();
  const created = expectResponse(p, { method: "POST", path: "/contacts/create" });
  await footer.locator("button[type=submit]").click();
  expect((await created).status()).toBe(201);
  await expect
    .poll(() => footer.getByRole("status").innerText(), { timeout: 10_000 })
    .toMatch(/^Tack! Bekräfta din prenumeration/);
  const person = await tdb.db.person.findFirst({ where: { websiteId: svId, email } });
  expect(person?.personType).toBe("Contact");
  expect(person?.name).toBe("Anna");
  expect(await events(p)).toEqual(expect.arrayContaining(["cfReady", "cfView", "cfSubmit", "cfConversion"]));
  expect(errors).toEqual([]);
  await context.close();
});

it("shows the seeded exit popup on beckon.trigger, stores its contact, and closes through the loader", async () => {
  const context = await browser.newContext({ locale: "sv-SE" });
  const { page: p, errors } = await open(context);
  await p.waitForFunction(
    () => (window as unknown as { __events: [string][] }).__events.some((e) => e[0] === "cfReady"),
    undefined,
    { timeout: 15_000 },
  );
  await p.evaluate(
    (id) => (window as unknown as { beckon: { trigger(id: number): void } }).beckon.trigger(id),
    exitPopupId,
  );
  const popup = p.locator(`beckon-cta[data-beckon-cta="${exitPopupId}"]`);
  const dialog = popup.locator("[role=dialog][aria-modal=true]");
  await dialog.waitFor({ timeout: 15_000 });
  expect(await dialog.locator("h2").innerText()).toBe("Vänta! Ta med dig vår mest nedladdade e-bok");
  const email = `exit-${Date.now()}@exempel.se`;
  await dialog.locator("input[type=email]").fill(email);
  await dialog.locator("input[name=marketing_consent]").check();
  const created = expectResponse(p, { method: "POST", path: "/contacts/create" });
  await dialog.locator("button[type=submit]").click();
  expect((await created).status()).toBe(201);
  await expect
    .poll(() => dialog.getByRole("status").innerText(), { timeout: 10_000 })
    .toMatch(/^Tack! E-boken är på väg/);
  expect((await tdb.db.person.findFirst({ where: { websiteId: svId, email } }))?.marketingConsent).toBe(true);
  await p.keyboard.press("Escape");
  await popup.waitFor({ state: "detached" });
  expect(await events(p)).toContain("cfClose");
  const cookies = await context.cookies(SITE);
  expect(cookies.some((c) => c.name === `cf_${svId}_cta_${exitPopupId}_viewed`)).toBe(true);
  expect(errors).toEqual([]);
  await context.close();
});

it("waits for the page's gtag client id (up to 500 ms) and sends it with the contact when the website names its GA id", async () => {
  const context = await browser.newContext({ locale: "sv-SE" });
  // The host's gtag answers the client id asynchronously, as Google's does.
  await context.addInitScript(() => {
    (window as unknown as { gtag: unknown }).gtag = (cmd: string, id: string, field: string, cb: (v: string) => void) =>
      cmd === "get" &&
      id === "G-TEST123" &&
      field === "client_id" &&
      setTimeout(() => cb("1234567890.1700000000"), 200);
  });
  const { page: p, errors } = await open(context);
  const footer = p.locator("#area-footer beckon-cta");
  await footer.locator("input[type=email]").waitFor({ timeout: 15_000 });
  await footer.locator("input[name=name]").fill("Ga");
  await footer.locator("input[type=email]").fill(`ga-${Date.now()}@exempel.se`);
  await footer.locator("input[name=marketing_consent]").check();
  const created = expectRequest(p, { method: "POST", path: "/contacts/create" });
  await footer.locator("button[type=submit]").click();
  const body = JSON.parse((await created).postData() || "{}");
  expect(JSON.stringify(body)).toContain('"ga_client_id":"1234567890.1700000000"');
  expect(errors).toEqual([]);
  await context.close();
});
