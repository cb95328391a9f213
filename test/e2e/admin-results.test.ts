/**
 * A standalone owner, end to end in Chromium: a visitor views the newsletter
 * CTA and submits it (through the public API, as the widget does); the owner
 * signs in, finds the lead in the contacts list (search and CTA filter),
 * opens it (answers, events, consents), exports the list as CSV, and sees
 * the view and the conversion on the results page. axe-core finds no
 * serious or critical violation on the contacts, contact, results and
 * integrations pages.
 */
import { readFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { beforeAll, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { browser, server, svId as sv, tdb, withE2eStack } from "#test/support/e2e-stack";
import { logInAsOwner, seriousViolations } from "#test/support/admin-page";
import { parseCsv } from "#app/view/csv";
import { splitIntoAbTest } from "#test/support/ab-test";

let ctaId: number;
let ctaName: string;
let variantId: number;
let elementId: number;

const LEAD = `lead-${Date.now()}@exempel.se`;

async function api(path: string, body: unknown) {
  const res = await fetch(`${server.origin}${path}`, {
    method: "POST",
    headers: { "Content-Type": "text/plain;charset=UTF-8" },
    body: JSON.stringify(body),
  });
  expect(res.status, `${path}: ${await res.clone().text()}`).toBeLessThan(300);
  return res.json();
}

const id = () => randomBytes(10).toString("hex");

/** Waits until the page's JavaScript has loaded (Remix hydrates it then). */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState("networkidle");
}

withE2eStack({
  beforeServer: async () => {
    const cta = await tdb.db.cta.findFirstOrThrow({
      where: { websiteId: sv, name: { startsWith: "Nyhetsbrev – sidfot" } },
      include: { variants: true },
    });
    ctaId = cta.id;
    ctaName = cta.name;
    variantId = cta.variants[0].id;
    elementId = (
      await tdb.db.ctaElement.findFirstOrThrow({
        where: { elementType: "form", column: { section: { step: { variantId } } } },
      })
    ).id;
  },
});

beforeAll(async () => {
  // The visitor: created, sees the CTA, submits it (what the widget sends).
  const visitor = randomBytes(16).toString("hex");
  await api(`/api/websites/${sv}/visitors`, {
    visitor: { visitor_token: visitor, landing_page: "https://saljakademin.se/blogg/" },
    new: true,
  });
  const ids = {
    cta_id: ctaId,
    variant_id: variantId,
    element_id: elementId,
    contactable_type: "Cta",
    contactable_id: ctaId,
  };
  await api(`/api/websites/${sv}/events/create`, {
    events: [
      { id: id(), event_type: "View", visitor_token: visitor, url: "https://saljakademin.se/blogg/", ...ids },
      { id: id(), event_type: "Submission", visitor_token: visitor, url: "https://saljakademin.se/blogg/", ...ids },
    ],
  });
  await api(`/api/websites/${sv}/contacts/create`, {
    contact: {
      id: id(),
      visitor_token: visitor,
      email: LEAD,
      name: "Lena",
      last_name: "Lundgren",
      marketing_consent: true,
      extra: { foretag_storlek: "10–50" },
      source_url: "https://saljakademin.se/blogg/",
      ...ids,
    },
  });
  // For the other admin pages' accessibility: an A/B test, a connected tool and a failed sync.
  const exit = await tdb.db.cta.findFirstOrThrow({ where: { websiteId: sv, name: { startsWith: "Exitpopup" } } });
  await splitIntoAbTest(tdb.db, sv, exit.id);
  const klaviyo = await tdb.db.integration.create({
    data: {
      websiteId: sv,
      integrationType: "klaviyo",
      name: "Klaviyo",
      actionTypes: [],
      syncSettings: {},
      credentials: { api_key: "pk_test_1234" },
    },
  });
  await tdb.db.mailingList.create({
    data: { websiteId: sv, integrationId: klaviyo.id, listId: "AbC123", name: "Kunder" },
  });

  // A second visitor only sees it: the conversion rate is then 50%.
  const viewer = randomBytes(16).toString("hex");
  await api(`/api/websites/${sv}/visitors`, { visitor: { visitor_token: viewer } });
  await api(`/api/websites/${sv}/events/create`, {
    event: { id: id(), event_type: "View", visitor_token: viewer, ...ids },
  });
  const lead = await tdb.db.person.findFirstOrThrow({ where: { websiteId: sv, email: LEAD } });
  await tdb.db.syncJob.create({
    data: {
      websiteId: sv,
      integrationId: klaviyo.id,
      personId: lead.id,
      operation: "subscribe",
      payload: { list_id: "AbC123" },
      idempotencyKey: "e2e-1",
      status: "failed",
      attempts: 3,
      lastError: "Klaviyo refused the API key (401)",
    },
  });
});

it("finds the lead in contacts, opens it, exports it, and sees the view and conversion in results; no serious axe violations", async () => {
  const context = await browser.newContext({ acceptDownloads: true });
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on("pageerror", (e) => pageErrors.push(e.message));

  await logInAsOwner(page, server.origin);

  // Contacts: search for the lead.
  await page.goto(`${server.origin}/owner/websites/${sv}/contacts`);
  await settled(page);
  await page.getByRole("searchbox", { name: "Search contacts" }).fill(LEAD);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await page.waitForURL((u) => u.searchParams.get("q") === LEAD);
  await expect.poll(() => page.locator("table").innerText()).toContain(LEAD);
  expect(await page.locator("tbody tr").count()).toBe(1);

  // Filter by CTA (the search is kept).
  await page.getByLabel("CTA", { exact: true }).selectOption(String(ctaId));
  await page.getByRole("button", { name: "Apply filters" }).click();
  await page.waitForURL((u) => u.searchParams.get("cta") === String(ctaId));
  await expect.poll(() => page.locator("table").innerText()).toContain(LEAD);
  expect(await page.locator("tbody tr").count()).toBe(1);
  expect(await page.locator("table").innerText()).toContain(ctaName);
  expect(await seriousViolations(page)).toEqual([]);

  // CSV export of the filtered list.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Export CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^contacts-Saljakademin-\d{4}-\d{2}-\d{2}\.csv$/);
  const rows = parseCsv(readFileSync((await download.path())!, "utf8"));
  const header = rows[0];
  expect(rows).toHaveLength(2);
  expect(rows[1][header.indexOf("email")]).toBe(LEAD);
  expect(rows[1][header.indexOf("name")]).toBe("Lena");
  expect(rows[1][header.indexOf("marketing_consent")]).toBe("true");
  expect(rows[1][header.indexOf("cta")]).toBe(ctaName);
  expect(rows[1][header.indexOf("answer:foretag_storlek")]).toBe("10–50");

  // The contact's page: answers, events, consents.
  await page.getByRole("link", { name: `View ${LEAD}` }).click();
  await page.waitForURL(/\/contacts\/\d+$/);
  await settled(page);
  await expect.poll(() => page.locator("h1").innerText()).toContain("Lena Lundgren");
  const detail = await page.locator("main, body").first().innerText();
  for (const text of [
    "foretag_storlek",
    "10–50",
    "Submission",
    "View",
    ctaName,
    "https://saljakademin.se/blogg/",
    "Given",
    "Klaviyo refused the API key (401)",
  ]) {
    expect(detail, text).toContain(text);
  }
  expect(await seriousViolations(page)).toEqual([]);
  // The delete confirmation (a modal) is accessible too. (Clicked until it
  // opens: a click that lands before hydration does nothing.)
  await expect
    .poll(async () => {
      await page.getByRole("button", { name: "Delete contact", exact: true }).click();
      return page.getByRole("dialog").count();
    })
    .toBeGreaterThan(0);
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press("Escape");

  // Results: the CTA's view and conversion.
  await page.goto(`${server.origin}/owner/websites/${sv}/results?cta=${ctaId}`);
  const stat = (label: string) => page.locator(`h3:text-is("${label}") + p`).innerText();
  await expect.poll(() => stat("Views")).toBe("2");
  expect(await stat("Unique viewers")).toBe("2");
  // A form CTA converts on leads: the submission that left an e-mail address.
  expect(await stat("Leads")).toBe("1");
  expect(await stat("Clicks")).toBe("0");
  expect(await stat("Conversion rate")).toBe("50.0%");
  expect(await page.locator("body").innerText()).toContain("People who saw a CTA, each counted once in the period");
  const variants = await page.locator("table", { hasText: "Traffic" }).first().innerText();
  // Views, unique viewers, clicks, leads, completions, conversions, rate.
  expect(variants).toMatch(/2\s+2\s+0\s+1\s+1\s+1\s+50\.0%/);
  // The same figures as CSV, one row per day, CTA and variant.
  const [csvDownload] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download CSV" }).click(),
  ]);
  expect(csvDownload.suggestedFilename()).toMatch(/^results-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}-cta-\d+\.csv$/);
  const csvRows = parseCsv(readFileSync((await csvDownload.path())!, "utf8"));
  expect(csvRows[0].slice(0, 7)).toEqual(["day", "cta_id", "cta", "variant", "goal", "views", "unique_viewers"]);
  expect(csvRows.slice(1).map((r) => [r[2], r[3], r[5], r[6], r[8], r[14]])).toEqual([
    [ctaName, "A", "2", "2", "1", "1"],
  ]);
  // polaris-viz draws the daily chart in the browser.
  await page.locator('[data-chart^="Line chart of views and conversions"] svg').first().waitFor({ timeout: 15_000 });
  expect(await seriousViolations(page)).toEqual([]);

  // The overview of all CTAs lists it too.
  await page.goto(`${server.origin}/owner/websites/${sv}/results`);
  const overview = await page.locator("table").nth(1).innerText();
  expect(overview).toContain(ctaName);
  expect(await page.locator("body").innerText()).toContain("Not enough data yet");
  await page.locator('[data-chart^="Line chart of views and conversions"] svg').first().waitFor({ timeout: 15_000 });
  expect(await seriousViolations(page)).toEqual([]);

  // Integrations.
  await page.goto(`${server.origin}/owner/websites/${sv}/integrations`);
  await expect.poll(() => page.locator("body").innerText()).toContain("Lists and tags per CTA");
  expect(await page.locator("body").innerText()).toContain("Klaviyo refused the API key (401)");
  expect(await seriousViolations(page)).toEqual([]);

  expect(pageErrors).toEqual([]);
  await context.close();
});
