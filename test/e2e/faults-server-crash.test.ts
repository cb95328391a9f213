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

async function openForm(): Promise<Page> {
  const context = await browser.newContext();
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
 * submit while it is down, and it comes back 1.5 s later.
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
    // Still a fixed outage: awaiting each refused send instead timed the test out twice under load (not yet understood).
    // eslint-disable-next-line no-restricted-syntax
    await new Promise((r) => setTimeout(r, 1500));
    await server.restart();

    const stored = async () =>
      tdb.db.contactSubmission.findMany({ where: { email: { in: emails } }, select: { email: true } });
    await expect
      .poll(async () => new Set((await stored()).map((s) => s.email)).size, { timeout: waitMs, interval: 250 })
      .toBe(VISITORS);
    // Late resends (beacons, backoff timers) must not add rows. Still a fixed wait: polling every queue empty first
    // timed the test out twice under load (not yet understood).
    // eslint-disable-next-line no-restricted-syntax
    await new Promise((r) => setTimeout(r, 2500));
    const rows = await stored();
    for (const email of emails) expect(rows.filter((r) => r.email === email).length, email).toBe(1);
    const people = await tdb.db.person.findMany({ where: { websiteId: store, email: { in: emails } } });
    expect(people.length).toBe(VISITORS);
    expect(people.every((p) => p.personType === "Contact")).toBe(true);
    // Each page's queue is empty: nothing is left to resend.
    const queued = (page: Page) =>
      page.evaluate((id) => JSON.parse(localStorage.getItem(`cf_${id}_contacts`) ?? "[]").length as number, store);
    for (const page of pages) expect(await queued(page)).toBe(0);
  } finally {
    // Back up for whatever runs next, if a failure left it down.
    await server.restart().catch(() => undefined);
    for (const page of pages) await page.context().close();
  }
}

it("loses no lead and stores none twice when the server is killed during a burst of submissions", async () => {
  await burst(true, 40_000);
}, 90_000);
