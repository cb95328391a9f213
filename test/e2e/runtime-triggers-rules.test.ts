/**
 * The widget runtime end to end in Chromium, on host pages of a fake
 * third-party origin that embed the generic snippet: the viewed cookie
 * suppresses a second show, a single-page site is re-evaluated on pushState,
 * visitors are created once, bots are skipped, and the test panel opens.
 */
import { describe, expect, it } from "vitest";
import {
  BOT_UA,
  browser,
  eventNames,
  HOST,
  ids,
  loaderDecided,
  open,
  ready,
  server,
  shown,
  tdb,
  triggered,
  websiteId,
  withTriggerSite,
} from "./runtime-triggers-harness";

withTriggerSite();

describe("display rules", () => {
  it("the viewed cookie suppresses a second show after a close", async () => {
    const context = await browser.newContext();
    const { page } = await open(context, "/t/frequency");
    await shown(page, "frequency").waitFor({ state: "attached", timeout: 10_000 });
    expect(await triggered(page, "frequency")).toBe(true);
    await page.evaluate(
      (id) => (window as unknown as { beckon: { close(id: number): void } }).beckon.close(id),
      ids.frequency,
    );
    await expect.poll(() => shown(page, "frequency").count()).toBe(0);
    expect(await eventNames(page)).toContain(`cfClose:${ids.frequency}`);
    const cookie = (await context.cookies(HOST)).find((c) => c.name === `cf_${websiteId}_cta_${ids.frequency}_viewed`);
    expect(cookie).toBeDefined();
    // hide-days 1: about a day from now.
    expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(86_000_000);

    await page.reload();
    await ready(page);
    // Ready: targeting has been evaluated, and the immediate trigger would have fired by now but for the cookie.
    expect(await triggered(page, "frequency")).toBe(false);
    expect(await shown(page, "frequency").count()).toBe(0);
    // A new browser (no cookie) sees it again.
    const fresh = await browser.newContext();
    const other = await open(fresh, "/t/frequency");
    await shown(other.page, "frequency").waitFor({ state: "attached", timeout: 10_000 });
    await fresh.close();
    await context.close();
  });

  it("a single-page site's address change through the History API re-evaluates targeting", async () => {
    const context = await browser.newContext();
    const { page } = await open(context, "/start");
    await ready(page);
    // Ready: targeting has been evaluated for /start, where no CTA's broadcast runs: nothing triggered.
    expect((await eventNames(page)).filter((e) => e.startsWith("cfTrigger"))).toEqual([]);
    expect(await page.locator("beckon-cta").count()).toBe(0);
    await page.evaluate(() => history.pushState({}, "", "/t/spa"));
    await shown(page, "spa").waitFor({ state: "attached", timeout: 5_000 });
    await context.close();
  });

  it("a first visit's visitor is created once, by the snippet while the widget script downloads; the next page creates none", async () => {
    const context = await browser.newContext();
    const requests: { url: string; method: string; body: string | null; at: number }[] = [];
    let n = 0;
    context.on("request", (r) => requests.push({ url: r.url(), method: r.method(), body: r.postData(), at: n++ }));
    const { page, errors } = await open(context, "/t/frequency");
    await shown(page, "frequency").waitFor({ state: "attached", timeout: 10_000 });
    const created = requests.filter((r) => r.url.endsWith(`/api/websites/${websiteId}/visitors`));
    expect(created).toHaveLength(1);
    // Posted by the snippet beside the widget script's request, before the loader ran (it requests the renderer).
    const scriptAt = requests.find((r) => r.url.endsWith(`/api/websites/${websiteId}.js`))!.at;
    expect(Math.abs(created[0].at - scriptAt)).toBe(1);
    expect(created[0].at).toBeLessThan(requests.find((r) => r.url.includes("/widget/beckon-renderer"))!.at);
    const token = JSON.parse(created[0].body!).visitor.visitor_token;
    const cookie = (await context.cookies(HOST)).find((c) => c.name === `cf_${websiteId}_id`)!;
    expect(cookie.value).toBe(token);
    // The widget adopted it: its View event names the same visitor.
    await expect
      .poll(() => requests.filter((r) => r.url.endsWith("/events/create")).length, { timeout: 5_000 })
      .toBeGreaterThan(0);
    expect(requests.find((r) => r.url.endsWith("/events/create"))!.body).toContain(`"visitor_token":"${token}"`);
    const person = await tdb.db.person.findFirst({ where: { websiteId, visitorToken: token } });
    expect(person).not.toBeNull();

    const next = await open(context, "/t/delayed");
    await ready(next.page);
    expect(requests.filter((r) => r.url.includes("/visitors"))).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("bots are skipped unless the body is marked as a widget page", async () => {
    const context = await browser.newContext({ userAgent: BOT_UA });
    const requests: string[] = [];
    context.on("request", (r) => requests.push(r.url()));
    const { page } = await open(context, "/t/frequency");
    await loaderDecided(page);
    expect(
      await page.evaluate(() => (window as unknown as { beckon?: { installed?: boolean } }).beckon?.installed ?? false),
    ).toBe(false);
    expect(requests.some((u) => u.includes("/visitors"))).toBe(false);
    expect(await page.locator("beckon-cta").count()).toBe(0);

    const marked = await open(context, "/t/frequency", "", "beckon-widget-page");
    await shown(marked.page, "frequency").waitFor({ state: "attached", timeout: 10_000 });
    expect(
      await marked.page.evaluate(() => (window as unknown as { beckon: { installed: boolean } }).beckon.installed),
    ).toBe(true);
    await context.close();
  });

  it("cf_{websiteId}_admin=true opens the owner test panel and tracks nothing", async () => {
    const context = await browser.newContext();
    const posts: string[] = [];
    context.on("request", (r) => r.method() === "POST" && posts.push(r.url()));
    const { page, errors } = await open(context, `/t/delayed?cf_${websiteId}_admin=true`);
    const panel = page.locator("beckon-panel");
    await panel.waitFor({ state: "attached", timeout: 15_000 });
    await expect.poll(() => panel.evaluate((el) => el.shadowRoot?.textContent ?? "")).toContain("Beckon test panel");
    const text = await panel.evaluate((el) => el.shadowRoot!.textContent!);
    for (const part of [
      "Profile",
      "Session",
      "Integrations data",
      "Campaigns",
      "Broadcasts",
      "Site-wide conditions",
      `CTA delayed (popup): would show`,
      "Only /t/delayed",
    ]) {
      expect(text).toContain(part);
    }
    // Admin mode shows a CTA at once, without waiting for its trigger.
    await shown(page, "delayed").waitFor({ state: "attached", timeout: 5_000 });
    // Its view is counted (cfView comes right after the tracking call), and nothing went out or waits to go out.
    await expect.poll(() => eventNames(page)).toContain(`cfView:${ids.delayed}`);
    const queued = await page.evaluate(
      (key) => JSON.parse(localStorage.getItem(key) || "[]"),
      `cf_${websiteId}_events`,
    );
    expect(queued).toEqual([]);
    expect(posts.filter((u) => u.includes("/events/create"))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("debug mode: the owner's panel lists and warns once about a form field with no name (SPEC 8)", async () => {
    // The loader's cached copy of the CTA carries a form whose second field lost its name (an old or imported definition).
    const { cta } = (await (await fetch(`${server.origin}/api/cta/${ids.delayed}.json`)).json()) as {
      cta: Record<string, any>;
    };
    const column = cta.variants[0].steps[0].sections[0].columns[0];
    column.elements.push({
      id: 999,
      position: 9,
      element_type: "form",
      options: {},
      fields: [
        {
          id: 1,
          slug: "email",
          field_type: "text",
          position: 0,
          required: false,
          multi_select: false,
          url_params: false,
          options: { type: "email" },
          field_options: [],
        },
        {
          id: 2,
          slug: "",
          field_type: "text",
          position: 1,
          required: false,
          multi_select: false,
          url_params: false,
          options: { label: "Company" },
          field_options: [],
        },
      ],
      action_groups: [],
      actions: [],
    });
    const context = await browser.newContext();
    await context.addInitScript(
      ([key, value]) => localStorage.setItem(key, value),
      [`cf_${websiteId}_cta_${ids.delayed}`, JSON.stringify({ at: Date.now(), cta })],
    );
    const warnings: string[] = [];
    context.on("console", (m) => m.type() === "warning" && m.text().includes("no name") && warnings.push(m.text()));
    const { page, errors } = await open(context, `/t/delayed?cf_${websiteId}_admin=true`);
    const panel = page.locator("beckon-panel");
    await panel.waitFor({ state: "attached", timeout: 15_000 });
    const listed = () =>
      panel.evaluate(
        (el, id) => el.shadowRoot?.querySelector(`[data-cta="${id}"] [data-unnamed]`)?.textContent ?? "",
        ids.delayed,
      );
    await expect.poll(listed).toContain("“Company” (element 999) has no name");
    expect(warnings).toEqual([
      `[beckon] CTA ${ids.delayed}: Form field “Company” (element 999) has no name, so its answer is not saved.`,
    ]);
    // A visitor's page (no admin flag, no logged-in cookie) loads no panel and warns nothing.
    const visitor = await browser.newContext();
    const quiet: string[] = [];
    visitor.on("console", (m) => m.text().includes("no name") && quiet.push(m.text()));
    const seen = await open(visitor, "/t/delayed");
    await ready(seen.page);
    await shown(seen.page, "delayed").waitFor({ state: "attached", timeout: 10_000 });
    expect(await seen.page.locator("beckon-panel").count()).toBe(0);
    expect(quiet).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
    await visitor.close();
  });
});
