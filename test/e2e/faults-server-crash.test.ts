/**
 * The server dies (SIGKILL) in the middle of a burst of submissions from
 * the widget in Chromium and comes back on the same address: every lead
 * arrives, exactly once. The widget's queue keeps each contact in
 * localStorage until the server has answered and resends it with the same
 * id; the server stores a contact id once, so a send that reached the
 * database just before the crash is not stored twice on resend.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { createTestDatabase, type TestDatabase } from "#test/support/test-database";
import { startKillableServer, type KillableServer } from "#test/support/kill-restart-server";
import { launchChromium } from "#test/support/chromium";
import { expectResponse } from "#test/support/expect-request";
import { seedIfEmpty } from "#prisma/seed";

let tdb: TestDatabase;
let server: KillableServer;
let browser: Browser;
let store: number;

const VISITORS = 6;
const KILL_AFTER = 2;

beforeAll(async () => {
  tdb = await createTestDatabase();
  await seedIfEmpty(tdb.db);
  store = (await tdb.db.website.findFirstOrThrow({ where: { shopDomain: { not: null } }, orderBy: { id: "asc" } })).id;
  server = await startKillableServer({ databaseUrl: tdb.url });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await tdb?.drop();
});

/**
 * What each page's contact sends did, counted inside the page: the widget sends contacts with
 * `keepalive`, and Chromium reports no network events to Playwright for those, so a wrapper
 * around fetch (which still sends every request) is what can tell a refused send or one in flight.
 */
interface ContactSends {
  started: number;
  failed: number;
  settled: number;
}

function countContactSends(): void {
  const sends: ContactSends = { started: 0, failed: 0, settled: 0 };
  const send = window.fetch.bind(window);
  Object.assign(window, { beckonTestContactSends: sends });
  window.fetch = (input, init) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    if (!url.includes("/contacts/create")) return send(input, init);
    sends.started++;
    const sent = send(input, init);
    sent.then(
      () => sends.settled++,
      () => {
        sends.failed++;
        sends.settled++;
      },
    );
    return sent;
  };
}

const contactSends = (page: Page) =>
  page.evaluate(() => (window as unknown as { beckonTestContactSends: ContactSends }).beckonTestContactSends);

/** The contacts this page's queue still holds (kept until the server has answered). */
const queued = (page: Page) =>
  page.evaluate((id) => JSON.parse(localStorage.getItem(`cf_${id}_contacts`) ?? "[]").length as number, store);

async function openForm(): Promise<Page> {
  const context = await browser.newContext();
  await context.addInitScript(countContactSends);
  const page = await context.newPage();
  await page.goto(`${server.origin}/demo/store`);
  const form = page.locator('[data-beckon-area="footer"] [data-beckon-cta]');
  await form.locator("input[type=email]").waitFor({ state: "visible", timeout: 20_000 });
  return page;
}

async function submit(page: Page, email: string): Promise<void> {
  const form = page.locator('[data-beckon-area="footer"] [data-beckon-cta]');
  await form.locator("input[type=email]").fill(email);
  await form.locator('input[name="marketing_consent"]').check();
  await form.locator("button[type=submit]").click();
}

/**
 * The burst: every visitor submits, the server is killed right after one
 * click (that send is in flight, or stored with its answer lost), the rest
 * submit while it is down, and it comes back once each of them has had a send refused.
 * warm: each visitor has already clicked into the form before the crash
 * (the renderer fetches its submit code on the first focus).
 */
async function burst(warm: boolean, waitMs: number) {
  const pages: Page[] = [];
  for (let i = 0; i < VISITORS; i++) pages.push(await openForm());
  if (warm) {
    for (const page of pages) {
      const fetched = expectResponse(page, { path: /\/beckon-form-submit-\w+\.js$/ });
      await page.locator('[data-beckon-area="footer"] [data-beckon-cta] input[type=email]').focus();
      await (await fetched).finished();
    }
  }
  const stamp = Date.now();
  const emails = pages.map((_, i) => `burst-${warm ? "warm" : "cold"}-${i}-${stamp}@example.com`);
  try {
    for (let i = 0; i < VISITORS; i++) {
      await submit(pages[i], emails[i]);
      if (i === KILL_AFTER) await server.kill();
    }
    // The outage lasts until every visitor who submitted after the kill has had a send refused.
    for (const page of pages.slice(KILL_AFTER + 1)) {
      await expect.poll(async () => (await contactSends(page)).failed, { timeout: 20_000 }).toBeGreaterThan(0);
    }
    await server.restart();

    const stored = async () =>
      tdb.db.contactSubmission.findMany({ where: { email: { in: emails } }, select: { email: true } });
    await expect
      .poll(async () => new Set((await stored()).map((s) => s.email)).size, { timeout: waitMs, interval: 250 })
      .toBe(VISITORS);
    // Late resends must not add rows: count them once no page can send again, its queue empty
    // (nothing left to resend) and no contact send of its in flight.
    for (const page of pages) {
      await expect
        .poll(
          async () => {
            const sends = await contactSends(page);
            return { queued: await queued(page), inFlight: sends.started - sends.settled };
          },
          { timeout: waitMs },
        )
        .toEqual({ queued: 0, inFlight: 0 });
    }
    const rows = await stored();
    for (const email of emails) expect(rows.filter((r) => r.email === email).length, email).toBe(1);
    const people = await tdb.db.person.findMany({ where: { websiteId: store, email: { in: emails } } });
    expect(people.length).toBe(VISITORS);
    expect(people.every((p) => p.personType === "Contact")).toBe(true);
  } finally {
    // Back up for whatever runs next, if a failure left it down.
    await server.restart().catch(() => undefined);
    for (const page of pages) await page.context().close();
  }
}

it("loses no lead and stores none twice when the server is killed during a burst of submissions", async () => {
  await burst(true, 40_000);
}, 90_000);
