/**
 * The admin under its own Content-Security-Policy, in Chromium: style
 * elements by nonce only (no 'unsafe-inline' in style-src), scripts from
 * this origin, by nonce, and App Bridge's one file on Shopify's CDN. The
 * owner's sign-in, every page of a website's admin, the template gallery's
 * previews of every template, the CTA builder with its
 * live preview, the rich-text editor (Tiptap adds a style element) and a
 * drag of an element (dnd-kit), and the stand-alone preview page are used,
 * and the browser reports no violation on any of them, frames included.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { browser, server, svId as sv, tdb, withE2eStack } from "#test/support/e2e-stack";
import { announced, hydrated, logInAsOwner, saveTemplateDraft } from "#test/support/admin-page";

let admin: BrowserContext;
let owner: Page;
let ctaId: number;
/** Every refusal the browser reported on the test's page: securitypolicyviolation events (any frame), console. */
const violations: string[] = [];
/** What the browser refused while the owner signed in. */
let signInViolations: string[] = [];
/** The policy each admin document was served with, by path. */
const policies = new Map<string, string>();

const TEXT = "Strikt policy: inga inline-stilar utan nonce.";

withE2eStack({
  beforeServer: async () => {
    ctaId = await saveTemplateDraft(tdb.db, sv, { id: "popup-newsletter", name: "CSP E2E" });
  },
});

beforeAll(async () => {
  admin = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  // Runs in every frame, the preview's srcdoc frame included: its violations are events in its own document.
  await admin.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) =>
      console.error(`Content Security Policy: ${e.violatedDirective} refused ${e.blockedURI} (${e.sample})`),
    );
  });
  // The sign-in page, through the owner's form; each test then has a page of its own in this signed-in context.
  const signIn = watched(await admin.newPage());
  await logInAsOwner(signIn, server.origin);
  await signIn.close();
  signInViolations = violations.splice(0);
});

beforeEach(async () => {
  violations.length = 0;
  owner = watched(await admin.newPage());
});

afterEach(async () => {
  await owner?.close();
});

/** The page, with what the browser refuses on it and the policy of each document it loads recorded. */
function watched(page: Page): Page {
  page.on("console", (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(`console: ${m.text()}`);
  });
  page.on("pageerror", (e) => violations.push(`pageerror: ${e.message}`));
  page.on("response", (r) => {
    const policy = r.headers()["content-security-policy"];
    if (r.request().resourceType() === "document" && policy) policies.set(new URL(r.url()).pathname, policy);
  });
  return page;
}

afterAll(async () => {
  await admin?.close();
});

/** The directive `name` of a policy, as its list of sources. */
function directive(policy: string, name: string): string[] | undefined {
  const found = policy
    .split(/[;,]/)
    .map((d) => d.trim().split(/\s+/))
    .find(([directiveName]) => directiveName === name);
  return found?.slice(1);
}

/** The style elements of a CTA's shadow root that the policy refused (a refused one has no style sheet). */
function blockedStyleElements(host: Element): string[] {
  return [...host.shadowRoot!.querySelectorAll("style")]
    .filter((style) => !style.sheet)
    .map((style) => style.textContent!.slice(0, 60));
}

describe("the admin under its strict Content-Security-Policy", () => {
  it("serves the sign-in with style elements by nonce only and App Bridge's file as the one CDN script", async () => {
    const policy = policies.get("/owner/login")!;
    expect(directive(policy, "style-src")).not.toContain("'unsafe-inline'");
    expect(directive(policy, "style-src")).toContainEqual(expect.stringMatching(/^'nonce-/));
    expect(directive(policy, "script-src")).not.toContain("https://cdn.shopify.com");
    expect(directive(policy, "script-src")).toContain("https://cdn.shopify.com/shopifycloud/app-bridge.js");
  });

  it("the sign-in and every page of a website's admin show with no violation", async () => {
    expect(signInViolations).toEqual([]);
    const person = await tdb.db.person.create({
      data: {
        websiteId: sv,
        visitorToken: "csp-e2e-visitor",
        personType: "Contact",
        email: "csp@exempel.se",
        extra: {},
        data: {},
      },
    });
    const broadcast = await tdb.db.broadcast.findFirstOrThrow({ where: { websiteId: sv } });
    const pages = [
      "/owner",
      `/owner/websites/${sv}/settings`,
      `/owner/websites/${sv}/ctas`,
      `/owner/websites/${sv}/ctas/new`,
      `/owner/websites/${sv}/broadcasts`,
      `/owner/websites/${sv}/broadcasts/${broadcast.id}`,
      `/owner/websites/${sv}/broadcasts/new`,
      `/owner/websites/${sv}/contacts`,
      `/owner/websites/${sv}/contacts/${person.id}`,
      `/owner/websites/${sv}/results`,
      `/owner/websites/${sv}/integrations`,
      // The embedded admin's pages as they answer while Shopify install is off (no App Bridge to load here).
      "/app",
      "/auth/login",
    ];
    for (const path of pages) {
      await owner.goto(`${server.origin}${path}`);
      // Hydrated: React's props sit on the page's nodes (not every page has a button in main).
      await owner.waitForFunction(() =>
        [...document.querySelectorAll("body *")].some((node) =>
          Object.keys(node).some((k) => k.startsWith("__reactProps")),
        ),
      );
      expect(directive(policies.get(path)!, "style-src"), path).not.toContain("'unsafe-inline'");
    }
    expect(violations).toEqual([]);
  });

  it("the template gallery draws every template in its own preview frame with no violation", async () => {
    await owner.goto(`${server.origin}/owner/websites/${sv}/ctas/new`);
    await hydrated(owner);
    // Each card draws when it comes near the viewport: every kind of CTA and element the templates hold.
    const cards = await owner.locator("[data-template-thumbnail]").all();
    expect(cards.length).toBeGreaterThanOrEqual(30);
    for (const card of cards) {
      await card.scrollIntoViewIfNeeded();
      const drawn = card.frameLocator("iframe").locator("beckon-cta");
      await expect.poll(() => drawn.count(), { timeout: 30_000 }).toBe(1);
      const name = await card.getAttribute("data-template-thumbnail");
      expect(await drawn.evaluate(blockedStyleElements), name!).toEqual([]);
    }
    expect(violations).toEqual([]);
  });

  it("the CTA builder: its preview, the rich-text editor and a drag show with no violation", async () => {
    await owner.goto(`${server.origin}/owner/websites/${sv}/ctas/${ctaId}`);
    await hydrated(owner);
    // The preview draws the popup, and the renderer's style elements in the preview's frame were let in.
    const preview = owner.frameLocator('iframe[title^="Preview of"]');
    await expect.poll(() => preview.locator("beckon-cta input[type=email]").count(), { timeout: 15_000 }).toBe(1);
    expect(await preview.locator("beckon-cta").evaluate(blockedStyleElements)).toEqual([]);

    // dnd-kit: an element picked up, moved and dropped from the keyboard.
    await owner.getByRole("button", { name: /^Move element 1 / }).focus();
    for (const [key, said] of [
      ["Space", /^Picked up element 1/],
      ["ArrowDown", /was moved into position 2/],
      ["Space", /was dropped at position 2/],
    ] as const) {
      await owner.keyboard.press(key);
      await announced(owner, said);
    }

    // Tiptap adds its own style element to the page when the editor starts.
    await owner.getByRole("button", { name: /^Edit element 2 \(Text/ }).click();
    const editor = owner.getByRole("textbox", { name: "Text", exact: true });
    await editor.click();
    await owner.keyboard.press("Control+A");
    await owner.keyboard.type(TEXT);
    await expect.poll(() => preview.locator("beckon-cta", { hasText: TEXT }).count(), { timeout: 10_000 }).toBe(1);
    expect(await owner.locator("style[data-tiptap-style]").count()).toBe(1);
    expect(violations).toEqual([]);
  });

  it("the stand-alone preview page draws the CTA with no violation", async () => {
    const path = `/owner/websites/${sv}/ctas/${ctaId}/preview`;
    await owner.goto(`${server.origin}${path}?iframe=true`);
    await owner.locator("beckon-cta input[type=email]").waitFor({ timeout: 15_000 });
    expect(await owner.locator("beckon-cta").evaluate(blockedStyleElements)).toEqual([]);
    expect(directive(policies.get(path)!, "style-src")).not.toContain("'unsafe-inline'");
    expect(violations).toEqual([]);
  });
});
