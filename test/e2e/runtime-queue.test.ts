/**
 * The tracking queue end to end: the server stops for 10 s while a visitor
 * views a CTA, buys and identifies; after the restart on the same port every
 * event and the lead arrive exactly once. And events pushed just before the
 * page goes away leave with sendBeacon.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { createTestDatabase, type TestDatabase } from "#test/support/test-database";
import { startKillableServer, type KillableServer } from "#test/support/kill-restart-server";
import { publishNewCta } from "#test/support/published-cta";
import { createWebsite } from "#app/models/website.server";
import { ctaWithElements, textElementMock, websiteSettingsMock } from "#test/support/factories";
import { genericSnippet } from "#widget/snippet";
import { launchThirdPartyChromium } from "#test/fixtures/render/harness";

const HOST = "http://shop.test";

let tdb: TestDatabase;
let server: KillableServer;
let browser: Browser;
let websiteId: number;
let ctaId: number;

beforeAll(async () => {
  tdb = await createTestDatabase();
  websiteId = (await createWebsite(tdb.db, websiteSettingsMock({ name: "Runtime queue" }))).id;
  ctaId = await publishNewCta(
    tdb.db,
    websiteId,
    ctaWithElements([textElementMock()], { name: "Offer", options: { trigger: "click" } }),
  );
  server = await startKillableServer({ databaseUrl: tdb.url });
  // The fake public origin may reach the server on 127.0.0.1 (Local Network Access would block it).
  browser = await launchThirdPartyChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await tdb?.drop();
});

/** Opens a host page with the page clock installed (time flows until the test moves it on). */
async function open(path: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.clock.install();
  await page.route(`${HOST}/**`, (route) =>
    route.fulfill({
      contentType: "text/html; charset=utf-8",
      body: `<!doctype html><html><body>
<script>window.__ready=false;document.addEventListener("cfReady",function(){window.__ready=true});</script>
<p>Butik</p>${genericSnippet({ origin: server.origin, websiteId })}</body></html>`,
    }),
  );
  await page.goto(HOST + path);
  await page.waitForFunction(() => (window as unknown as { __ready: boolean }).__ready, undefined, { timeout: 15_000 });
  return page;
}

type Beckon = { beckon: Record<string, (...a: unknown[]) => unknown> };
const call = (page: Page, method: string, ...args: unknown[]) =>
  page.evaluate(([m, a]) => (window as unknown as Beckon).beckon[m as string](...(a as unknown[])), [
    method,
    args,
  ] as const);
const stored = (page: Page, key: string) =>
  page.evaluate((k) => JSON.parse(localStorage.getItem(k) || "[]") as { id: string }[], key);

it("loses nothing while the server is down for 10 s, and stores each event and lead once", async () => {
  const page = await open("/kassan/tack");
  const token = await page.evaluate((id) => document.cookie.match(new RegExp(`cf_${id}_id=([^;]+)`))![1], websiteId);
  // Loaded while the server is up: the CTA's definition, the renderer and identify's rules (the extras chunk).
  await call(page, "load", ctaId);
  await call(page, "identify", { email: "kund@exempel.se" });
  await expect.poll(() => tdb.db.contactSubmission.count({ where: { websiteId } }), { timeout: 10_000 }).toBe(1);

  await server.stop();
  const pageNow = () => page.evaluate(() => Date.now());
  const down = await pageNow();
  await call(page, "trigger", ctaId);
  await call(page, "trackPurchase", { order_id: "A-1001", revenue: 1299 });
  await call(page, "trackPurchase", { order_id: "A-1002", revenue: "349.50" });
  // A lead while the server is away: the name is new, so identify sends a contact.
  const identified = page.evaluate(() =>
    (window as unknown as Beckon).beckon.identify({ email: "kund@exempel.se", name: "Karin" }),
  );
  // Each one stored as it happened: the CTA's View (once it is on screen), the orders and the lead.
  await expect.poll(async () => (await stored(page, `cf_${websiteId}_events`)).length).toBeGreaterThanOrEqual(3);
  await expect.poll(async () => (await stored(page, `cf_${websiteId}_contacts`)).length).toBeGreaterThanOrEqual(1);
  const events = await stored(page, `cf_${websiteId}_events`);
  const contacts = await stored(page, `cf_${websiteId}_contacts`);
  expect(events.map((e) => (e as unknown as { event_type: string }).event_type).sort()).toEqual([
    "Order",
    "Order",
    "View",
  ]);
  expect(contacts).toHaveLength(1);
  // The form side hears "queued" after 6 s rather than an error.
  // 10 s of the page's time with the server down, the widget's time-outs and retries on the page's clock.
  await page.clock.runFor(Math.max(0, 10_000 - ((await pageNow()) - down)));
  await expect(identified).resolves.toBeUndefined();
  await server.restart();

  const ids = events.map((e) => e.id);
  await expect
    .poll(() => tdb.db.trackedEvent.count({ where: { websiteId, clientId: { in: ids } } }), {
      timeout: 45_000,
      interval: 500,
    })
    .toBe(ids.length);
  await expect
    .poll(() => tdb.db.contactSubmission.count({ where: { websiteId } }), { timeout: 45_000, interval: 500 })
    .toBe(2);
  await expect.poll(() => stored(page, `cf_${websiteId}_events`), { timeout: 10_000 }).toEqual([]);
  await expect.poll(() => stored(page, `cf_${websiteId}_contacts`), { timeout: 10_000 }).toEqual([]);

  // Exactly once: nothing else for this visitor, each order with its revenue.
  const rows = await tdb.db.trackedEvent.findMany({
    where: { websiteId, visitorToken: token },
    orderBy: { id: "asc" },
  });
  expect(rows.map((r) => r.clientId).sort()).toEqual([...ids].sort());
  expect(
    rows.filter((r) => r.eventType === "Order").map((r) => [(r.data as { order_id: string }).order_id, r.revenue]),
  ).toEqual([
    ["A-1001", 1299],
    ["A-1002", 349.5],
  ]);
  const lead = await tdb.db.contactSubmission.findUnique({
    where: { websiteId_clientId: { websiteId, clientId: contacts[0].id } },
  });
  expect(lead?.email).toBe("kund@exempel.se");
  const person = await tdb.db.person.findFirst({ where: { websiteId, visitorToken: token } });
  expect(person?.name).toBe("Karin");
  await page.context().close();
}, 120_000);

it("events pushed as the page goes away leave with sendBeacon", async () => {
  const page = await open("/kassan/tack-2");
  // Count beacons in the host's storage: requests of an unloading page are not reported to the test.
  await page.evaluate(() => {
    const send = navigator.sendBeacon.bind(navigator);
    navigator.sendBeacon = (url, data) => {
      localStorage.setItem("__beacons", String(url));
      return send(url, data);
    };
  });
  await call(page, "trackPurchase", { order_id: "B-2001", revenue: 10 });
  // Within the queue's 200 ms batching delay: only the pagehide flush can send it.
  await page.goto("about:blank");
  await expect
    .poll(
      async () =>
        (await tdb.db.trackedEvent.findMany({ where: { websiteId, eventType: "Order" } })).some(
          (e) => (e.data as { order_id: string }).order_id === "B-2001",
        ),
      {
        timeout: 10_000,
      },
    )
    .toBe(true);
  await page.goto(HOST + "/igen");
  expect(await page.evaluate(() => localStorage.getItem("__beacons"))).toMatch(/\/api\/websites\/\d+\/events\/create$/);
  await page.context().close();
});
